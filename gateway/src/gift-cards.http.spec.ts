import { PaymentMethod } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

describe('gift cards over HTTP (issue 11)', () => {
  let t: TestApp;
  let owner: string;
  let service: { id: string };
  let amal: string;
  let other: string;
  let card: { id: string; code: string; unique_id: string };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const get = async (path: string) =>
      (await t.http.get(`/api/merchant/${path}`).query({ range: '[0,99]' }).set(bearer(owner))).body;
    service = (await get('services')).find((s: { offer_price?: string | null }) => !s.offer_price);
    const customers = await get('customers');
    [amal, other] = customers.map((c: { id: string }) => c.id);
  }, 60_000);
  afterAll(async () => t?.close());

  const issue = (body: object, token = owner) =>
    t.http.post('/api/merchant/invoices').set(bearer(token)).send(body);
  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const cardOf = async (id: string) =>
    (await t.http.get(`/api/merchant/gift-cards/${id}`).set(await fresh())).body;

  it('sells a gift card on an invoice of its own, not subject to VAT, valid a year, with its e-gift page', async () => {
    const mixed = await issue({
      customer_id: amal,
      lines: [
        { kind: 'gift_card', price: '200' },
        { kind: 'service', item_id: service.id },
      ],
      payments: [],
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors).toMatchObject({ 'lines.1.kind': 'gift_cards.sold_alone' });
    const noValue = await issue({ customer_id: amal, lines: [{ kind: 'gift_card' }], payments: [] });
    expect(noValue.body.errors).toMatchObject({ 'lines.0.price': 'gift_cards.value_required' });

    const sold = await issue({
      customer_id: other,
      lines: [{ kind: 'gift_card', price: '200.00', beneficiary_id: amal, message: 'Happy birthday!' }],
      payments: [{ method: PaymentMethod.cash, amount: '200.00' }],
    });
    expect(sold.status).toBe(201);
    expect(sold.body).toMatchObject({ net: 20000, vat: 0, total: 20000 });
    expect(sold.body.lines[0]).toMatchObject({ kind: 'gift_card', vat_category: 'O', vat: 0 });
    card = await cardOf(sold.body.lines[0].item_id);
    expect(card).toMatchObject({
      card_type: 0,
      value: 20000,
      remaining: 20000,
      status: 'active',
      customer_id: amal,
      buyer_id: other,
      invoice_id: sold.body.id,
      message: 'Happy birthday!',
    });
    expect(card.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const today = (card as unknown as { business_date: string }).business_date;
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    expect((card as unknown as { expires_on: string }).expires_on < nextYear).toBe(true);

    const page = await t.http.get(`/api/public/e-gift/${card.unique_id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ code: card.code, value: 20000, remaining: 20000, status: 'active' });
    expect(page.body.salon.name_en).toBeTruthy();
    expect(page.body).not.toHaveProperty('tenantId');
    expect((await t.http.get('/api/public/e-gift/nope-not-a-card-1234')).status).toBe(404);
  });

  it('spends a card in part then in full: its holder only, never more than is left, the rest paid', async () => {
    // the service with 15 % VAT
    const total = Math.round(((service as unknown as { price_minor: number }).price_minor * 115) / 100);
    const amount = (minor: number) => (minor / 100).toFixed(2);
    const before = await t.eventCount();
    const stranger = await issue({
      customer_id: other,
      lines: [{ kind: 'service', item_id: service.id }],
      gift_cards: [{ code: card.code, amount: '10.00' }],
      payments: [{ method: PaymentMethod.cash, amount: amount(total - 1000) }],
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual({ 'gift_cards.0.code': 'gift_cards.other_customer' });
    const unknown = await issue({
      customer_id: amal,
      lines: [{ kind: 'service', item_id: service.id }],
      gift_cards: [{ code: 'ZZZZ-ZZZZ-ZZZZ', amount: '10.00' }],
      payments: [{ method: PaymentMethod.cash, amount: amount(total - 1000) }],
    });
    expect(unknown.body.errors).toEqual({ 'gift_cards.0.code': 'gift_cards.not_found' });
    const twice = await issue({
      customer_id: amal,
      lines: [{ kind: 'service', item_id: service.id }],
      gift_cards: [
        { code: card.code, amount: '1.00' },
        { code: card.code.toLowerCase().replace(/-/g, ' '), amount: '1.00' },
      ],
      payments: [{ method: PaymentMethod.cash, amount: amount(total - 200) }],
    });
    expect(twice.body.errors).toEqual({ 'gift_cards.1.code': 'gift_cards.listed_twice' });
    expect(await t.eventCount()).toBe(before);

    // typed in lower case with spaces, it is the same card
    const part = await issue({
      customer_id: amal,
      lines: [{ kind: 'service', item_id: service.id }],
      gift_cards: [{ code: card.code.toLowerCase().replace(/-/g, ' '), amount: '50.00' }],
      payments: [{ method: PaymentMethod.cash, amount: amount(total - 5000) }],
    });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ redeemed: 5000, paid: total - 5000, owed: 0 });
    expect((await cardOf(card.id)).remaining).toBe(15000);

    const tooMuch = await issue({
      customer_id: amal,
      lines: [
        { kind: 'service', item_id: service.id },
        { kind: 'service', item_id: service.id },
      ],
      gift_cards: [{ code: card.code, amount: '150.01' }],
      payments: [],
    });
    expect(tooMuch.body).toMatchObject({
      errors: { 'gift_cards.0.amount': 'gift_cards.above_remaining' },
      params: { remaining: expect.stringContaining('150.00') },
    });
    const rest = await issue({
      customer_id: amal,
      lines: [
        { kind: 'service', item_id: service.id },
        { kind: 'service', item_id: service.id },
      ],
      gift_cards: [{ code: card.code, amount: '150.00' }],
      payments: [{ method: PaymentMethod.cash, amount: amount(2 * total - 15000) }],
    });
    expect(rest.status).toBe(201);
    const used = await cardOf(card.id);
    expect(used).toMatchObject({ remaining: 0, status: 'used' });
    expect(used.redemptions.map((r: { amount: number }) => r.amount)).toEqual([5000, 15000]);
    const again = await issue({
      customer_id: amal,
      lines: [{ kind: 'service', item_id: service.id }],
      gift_cards: [{ code: card.code, amount: '1.00' }],
      payments: [{ method: PaymentMethod.cash, amount: amount(total - 100) }],
    });
    expect(again.body.errors).toEqual({ 'gift_cards.0.code': 'gift_cards.used' });

    const lists = async (status: string) =>
      (
        await t.http
          .get('/api/merchant/gift-cards')
          .query({ filter: JSON.stringify({ status }) })
          .set(await fresh())
      ).body.map((c: { id: string }) => c.id);
    expect(await lists('used')).toContain(card.id);
    expect(await lists('active')).not.toContain(card.id);
    const bad = await t.http
      .get('/api/merchant/gift-cards')
      .query({ filter: JSON.stringify({ status: 'lost' }) })
      .set(bearer(owner));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: 'validation.invalid_value' });
  });

  it('gives a free card only with the right and the setting', async () => {
    const give = (
      token: string,
      body: object = { customer_id: amal, value: '75', message: 'Sorry for the wait' },
    ) => t.http.post('/api/merchant/gift-cards').set(bearer(token)).send(body);
    const off = await give(owner);
    expect(off.status).toBe(403);
    expect(off.body.message).toBe('gift_cards.free_needs_right');
    const settings = await t.http.get('/api/merchant/settings/invoice').set(bearer(owner));
    await t.http
      .put('/api/merchant/settings/invoice')
      .set(bearer(owner))
      .send({ ...settings.body, allow_free_gift_cards: true });
    // the receptionist may sell but has not the right to give cards away
    const reception = await t.signIn(RECEPTION);
    expect((await give(reception)).status).toBe(403);
    const zero = await give(owner, { customer_id: amal, value: '0' });
    expect(zero.body.errors).toEqual({ value: 'gift_cards.value_required' });
    const free = await give(owner);
    expect(free.status).toBe(201);
    expect(free.body).toMatchObject({ card_type: 2, value: 7500, customer_id: amal, invoice_id: null });
    const listed = await t.http
      .get('/api/merchant/gift-cards')
      .query({ filter: JSON.stringify({ card_type: 2 }) })
      .set(await fresh());
    expect(listed.body.map((c: { id: string }) => c.id)).toEqual([free.body.id]);
  });
});
