import { hashToken } from '@rawnaq/platform';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** A clock the test moves: the app's sign-ins and its token checks both read it. */
const clock = { at: Date.parse('2026-11-25T06:00:00.000Z'), now: () => new Date(clock.at) };
const minutes = (n: number) => (clock.at += n * 60_000);
const hours = (n: number) => minutes(n * 60);

describe('sessions end after an idle time and a maximum lifetime the platform sets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  }, 60_000);
  afterAll(() => t.close());

  const use = async (token: string) =>
    (
      await t.http
        .get('/api/merchant/customers')
        .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) })
    ).status;
  const signIn = (force = false) => t.http.post('/api/merchant/login').send({ ...OWNER, force });

  it('keeps a front desk signed in through a working day, and ends a session unused for 12 hours', async () => {
    const token = (await signIn(true)).body.api_token as string;
    // a day at the desk: used now and then, with the long afternoon break
    for (const gap of [2, 3, 4, 3]) {
      hours(gap);
      expect(await use(token)).toBe(200);
    }
    // idle time counts from the last use, not from the sign-in
    hours(11);
    minutes(59);
    expect(await use(token)).toBe(200);
    hours(12);
    minutes(1);
    const expired = await t.http.get('/api/merchant/customers').set(bearer(token));
    expect([expired.status, expired.body.message]).toEqual([401, 'auth.session_expired']);
    // the ended session is no "other session" to ask about: signing in again just works
    const again = await signIn();
    expect(again.status).toBe(200);
  });

  it("reads a session's last activity once a minute at most, and still sees what another server recorded", async () => {
    const token = (await signIn(true)).body.api_token as string;
    const models = t.app.readModels;
    const reads = jest.spyOn(models, 'getSide');
    try {
      // a busy desk: many requests in the same minute read the stored activity once
      hours(1);
      for (let i = 0; i < 5; i++) expect(await use(token)).toBe(200);
      expect(reads.mock.calls.filter(([collection]) => collection === 'session_activity')).toHaveLength(1);
      // another server of the platform served this session an hour before the 12 hours run out here
      hours(11);
      await models.putSide('session_activity', { id: hashToken(token), at: clock.at }, clock.at);
      hours(1);
      minutes(1);
      // what this process saw 12 hours ago is not taken for the last activity: the session lives
      expect(await use(token)).toBe(200);
    } finally {
      reads.mockRestore();
    }
  });

  it('ends any session 7 days after its sign-in, however much it is used', async () => {
    const token = (await signIn(true)).body.api_token as string;
    for (let h = 0; h < 7 * 24 - 6; h += 6) {
      hours(6);
      expect(await use(token)).toBe(200);
    }
    hours(5);
    minutes(59);
    expect(await use(token)).toBe(200);
    minutes(2);
    expect(await use(token)).toBe(401);
  });

  it('follows the times the platform manager sets, checked and kept', async () => {
    const manager = (await t.http.post('/api/manager/login').send({ ...MANAGER, force: true })).body
      .api_token;
    const bad = await t.http
      .put('/api/manager/platform-settings/platform')
      .set(bearer(manager))
      .send({ sign_in_block_minutes: 15, session_idle_minutes: 2, session_max_hours: 'soon' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['session_idle_minutes', 'session_max_hours']);
    const set = await t.http
      .put('/api/manager/platform-settings/platform')
      .set(bearer(manager))
      .send({ sign_in_block_minutes: 15, session_idle_minutes: 30, session_max_hours: 2 });
    expect(set.status).toBe(200);
    const read = await t.http
      .get('/api/manager/platform-settings/platform')
      .set({ ...bearer(manager), 'X-Min-Position': set.headers['x-position'] });
    expect(read.body).toEqual({
      id: 'platform',
      sign_in_block_minutes: 15,
      session_idle_minutes: 30,
      session_max_hours: 2,
      // the payment gateway's defaults share the record, at theirs
      gateway_fee_fils: 100,
      gateway_payment_minutes: 20,
    });

    const token = (await signIn(true)).body.api_token as string;
    minutes(29);
    expect(await use(token)).toBe(200);
    minutes(31);
    expect(await use(token)).toBe(401);
    const second = (await signIn()).body.api_token as string;
    for (let i = 0; i < 4; i++) {
      minutes(29);
      expect(await use(second)).toBe(200);
    }
    minutes(5);
    expect(await use(second)).toBe(401);
  });
});
