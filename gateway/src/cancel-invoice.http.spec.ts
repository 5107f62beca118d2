import { PaymentMethod, Permission } from '@rawnaq/contracts';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon, in the UAE, with VAT switched off: its invoices of services may be cancelled. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

describe('cancelling an invoice over HTTP (issue 11)', () => {
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
    const group = await post('service-groups', { name_en: 'Hair', name_ar: 'الشعر' });
    service = await post('services', {
      name_en: 'Trim',
      name_ar: 'قص أطراف',
      group_id: group,
      price: '80.00',
      job_time: '30',
    });
    product = await post('products', {
      name_en: 'Hair spray',
      name_ar: 'بخاخ الشعر',
      price: '20.00',
      initial_quantity: 5,
      warning_level: 1,
    });
    const vat = await t.http
      .put('/api/merchant/settings/vat')
      .set(bearer(uae))
      .send({ vat_enabled: false, vat_percentage: 0 });
    expect(vat.status).toBe(200);
  }, 60_000);
  afterAll(async () => t?.close());

  const issue = (lines: object[], amount: string) =>
    t.http
      .post('/api/merchant/invoices')
      .set(bearer(uae))
      .send({ lines, payments: [{ method: PaymentMethod.cash, amount }] });
  const cancel = (id: string, body: object = { reason: 'Wrong customer' }, token = uae, key?: string) =>
    t.http
      .post(`/api/merchant/invoices/${id}/cancel`)
      .set({ ...bearer(token), ...(key && { 'Idempotency-Key': key }) })
      .send(body);
  const fresh = async (token = uae) => ({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });

  it('cancels an invoice of services without VAT: its payments cancelled, the day and month without it', async () => {
    const before = (await t.http.get('/api/merchant/reports/daily-general-summary').set(await fresh())).body
      .totals;
    const issued = await issue([{ kind: 'service', item_id: service }], '80.00');
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ vat: 0, total: 8000 });
    const during = (await t.http.get('/api/merchant/reports/daily-general-summary').set(await fresh())).body
      .totals;
    expect(during.total - before.total).toBe(8000);

    const res = await cancel(issued.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: issued.body.id, state: 'cancelled', reason: 'Wrong customer' });
    const headers = await fresh();
    const invoice = await t.http.get(`/api/merchant/invoices/${issued.body.id}`).set(headers);
    expect(invoice.body).toMatchObject({
      number: issued.body.number,
      state: 'cancelled',
      cancel_reason: 'Wrong customer',
      cancelled_at: expect.any(String),
      cancelled_by: expect.any(String),
    });
    const cancelledList = await t.http
      .get('/api/merchant/invoices')
      .query({ filter: JSON.stringify({ state: 'cancelled' }) })
      .set(headers);
    expect(cancelledList.body.map((i: { id: string }) => i.id)).toEqual([issued.body.id]);
    const payments = await t.http
      .get('/api/merchant/payments')
      .query({ filter: JSON.stringify({ invoice_id: issued.body.id }) })
      .set(headers);
    expect(payments.body.map((p: { status: number }) => p.status)).toEqual([0]);
    const after = (await t.http.get('/api/merchant/reports/daily-general-summary').set(headers)).body.totals;
    expect(after).toMatchObject({
      invoices: before.invoices,
      total: before.total,
      paid: before.paid,
      by_method: before.by_method['1'] === undefined ? { '1': 0 } : before.by_method,
    });
    const month = (await t.http.get('/api/merchant/reports/monthly-general-summary').set(headers)).body
      .totals;
    expect(month.total).toBe(before.total);

    // once only; and a cancelled invoice takes no credit note
    const again = await cancel(issued.body.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('sales.invoice_already_cancelled');
    const credit = await t.http
      .post(`/api/merchant/invoices/${issued.body.id}/credit-notes`)
      .set(bearer(uae))
      .send({ reason: 'Refund', payments: [{ method: PaymentMethod.cash, amount: '80.00' }] });
    expect(credit.status).toBe(409);
    expect(credit.body.message).toBe('sales.invoice_cancelled');
  });

  it("gives back what the invoice did to its customer: loyalty points, invoice count and type, the reports' figures", async () => {
    const settings = await t.http.get('/api/merchant/settings/invoice').set(bearer(uae));
    const on = await t.http
      .put('/api/merchant/settings/invoice')
      .set(bearer(uae))
      .send({ ...settings.body, loyalty_enabled: true });
    expect(on.status).toBe(200);
    const customer = await t.http
      .post('/api/merchant/customers')
      .set(bearer(uae))
      .send({ name: 'Reem', mobile: '+971501110001' });
    expect(customer.status).toBe(201);
    const employee = await t.http
      .post('/api/merchant/employees')
      .set(bearer(uae))
      .send({ name_en: 'Lina', name_ar: 'لينا', commission_percentage: '10' });
    const read = async (path: string) => (await t.http.get(`/api/merchant/${path}`).set(await fresh())).body;
    const activities = async () => (await read('reports/acitivities-report')).totals;
    const before = await activities();
    const issued = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(uae))
      .send({
        customer_id: customer.body.id,
        lines: [{ kind: 'service', item_id: service, employee_id: employee.body.id }],
        payments: [{ method: PaymentMethod.cash, amount: '80.00' }],
      });
    expect(issued.status).toBe(201);
    expect(issued.body.loyalty_points).toBe(80);
    expect(await read(`customers/${customer.body.id}`)).toMatchObject({
      invoices_count: 1,
      type: 'new',
      loyalty_points: 80,
    });
    expect((await activities()).sales - before.sales).toBe(8000);

    expect((await cancel(issued.body.id)).status).toBe(200);
    const card = await read(`customers/${customer.body.id}`);
    expect(card).toMatchObject({
      invoices_count: 0,
      last_invoice_date: null,
      // back to a customer without invoices, who joined today
      type: 'new',
      loyalty_points: 0,
    });
    const loyalty = await read(`customers/${customer.body.id}/loyalty`);
    expect(loyalty.movements.map((m: { kind: string; points: number }) => [m.kind, m.points])).toEqual([
      ['cancelled', -80],
      ['earned', 80],
    ]);
    expect(await activities()).toEqual(before);
    const month = issued.body.business_date?.slice(0, 7);
    const history = await read(`reports/historical-data-for-customers-types${month ? `?from=${month}` : ''}`);
    const customers = await read('customers?range=[0,999]');
    const last = history.rows[history.rows.length - 1];
    expect(last.new).toBe(customers.filter((c: { type: string }) => c.type === 'new').length);
    expect(last.missed).toBe(customers.filter((c: { type: string }) => c.type === 'missed').length);
  });

  it('refuses an invoice that sold a product with the message of doc2 §8.2, and writes nothing', async () => {
    const issued = await issue([{ kind: 'product', item_id: product }], '20.00');
    const before = await t.eventCount();
    const res = await cancel(issued.body.id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('sales.cannot_cancel_invoice');
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses an invoice with VAT (the Saudi demo salon) and one with a credit note on it', async () => {
    const owner = await t.signIn(OWNER);
    const [invoice] = (await t.http.get('/api/merchant/invoices').set(bearer(owner))).body;
    expect(invoice.vat).toBeGreaterThan(0);
    const res = await cancel(invoice.id, { reason: 'Mistake' }, owner);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('sales.cannot_cancel_invoice');

    const issued = await issue([{ kind: 'service', item_id: service }], '80.00');
    const credited = await t.http
      .post(`/api/merchant/invoices/${issued.body.id}/credit-notes`)
      .set(bearer(uae))
      .send({ reason: 'Refund', payments: [{ method: PaymentMethod.cash, amount: '80.00' }] });
    expect(credited.status).toBe(201);
    const after = await cancel(issued.body.id);
    expect(after.status).toBe(422);
    expect(after.body.message).toBe('sales.cancel_after_credit');
  });

  it('asks for the reason, on its field', async () => {
    const issued = await issue([{ kind: 'service', item_id: service }], '80.00');
    const res = await cancel(issued.body.id, {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ reason: 'validation.is_required' });
  });

  it('keeps cancelling to those who sell (403) and answers 404 for an invoice of another salon', async () => {
    const owner = await t.signIn(OWNER);
    const issued = await issue([{ kind: 'service', item_id: service }], '80.00');
    const other = await cancel(issued.body.id, { reason: 'Not mine' }, owner);
    expect(other.status).toBe(404);
    // a user of the UAE salon who may see invoices (14) but not sell (13)
    const role = await t.http
      .post('/api/merchant/roles')
      .set(bearer(uae))
      .send({ name: 'invoice reader', permissions: [Permission.viewInvoices] });
    expect(role.status).toBe(201);
    const employee = await t.http
      .post('/api/merchant/employees')
      .set(bearer(uae))
      .send({ name_en: 'Dana', name_ar: 'دانة', joining_date: '2026-11-01' });
    const login = await t.http
      .post(`/api/merchant/employees/${employee.body.id}/login`)
      .set(bearer(uae))
      .send({
        username: 'dana',
        email: 'dana@other.example',
        password: 'Dana12345',
        role_id: role.body.id,
      });
    expect(login.status).toBe(200);
    const auditor = await t.signIn({ accountId: 2, username: 'dana', password: 'Dana12345' });
    const refused = await cancel(issued.body.id, { reason: 'No right' }, auditor);
    expect(refused.status).toBe(403);
    expect(
      (await t.http.get(`/api/merchant/invoices/${issued.body.id}`).set(await fresh(auditor))).body.state,
    ).toBe('paid');
  });

  it('answers a retried cancel (same Idempotency-Key) with the first reply, writing nothing more', async () => {
    const issued = await issue([{ kind: 'service', item_id: service }], '80.00');
    const key = `cancel-${Date.now()}`;
    const first = await cancel(issued.body.id, { reason: 'Twice clicked' }, uae, key);
    expect(first.status).toBe(200);
    const count = await t.eventCount();
    const again = await cancel(issued.body.id, { reason: 'Twice clicked' }, uae, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await t.eventCount()).toBe(count);
  });
});
