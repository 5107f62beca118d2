import { accountCode } from '@rawnaq/contracts';
import { png } from './testing/images.test-support';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

const ACCOUNTANT = { accountId: 1, username: 'accountant', password: 'Demo@12345' };

/**
 * Money going out over HTTP (issue 25): suppliers (names and VAT numbers unique, VAT numbers checked),
 * expenses with input VAT from a supplier that charges it and none from one that does not, paid now or
 * owed and paid later never above what is owed, each posted to the books, and the supplier's statement
 * and the payables account equal to what the expenses leave owed.
 */
describe('suppliers and expenses over HTTP (issue 25)', () => {
  let t: TestApp;
  let owner: string;
  let types: Array<{ id: string; name_en: string; account: string }>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    types = await get('expense-types').then((r) => r.body);
  }, 120_000);
  afterAll(async () => t?.close());

  const get = async (path: string, query: Record<string, string> = {}, token = owner) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  const post = (path: string, body: object, token = owner, key?: string) =>
    t.http
      .post(`/api/merchant/${path}`)
      .set({ ...bearer(token), ...(key && { 'Idempotency-Key': key }) })
      .send(body);
  const balance = async (key: Parameters<typeof accountCode>[0]) => {
    const chart = (await get('advanced-accounting/chart-of-accounts', { range: '[0,999]' })).body as Array<{
      id: string;
      balance: number;
    }>;
    return chart.find((a) => a.id === accountCode(key))!.balance;
  };

  it('has the demo’s suppliers, expense types and expenses, its payables equal to what the suppliers are owed', async () => {
    const suppliers = (await get('suppliers')).body as Array<{ name: string; owed: number }>;
    expect(suppliers.map((s) => s.name).sort()).toEqual(['Al Noor Properties', 'Gulf Beauty Supplies']);
    expect(types.map((x) => x.name_en).sort()).toEqual(['Electricity and water', 'Rent', 'Salon supplies']);
    const expenses = (await get('expenses')).body as Array<{ owed: number }>;
    expect(expenses).toHaveLength(4);
    expect(await balance('suppliers')).toBe(suppliers.reduce((s, x) => s + x.owed, 0));
    // 150.00 opening + 287.50 of supplies, 100.00 of it paid; a purchase of 1,391.50, 500.00 of it paid
    expect(suppliers.find((s) => s.name === 'Gulf Beauty Supplies')!.owed).toBe(
      15000 + 28750 - 10000 + 139150 - 50000,
    );
  });

  it('refuses a supplier with a name or VAT number already on file, or a VAT number that is not one', async () => {
    const dup = await post('suppliers', { name: ' gulf beauty  supplies ' });
    expect([dup.status, dup.body.errors]).toEqual([409, { name: 'accounting.duplicate_supplier_name' }]);
    const vat = await post('suppliers', { name: 'Another', vat_number: '310123456700003' });
    expect([vat.status, vat.body.errors]).toEqual([
      409,
      { vat_number: 'accounting.duplicate_supplier_vat_number' },
    ]);
    const bad = await post('suppliers', { name: 'Bad VAT', vat_number: '123' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['vat_number']]);
  });

  it('records an expense with input VAT from a supplier that charges it, owed, then paid later never above what is owed', async () => {
    const supplier = await post('suppliers', { name: 'Riyadh Towels Co', vat_number: '311111111100003' });
    expect(supplier.status).toBe(201);
    const materials = types.find((x) => x.name_en === 'Salon supplies')!;
    const vatBefore = await balance('purchases_paid_vat');
    const payablesBefore = await balance('suppliers');
    const expense = await post(
      'expenses',
      {
        supplier_id: supplier.body.id,
        expense_type_id: materials.id,
        supplier_invoice_number: 'RT-9',
        date: '2026-11-28',
        items: [
          { description: 'Towels', amount: '200.00' },
          { description: 'Delivery (exempt)', amount: '10.00', vat_type: 3 },
        ],
        payments: [{ method: 1, amount: '50.00' }],
      },
      owner,
      'expense-towels',
    );
    expect(expense.status).toBe(201);
    expect(expense.body).toMatchObject({ net: 21000, vat: 3000, total: 24000, paid: 5000, owed: 19000 });
    expect((await post('expenses', {}, owner, 'expense-towels')).body).toEqual(expense.body);
    expect((await balance('purchases_paid_vat')) - vatBefore).toBe(3000);
    expect((await balance('suppliers')) - payablesBefore).toBe(19000);

    const pay = (amount: string) =>
      post(`expenses/${expense.body.id}/payments`, { payment: { method: 4, amount } });
    const over = await pay('190.01');
    expect([over.status, over.body.errors, over.body.params]).toEqual([
      422,
      { 'payment.amount': 'accounting.payment_above_owed' },
      { owed: 'SAR 190.00' },
    ]);
    expect((await pay('190.00')).status).toBe(201);
    expect((await pay('1.00')).status).toBe(409);
    expect((await get(`expenses/${expense.body.id}`)).body).toMatchObject({ status: 'paid', owed: 0 });
    const statement = (await get(`suppliers/${supplier.body.id}/statement`)).body;
    expect(statement.totals).toEqual({ purchased: 24000, paid: 24000, owed: 0 });
    expect(statement.rows.map((r: { balance: number }) => r.balance)).toEqual([24000, 19000, 0]);
    expect((await get('advanced-accounting/trial-balance')).body.totals.difference).toBe(0);
  });

  it('pays several bills at once, all or none: never above what each owes, each bill once', async () => {
    const supplier = await post('suppliers', { name: 'Jeddah Wax Trading' });
    const materials = types.find((x) => x.name_en === 'Salon supplies')!;
    const bill = async (amount: string, n: string) =>
      (
        await post('expenses', {
          supplier_id: supplier.body.id,
          expense_type_id: materials.id,
          supplier_invoice_number: n,
          date: '2026-11-29',
          items: [{ description: 'Wax', amount }],
        })
      ).body as { id: string; owed: number };
    const [a, b] = [await bill('120.00', 'JW-1'), await bill('80.00', 'JW-2')];
    const payablesBefore = await balance('suppliers');
    const before = await t.eventCount();
    const refused = async (body: object, status: number, errors: object) => {
      const res = await post('expenses/payments', body);
      expect([res.status, res.body.errors]).toEqual([status, errors]);
    };
    // the second bill asked more than it owes: nothing is paid, the first bill neither
    await refused(
      {
        method: 1,
        bills: [
          { expense_id: a.id, amount: '120.00' },
          { expense_id: b.id, amount: '80.01' },
        ],
      },
      422,
      { 'bills.1.amount': 'accounting.payment_above_owed' },
    );
    await refused({ method: 1, bills: [] }, 422, { bills: 'accounting.at_least_one_bill' });
    await refused(
      {
        method: 1,
        bills: [
          { expense_id: a.id, amount: '1.00' },
          { expense_id: a.id, amount: '1.00' },
        ],
      },
      422,
      { bills: 'accounting.bill_twice' },
    );
    await refused(
      { method: 1, bills: [{ expense_id: '0193a000-0000-7000-8000-0000000000ff', amount: '1.00' }] },
      422,
      { 'bills.0.expense_id': 'accounting.expense_not_found' },
    );
    await refused(
      { bills: [{ expense_id: a.id, amount: 'x' }] },
      422,
      expect.objectContaining({ method: expect.any(String) }),
    );
    expect(await t.eventCount()).toBe(before);

    const paid = await post('expenses/payments', {
      method: 4,
      bills: [
        { expense_id: a.id, amount: '120.00' },
        { expense_id: b.id, amount: '30.00' },
      ],
    });
    expect(paid.status).toBe(201);
    expect(paid.body.total).toBe(15000);
    expect((await get(`expenses/${a.id}`)).body).toMatchObject({ status: 'paid', owed: 0 });
    expect((await get(`expenses/${b.id}`)).body).toMatchObject({ status: 'partially_paid', owed: 5000 });
    expect(payablesBefore - (await balance('suppliers'))).toBe(15000);
    const statement = (await get(`suppliers/${supplier.body.id}/statement`)).body;
    expect(statement.totals).toEqual({ purchased: 20000, paid: 15000, owed: 5000 });
    // a bill already paid in full: refused, naming it
    await refused({ method: 1, bills: [{ expense_id: a.id, amount: '1.00' }] }, 409, {
      'bills.0.expense_id': 'accounting.nothing_owed',
    });
  });

  it('charges no VAT when the vendor has no VAT number on file, and refuses bad expenses naming the field', async () => {
    const rent = types.find((x) => x.name_en === 'Rent')!;
    const plain = await post('expenses', {
      vendor_name: 'Handyman',
      expense_type_id: rent.id,
      date: '2026-11-29',
      items: [{ description: 'Door repair', amount: '80.00' }],
      payments: [{ method: 1, amount: '80.00' }],
    });
    expect(plain.body).toMatchObject({ net: 8000, vat: 0, total: 8000, owed: 0 });
    const events = await t.eventCount();
    const cases: Array<[object, string]> = [
      [
        { expense_type_id: rent.id, date: '2026-11-29', items: [{ description: 'x', amount: '1.00' }] },
        'vendor_name',
      ],
      [
        {
          vendor_name: 'V',
          expense_type_id: 'nope',
          date: '2026-11-29',
          items: [{ description: 'x', amount: '1.00' }],
        },
        'expense_type_id',
      ],
      [{ vendor_name: 'V', expense_type_id: rent.id, date: '2026-11-29', items: [] }, 'items'],
      [
        {
          vendor_name: 'V',
          expense_type_id: rent.id,
          date: '2026-13-01',
          items: [{ description: 'x', amount: '1.00' }],
        },
        'date',
      ],
      [
        {
          vendor_name: 'V',
          expense_type_id: rent.id,
          date: '2026-11-29',
          items: [{ description: 'x', amount: '1.001' }],
        },
        'items.0.amount',
      ],
      [
        {
          vendor_name: 'V',
          expense_type_id: rent.id,
          date: '2026-11-29',
          items: [{ description: 'x', amount: '1.00' }],
          payments: [{ method: 1, amount: '2.00' }],
        },
        'payments',
      ],
      [
        {
          supplier_id: '0193a000-0000-7000-8000-000000000000',
          expense_type_id: rent.id,
          date: '2026-11-29',
          items: [{ description: 'x', amount: '1.00' }],
        },
        'supplier_id',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await post('expenses', body);
      expect([field, res.status, Object.keys(res.body.errors ?? {})]).toEqual([field, 422, [field]]);
    }
    expect(await t.eventCount()).toBe(events);
  });

  it('lets the accountant record expenses, and not the receptionist', async () => {
    const accountant = await t.signIn(ACCOUNTANT);
    const type = await post(
      'expense-types',
      { name_en: 'Marketing', name_ar: 'تسويق', account: accountCode('other_expenses') },
      accountant,
    );
    expect(type.status).toBe(201);
    const dup = await post(
      'expense-types',
      { name_en: 'marketing', name_ar: 'أخرى', account: accountCode('other_expenses') },
      accountant,
    );
    expect([dup.status, dup.body.errors]).toEqual([409, { name_en: 'accounting.duplicate_expense_type' }]);
    const reception = await t.signIn(RECEPTION);
    expect((await post('suppliers', { name: 'Nope' }, reception)).status).toBe(403);
    expect((await get('expenses', {}, reception)).status).toBe(403);
  });

  describe('attachments: the supplier’s invoice as an image or a PDF', () => {
    const PDF = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const upload = (bytes: Buffer, purpose: string, name: string, token = owner) =>
      t.http
        .post('/api/merchant/files')
        .query({ purpose, name })
        .set({ ...bearer(token), 'Content-Type': 'application/octet-stream' })
        .send(bytes);
    let other: string;
    beforeAll(async () => {
      await t.openOtherSalon();
      other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    });
    const expense = (attachments: unknown) => ({
      vendor_name: 'Corner stationery',
      expense_type_id: types.find((x) => x.name_en === 'Salon supplies')!.id,
      date: '2026-11-29',
      items: [{ description: 'Receipt book', amount: '12.00' }],
      attachments,
    });

    it('lists the files attached (name, type, size) and serves them to the salon only', async () => {
      const scan = await upload(PDF, 'attachment', 'فاتورة المورد.pdf');
      const photo = await upload(png(8, 8), 'attachment', 'receipt.png');
      expect([scan.status, photo.status]).toEqual([201, 201]);
      const res = await post('expenses', expense([scan.body.id, photo.body.id, scan.body.id]));
      expect(res.status).toBe(201);
      const read = (await get(`expenses/${res.body.id}`)).body;
      expect(read.attachments).toEqual([
        {
          file_id: scan.body.id,
          name: 'فاتورة المورد.pdf',
          content_type: 'application/pdf',
          size: PDF.length,
        },
        { file_id: photo.body.id, name: 'receipt.png', content_type: 'image/png', size: png(8, 8).length },
      ]);
      const file = await t.http.get(`/api/merchant/files/${scan.body.id}`).set(bearer(owner));
      expect([file.status, file.headers['content-type']]).toEqual([200, 'application/pdf']);
      expect((await t.http.get(`/api/merchant/files/${scan.body.id}`).set(bearer(other))).status).toBe(404);
    });

    it('refuses, naming `attachments`, a file that is not the salon’s, not an attachment, or too many', async () => {
      const theirs = await upload(PDF, 'attachment', 'theirs.pdf', other);
      const picture = await upload(png(8, 8), 'image', 'service.png');
      const mine = await upload(PDF, 'attachment', 'mine.pdf');
      expect([theirs.status, picture.status, mine.status]).toEqual([201, 201, 201]);
      const events = await t.eventCount();
      const cases: Array<[unknown, string]> = [
        [['0193a000-0000-7000-8000-000000000000'], 'accounting.attachment_not_found'],
        [['not-a-file'], 'accounting.attachment_not_found'],
        [[theirs.body.id], 'accounting.attachment_not_found'],
        [[mine.body.id, picture.body.id], 'accounting.attachment_not_a_document'],
        [Array.from({ length: 6 }, () => mine.body.id), 'accounting.too_many_attachments'],
      ];
      for (const [attachments, key] of cases) {
        const res = await post('expenses', expense(attachments));
        expect([res.status, res.body.errors]).toEqual([422, { attachments: key }]);
      }
      const notList = await post('expenses', expense('abc'));
      expect([notList.status, Object.keys(notList.body.errors)]).toEqual([422, ['attachments']]);
      expect(await t.eventCount()).toBe(events);
    });
  });
});
