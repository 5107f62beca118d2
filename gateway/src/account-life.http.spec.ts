import { addDays, today } from '@rawnaq/contracts';
import { bearer, MANAGER, startTestApp, type TestApp } from './testing/test-app.test-support';

const DAY = 86_400_000;

/**
 * Issue 27, a salon account's life over HTTP: a visitor asks for a free trial and confirms her
 * e-mail, the manager approves it (the salon opens on a 7-day trial, its owner chooses her password
 * from the mailed link), the trial ends on a test clock and the till refuses, the manager renews,
 * disables and enables it; another request is rejected and cannot be approved.
 */
describe("a salon account's life: free trial, trial's end, renewal, disabled", () => {
  let t: TestApp;
  let manager: string;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  beforeAll(async () => {
    t = await startTestApp({ clock });
    manager = await t.signIn(MANAGER, 'manager');
  }, 120_000);
  afterAll(() => t.close());

  const fresh = async (token: string) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const request = {
    name_en: 'Lulu Salon',
    name_ar: 'صالون لولو',
    owner_name: 'Lulu',
    email: 'lulu@lulu.example',
    mobile: '0501234567',
    country_id: 1,
    city: 'Riyadh',
  };
  let ip = 0;
  const visitor = () => ({ 'X-Forwarded-For': `198.51.100.${++ip}` });
  const ask = (body: object) => t.http.post('/api/public/free-trial-requests').set(visitor()).send(body);
  const verifyLink = async (email: string) => {
    const text = (await t.mailTo(email)) ?? '';
    const [, requestId, token] = /\/free-trial\/verify\/([\w-]+)\/([\w-]+)/.exec(text) ?? [];
    return { requestId, token };
  };
  const list = async (name: string) =>
    (await t.http.get(`/api/manager/merchants/${name}`).set(await fresh(manager))).body as Array<
      Record<string, unknown>
    >;

  let requestId: string;
  let owner: string;
  let accountId: number;
  const customer = (n: number) => ({ name: `Customer ${n}`, mobile: `05012300${10 + n}` });

  it('refuses a free-trial request with its wrong fields named, and keeps nothing', async () => {
    const before = await t.eventCount();
    const bad = await ask({ ...request, name_en: '', email: 'not-mail', mobile: '12', country_id: 9 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['country_id', 'email', 'mobile', 'name_en']);
    expect(bad.body.errors.email).toBe('validation.is_email_field');
    expect(await t.eventCount()).toBe(before);
  });

  it('records the request, waiting for the e-mail link, which the manager cannot approve yet', async () => {
    const res = await ask(request);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('trial.request_sent');
    const link = await verifyLink(request.email);
    requestId = link.requestId;
    expect(requestId).toBe(res.body.id);
    const pending = await list('trial-requests');
    expect(pending).toEqual([
      expect.objectContaining({ id: requestId, state: 'waiting_verification', mobile: '+966501234567' }),
    ]);
    expect(pending[0].token_hash).toBeUndefined();
    // the same address cannot ask twice while its request is pending
    expect((await ask(request)).body.errors).toEqual({ email: 'trial.email_in_use' });
    const early = await t.http
      .post(`/api/manager/trial-requests/${requestId}/approve`)
      .set(bearer(manager))
      .send({});
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('trial.not_verified');
    // a wrong token confirms nothing
    const wrong = await t.http
      .post('/api/public/free-trial-requests/verify')
      .set(visitor())
      .send({ request_id: requestId, token: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    const ok = await t.http
      .post('/api/public/free-trial-requests/verify')
      .set(visitor())
      .send({ request_id: requestId, token: link.token });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('trial.email_verified');
    expect(await list('trial-requests')).toEqual([expect.objectContaining({ state: 'requested' })]);
  });

  it('approves: the salon opens on a 7-day trial and its owner sets her password from the mail', async () => {
    const res = await t.http
      .post(`/api/manager/trial-requests/${requestId}/approve`)
      .set(bearer(manager))
      .send({});
    expect(res.status).toBe(200);
    const validTill = addDays(today(clock.now(), 'Asia/Riyadh'), 7);
    expect(res.body).toMatchObject({ state: 'approved', alias: 'lulusalon', valid_till: validTill });
    accountId = res.body.account_id as number;
    const again = await t.http
      .post(`/api/manager/trial-requests/${requestId}/approve`)
      .set(bearer(manager))
      .send({});
    expect(again.body.message).toBe('trial.already_approved');

    const token = await t.linkTo(request.email, 'reset-password');
    expect(token).toBeDefined();
    const set = await t.http
      .post('/api/merchant/reset_password')
      .send({ token, password: 'Lulu12345', password_confirmation: 'Lulu12345' });
    expect(set.status).toBe(200);
    owner = await t.signIn({ accountId, username: 'owner', password: 'Lulu12345' });
    expect((await t.http.post('/api/merchant/customers').set(bearer(owner)).send(customer(1))).status).toBe(
      201,
    );
    expect(await list('trial-merchants')).toEqual([
      expect.objectContaining({
        account_id: accountId,
        plan: 'trial',
        valid_till: validTill,
        state: 'trial',
      }),
    ]);
    // the audit trail of the decision: each transition an event
    const types = (await t.allEvents()).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'FreeTrialRequested',
        'FreeTrialEmailVerified',
        'FreeTrialApproved',
        'TrialStarted',
      ]),
    );
  });

  it("lists the trial salon among the trials, not on the manager's active salons", async () => {
    const accounts = async (state: string) =>
      (
        await t.http
          .get('/api/manager/accounts')
          .query({ filter: JSON.stringify({ state }) })
          .set(await fresh(manager))
      ).body as Array<{ account_id: number; state: string }>;
    expect((await accounts('trial')).map((a) => a.account_id)).toContain(accountId);
    const active = await accounts('active');
    expect(active.map((a) => a.account_id)).not.toContain(accountId);
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((a) => a.state === 'active')).toBe(true);
  });

  it('once valid till has passed, the salon reads and signs in but neither sells nor books; its pages say it is closed', async () => {
    offset = 8 * DAY;
    // eight days idle end every session: both sign in again
    manager = await t.signIn(MANAGER, 'manager');
    owner = await t.signIn({ accountId, username: 'owner', password: 'Lulu12345' });
    const sell = await t.http.post('/api/merchant/customers').set(bearer(owner)).send(customer(2));
    expect(sell.status).toBe(403);
    expect(sell.body).toEqual({ message: 'account.expired', errors: {} });
    const invoice = await t.http.post('/api/merchant/invoices').set(bearer(owner)).send({});
    expect(invoice.body.message).toBe('account.expired');
    // the online pages book nothing, and say so
    const booking = await t.http.post('/api/public/salons/lulusalon/bookings').send({});
    expect(booking.status).toBe(403);
    expect(booking.body.message).toBe('account.expired');
    expect((await t.http.get('/api/public/salons/lulusalon')).body.closed).toBe('account.expired');
    // signing in and reading stay open, nothing is deleted
    owner = await t.signIn({ accountId, username: 'owner', password: 'Lulu12345' });
    const customers = await t.http.get('/api/merchant/customers').set(await fresh(owner));
    expect(customers.status).toBe(200);
    expect(customers.body).toHaveLength(1);
    const info = await t.http.post('/api/merchant/get_global_informations').set(await fresh(owner));
    expect(info.body.global_informations.account).toMatchObject({ account_state: 'expired', plan: 'trial' });
    expect((await list('expired-merchants')).map((a) => a.account_id)).toEqual([accountId]);
    expect(await list('trial-merchants')).toEqual([]);
  });

  it('renewed to a plan, it sells again within its plan’s employees; disabled, it stops; enabled, it goes on', async () => {
    const past = await t.http
      .post(`/api/manager/accounts/${accountId}/renew`)
      .set(bearer(manager))
      .send({ plan: 'basic', valid_till: '2020-01-01' });
    expect(past.body.errors).toEqual({ valid_till: 'account.valid_till_past' });
    const validTill = addDays(today(clock.now(), 'Asia/Riyadh'), 365);
    const renewed = await t.http
      .post(`/api/manager/accounts/${accountId}/renew`)
      .set(bearer(manager))
      .send({ plan: 'basic', valid_till: validTill, max_employees: 2 });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ plan: 'basic', valid_till: validTill, disabled: false });
    expect((await t.http.post('/api/merchant/customers').set(bearer(owner)).send(customer(3))).status).toBe(
      201,
    );
    expect((await list('active-merchants')).map((a) => a.account_id)).toContain(accountId);
    // the plan's employees: the owner and one more
    await list('active-merchants');
    const first = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Sara', name_ar: 'سارة' });
    expect(first.status).toBe(201);
    await t.http.get('/api/merchant/employees').set(await fresh(owner));
    const second = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Mona', name_ar: 'منى' });
    expect(second.body).toEqual({ message: 'staff.employee_limit_reached', errors: {} });

    const noReason = await t.http
      .post(`/api/manager/accounts/${accountId}/disable`)
      .set(bearer(manager))
      .send({});
    expect(noReason.body.errors).toEqual({ reason: 'validation.is_required' });
    const disabled = await t.http
      .post(`/api/manager/accounts/${accountId}/disable`)
      .set(bearer(manager))
      .send({ reason: 'unpaid invoice' });
    expect(disabled.status).toBe(200);
    const refused = await t.http.post('/api/merchant/customers').set(bearer(owner)).send(customer(4));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('account.disabled');
    owner = await t.signIn({ accountId, username: 'owner', password: 'Lulu12345' });
    expect(await list('disabled-merchants')).toEqual([
      expect.objectContaining({ account_id: accountId, disabled_reason: 'unpaid invoice' }),
    ]);
    const enabled = await t.http
      .post(`/api/manager/accounts/${accountId}/enable`)
      .set(bearer(manager))
      .send({ reason: 'paid' });
    expect(enabled.status).toBe(200);
    expect((await t.http.post('/api/merchant/customers').set(bearer(owner)).send(customer(4))).status).toBe(
      201,
    );
    // the demo salon, which has no plan, was never stopped
    expect((await list('active-merchants')).map((a) => a.account_id)).toEqual([1, accountId]);
  });

  it('rejects a request with a reason; a rejected request cannot be approved', async () => {
    await ask({ ...request, email: 'nour@nour.example', name_en: 'Nour' });
    const { requestId: other } = await verifyLink('nour@nour.example');
    const noReason = await t.http
      .post(`/api/manager/trial-requests/${other}/reject`)
      .set(bearer(manager))
      .send({});
    expect(noReason.body.errors).toEqual({ reason: 'validation.is_required' });
    const rejected = await t.http
      .post(`/api/manager/trial-requests/${other}/reject`)
      .set(bearer(manager))
      .send({ reason: 'not a salon' });
    expect(rejected.status).toBe(200);
    const approve = await t.http
      .post(`/api/manager/trial-requests/${other}/approve`)
      .set(bearer(manager))
      .send({});
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe('trial.rejected_cannot_be_approved');
    expect(await list('rejected-merchants')).toEqual([
      expect.objectContaining({ id: other, reason: 'not a salon', state: 'rejected' }),
    ]);
    expect(await list('all-merchants-requests')).toHaveLength(2);
    // a list's name is one of the lists, never a property every object has
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const res = await t.http.get(`/api/manager/merchants/${name}`).set(bearer(manager));
      expect([name, res.status, res.body.message]).toEqual([name, 404, 'not_found.page']);
    }
    // a merchant's token opens none of the manager's lists or decisions
    expect((await t.http.get('/api/manager/merchants/trial-requests').set(bearer(owner))).status).toBe(401);
    expect(
      (await t.http.post(`/api/manager/trial-requests/${other}/approve`).set(bearer(owner)).send({})).status,
    ).toBe(401);
  });

  it('a request whose link expired unfollowed is no longer pending: its address asks again', async () => {
    const lost = { ...request, email: 'huda@huda.example', name_en: 'Huda' };
    expect((await ask(lost)).status).toBe(201);
    const first = await verifyLink(lost.email);
    const pendingNow = async () =>
      (await t.http.get('/api/manager/dashboard/figures').set(await fresh(manager))).body.salons
        .requests_pending as number;
    expect((await list('trial-requests')).map((r) => r.id)).toEqual([first.requestId]);
    expect(await pendingNow()).toBe(1);
    // within the link's 24 hours the address is held by its request
    offset += 23 * 3_600_000;
    expect((await ask(lost)).body.errors).toEqual({ email: 'trial.email_in_use' });
    // the mail never arrived and the link lapsed: nothing holds the address any more
    offset += 2 * 3_600_000;
    manager = await t.signIn(MANAGER, 'manager'); // a day idle ended her session
    expect(await list('trial-requests')).toEqual([]);
    expect(await pendingNow()).toBe(0);
    // the list of every request says why it waits for nothing
    expect(await list('all-merchants-requests')).toContainEqual(
      expect.objectContaining({ id: first.requestId, state: 'link_expired' }),
    );
    const again = await ask(lost);
    expect(again.status).toBe(201);
    const second = await verifyLink(lost.email);
    expect(second.requestId).toBe(again.body.id);
    expect(second.requestId).not.toBe(first.requestId);
    const late = await t.http
      .post('/api/public/free-trial-requests/verify')
      .set(visitor())
      .send({ request_id: first.requestId, token: first.token });
    expect(late.status).toBe(404);
    const ok = await t.http
      .post('/api/public/free-trial-requests/verify')
      .set(visitor())
      .send({ request_id: second.requestId, token: second.token });
    expect(ok.status).toBe(200);
    expect((await list('trial-requests')).map((r) => r.id)).toEqual([second.requestId]);
  });

  it('answers 429 to a flood of requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await t.http
            .post('/api/public/free-trial-requests')
            .set({ 'X-Forwarded-For': '203.0.113.99' })
            .send({})
        ).status,
      );
    expect(statuses.slice(0, 5).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
