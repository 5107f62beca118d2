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
});
