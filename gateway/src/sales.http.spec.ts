import {
  businessDate,
  epochOf,
  instantAt,
  PaymentMethod,
  Permission,
  priceBasket,
  VatType,
} from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ } from './testing/dates.test-support';

describe('the till over HTTP (issue 11)', () => {
  let t: TestApp;
  let owner: string;
  let services: Record<string, { id: string; price: number; offer_price?: number }>;
  let products: Record<string, { id: string; price: number; quantity: number }>;
  let stylists: Record<string, string>;
  let customers: Array<{ id: string; name: string }>;
  // what the demo salon's own sales left: the tests count from there
  let lastNumber: number;
  let dayBefore: Record<string, number> & { by_method: Record<string, number> };
  const mine: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const get = async (path: string) =>
      (await t.http.get(`/api/merchant/${path}`).query({ range: '[0,99]' }).set(bearer(owner))).body;
    services = Object.fromEntries((await get('services')).map((s: { name_en: string }) => [s.name_en, s]));
    products = Object.fromEntries((await get('products')).map((p: { name_en: string }) => [p.name_en, p]));
    stylists = Object.fromEntries(
      (await get('employees')).map((e: { name_en: string; id: string }) => [e.name_en, e.id]),
    );
    customers = await get('customers');
    // the salon's VAT number, which the e-invoice and its QR code carry
    const general = await t.http.get('/api/merchant/settings/general').set(bearer(owner));
    const saved = await t.http
      .put('/api/merchant/settings/general')
      .set(bearer(owner))
      .send({ ...general.body, vat_number: '300000000000003' });
    expect(saved.status).toBe(200);
    const latest = await t.http.get('/api/merchant/invoices').query({ range: '[0,0]' }).set(bearer(owner));
    lastNumber = latest.body[0]?.number ?? 0;
    const day = await t.http
      .get('/api/merchant/reports/daily-general-summary')
      .set({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
    dayBefore = day.body.totals;
  }, 60_000);
  afterAll(async () => t?.close());

  const issue = (body: object, token = owner) =>
    t.http.post('/api/merchant/invoices').set(bearer(token)).send(body);
  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });

  it("finds the demo salon's three weeks of sales: cash, card, split, products, checked-out visits", async () => {
    const all = await t.http.get('/api/merchant/invoices').query({ range: '[0,199]' }).set(bearer(owner));
    expect(lastNumber).toBeGreaterThanOrEqual(40);
    expect(all.body.map((i: { number: number }) => i.number)).toEqual(
      Array.from({ length: lastNumber }, (_, i) => lastNumber - i),
    );
    const methods = new Set(
      all.body.flatMap((i: { payments: Array<{ method: number }> }) => i.payments.map((p) => p.method)),
    );
    // cash, credit card, debit card, transfer, and the wallet a customer topped up
    expect([...methods].sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 10]);
    // a gift card sold, and one spent; a discount code used
    expect(
      all.body.some((i: { lines: Array<{ kind: string }> }) => i.lines.some((l) => l.kind === 'gift_card')),
    ).toBe(true);
    expect(all.body.some((i: { redeemed?: number }) => (i.redeemed ?? 0) > 0)).toBe(true);
    expect(
      all.body.some((i: { discount_code?: { code: string } }) => i.discount_code?.code === 'WELCOME15'),
    ).toBe(true);
    expect(all.body.some((i: { payments: unknown[] }) => i.payments.length === 2)).toBe(true);
    expect(
      all.body.some((i: { lines: Array<{ kind: string }> }) => i.lines.some((l) => l.kind === 'product')),
    ).toBe(true);
    expect(
      all.body.filter((i: { appointment_id: string | null }) => i.appointment_id).length,
    ).toBeGreaterThanOrEqual(3);
    // paid, all but a regular's sale on account (the owner allowed her debt): 322.00, 100.00 paid
    const owing = all.body.filter((i: { state: string }) => i.state !== 'paid');
    expect(owing).toEqual([
      expect.objectContaining({ state: 'partially_paid', total: 32200, paid: 10000, owed: 22200 }),
    ]);
    expect(owing[0].customer_id).toBe(customers.find((c: { name: string }) => c.name === 'Amal Saeed')?.id);
  });

  it('issues an invoice of services and a product, split over cash and card, priced as ZATCA checks it', async () => {
    const res = await issue({
      customer_id: customers[0].id,
      lines: [
        { kind: 'service', item_id: services['Haircut'].id, employee_id: stylists['Noura Al-Qahtani'] },
        { kind: 'service', item_id: services['Blow dry'].id, employee_id: stylists['Reem Abdullah'] },
        { kind: 'product', item_id: products['Hair serum'].id, quantity: 2 },
      ],
      discount: '10.00',
      payments: [
        { method: PaymentMethod.cash, amount: '200.00' },
        { method: PaymentMethod.credit_card, amount: '168.00', authorization_code: 'A1B2C3' },
      ],
    });
    expect(res.status).toBe(201);
    // 100 + 60 + 2 x 85 = 330 before VAT, less 10 spread over the lines; 15% on 320 = 48
    const expected = priceBasket(
      [
        { unitPrice: 10000, quantity: 1, vatType: VatType.standard },
        { unitPrice: 6000, quantity: 1, vatType: VatType.standard },
        { unitPrice: 8500, quantity: 2, vatType: VatType.standard },
      ],
      { vatEnabled: true, vatRateBp: 1500 },
      1000,
    );
    mine.push(res.body.id);
    expect(res.body).toMatchObject({
      number: lastNumber + 1,
      gross: 33000,
      discount: 1000,
      net: 32000,
      vat: 4800,
      total: 36800,
      paid: 36800,
      owed: 0,
      // signed into the demo salon's chain with it: on its way to ZATCA
      einvoicing: 'pending',
    });
    expect(res.body.total).toBe(expected.total);
    expect(res.body.lines.map((l: { net: number }) => l.net)).toEqual(expected.lines.map((l) => l.net));
  });

  it('refuses payments that do not add up, a card without its code, and writes nothing, taking no number', async () => {
    const before = await t.eventCount();
    const short = await issue({
      customer_id: customers[0].id,
      lines: [{ kind: 'service', item_id: services['Manicure'].id }],
      payments: [
        { method: PaymentMethod.cash, amount: '50.00' },
        { method: PaymentMethod.debit_card, amount: '10.00' },
      ],
    });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({
      payments: 'sales.payments_below_total',
      'payments.1.authorization_code': 'sales.authorization_code_required',
    });
    const over = await issue({
      lines: [{ kind: 'service', item_id: services['Manicure'].id }],
      payments: [{ method: PaymentMethod.cash, amount: '100.00' }],
    });
    expect(over.body).toMatchObject({
      message: 'sales.payments_above_total',
      errors: { payments: 'sales.payments_above_total' },
    });
    // owing needs the right and the salon's debt setting (off in the demo)
    const owe = await issue({
      customer_id: customers[1].id,
      lines: [{ kind: 'service', item_id: services['Manicure'].id }],
      payments: [],
    });
    expect(owe.body.errors).toEqual({ payments: 'sales.payments_below_total' });
    const bad = await issue({ lines: [], payments: [{ method: 42, amount: 'ten' }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['lines', 'payments.0.amount', 'payments.0.method']);
    expect(await t.eventCount()).toBe(before);
    // a walk-in paying exactly, in cash: the next number, no gap
    const walkIn = await issue({
      lines: [{ kind: 'service', item_id: services['Manicure'].id }],
      payments: [{ method: PaymentMethod.cash, amount: '92.00' }],
    });
    expect(walkIn.status).toBe(201);
    mine.push(walkIn.body.id);
    expect(walkIn.body).toMatchObject({ number: lastNumber + 2, total: 9200, customer_id: null });
  });

  it('takes sold products off the shelf (operation 5) and refuses more than is there', async () => {
    const serum = products['Hair serum'];
    const shelf = await t.http.get(`/api/merchant/products/${serum.id}`).set(await fresh());
    expect(shelf.body.quantity).toBe(serum.quantity - 2);
    // one more than is there, over two lines (85.00 and 15 % VAT each)
    const more = shelf.body.quantity + 1;
    const tooMany = await issue({
      lines: [
        { kind: 'product', item_id: serum.id, quantity: 6 },
        { kind: 'product', item_id: serum.id, quantity: more - 6 },
      ],
      payments: [{ method: PaymentMethod.cash, amount: ((more * 9775) / 100).toFixed(2) }],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({
      message: 'sales.not_enough_stock',
      errors: { 'lines.0.quantity': 'sales.not_enough_stock' },
      params: { product_en: 'Hair serum', quantity: serum.quantity - 2 },
    });
    const towels = await issue({
      lines: [{ kind: 'product', item_id: products['Disposable towels'].id }],
      payments: [{ method: PaymentMethod.cash, amount: '17.25' }],
    });
    expect(towels.body.errors).toEqual({ 'lines.0.item_id': 'sales.product_not_for_sale' });
  });

  it('keeps price and quantity changes to the rights, and the desk to its permission', async () => {
    // the receptionist's role lets her change a quantity, not a price
    const reception = await t.signIn(RECEPTION);
    const changed = await issue(
      {
        lines: [{ kind: 'service', item_id: services['Blow dry'].id, price: '50.00', quantity: 2 }],
        payments: [{ method: PaymentMethod.cash, amount: '115.00' }],
      },
      reception,
    );
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual({ 'lines.0.price': 'sales.price_change_needs_right' });
    // once the owner takes that right from the role, not the quantity either
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    const role = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    const taken = await t.http
      .put(`/api/merchant/roles/${role.id}`)
      .set(bearer(owner))
      .send({
        name: role.name,
        permissions: role.permissions.filter((p: number) => p !== Permission.changeQuantity),
      });
    expect(taken.status).toBe(200);
    const quantity = await issue(
      {
        lines: [{ kind: 'service', item_id: services['Blow dry'].id, quantity: 2 }],
        payments: [{ method: PaymentMethod.cash, amount: '138.00' }],
      },
      reception,
    );
    expect(quantity.body.errors).toEqual({ 'lines.0.quantity': 'sales.quantity_change_needs_right' });
    // the stylist does not sell at all
    const stylist = await t.signIn({ accountId: 1, username: 'noura', password: 'Demo@12345' });
    expect(
      (await issue({ lines: [{ kind: 'service', item_id: services['Blow dry'].id }] }, stylist)).status,
    ).toBe(403);
  });

  it("gives whoever may sell what the till needs, and no more: the shelf, the rules, VAT, employees' names and services", async () => {
    const reception = await t.signIn(RECEPTION);
    // the receptionist may sell, but not read products, staff or settings
    expect((await t.http.get('/api/merchant/products').set(bearer(reception))).status).toBe(403);
    const res = await t.http.get('/api/merchant/billing/context').set(bearer(reception));
    expect(res.status).toBe(200);
    expect(res.body.vat).toEqual({ vat_enabled: true, vat_percentage: 15 });
    expect(res.body.invoice).toEqual({
      allow_price_change: false,
      allow_debt: false,
      allow_selling_without_stock: false,
    });
    expect(res.body.products.map((p: { name_en: string }) => p.name_en).sort()).toEqual([
      'Hair serum',
      'Keratin shampoo',
    ]);
    expect(res.body.products[0]).toMatchObject({
      price_minor: expect.any(Number),
      vat_type: 1,
      quantity: expect.any(Number),
    });
    expect(res.body.employees.length).toBeGreaterThanOrEqual(2);
    // each employee's name and the services she does when the salon recorded them (absent: every one;
    // the till offers a line only those who do its service); nothing of her pay, hours or contact
    for (const e of res.body.employees) {
      expect(
        Object.keys(e)
          .filter((k) => k !== 'service_ids')
          .sort(),
      ).toEqual(['id', 'name_ar', 'name_en']);
      if ('service_ids' in e) expect(e.service_ids.every((id: unknown) => typeof id === 'string')).toBe(true);
    }
  });

  it('lists the invoices and payments, and the day adds them up to the minor unit', async () => {
    const today = businessDate(new Date(), TZ);
    const headers = await fresh();
    const invoices = await t.http
      .get('/api/merchant/invoices')
      .query({ filter: JSON.stringify({ date: today }) })
      .set(headers);
    expect(invoices.status).toBe(200);
    const ours = invoices.body.filter((i: { id: string }) => mine.includes(i.id));
    expect(ours.map((i: { number: number }) => i.number)).toEqual([lastNumber + 2, lastNumber + 1]);
    const payments = await t.http
      .get('/api/merchant/payments')
      .query({ filter: JSON.stringify({ date: today }) })
      .set(headers);
    expect(
      payments.body
        .filter((p: { invoice_id: string }) => mine.includes(p.invoice_id))
        .map((p: { amount: number }) => p.amount)
        .sort(),
    ).toEqual([16800, 20000, 9200]);
    const day = await t.http
      .get('/api/merchant/reports/daily-general-summary')
      .query({ from: today })
      .set(headers);
    // the day's totals are every invoice of the day's, to the minor unit: the demo's and these two
    const sum = (f: string) => invoices.body.reduce((s: number, i: Record<string, number>) => s + i[f], 0);
    const ourSum = (f: string) => ours.reduce((s: number, i: Record<string, number>) => s + i[f], 0);
    expect(day.body.totals).toMatchObject({
      invoices: invoices.body.length,
      gross: sum('gross'),
      discount: sum('discount'),
      net: sum('net'),
      vat: sum('vat'),
      total: sum('total'),
    });
    expect(day.body.totals.invoices - dayBefore.invoices).toBe(2);
    expect(day.body.totals.total - dayBefore.total).toBe(ourSum('total'));
    expect(day.body.totals.paid - dayBefore.paid).toBe(46000);
    const method = (m: string) => (day.body.totals.by_method[m] ?? 0) - (dayBefore.by_method[m] ?? 0);
    expect([method('1'), method('2')]).toEqual([29200, 16800]);
    const month = await t.http
      .get('/api/merchant/reports/monthly-general-summary')
      .query({ from: today.slice(0, 7) })
      .set(headers);
    expect(month.body.totals.total).toBeGreaterThanOrEqual(sum('total'));
    // the invoice names who did each line and who issued it, for whoever may see invoices (the
    // receptionist may not list staff)
    const reception = await t.signIn(RECEPTION);
    const shown = await t.http.get(`/api/merchant/invoices/${mine[0]}`).set(bearer(reception));
    expect(shown.body.employee_names[stylists['Noura Al-Qahtani']]).toEqual({
      name_en: 'Noura Al-Qahtani',
      name_ar: 'نورة القحطاني',
    });
    expect(shown.body.cashier_name).toBe('Sara Al-Otaibi');
    const badPeriod = await t.http
      .get('/api/merchant/reports/daily-general-summary')
      .query({ from: today, to: '2020-01-01' })
      .set(headers);
    expect(badPeriod.body.errors).toEqual({ to: 'sales.period_reversed' });
  });

  it("opens the customer's e-invoice from its link without signing in, with the first-phase QR code", async () => {
    const [latest] = (await t.http.get('/api/merchant/invoices').set(await fresh())).body;
    const page = await t.http.get(`/api/public/e-invoice/${latest.unique_id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      number: latest.number,
      total: latest.total,
      salon: { name_en: 'Demo Salon' },
    });
    expect(page.body.cashier_id).toBeUndefined();
    expect(page.body.tenantId).toBeUndefined();
    const tlv = Buffer.from(page.body.qr as string, 'base64');
    expect(tlv.includes(Buffer.from('300000000000003'))).toBe(true);
    expect(tlv.includes(Buffer.from('92.00'))).toBe(true);
    expect((await t.http.get('/api/public/e-invoice/not-a-real-link-123')).status).toBe(404);
  });

  it('settles a checked-in visit: it is paid (achieved) once, and never twice', async () => {
    // a visit of today (only today's can be checked in): the first free quarter from now, or from the
    // salon's opening at 10:00 when it is not open yet; none once today's hours are over. The stylist
    // works today's hours (the demo's stylists rest on Fridays).
    const today = businessDate(new Date(), TZ);
    const hours = await t.http
      .post(`/api/merchant/employees/${stylists['Reem Abdullah']}/periods`)
      .set(bearer(owner))
      .send({ kind: 'custom_hours', from_date: today, to_date: today, from: '10:00', to: '21:00' });
    expect(hours.status).toBe(201);
    const opening = epochOf(instantAt(today, '10:00:00', TZ));
    const closing = epochOf(instantAt(today, '20:00:00', TZ));
    let booked: { status: number; body: { id: string; message?: string } } | undefined;
    for (
      let at = Math.max(opening, Math.ceil(Date.now() / 900_000) * 900_000);
      at <= closing && booked?.status !== 201;
      at += 900_000
    )
      booked = await t.http
        .post('/api/merchant/appointments')
        .set(bearer(owner))
        .send({
          customer_id: customers[2].id,
          lines: [
            {
              service_id: services['Pedicure'].id,
              employee_id: stylists['Reem Abdullah'],
              start: new Date(at).toISOString(),
            },
          ],
        });
    if (booked?.status !== 201)
      return console.log(
        `[skipped] no free quarter left today in Riyadh: ${booked?.body.message ?? 'closed'}`,
      );
    const id = booked.body.id;
    // a deposit taken when it was booked: the invoice counts it, the till takes the rest
    const deposit = await t.http
      .post(`/api/merchant/appointments/${id}/deposits`)
      .set(bearer(owner))
      .send({ method: PaymentMethod.cash, amount: '50.00' });
    expect(deposit.status).toBe(201);
    const pay = () =>
      issue({
        appointment_id: id,
        lines: [{ kind: 'service', item_id: services['Pedicure'].id }],
        payments: [{ method: PaymentMethod.cash, amount: '53.50' }],
      });
    expect((await pay()).body.errors).toEqual({ appointment_id: 'sales.appointment_not_checked_in' });
    expect((await t.http.post(`/api/merchant/appointments/${id}/check-in`).set(bearer(owner))).status).toBe(
      200,
    );
    const paid = await pay();
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ appointment_id: id, customer_id: customers[2].id, deposited: 5000 });
    const deposits = await t.http.get(`/api/merchant/appointments/${id}/deposits`).set(await fresh());
    expect(deposits.body[0]).toMatchObject({ status: 'applied', invoice_id: paid.body.id });
    // used by its invoice, the deposit is no longer given back by cancelling it
    const late = await t.http
      .post(`/api/merchant/appointments/${id}/deposits/${deposit.body.id}/cancel`)
      .set(bearer(owner))
      .send({});
    expect(late.body.message).toBe('deposits.already_applied');
    const visit = await t.http.get(`/api/merchant/appointments/${id}`).set(await fresh());
    expect(visit.body).toMatchObject({ payment_status: 1, invoice_id: paid.body.id });
    expect((await pay()).status).toBe(409);
  });
});
