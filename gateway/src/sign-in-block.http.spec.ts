import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** A clock the test moves: a block's end is decided from event instants, never by a timer. */
const clock = { at: Date.parse('2026-11-25T09:00:00.000Z'), now: () => new Date(clock.at) };
const minutes = (n: number) => (clock.at += n * 60_000);

describe('a sign-in block ends by itself after the time the platform sets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  }, 60_000);
  afterAll(() => t.close());

  const login = (body: object, ip: string) =>
    t.http.post('/api/merchant/login').set('X-Forwarded-For', ip).send(body);
  const fail = async (ip: string, times: number) => {
    for (let i = 0; i < times; i++) await login({ accountId: 1, username: 'owner', password: `no-${i}` }, ip);
  };

  it('lasts 15 minutes by default: refused at 14, signed in after 15', async () => {
    const ip = '10.5.0.1';
    await fail(ip, 5);
    minutes(14);
    const still = await login({ ...OWNER, force: true }, ip);
    expect(still.status).toBe(403);
    expect(still.body).toEqual({ message: 'auth.sign_in_paused', errors: {}, params: { minutes: 1 } });
    minutes(1);
    expect((await login({ ...OWNER, force: true }, ip)).status).toBe(200);
    // the name starts afresh: a typo after the block counts from five again
    const typo = await login({ accountId: 1, username: 'owner', password: 'again' }, ip);
    expect(typo.body).toEqual({
      message: 'auth.wrong_credentials_remaining',
      errors: {},
      params: { remaining: 4 },
    });
  });

  it('lasts what the platform manager sets; the setting is checked and kept', async () => {
    const manager = await t.signIn(MANAGER, 'manager');
    const bad = await t.http
      .put('/api/manager/platform-settings/platform')
      .set(bearer(manager))
      .send({ sign_in_block_minutes: 'soon' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ sign_in_block_minutes: 'validation.should_be_a_number' });
    const set = await t.http
      .put('/api/manager/platform-settings/platform')
      .set(bearer(manager))
      .send({ sign_in_block_minutes: 40 });
    expect(set.status).toBe(200);
    const read = await t.http
      .get('/api/manager/platform-settings/platform')
      .set({ ...bearer(manager), 'X-Min-Position': set.headers['x-position'] });
    expect(read.body).toEqual({
      id: 'platform',
      sign_in_block_minutes: 40,
      session_idle_minutes: 720,
      session_max_hours: 168,
      // the payment gateway's defaults share the record, at theirs
      gateway_fee_fils: 100,
      gateway_payment_minutes: 20,
    });
    expect(
      (
        await t.http
          .put('/api/manager/platform-settings/platform')
          .set(bearer(await t.signIn(OWNER)))
          .send({})
      ).status,
    ).toBe(401);

    const ip = '10.5.0.2';
    await fail(ip, 4);
    const fifth = await login({ accountId: 1, username: 'owner', password: 'no-5' }, ip);
    expect(fifth.body).toEqual({ message: 'auth.sign_in_paused', errors: {}, params: { minutes: 40 } });
    minutes(39);
    expect((await login({ ...OWNER, force: true }, ip)).status).toBe(403);
    minutes(1);
    expect((await login({ ...OWNER, force: true }, ip)).status).toBe(200);
  });
});
