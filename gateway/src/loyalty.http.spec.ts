import { PaymentMethod } from '@rawnaq/contracts';
import { bearer, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon: in the UAE, so a credit note (which takes points back) needs no report first. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

describe('loyalty points over HTTP (issue 11)', () => {
  let t: TestApp;
  let owner: string;
  let service: string;
  let customer: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    owner = await t.signIn(UAE_OWNER);
    const post = async (path: string, body: object) => {
      const res = await t.http.post(`/api/merchant/${path}`).set(bearer(owner)).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    };
    const group = await post('service-groups', { name_en: 'Spa', name_ar: 'سبا' });
    service = await post('services', {
      name_en: 'Massage',
      name_ar: 'مساج',
      group_id: group,
      price: '190.48',
      job_time: '60',
    });
    customer = await post('customers', { name: 'Huda Nasser', mobile: '+971501112233' });
  }, 60_000);
  afterAll(async () => t?.close());

  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const loyalty = async () =>
    (await t.http.get(`/api/merchant/customers/${customer}/loyalty`).set(await fresh())).body as {
      points: number;
      value: number;
      rules: { enabled: boolean; min_points: number };
      movements: Array<{ kind: string; points: number; balance: number }>;
    };
  // 190.48 + 5 % VAT = 200.00 (9.524 rounded half up to 9.52)
  const massage = () =>
    t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        customer_id: customer,
        lines: [{ kind: 'service', item_id: service }],
        payments: [{ method: PaymentMethod.cash, amount: '200.00' }],
      });

  it('earns nothing while the programme is off, then a point per whole currency unit paid', async () => {
    expect((await massage()).status).toBe(201);
    expect((await loyalty()).points).toBe(0);
    const settings = await t.http.get('/api/merchant/settings/invoice').set(bearer(owner));
    // the documented defaults: 1 point per unit, a point worth 0.05, vouchers from 100 points
    expect(settings.body).toMatchObject({
      loyalty_enabled: false,
      loyalty_points_per_unit: '1',
      loyalty_point_value: '0.05',
      loyalty_min_points: '100',
    });
    const on = await t.http
      .put('/api/merchant/settings/invoice')
      .set(bearer(owner))
      .send({ ...settings.body, loyalty_enabled: true });
    expect(on.status).toBe(200);
    const sale = await massage();
    expect(sale.body.loyalty_points).toBe(200);
    const l = await loyalty();
    expect(l).toMatchObject({ points: 200, value: 1000, rules: { enabled: true, min_points: 100 } });
    const card = await t.http.get(`/api/merchant/customers/${customer}`).set(await fresh());
    expect(card.body.loyalty_points).toBe(200);

    // a credit note takes back the points its amount earned
    const note = await t.http
      .post(`/api/merchant/invoices/${sale.body.id}/credit-notes`)
      .set(bearer(owner))
      .send({ reason: 'Cut short', payments: [{ method: PaymentMethod.cash, amount: '200.00' }] });
    expect(note.status).toBe(201);
    expect((await loyalty()).points).toBe(0);
    await massage();
    await massage();
    expect((await loyalty()).points).toBe(400);
  });

  it('converts points into a loyalty voucher for the customer, from the minimum and within the balance', async () => {
    const redeem = (points: unknown) =>
      t.http.post(`/api/merchant/customers/${customer}/loyalty/redeem`).set(bearer(owner)).send({ points });
    const before = await t.eventCount();
    const few = await redeem(50);
    expect(few.status).toBe(422);
    expect(few.body).toMatchObject({ errors: { points: 'loyalty.below_minimum' }, params: { min: 100 } });
    const many = await redeem(401);
    expect(many.body).toMatchObject({ errors: { points: 'loyalty.not_enough' }, params: { balance: 400 } });
    expect(await t.eventCount()).toBe(before);

    const done = await redeem(300);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      points: 300,
      balance: 100,
      gift_card: { card_type: 1, value: 1500, customer_id: customer },
    });
    const l = await loyalty();
    expect(l.movements.map((m) => [m.kind, m.points, m.balance])).toEqual([
      ['redeemed', -300, 100],
      ['earned', 200, 400],
      ['earned', 200, 200],
      ['reversed', -200, 0],
      ['earned', 200, 200],
    ]);
    // the voucher pays like any gift card, by its holder
    const spent = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        customer_id: customer,
        lines: [{ kind: 'service', item_id: service }],
        gift_cards: [{ code: done.body.gift_card.code, amount: '15.00' }],
        payments: [{ method: PaymentMethod.cash, amount: '185.00' }],
      });
    expect(spent.status).toBe(201);
    // points for the 185.00 paid, not for the voucher
    expect(spent.body.loyalty_points).toBe(185);
  });

  it('lets only an administrator reset the points', async () => {
    const reset = (token: string) =>
      t.http
        .post(`/api/merchant/customers/${customer}/loyalty/reset`)
        .set(bearer(token))
        .send({ reason: 'Fraud' });
    const reception = await t.signIn(RECEPTION);
    // the Saudi receptionist cannot reach this salon's customer at all
    expect([403, 404]).toContain((await reset(reception)).status);
    const noReason = await t.http
      .post(`/api/merchant/customers/${customer}/loyalty/reset`)
      .set(bearer(owner))
      .send({});
    expect(noReason.status).toBe(422);
    const done = await reset(owner);
    expect(done.status).toBe(200);
    expect(done.body.balance).toBe(0);
    expect((await loyalty()).movements[0]).toMatchObject({ kind: 'reset', points: -285, balance: 0 });
  });
});
