import { PaymentMethod } from '@rawnaq/contracts';
import { bearer, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon: in the UAE (5 % VAT, no reporting step), so a credit note can refund into a wallet. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

describe('wallets and receivables over HTTP (issue 11)', () => {
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
    const group = await post('service-groups', { name_en: 'Hair', name_ar: 'الشعر' });
    service = await post('services', {
      name_en: 'Blow dry',
      name_ar: 'تجفيف',
      group_id: group,
      price: '100.00',
      job_time: '30',
    });
    customer = await post('customers', { name: 'Mariam Ali', mobile: '+971501234567' });
  }, 60_000);
  afterAll(async () => t?.close());

  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const topUp = (body: object, id = customer, key?: string) => {
    const req = t.http.post(`/api/merchant/customers/${id}/wallet/top-ups`).set(bearer(owner));
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const wallet = async () =>
    (await t.http.get(`/api/merchant/customers/${customer}/wallet`).set(await fresh())).body as {
      balance: number;
      movements: Array<{ kind: string; amount: number; balance: number; invoice_number?: number }>;
    };

  it('tops up a wallet with a payment: card needs its authorization code, never from the wallet itself', async () => {
    const before = await t.eventCount();
    const noCode = await topUp({ method: PaymentMethod.credit_card, amount: '50.00' });
    expect(noCode.status).toBe(422);
    expect(noCode.body.errors).toEqual({ authorization_code: 'sales.authorization_code_required' });
    const fromItself = await topUp({ method: PaymentMethod.wallet, amount: '50.00' });
    expect(fromItself.status).toBe(422);
    expect(fromItself.body.errors).toEqual({ method: 'wallet.top_up_from_wallet' });
    const zero = await topUp({ method: PaymentMethod.cash, amount: '0' });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual({ amount: 'sales.payment_not_positive' });
    const nobody = await topUp(
      { method: PaymentMethod.cash, amount: '5' },
      '8b6f9b4e-7c1a-4a57-9d1e-2f6c2b1f0a11',
    );
    expect(nobody.status).toBe(404);
    expect(await t.eventCount()).toBe(before);

    const first = await topUp(
      { method: PaymentMethod.cash, amount: '150.00', notes: 'Birthday money' },
      customer,
      'w1',
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      amount: 15000,
      balance: 15000,
      payment: { method: 1, amount: 15000 },
    });
    // a retry with the same key gets the first reply and moves no money
    const retry = await topUp(
      { method: PaymentMethod.cash, amount: '150.00', notes: 'Birthday money' },
      customer,
      'w1',
    );
    expect(retry.body).toEqual(first.body);
    const card = await topUp({
      method: PaymentMethod.debit_card,
      amount: '25.50',
      authorization_code: 'A77',
    });
    expect(card.body).toMatchObject({ balance: 17550 });
    const w = await wallet();
    expect(w.balance).toBe(17550);
    expect(w.movements.map((m) => [m.kind, m.amount, m.balance])).toEqual([
      ['top_up', 2550, 17550],
      ['top_up', 15000, 15000],
    ]);
    // the money came in today, by method, though it is not a sale
    const day = await t.http.get('/api/merchant/reports/daily-general-summary').set(await fresh());
    expect(day.body.totals).toMatchObject({ top_ups: 17550, top_ups_by_method: { '1': 15000, '3': 2550 } });
    const payments = await t.http
      .get('/api/merchant/payments')
      .query({ filter: JSON.stringify({ customer_id: customer }) })
      .set(await fresh());
    expect(payments.body.map((p: { kind: string; amount: number }) => [p.kind, p.amount])).toEqual(
      expect.arrayContaining([
        ['wallet_top_up', 15000],
        ['wallet_top_up', 2550],
      ]),
    );
  });

  it('pays an invoice from the wallet within its balance, and refuses more without writing anything', async () => {
    // 100.00 + 5 % = 105.00
    const before = await t.eventCount();
    const tooMuch = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        customer_id: customer,
        lines: [
          { kind: 'service', item_id: service },
          { kind: 'service', item_id: service },
        ],
        payments: [{ method: PaymentMethod.wallet, amount: '210.00' }],
      });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({
      message: 'sales.wallet_balance_low',
      errors: { 'payments.0.amount': 'sales.wallet_balance_low' },
      params: { balance: expect.stringContaining('175.50') },
    });
    const walkIn = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        lines: [{ kind: 'service', item_id: service }],
        payments: [{ method: PaymentMethod.wallet, amount: '105.00' }],
      });
    expect(walkIn.status).toBe(422);
    expect(walkIn.body.errors).toMatchObject({ customer_id: 'sales.customer_required_for_wallet' });
    expect(await t.eventCount()).toBe(before);

    const paid = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        customer_id: customer,
        lines: [{ kind: 'service', item_id: service }],
        payments: [
          { method: PaymentMethod.wallet, amount: '100.00' },
          { method: PaymentMethod.cash, amount: '5.00' },
        ],
      });
    expect(paid.status).toBe(201);
    const w = await wallet();
    expect(w.balance).toBe(7550);
    expect(w.movements[0]).toMatchObject({
      kind: 'invoice',
      amount: -10000,
      balance: 7550,
      invoice_number: paid.body.number,
    });
    const card = await t.http.get(`/api/merchant/customers/${customer}`).set(await fresh());
    expect(card.body).toMatchObject({ wallet_balance: 7550, invoices_count: 1, type: 'new' });

    // a credit note may refund into the wallet
    const note = await t.http
      .post(`/api/merchant/invoices/${paid.body.id}/credit-notes`)
      .set(bearer(owner))
      .send({ reason: 'Redo', payments: [{ method: PaymentMethod.wallet, amount: '105.00' }] });
    expect(note.status).toBe(201);
    const after = await wallet();
    expect(after.balance).toBe(18050);
    expect(after.movements[0]).toMatchObject({ kind: 'refund', amount: 10500, balance: 18050 });
  });

  it('lists the customers with money in their wallet for the reminder', async () => {
    const list = await t.http.get('/api/merchant/wallet-reminder').set(await fresh());
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: customer, name: 'Mariam Ali', wallet_balance: 18050 }),
    ]);
    expect(list.headers['content-range']).toBe('wallet-reminder 0-0/1');
  });

  it('leaves an amount owed with the right and the setting, then settles it by later payments (receivable)', async () => {
    const settings = await t.http.get('/api/merchant/settings/invoice').set(bearer(owner));
    expect(
      (
        await t.http
          .put('/api/merchant/settings/invoice')
          .set(bearer(owner))
          .send({ ...settings.body, allow_debt: true })
      ).status,
    ).toBe(200);
    const owed = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        customer_id: customer,
        lines: [{ kind: 'service', item_id: service }],
        payments: [{ method: PaymentMethod.cash, amount: '40.00' }],
      });
    expect(owed.status).toBe(201);
    expect(owed.body).toMatchObject({ paid: 4000, owed: 6500 });
    const receivables = await t.http
      .get('/api/merchant/invoices')
      .query({ filter: JSON.stringify({ owed: true }) })
      .set(await fresh());
    expect(receivables.body.map((i: { id: string }) => i.id)).toEqual([owed.body.id]);

    const pay = (body: object, id = owed.body.id) =>
      t.http.post(`/api/merchant/invoices/${id}/payments`).set(bearer(owner)).send(body);
    const before = await t.eventCount();
    const above = await pay({ method: PaymentMethod.cash, amount: '70.00' });
    expect(above.status).toBe(422);
    expect(above.body).toMatchObject({
      errors: { amount: 'receivables.above_owed' },
      params: { owed: expect.stringContaining('65.00') },
    });
    const noCode = await pay({ method: PaymentMethod.credit_card, amount: '10.00' });
    expect(noCode.body.errors).toEqual({ authorization_code: 'sales.authorization_code_required' });
    expect(
      (await pay({ method: PaymentMethod.cash, amount: '10' }, '8b6f9b4e-7c1a-4a57-9d1e-2f6c2b1f0a11'))
        .status,
    ).toBe(404);
    expect(await t.eventCount()).toBe(before);

    const part = await pay({ method: PaymentMethod.wallet, amount: '15.00' });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ paid: 5500, owed: 5000 });
    expect((await wallet()).balance).toBe(16550);
    const rest = await pay({ method: PaymentMethod.credit_card, amount: '50.00', authorization_code: 'X9' });
    expect(rest.body).toMatchObject({ paid: 10500, owed: 0 });
    const again = await pay({ method: PaymentMethod.cash, amount: '1.00' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('receivables.nothing_owed');

    const invoice = await t.http.get(`/api/merchant/invoices/${owed.body.id}`).set(await fresh());
    expect(invoice.body).toMatchObject({ state: 'paid', paid: 10500, owed: 0 });
    expect(
      invoice.body.payments.map((p: { method: number; amount: number }) => [p.method, p.amount]),
    ).toEqual([
      [1, 4000],
      [10, 1500],
      [2, 5000],
    ]);
    const day = await t.http.get('/api/merchant/reports/daily-general-summary').set(await fresh());
    expect(day.body.totals).toMatchObject({ received: 6500, received_by_method: { '10': 1500, '2': 5000 } });
  });

  it('keeps wallets and receivables to those who may sell', async () => {
    const reception = await t.signIn(RECEPTION);
    // the Saudi demo's receptionist cannot reach the UAE salon's customer
    const other = await t.http.get(`/api/merchant/customers/${customer}/wallet`).set(bearer(reception));
    expect(other.status).toBe(404);
  });
});
