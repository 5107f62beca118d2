import { accountCode, businessDate, type RecordedEvent } from '@rawnaq/contracts';
import { paymentGatewaysFor } from '@rawnaq/command-api';
import { SIMULATOR_CARDS, SIMULATOR_CHALLENGE_CODE, type GatewayNotice } from '@rawnaq/platform';
import { simulatorCallback } from './testing/gateway.test-support';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ, workday } from './testing/dates.test-support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Service = { id: string; price_with_vat_minor: number };
type Booked = {
  payment_required: true;
  booking: { id: string; unique_id: string };
  payment: {
    unique_id: string;
    pay_url: string;
    amount: string;
    amount_minor: number;
    currency: string;
    status: number;
  };
};

describe('deposits paid online through the payment gateway (issue 12)', () => {
  let t: TestApp;
  let owner: string;
  let services: Service[];
  const fresh = async () => ({ 'X-Min-Position': String(await t.eventCount()) });
  const setOnline = async (values: Record<string, unknown>) => {
    const res = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(owner))
      .send({ alias: 'demosalon', online_booking: true, ...values });
    expect(res.status).toBe(200);
  };
  const freeStart = async (serviceIds: string[], date: string, employee?: string) => {
    const res = await t.http
      .get('/api/public/salons/demosalon/availability')
      .query({ service_ids: JSON.stringify(serviceIds), date, ...(employee && { employee_id: employee }) })
      .set(await fresh());
    return res.body as {
      visit: Array<{ start: string; lines: Array<{ employee_id: string; end: string }> }>;
      employees: Array<{ employee_id: string; starts: string[] }>;
    };
  };
  const book = (serviceIds: string[], start: string, mobile: string, employee?: string) =>
    t.http.post('/api/public/salons/demosalon/bookings').send({
      service_ids: serviceIds,
      start,
      name: 'Noura Online',
      mobile,
      language: 'ar',
      ...(employee && { employee_id: employee }),
    });
  const status = async (uniqueId: string) =>
    (await t.http.get(`/api/public/payment-gateway-status/${uniqueId}`).set(await fresh())).body;
  const pay = (payUrl: string, form: Record<string, string>) =>
    t.http
      .post(payUrl)
      .type('form')
      .send({ expiry: '12/30', cvv: '123', action: 'pay', ...form });
  const visitOf = async (id: string) =>
    (await t.http.get(`/api/merchant/appointments/${id}`).set({ ...bearer(owner), ...(await fresh()) })).body;
  const eventsSince = async (count: number): Promise<RecordedEvent[]> => (await t.allEvents()).slice(count);
  const callback = (notice: GatewayNotice, signature?: string) => simulatorCallback(t, notice, signature);

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const menu = await t.http.get('/api/public/salons/demosalon/services').set(await fresh());
    services = menu.body.groups.flatMap((g: { services: Service[] }) => g.services);
    await setOnline({ deposit_type: 'percentage', deposit_percentage: '50' });
  }, 60_000);
  afterAll(async () => t?.close());

  it('keeps the gateway’s secrets write-only: answered as set, never in an answer, an event or a read model', async () => {
    const secret = 'Tranportal-Pass-0001';
    const resourceKey = '52589146997352589146997352589146';
    const put = await t.http.put('/api/merchant/settings/payment-gateway').set(bearer(owner)).send({
      gateway: 'simulator',
      key: 'merchant-key',
      tranportal_id: 'TP42',
      secret,
      terminal_resource_key: resourceKey,
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      id: 'payment-gateway',
      gateway: 'simulator',
      key: 'merchant-key',
      tranportal_id: 'TP42',
      secret_set: true,
      terminal_resource_key_set: true,
    });
    const got = await t.http
      .get('/api/merchant/settings/payment-gateway')
      .set({ ...bearer(owner), ...(await fresh()) });
    expect(got.body).toEqual(put.body);
    // saved again without the secrets (the form never has them): they stay set
    const again = await t.http
      .put('/api/merchant/settings/payment-gateway')
      .set(bearer(owner))
      .send({ gateway: 'simulator', key: 'merchant-key-2', tranportal_id: 'TP42' });
    expect(again.body).toMatchObject({
      key: 'merchant-key-2',
      secret_set: true,
      terminal_resource_key_set: true,
    });
    const everything = JSON.stringify(await t.allEvents());
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(resourceKey);
    const changed = (await t.allEvents()).find((e) => e.type === 'PaymentGatewaySettingsChanged')!;
    expect(JSON.stringify(changed.data)).toContain('secret_sealed');
    const account = JSON.stringify(await t.app.readModels.get('accounts', changed.metadata.tenantId));
    expect(account).toContain('"tranportal_id":"TP42"');
    expect(account).not.toContain('sealed');
    const audit = await t.http.get('/api/merchant/audit-log').set({ ...bearer(owner), ...(await fresh()) });
    expect(JSON.stringify(audit.body)).not.toContain(secret);
  });

  it('asks a deposit first, and a success card records it on the visit with the platform’s 1 AED fee', async () => {
    await setOnline({ deposit_type: 'percentage', deposit_percentage: '50' });
    const two = [services[0].id, services[1].id];
    const start = (await freeStart(two, workday(2))).visit[0].start;
    const res = await book(two, start, '0551230001');
    expect(res.status).toBe(202);
    const booked = res.body as Booked;
    const total = services[0].price_with_vat_minor + services[1].price_with_vat_minor;
    expect(booked.payment.amount_minor).toBe(Math.round(total / 2));
    expect(booked.payment.pay_url).toMatch(/^\/pay\/sim\/[\w-]+\.[\w-]+$/);
    expect(await status(booked.payment.unique_id)).toMatchObject({
      status: 1,
      outcome: 'pending',
      booking: null,
    });
    // her visit holds the time while she pays
    expect((await visitOf(booked.booking.id)).status).toBe(1);

    const page = await t.http.get(booked.payment.pay_url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('dir="rtl"');
    expect(page.text).toContain(`${booked.payment.amount} SAR`);
    const before = await t.eventCount();
    const paid = await pay(booked.payment.pay_url, { card: '4000 0000 0000 0002' });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/salon/demosalon/payment-gateway-status/${booked.payment.unique_id}`);
    const after = await status(booked.payment.unique_id);
    expect(after).toMatchObject({
      status: 5,
      outcome: 'paid',
      booking: { id: booked.booking.id, unique_id: booked.booking.unique_id },
    });
    const written = (await eventsSince(before)).map((e) => e.type);
    expect(written).toEqual(expect.arrayContaining(['GatewayPaymentPaid', 'DepositTaken']));
    // the deposit on the visit: payment source 1, by card, with its e-deposit page
    const deposits = await t.http
      .get(`/api/merchant/appointments/${booked.booking.id}/deposits`)
      .set({ ...bearer(owner), ...(await fresh()) });
    expect(deposits.body).toHaveLength(1);
    expect(deposits.body[0]).toMatchObject({ amount: booked.payment.amount_minor, method: 2 });
    const eDeposit = await t.http.get(`/api/public/e-deposit/${after.deposit.unique_id}`);
    expect(eDeposit.status).toBe(200);
    expect(eDeposit.body.amount).toBe(booked.payment.amount_minor);
    // the salon's report and the manager's fees
    const report = await t.http
      .get('/api/merchant/reports/payment-gateway-payments')
      .query({ from: businessDate(new Date(), TZ), to: businessDate(new Date(), TZ), outcome: 'paid' })
      .set({ ...bearer(owner), ...(await fresh()) });
    expect(report.status).toBe(200);
    expect(report.body.rows.map((r: { unique_id: string }) => r.unique_id)).toContain(
      booked.payment.unique_id,
    );
    expect(report.body.totals).toMatchObject({ fees: 100 * report.body.totals.paid, fee_currency: 'AED' });
    const fees = await t.app.readModels.get(
      'payment_gateway_fees',
      (await eventsSince(before)).find((e) => e.type === 'GatewayPaymentPaid')!.data.payment_id as string,
    );
    expect(fees).toMatchObject({ amount: 100, currency: 'AED' });
    // the salon's books: the fee, 1 AED in riyals, an expense taken from the card money of the deposit
    const entry = await t.http
      .get(`/api/merchant/advanced-accounting/journal-entries/gateway_fee:${fees!.payment_id as string}`)
      .set({ ...bearer(owner), ...(await fresh()) });
    expect(entry.status).toBe(200);
    expect(entry.body).toMatchObject({ source_kind: 'gateway_fee', total: 102 });
    expect(entry.body.lines).toEqual([
      { account: accountCode('credit_card'), debit: 0, credit: 102 },
      { account: accountCode('gateway_fees'), debit: 102, credit: 0 },
    ]);
  });

  it('refuses a callback whose signature is not the simulator’s, and applies a genuine one once however often it comes', async () => {
    const [service] = services;
    const start = (await freeStart([service.id], workday(3))).visit[0].start;
    const booked = (await book([service.id], start, '0551230002')).body as Booked;
    const { tenantId } = (await t.allEvents()).at(-1)!.metadata;
    const paymentId = (await t.allEvents()).find(
      (e) =>
        e.type === 'GatewayPaymentStarted' &&
        (e.data as { unique_id: string }).unique_id === booked.payment.unique_id,
    )!.data.payment_id as string;
    const notice: GatewayNotice = {
      tenantId,
      paymentId,
      status: 5,
      reference: 'SIM-X',
      amount: booked.payment.amount_minor,
    };
    const count = await t.eventCount();
    const forged = await callback(notice, 'not-the-signature');
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('payments.callback_refused');
    // a signature of another notice: the status was changed in the body
    const tampered = await callback(
      notice,
      paymentGatewaysFor(t.platform.linkTokens).gateways.simulator.sign({ ...notice, status: 4 }),
    );
    expect(tampered.status).toBe(401);
    expect(await t.eventCount()).toBe(count);

    const first = await callback(notice);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 5 });
    const written = await t.eventCount();
    const repeat = await callback(notice);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ status: 5 });
    expect(await t.eventCount()).toBe(written);

    // a failure after paid: ignored, recorded once, the payment stays paid and the deposit stays
    const late = await callback({ ...notice, status: 4 });
    expect(late.body).toMatchObject({ status: 5 });
    const ignored = (await eventsSince(written)).map((e) => e.type);
    expect(ignored).toEqual(['GatewayCallbackIgnored']);
    await callback({ ...notice, status: 4 });
    expect(await t.eventCount()).toBe(written + 1);
    expect(await status(booked.payment.unique_id)).toMatchObject({ status: 5, outcome: 'paid' });
    // another amount than the one asked is not the payment's
    expect((await callback({ ...notice, amount: 1 })).status).toBe(409);
  });

  it('a declined card leaves no booking: the visit is cancelled, the time free again, and the status page says so', async () => {
    const [service] = services;
    const date = workday(4);
    const { start, lines } = (await freeStart([service.id], date)).visit[0];
    const employee = lines[0].employee_id;
    const startsOf = async () =>
      (await freeStart([service.id], date, employee)).employees.find((e) => e.employee_id === employee)
        ?.starts;
    const booked = (await book([service.id], start, '0551230003', employee)).body as Booked;
    expect(await startsOf()).not.toContain(start);
    const declined = await pay(booked.payment.pay_url, { card: SIMULATOR_CARDS.declined });
    expect(declined.status).toBe(303);
    expect(await status(booked.payment.unique_id)).toMatchObject({
      status: 4,
      outcome: 'failed',
      failed_reason: 'declined',
      booking: null,
      deposit: null,
    });
    expect((await visitOf(booked.booking.id)).status).toBe(0);
    expect(await startsOf()).toContain(start);
    const deposits = await t.http
      .get(`/api/merchant/appointments/${booked.booking.id}/deposits`)
      .set({ ...bearer(owner), ...(await fresh()) });
    expect(deposits.body).toEqual([]);
  });

  it('passes the 3-D Secure challenge with its code, and fails with a wrong one', async () => {
    const [service] = services;
    const date = workday(5);
    const { visit } = await freeStart([service.id], date);
    // two visits that do not meet (only one stylist may do the service)
    const [first] = visit;
    const second = visit.find((v) => v.start >= first.lines.at(-1)!.end)!;
    const a = (await book([service.id], first.start, '0551230004')).body as Booked;
    const challenge = await pay(a.payment.pay_url, { card: SIMULATOR_CARDS.challenge });
    expect(challenge.status).toBe(200);
    expect(challenge.text).toContain('name="code"');
    const ok = await pay(a.payment.pay_url, {
      card: SIMULATOR_CARDS.challenge,
      challenge: '1',
      code: SIMULATOR_CHALLENGE_CODE,
    });
    expect(ok.status).toBe(303);
    expect(await status(a.payment.unique_id)).toMatchObject({ status: 5 });
    const b = (await book([service.id], second.start, '0551230005')).body as Booked;
    await pay(b.payment.pay_url, { card: SIMULATOR_CARDS.challenge, challenge: '1', code: '000000' });
    expect(await status(b.payment.unique_id)).toMatchObject({ status: 3, outcome: 'failed' });
  });

  it('sends the browser back before a late callback: pending first, then paid', async () => {
    const [service] = services;
    const start = (await freeStart([service.id], workday(6))).visit[0].start;
    const booked = (await book([service.id], start, '0551230006')).body as Booked;
    const res = await pay(booked.payment.pay_url, { card: SIMULATOR_CARDS.late });
    expect(res.status).toBe(303);
    expect(await status(booked.payment.unique_id)).toMatchObject({ outcome: 'pending' });
    await sleep(3_500);
    expect(await status(booked.payment.unique_id)).toMatchObject({ status: 5, outcome: 'paid' });
  }, 15_000);

  it('gives the time back when she never pays: the payment expires (6) and the visit is cancelled', async () => {
    const [service] = services;
    const date = workday(7);
    const start = (await freeStart([service.id], date)).visit[0].start;
    const booked = (await book([service.id], start, '0551230007')).body as Booked;
    // the read side knows the payment (its status page answers) before the sweep looks for it
    expect(await status(booked.payment.unique_id)).toMatchObject({ outcome: 'pending' });
    expect(await t.app.payments.expire(new Date(Date.now() + 30 * 60_000))).toBeGreaterThan(0);
    expect(await status(booked.payment.unique_id)).toMatchObject({ status: 6, failed_reason: 'expired' });
    expect((await visitOf(booked.booking.id)).status).toBe(0);
  });

  it('books without a payment while the salon asks no deposit', async () => {
    await setOnline({ deposit_type: 'none' });
    const [service] = services;
    const start = (await freeStart([service.id], workday(8))).visit[0].start;
    const res = await book([service.id], start, '0551230008');
    expect(res.status).toBe(201);
    expect(res.body.payment_required).toBeUndefined();
    // a policy without its amount is refused on its field
    const bad = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(owner))
      .send({ alias: 'demosalon', online_booking: true, deposit_type: 'amount' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ deposit_amount: 'validation.is_required' });
  });
});
