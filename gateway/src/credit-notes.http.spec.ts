import { PaymentMethod } from '@rawnaq/contracts';
import { zatca } from '@rawnaq/platform';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon: in the UAE (5 % VAT, no reporting step), where notes need no report first. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

describe('credit notes over HTTP (issue 11)', () => {
  let t: TestApp;
  let uae: string;
  let service: string;
  let product: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    uae = await t.signIn(UAE_OWNER);
    const post = async (path: string, body: object) => {
      const res = await t.http.post(`/api/merchant/${path}`).set(bearer(uae)).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    };
    const group = await post('service-groups', { name_en: 'Nails', name_ar: 'الأظافر' });
    service = await post('services', {
      name_en: 'Gel manicure',
      name_ar: 'مانيكير جل',
      group_id: group,
      price: '120.00',
      job_time: '60',
    });
    product = await post('products', {
      name_en: 'Cuticle oil',
      name_ar: 'زيت الأظافر',
      price: '33.33',
      initial_quantity: 5,
      warning_level: 1,
    });
  }, 60_000);
  afterAll(async () => t?.close());

  const credit = (invoiceId: string, body: object, token = uae) =>
    t.http.post(`/api/merchant/invoices/${invoiceId}/credit-notes`).set(bearer(token)).send(body);
  const fresh = async (token = uae) => ({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });

  it('refuses a note on a Saudi invoice not yet reported to the tax authority, and writes nothing', async () => {
    const owner = await t.signIn(OWNER);
    const [invoice] = (await t.http.get('/api/merchant/invoices').set(bearer(owner))).body;
    // signed with the demo's sale, not yet sent (the tests run the reporting worker by hand)
    expect(invoice.einvoicing).toBe('pending');
    const before = await t.eventCount();
    const res = await credit(invoice.id, { reason: 'Wrong service', payments: [] }, owner);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('sales.not_reported_no_note');
    expect(await t.eventCount()).toBe(before);
  });

  it('credits part of an invoice, then the rest: never more than remains, refunds equal to the credit, stock back', async () => {
    // 120.00 + 3 x 33.33 = 219.99 before VAT; 5 % = 11.00 (10.9995 rounded half up): 230.99
    const issued = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(uae))
      .send({
        lines: [
          { kind: 'service', item_id: service },
          { kind: 'product', item_id: product, quantity: 3 },
        ],
        payments: [{ method: PaymentMethod.cash, amount: '230.99' }],
      });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ net: 21999, vat: 1100, total: 23099, einvoicing: 'not_applicable' });
    const [serviceLine, productLine] = issued.body.lines as Array<{ line_id: string }>;
    const stock = async () =>
      (await t.http.get(`/api/merchant/products/${product}`).set(await fresh())).body.quantity as number;
    expect(await stock()).toBe(2);

    // one of the three bottles back: 33.33 + 1.67 VAT
    const wrongRefund = await credit(issued.body.id, {
      reason: 'Returned unopened',
      lines: [{ line_id: productLine.line_id, quantity: 1 }],
      payments: [{ method: PaymentMethod.cash, amount: '30.00' }],
    });
    expect(wrongRefund.body.errors).toEqual({ payments: 'sales.refunds_must_equal_credit' });
    const one = await credit(issued.body.id, {
      reason: 'Returned unopened',
      lines: [{ line_id: productLine.line_id, quantity: 1 }],
      payments: [{ method: PaymentMethod.cash, amount: '35.00' }],
    });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({
      number: 1,
      net: 3333,
      vat: 167,
      total: 3500,
      invoice_number: issued.body.number,
    });
    expect(await stock()).toBe(3);

    const tooMany = await credit(issued.body.id, {
      reason: 'More back',
      lines: [{ line_id: productLine.line_id, quantity: 3 }],
      payments: [],
    });
    expect(tooMany.body).toMatchObject({
      errors: { 'lines.0.quantity': 'sales.credit_above_remaining' },
      params: { quantity: 2 },
    });

    // all that remains: the notes add up to the invoice exactly
    const rest = 23099 - 3500;
    const all = await credit(issued.body.id, {
      reason: 'Customer unhappy',
      payments: [
        { method: PaymentMethod.cash, amount: '100.00' },
        {
          method: PaymentMethod.credit_card,
          amount: ((rest - 10000) / 100).toFixed(2),
          authorization_code: 'R1',
        },
      ],
    });
    expect(all.status).toBe(201);
    expect(all.body.lines.map((l: { line_id: string; quantity: number }) => [l.line_id, l.quantity])).toEqual(
      [
        [serviceLine.line_id, 1],
        [productLine.line_id, 2],
      ],
    );
    expect(one.body.net + all.body.net).toBe(issued.body.net);
    expect(one.body.total + all.body.total).toBe(issued.body.total);
    expect(await stock()).toBe(5);
    const nothing = await credit(issued.body.id, { reason: 'Again', payments: [] });
    expect(nothing.body.errors).toEqual({ lines: 'sales.nothing_to_credit' });

    // the invoice shows what was credited; the day shows the notes and the refunds by method
    const headers = await fresh();
    const invoice = await t.http.get(`/api/merchant/invoices/${issued.body.id}`).set(headers);
    expect(invoice.body.credited).toBe(23099);
    const day = await t.http.get('/api/merchant/reports/daily-general-summary').set(headers);
    expect(day.body.totals).toMatchObject({
      invoices: 1,
      total: 23099,
      credit_notes: 2,
      credited: 23099,
      refunds_by_method: { '1': 13500, '2': rest - 10000 },
    });
    const notes = await t.http.get('/api/merchant/credit-notes').set(headers);
    expect(notes.body.map((n: { number: number }) => n.number)).toEqual([2, 1]);
  });

  it('never refunds more than the invoice: three units at 0.10 (0.35 with 15 % VAT) credited one at a time add up to 0.35, their signed VAT to 0.05', async () => {
    const owner = await t.signIn(OWNER);
    const res = await t.http.post('/api/merchant/products').set(bearer(owner)).send({
      name_en: 'Hair pin',
      name_ar: 'دبوس شعر',
      price: '0.10',
      initial_quantity: 5,
      warning_level: 1,
    });
    expect(res.status).toBe(201);
    const issued = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        lines: [{ kind: 'product', item_id: res.body.id, quantity: 3 }],
        payments: [{ method: PaymentMethod.cash, amount: '0.35' }],
      });
    expect(issued.body).toMatchObject({ net: 30, vat: 5, total: 35 });
    // reported to ZATCA by the worker (the demo's history with it), so notes may follow
    while ((await t.app.einvoicing.runOnce()) > 0);
    const [line] = issued.body.lines as Array<{ line_id: string }>;
    const notes = [];
    for (const amount of ['0.12', '0.11', '0.12']) {
      const note = await credit(
        issued.body.id,
        {
          reason: 'Returned',
          lines: [{ line_id: line.line_id, quantity: 1 }],
          payments: [{ method: PaymentMethod.cash, amount }],
        },
        owner,
      );
      expect(note.status).toBe(201);
      notes.push(note.body as { id: string; net: number; vat: number; total: number });
    }
    // each note's VAT is what the credited amount so far comes to, less what went before: 2, 1, 2
    expect(notes.map((n) => [n.net, n.vat, n.total])).toEqual([
      [10, 2, 12],
      [10, 1, 11],
      [10, 2, 12],
    ]);
    // and each is signed as decided: the XML's VAT is the note's
    const events = await t.allEvents();
    for (const n of notes) {
      const xml = (
        events.find(
          (e) => e.type === 'EInvoiceSigned' && (e.data as { document_id: string }).document_id === n.id,
        )!.data as { xml: string }
      ).xml;
      expect(zatca.verifyDocument(xml)).toEqual([]);
      const vat = (n.vat / 100).toFixed(2);
      expect(xml).toContain(`<cbc:TaxAmount currencyID="SAR">${vat}</cbc:TaxAmount>`);
      expect(xml).toContain(`<cbc:TaxInclusiveAmount currencyID="SAR">${(n.total / 100).toFixed(2)}`);
    }
    const nothing = await credit(issued.body.id, { reason: 'Again', payments: [] }, owner);
    expect(nothing.body.errors).toEqual({ lines: 'sales.nothing_to_credit' });
  });

  it("records on its invoice the names of the lines a note took back, as the audit log shows them (issue 24: '1 × : —')", async () => {
    const issued = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(uae))
      .send({
        lines: [{ kind: 'product', item_id: product, quantity: 1 }],
        payments: [{ method: PaymentMethod.cash, amount: '35.00' }],
      });
    expect(issued.status).toBe(201);
    const [line] = issued.body.lines as Array<{ line_id: string }>;
    const note = await credit(issued.body.id, {
      reason: 'Returned unopened',
      lines: [{ line_id: line.line_id, quantity: 1 }],
      payments: [{ method: PaymentMethod.cash, amount: '35.00' }],
    });
    expect(note.status).toBe(201);
    const log = await t.http
      .get('/api/merchant/audit-log')
      .query({ filter: JSON.stringify({ type: 'InvoiceCredited', entity_id: issued.body.id }) })
      .set({ ...bearer(uae), 'X-Min-Position': note.headers['x-position'] });
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(1);
    expect(log.body[0].changed.lines).toEqual([
      expect.objectContaining({
        line_id: line.line_id,
        name_en: 'Cuticle oil',
        name_ar: 'زيت الأظافر',
        quantity: 1,
        net: 3333,
        vat: 167,
      }),
    ]);
  });

  it('lets two notes racing for the last unit end with exactly one', async () => {
    const issued = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(uae))
      .send({
        lines: [{ kind: 'product', item_id: product }],
        payments: [{ method: PaymentMethod.cash, amount: '35.00' }],
      });
    const body = { reason: 'Returned', payments: [{ method: PaymentMethod.cash, amount: '35.00' }] };
    const results = await Promise.all([credit(issued.body.id, body), credit(issued.body.id, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.errors).toEqual({ lines: 'sales.nothing_to_credit' });
  });
});
