import { createHash } from 'node:crypto';
import { addDays, lastMonths, today, type DashboardFigures } from '@rawnaq/contracts';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * Issue 27, the manager's console over HTTP: the dashboard's figures follow the salons' lives (a
 * trial requested, approved, paid; another rejected), and a salon's token never reads them.
 */
describe("the manager's console", () => {
  let t: TestApp;
  let manager: string;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn(MANAGER, 'manager');
    owner = await t.signIn(OWNER);
  }, 120_000);
  afterAll(() => t.close());

  const fresh = async (token: string) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  let ip = 0;
  const visitor = () => ({ 'X-Forwarded-For': `198.51.100.${++ip}` });
  const request = (name: string) => ({
    name_en: `${name} Salon`,
    name_ar: 'صالون',
    owner_name: name,
    email: `${name.toLowerCase()}@salon.example`,
    mobile: '0501234567',
    country_id: 1,
  });
  /** a free-trial request, its e-mail confirmed: its id */
  const verifiedRequest = async (name: string) => {
    const body = request(name);
    expect((await t.http.post('/api/public/free-trial-requests').set(visitor()).send(body)).status).toBe(201);
    const text = (await t.mailTo(body.email)) ?? '';
    const [, requestId, token] = /\/free-trial\/verify\/([\w-]+)\/([\w-]+)/.exec(text) ?? [];
    const ok = await t.http
      .post('/api/public/free-trial-requests/verify')
      .set(visitor())
      .send({ request_id: requestId, token });
    expect(ok.status).toBe(200);
    return requestId;
  };
  const figures = async () => {
    const res = await t.http.get('/api/manager/dashboard/figures').set(await fresh(manager));
    expect(res.status).toBe(200);
    return res.body as DashboardFigures;
  };

  const get = async (path: string, token = manager) =>
    t.http.get(`/api/manager/${path}`).set(await fresh(token));
  const sessionOf = (token: string) => createHash('sha256').update(token).digest('hex');

  describe('dashboard figures', () => {
    it('counts the salons by state, the requests, and twelve months of charts', async () => {
      const f = await figures();
      // the demo salon has no plan: it is active
      expect(f.salons).toEqual({
        trial: 0,
        active: 1,
        expired: 0,
        disabled: 0,
        requests_pending: 0,
        rejected: 0,
      });
      expect(f.trials).toEqual({ started: 0, converted: 0, conversion_percent: null });
      expect(f.months.map((m) => m.month)).toEqual(lastMonths(new Date()));
      expect(f.months.at(-1)!.new_salons).toBe(1);
      expect(typeof f.einvoicing_failures).toBe('number');
    });

    it('follows a trial approved then paid, and a request rejected', async () => {
      const first = await verifiedRequest('Dana');
      const second = await verifiedRequest('Huda');
      expect((await figures()).salons.requests_pending).toBe(2);
      const approved = await t.http
        .post(`/api/manager/trial-requests/${first}/approve`)
        .set(bearer(manager))
        .send({});
      expect(approved.status).toBe(200);
      const rejected = await t.http
        .post(`/api/manager/trial-requests/${second}/reject`)
        .set(bearer(manager))
        .send({ reason: 'not a salon' });
      expect(rejected.status).toBe(200);
      let f = await figures();
      expect(f.salons).toMatchObject({ trial: 1, active: 1, requests_pending: 0, rejected: 1 });
      expect(f.trials).toEqual({ started: 1, converted: 0, conversion_percent: 0 });
      expect(f.months.at(-1)).toMatchObject({ new_salons: 2, trials_started: 1, trials_converted: 0 });

      const renewed = await t.http
        .post(`/api/manager/accounts/${approved.body.account_id}/renew`)
        .set(bearer(manager))
        .send({ plan: 'basic', valid_till: addDays(today(new Date(), 'Asia/Riyadh'), 365) });
      expect(renewed.status).toBe(200);
      f = await figures();
      expect(f.salons).toMatchObject({ trial: 0, active: 2 });
      expect(f.trials).toEqual({ started: 1, converted: 1, conversion_percent: 100 });
      expect(f.months.at(-1)).toMatchObject({ trials_started: 1, trials_converted: 1 });
    });

    it("refuses a salon's token and no token", async () => {
      expect((await t.http.get('/api/manager/dashboard/figures').set(bearer(owner))).status).toBe(401);
      expect((await t.http.get('/api/manager/dashboard/figures')).status).toBe(401);
    });
  });

  describe('cross-salon lists', () => {
    it('lists every salon’s employees, newest first, with the salon’s name, paginated', async () => {
      const all = await get('employees-merchants/added-employees?range=[0,1]');
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength(2);
      const total = Number(/\/(\d+)$/.exec(all.headers['content-range'])![1]);
      expect(total).toBeGreaterThan(2);
      // the trial salon opened above (its owner's employee record) comes first, then the demo's
      expect(all.body[0]).toMatchObject({ account_id: 2, salon_en: 'Dana Salon' });
      expect(all.body[1]).toMatchObject({ account_id: 1, salon_en: expect.any(String) });
      expect(all.body[0].created_at >= all.body[1].created_at).toBe(true);
      const active = await get('employees-merchants/active-global-employees?range=[0,999]');
      const inactive = await get('employees-merchants/inactive-global-employees?range=[0,999]');
      expect(active.body.every((e: { status: number }) => e.status === 1)).toBe(true);
      expect(inactive.body.every((e: { status: number }) => e.status === 0)).toBe(true);
      expect(active.body.length + inactive.body.length).toBe(total);
      // one salon's only, by its account number; a malformed one is named
      expect((await get('employees-merchants/added-employees?filter={"tenantId":"999"}')).body).toEqual([]);
      const bad = await get('employees-merchants/added-employees?filter={"tenantId":"x"}');
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ tenantId: 'validation.invalid_value' });
    });

    it('lists every salon’s customers, newest first, with the salon’s name', async () => {
      const res = await get('customers-merchants/added-customers');
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body[0]).toMatchObject({ account_id: 1, name: expect.any(String), tenantId: '1' });
    });

    it("refuses a salon's token on every cross-salon list", async () => {
      for (const path of [
        'employees-merchants/added-employees',
        'employees-merchants/active-global-employees',
        'employees-merchants/inactive-global-employees',
        'employees-merchants/current-connections',
        'customers-merchants/added-customers',
        'system-connections',
      ])
        expect((await t.http.get(`/api/manager/${path}`).set(bearer(owner))).status).toBe(401);
    });
  });

  describe('signed-in sessions and "end session"', () => {
    it('lists the sessions signed in now; ending one refuses its next request', async () => {
      const session = sessionOf(owner);
      const current = await get('employees-merchants/current-connections');
      expect(current.status).toBe(200);
      expect(current.body).toEqual([
        expect.objectContaining({
          id: session,
          realm: 'merchant',
          account_id: 1,
          username: 'owner',
          user_name_ar: expect.stringMatching(/[\u0600-\u06FF]/),
        }),
      ]);
      const all = (await get('system-connections')).body as Array<{ id: string; realm: string }>;
      expect(all.map((s) => s.realm).sort()).toEqual(['manager', 'merchant']);
      // the manager's own session is marked: she signs out from her menu, not here
      expect(all.find((s) => s.realm === 'manager')).toMatchObject({ id: sessionOf(manager), current: true });
      expect(all.find((s) => s.realm === 'merchant')).toMatchObject({ current: false });
      // the salon's user cannot end anyone's session, her own included
      expect(
        (await t.http.post(`/api/manager/system-connections/${session}/end`).set(bearer(owner))).status,
      ).toBe(401);
      expect((await t.http.get('/api/merchant/customers').set(await fresh(owner))).status).toBe(200);

      const ended = await t.http.post(`/api/manager/system-connections/${session}/end`).set(bearer(manager));
      expect(ended.status).toBe(200);
      expect(ended.body).toEqual({ id: session, status: 'ended' });
      const next = await t.http.get('/api/merchant/customers').set(await fresh(owner));
      expect(next.status).toBe(401);
      expect(next.body.message).toBe('auth.session_ended_by_platform');
      expect((await get('employees-merchants/current-connections')).body).toEqual([]);
      const again = await t.http.post(`/api/manager/system-connections/${session}/end`).set(bearer(manager));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('auth.session_already_ended');
      expect(
        (await t.http.post(`/api/manager/system-connections/${'0'.repeat(64)}/end`).set(bearer(manager)))
          .status,
      ).toBe(404);
      expect(
        (await t.http.post('/api/manager/system-connections/not-a-session/end').set(bearer(manager))).status,
      ).toBe(404);
      // who ended it, and why, is in the log
      const out = (await t.allEvents()).filter((e) => e.type === 'SignedOut').at(-1)!;
      expect(out.data).toMatchObject({ session, reason: 'ended_by_manager' });
      expect(out.metadata.actor.kind).toBe('manager');
      // she signs in again without being asked about another session
      owner = await t.signIn(OWNER);
      expect((await t.http.get('/api/merchant/customers').set(await fresh(owner))).status).toBe(200);
    });
  });

  describe('development suggestions', () => {
    it('a salon sends one; the manager lists it with the salon, answers it; the salon reads the answer', async () => {
      const bad = await t.http
        .post('/api/merchant/development-suggestions')
        .set(bearer(owner))
        .send({ title: '' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ title: 'validation.is_required', details: 'validation.is_required' });
      const sent = await t.http
        .post('/api/merchant/development-suggestions')
        .set(bearer(owner))
        .send({ title: 'A dark theme', details: 'For the evening shift' });
      expect(sent.status).toBe(201);
      const id = sent.body.id as string;
      const listed = await get('development-suggestions');
      expect(listed.body[0]).toMatchObject({
        id,
        title: 'A dark theme',
        status: 1,
        account_id: 1,
        salon_en: expect.any(String),
        user_name: expect.any(String),
        // who sent it, in both languages (her employee record)
        sender_ar: expect.stringMatching(/[\u0600-\u06FF]/),
      });
      // another salon's token is refused on the manager's list and on the answer
      expect((await t.http.get('/api/manager/development-suggestions').set(bearer(owner))).status).toBe(401);
      expect(
        (
          await t.http
            .post(`/api/manager/development-suggestions/${id}/answer`)
            .set(bearer(owner))
            .send({ status: 3 })
        ).status,
      ).toBe(401);

      const wrong = await t.http
        .post(`/api/manager/development-suggestions/${id}/answer`)
        .set(bearer(manager))
        .send({ status: 1 });
      expect(wrong.status).toBe(422);
      expect(Object.keys(wrong.body.errors)).toEqual(['status']);
      const answered = await t.http
        .post(`/api/manager/development-suggestions/${id}/answer`)
        .set(bearer(manager))
        .send({ status: 2, reply: 'Planned for the spring release' });
      expect(answered.status).toBe(200);
      expect(answered.body).toEqual({ id, status: 2, reply: 'Planned for the spring release' });
      const unknown = await t.http
        .post('/api/manager/development-suggestions/0193a000-0000-7000-8000-0000000000ff/answer')
        .set(bearer(manager))
        .send({ status: 3 });
      expect(unknown.status).toBe(404);

      const mine = await t.http.get('/api/merchant/development-suggestions').set(await fresh(owner));
      expect(mine.body).toEqual([
        expect.objectContaining({ id, status: 2, reply: 'Planned for the spring release' }),
      ]);
      expect((await get('development-suggestions?filter={"status":3}')).body).toEqual([]);
      const out = (await t.allEvents()).filter((e) => e.type === 'DevelopmentSuggestionAnswered');
      expect(out).toHaveLength(1);
      expect(out[0].metadata).toMatchObject({ tenantId: '1', actor: { kind: 'manager' } });
    });
  });

  describe('archive database', () => {
    it("sets a salon's archive date, which its global information carries; refuses a future one; lifts it", async () => {
      const salons = await get('archive-database');
      expect(salons.status).toBe(200);
      expect(salons.body[0]).toMatchObject({ id: '1', account_id: 1, last_archive_date: null });
      const tomorrow = addDays(today(new Date(), 'Asia/Riyadh'), 1);
      const future = await t.http
        .post('/api/manager/archive-database/1')
        .set(bearer(manager))
        .send({ last_archive_date: tomorrow });
      expect(future.status).toBe(422);
      expect(future.body.errors).toEqual({ last_archive_date: 'archive.date_in_future' });
      const bad = await t.http
        .post('/api/manager/archive-database/1')
        .set(bearer(manager))
        .send({ last_archive_date: '2025-13-40' });
      expect(Object.keys(bad.body.errors)).toEqual(['last_archive_date']);
      expect(
        (await t.http.post('/api/manager/archive-database/999').set(bearer(manager)).send({})).status,
      ).toBe(404);
      expect((await t.http.post('/api/manager/archive-database/1').set(bearer(owner)).send({})).status).toBe(
        401,
      );

      const set = await t.http
        .post('/api/manager/archive-database/1')
        .set(bearer(manager))
        .send({ last_archive_date: '2025-12-31' });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ id: '1', last_archive_date: '2025-12-31' });
      expect((await get('archive-database')).body[0].last_archive_date).toBe('2025-12-31');
      const info = await t.http.post('/api/merchant/get_global_informations').set(await fresh(owner));
      expect(info.body.global_informations.account.last_archive_date).toBe('2025-12-31');
      const event = (await t.allEvents()).filter((e) => e.type === 'SalonArchiveDateSet').at(-1)!;
      expect(event.data).toEqual({ last_archive_date: '2025-12-31', previous_archive_date: null });
      expect(event.metadata).toMatchObject({ tenantId: '1', actor: { kind: 'manager' } });

      const lifted = await t.http
        .post('/api/manager/archive-database/1')
        .set(bearer(manager))
        .send({ last_archive_date: '' });
      expect(lifted.body).toEqual({ id: '1', last_archive_date: null });
    });
  });
});
