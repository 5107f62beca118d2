import { PaymentMethod, Permission } from '@rawnaq/contracts';
import { BUSINESS_BUYER } from './testing/buyer.test-support';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

describe('held invoices over HTTP (issue 11)', () => {
  let t: TestApp;
  let owner: string;
  let services: Record<string, { id: string }>;
  let products: Record<string, { id: string; quantity: number }>;
  let customer: { id: string; name: string };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const get = async (path: string) =>
      (await t.http.get(`/api/merchant/${path}`).query({ range: '[0,99]' }).set(bearer(owner))).body;
    services = Object.fromEntries((await get('services')).map((s: { name_en: string }) => [s.name_en, s]));
    products = Object.fromEntries((await get('products')).map((p: { name_en: string }) => [p.name_en, p]));
    [customer] = await get('customers');
  }, 60_000);
  afterAll(async () => t?.close());

  const post = (path: string, body: object, token = owner, key?: string) =>
    t.http
      .post(`/api/merchant/${path}`)
      .set({ ...bearer(token), ...(key && { 'Idempotency-Key': key }) })
      .send(body);
  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const basket = () => ({
    customer_id: customer.id,
    lines: [
      { kind: 'service', item_id: services['Haircut'].id },
      { kind: 'product', item_id: products['Hair serum'].id },
    ],
    discount: '5.00',
    notes: 'Back after lunch',
  });

  it("finds the demo salon's basket on hold, with its customer, lines and notes", async () => {
    const list = await t.http
      .get('/api/merchant/held-invoices')
      .query({ filter: '{"status":"on_hold"}' })
      .set(bearer(owner));
    expect(list.body).toEqual([
      expect.objectContaining({
        status: 'on_hold',
        customer_id: expect.any(String),
        notes: 'Comes back after her nails are dry',
        held_by_name: 'Sara Al-Otaibi',
      }),
    ]);
    expect(list.body[0].lines.map((l: { name_en: string }) => l.name_en)).toEqual(['Blow dry', 'Hair serum']);
  });

  it('holds a basket with who and when, no number, no payment, no stock moved; lists it on hold', async () => {
    const stockBefore = (
      await t.http.get(`/api/merchant/products/${products['Hair serum'].id}`).set(bearer(owner))
    ).body.quantity;
    const invoicesBefore = (
      await t.http.get('/api/merchant/invoices').query({ range: '[0,0]' }).set(bearer(owner))
    ).body[0].number;
    const res = await post('held-invoices', basket());
    expect(res.status).toBe(201);
    // (100 + 85 - 5) x 1.15 = 207.00
    expect(res.body).toMatchObject({
      status: 'on_hold',
      customer_id: customer.id,
      customer_name: customer.name,
      discount: 500,
      total: 20700,
      notes: 'Back after lunch',
      held_by: expect.any(String),
      held_at: expect.any(String),
    });
    expect(
      res.body.lines.map((l: { name_en: string; unit_price: number }) => [l.name_en, l.unit_price]),
    ).toEqual([
      ['Haircut', 10000],
      ['Hair serum', 8500],
    ]);
    expect(res.body.number).toBeUndefined();
    const headers = await fresh();
    const list = await t.http
      .get('/api/merchant/held-invoices')
      .query({ filter: '{"status":"on_hold"}' })
      .set(headers);
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      id: res.body.id,
      status: 'on_hold',
      held_by_name: 'Sara Al-Otaibi',
    });
    const one = await t.http.get(`/api/merchant/held-invoices/${res.body.id}`).set(headers);
    expect(one.body).toMatchObject({ id: res.body.id, total: 20700 });
    expect(
      (await t.http.get(`/api/merchant/products/${products['Hair serum'].id}`).set(headers)).body.quantity,
    ).toBe(stockBefore);
    expect(
      (await t.http.get('/api/merchant/invoices').query({ range: '[0,0]' }).set(headers)).body[0].number,
    ).toBe(invoicesBefore);
  });

  it('refuses a basket with nothing in it or unknown items, each on its field, and writes nothing', async () => {
    const before = await t.eventCount();
    const empty = await post('held-invoices', { lines: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ lines: 'sales.at_least_one_line' });
    const unknown = await post('held-invoices', {
      customer_id: '0193a000-0000-7000-8000-00000000ffff',
      lines: [
        { kind: 'service', item_id: '0193a000-0000-7000-8000-00000000fffe' },
        { kind: 'product', item_id: products['Hair serum'].id, discount: '500.00' },
      ],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      customer_id: 'not_found.customer',
      'lines.0.item_id': 'not_found.service',
    });
    const tooMuch = await post('held-invoices', {
      lines: [{ kind: 'product', item_id: products['Hair serum'].id, discount: '500.00' }],
    });
    expect(tooMuch.body.errors).toEqual({ 'lines.0.discount': 'sales.discount_above_amount' });
    expect(await t.eventCount()).toBe(before);
  });

  it('keeps holding and cancelling to the "hold invoice" right (403), and the lists to those who sell', async () => {
    const reception = await t.signIn(RECEPTION);
    // her role gives the right; once the owner takes it from the role, she holds nothing
    expect((await post('held-invoices', basket(), reception)).status).toBe(201);
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    const role = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    const taken = await t.http
      .put(`/api/merchant/roles/${role.id}`)
      .set(bearer(owner))
      .send({
        name: role.name,
        permissions: role.permissions.filter((p: number) => p !== Permission.holdInvoice),
      });
    expect(taken.status).toBe(200);
    const held = await post('held-invoices', basket(), reception);
    expect(held.status).toBe(403);
    expect(held.body.message).toBe('sales.hold_needs_right');
    const mine = await post('held-invoices', basket());
    const cancel = await post(`held-invoices/${mine.body.id}/cancel`, {}, reception);
    expect(cancel.status).toBe(403);
    // the receptionist sells, so she sees what is on hold
    expect((await t.http.get('/api/merchant/held-invoices').set(await fresh(reception))).status).toBe(200);
  });

  it('answers a retried hold (same Idempotency-Key) with the first reply, holding once', async () => {
    const key = `hold-${Date.now()}`;
    const first = await post('held-invoices', basket(), owner, key);
    const count = await t.eventCount();
    const again = await post('held-invoices', basket(), owner, key);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await t.eventCount()).toBe(count);
  });

  it('issues a resumed basket and closes the held one in the same command; never twice', async () => {
    const held = await post('held-invoices', basket());
    const issue = () =>
      post('invoices', {
        ...basket(),
        held_invoice_id: held.body.id,
        payments: [{ method: PaymentMethod.cash, amount: '207.00' }],
      });
    const issued = await issue();
    expect(issued.status).toBe(201);
    expect(issued.body.total).toBe(20700);
    const shown = await t.http.get(`/api/merchant/held-invoices/${held.body.id}`).set(await fresh());
    expect(shown.body).toMatchObject({
      status: 'issued',
      invoice_id: issued.body.id,
      invoice_number: issued.body.number,
    });
    const before = await t.eventCount();
    const twice = await issue();
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      message: 'sales.held_invoice_issued',
      errors: { held_invoice_id: 'sales.held_invoice_issued' },
      params: { number: issued.body.number },
    });
    expect(await t.eventCount()).toBe(before);
    const cancel = await post(`held-invoices/${held.body.id}/cancel`, {});
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('sales.held_invoice_issued');
  });

  const buyer = BUSINESS_BUYER;

  it('keeps the business buyer of a basket for its standard invoice; a malformed one is refused on its field', async () => {
    const held = await post('held-invoices', { ...basket(), buyer });
    expect(held.status).toBe(201);
    expect(held.body.buyer).toEqual(buyer);
    const shown = await t.http.get(`/api/merchant/held-invoices/${held.body.id}`).set(await fresh());
    expect(shown.body).toMatchObject({ status: 'on_hold', buyer });
    const before = await t.eventCount();
    const wrong = await post('held-invoices', { ...basket(), buyer: { ...buyer, vat_number: '12345' } });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['buyer.vat_number']);
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses a business buyer on the basket of a salon outside Saudi Arabia, writing nothing', async () => {
    await t.openOtherSalon();
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    const before = await t.eventCount();
    const res = await post(
      'held-invoices',
      { lines: [{ kind: 'service', item_id: services['Haircut'].id }], buyer },
      other,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.buyer).toBe('sales.buyer_saudi_only');
    expect(await t.eventCount()).toBe(before);
  });

  it('cancels a held basket once: it leaves the on-hold list and cannot be issued', async () => {
    const held = await post('held-invoices', basket());
    const cancel = await post(`held-invoices/${held.body.id}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ id: held.body.id, status: 'cancelled' });
    const headers = await fresh();
    const onHold = await t.http
      .get('/api/merchant/held-invoices')
      .query({ filter: '{"status":"on_hold"}' })
      .set(headers);
    expect(onHold.body.map((h: { id: string }) => h.id)).not.toContain(held.body.id);
    const shown = await t.http.get(`/api/merchant/held-invoices/${held.body.id}`).set(headers);
    expect(shown.body).toMatchObject({ status: 'cancelled', cancelled_by: expect.any(String) });
    const again = await post(`held-invoices/${held.body.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('sales.held_invoice_cancelled');
    const before = await t.eventCount();
    const issued = await post('invoices', {
      ...basket(),
      held_invoice_id: held.body.id,
      payments: [{ method: PaymentMethod.cash, amount: '207.00' }],
    });
    expect(issued.status).toBe(409);
    expect(issued.body.errors).toEqual({ held_invoice_id: 'sales.held_invoice_cancelled' });
    expect(await t.eventCount()).toBe(before);
  });

  it('answers 404 for a held invoice that does not exist', async () => {
    const missing = '0193a000-0000-7000-8000-00000000fffd';
    expect((await post(`held-invoices/${missing}/cancel`, {})).status).toBe(404);
    expect((await t.http.get(`/api/merchant/held-invoices/${missing}`).set(bearer(owner))).status).toBe(404);
    const issued = await post('invoices', {
      ...basket(),
      held_invoice_id: missing,
      payments: [{ method: PaymentMethod.cash, amount: '207.00' }],
    });
    expect(issued.status).toBe(404);
  });
});
