import { addDays, instantAt, PaymentMethod, weekdayOf } from '@rawnaq/contracts';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

describe('deposits over HTTP (issue 11)', () => {
  let t: TestApp;
  let owner: string;
  let visit: string | undefined;
  let pedicure: { id: string; price_minor: number };
  let customer: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const get = async (path: string) =>
      (await t.http.get(`/api/merchant/${path}`).query({ range: '[0,99]' }).set(bearer(owner))).body;
    pedicure = (await get('services')).find((s: { name_en: string }) => s.name_en === 'Pedicure');
    const stylists = (await get('employees')).filter((e: { is_owner?: boolean }) => !e.is_owner);
    customer = (await get('customers'))[2].id;
    const info = await t.http.post('/api/merchant/get_global_informations').set(bearer(owner));
    // a visit on the next open day (not a Friday), in the first free hour of a stylist there
    let day = addDays(info.body.global_informations.today, 2);
    if (weekdayOf(day) === 5) day = addDays(day, 1);
    const refusals: string[] = [];
    for (const time of ['10:00', '12:00', '14:00', '16:00', '18:00', '20:00'])
      for (const stylist of stylists) {
        if (visit) break;
        const booked = await t.http
          .post('/api/merchant/appointments')
          .set(bearer(owner))
          .send({
            customer_id: customer,
            lines: [
              {
                service_id: pedicure.id,
                employee_id: stylist.id,
                start: instantAt(day, `${time}:00`, 'Asia/Riyadh'),
              },
            ],
          });
        if (booked.status === 201) visit = booked.body.id;
        else refusals.push(booked.body.message);
      }
    if (!visit) throw new Error(`no free hour on ${day}: ${refusals.join(', ')}`);
  }, 60_000);
  afterAll(async () => t?.close());

  const take = (body: object, id = visit, key?: string) => {
    const req = t.http.post(`/api/merchant/appointments/${id}/deposits`).set(bearer(owner));
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });

  it('takes a deposit before the visit: any method but the wallet, a card with its code, once per key', async () => {
    const before = await t.eventCount();
    expect((await take({ method: PaymentMethod.wallet, amount: '50' })).body.errors).toEqual({
      method: 'deposits.not_from_wallet',
    });
    expect((await take({ method: PaymentMethod.credit_card, amount: '50' })).body.errors).toEqual({
      authorization_code: 'sales.authorization_code_required',
    });
    expect(
      (await take({ method: PaymentMethod.cash, amount: '50' }, '8b6f9b4e-7c1a-4a57-9d1e-2f6c2b1f0a11'))
        .status,
    ).toBe(404);
    expect(await t.eventCount()).toBe(before);

    const first = await take({ method: PaymentMethod.cash, amount: '50.00' }, visit, 'dep-1');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      appointment_id: visit,
      customer_id: customer,
      payment: { method: 1, amount: 5000 },
    });
    expect((await take({ method: PaymentMethod.cash, amount: '50.00' }, visit, 'dep-1')).body).toEqual(
      first.body,
    );
    const second = await take({
      method: PaymentMethod.debit_card,
      amount: '20.00',
      authorization_code: 'D1',
    });
    expect(second.status).toBe(201);

    const listed = await t.http.get(`/api/merchant/appointments/${visit}/deposits`).set(await fresh());
    expect(listed.body.map((d: { amount: number; status: string }) => [d.amount, d.status])).toEqual([
      [5000, 'active'],
      [2000, 'active'],
    ]);
    const payments = await t.http
      .get('/api/merchant/payments')
      .query({ filter: JSON.stringify({ customer_id: customer }), range: '[0,199]' })
      .set(await fresh());
    expect(payments.body.filter((p: { source: number }) => p.source === 1)).toHaveLength(2);

    const page = await t.http.get(`/api/public/e-deposit/${first.body.unique_id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ amount: 5000, status: 'active', salon: { name_en: 'Demo Salon' } });
    expect(page.body.visit.booking_no).toEqual(expect.any(Number));
  });

  it('cancels a deposit once and only once', async () => {
    const listed = await t.http.get(`/api/merchant/appointments/${visit}/deposits`).set(await fresh());
    const card = listed.body[1];
    const cancel = () =>
      t.http
        .post(`/api/merchant/appointments/${visit}/deposits/${card.deposit_id}/cancel`)
        .set(bearer(owner))
        .send({ reason: 'Customer asked' });
    expect((await cancel()).status).toBe(200);
    const again = await cancel();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('deposits.already_cancelled');
    const unknown = await t.http
      .post(`/api/merchant/appointments/${visit}/deposits/nope/cancel`)
      .set(bearer(owner))
      .send({});
    expect(unknown.status).toBe(404);
    const after = await t.http.get(`/api/merchant/appointments/${visit}/deposits`).set(await fresh());
    expect(after.body.map((d: { status: string }) => d.status)).toEqual(['active', 'cancelled']);
    const payment = await t.http
      .get('/api/merchant/payments')
      .query({ filter: JSON.stringify({ customer_id: customer }), range: '[0,199]' })
      .set(await fresh());
    // the deposit was taken (its payment stands); giving it back is a refund of its own, money going out
    expect(payment.body.find((p: { id: string }) => p.id === card.deposit_id)).toMatchObject({
      status: 1,
      source: 1,
      amount: 2000,
      given_back_at: expect.any(String),
    });
    expect(payment.body.find((p: { id: string }) => p.id === `${card.deposit_id}-back`)).toMatchObject({
      status: 1,
      source: 1,
      kind: 'deposit_refund',
      amount: -2000,
      method: card.method,
    });
    const day = await t.http.get('/api/merchant/reports/daily-general-summary').set(await fresh());
    expect(day.body.totals).toMatchObject({ deposits: 7000, deposits_cancelled: 2000 });
  });
});
