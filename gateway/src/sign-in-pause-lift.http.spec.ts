import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

describe("a salon's owner lifts a sign-in pause on her own staff, and only theirs", () => {
  let t: TestApp;
  let owner: string;
  let maha: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const staff = await t.http.get('/api/merchant/employees').query({ range: '[0,99]' }).set(bearer(owner));
    maha = staff.body.find((e: { name_en: string }) => e.name_en === 'Maha Al-Harbi').id;
    await t.openOtherSalon();
  }, 60_000);
  afterAll(async () => t?.close());

  const login = (body: object, ip: string) =>
    t.http.post('/api/merchant/login').set('X-Forwarded-For', ip).send(body);
  const mistype = async (ip: string, who: { accountId: number; username: string }, times = 5) => {
    for (let i = 0; i < times; i++) await login({ ...who, password: `wrong-${i}-pass` }, ip);
  };
  const fresh = async (token: string) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const pauses = async (token: string, employee = maha) =>
    t.http.get(`/api/merchant/employees/${employee}/sign-in-pauses`).set(await fresh(token));
  const lift = (token: string, employee = maha) =>
    t.http.delete(`/api/merchant/employees/${employee}/sign-in-pauses`).set(bearer(token));

  it('shows the pause on her staff member and lifts it: she signs in again from there, with an event', async () => {
    const ip = '10.7.0.1';
    await mistype(ip, { accountId: 1, username: 'Reception' });
    const paused = await login({ ...RECEPTION, force: true }, ip);
    expect(paused.status).toBe(403);
    expect(paused.body.message).toBe('auth.sign_in_paused');

    const shown = await pauses(owner);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual([
      { id: expect.any(String), ip, blocked_at: expect.any(String), blocked_until: expect.any(String) },
    ]);

    const before = await t.eventCount();
    const lifted = await lift(owner);
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ id: maha, lifted: 1 });
    expect((await login({ ...RECEPTION, force: true }, ip)).status).toBe(200);
    const written = (await t.allEvents()).filter((e) => Number(e.position) > before);
    expect(written.map((e) => [e.type, e.metadata.tenantId, e.metadata.actor])).toEqual(
      expect.arrayContaining([
        ['SignInPauseLifted', 'platform', { kind: 'user', id: '0193a000-0000-7000-8000-000000000011' }],
        ['UserSignInPauseLifted', '1', { kind: 'user', id: '0193a000-0000-7000-8000-000000000011' }],
      ]),
    );
    expect((await pauses(owner)).body).toEqual([]);
    // nothing left to lift: nothing written
    const count = await t.eventCount();
    expect((await lift(owner)).body).toEqual({ id: maha, lifted: 0 });
    expect(await t.eventCount()).toBe(count);
    // the salon's audit log says who lifted it
    const audit = await t.http
      .get('/api/merchant/audit-log')
      .query({ filter: JSON.stringify({ type: 'UserSignInPauseLifted' }) })
      .set(await fresh(owner));
    expect(audit.body).toEqual([expect.objectContaining({ type: 'UserSignInPauseLifted' })]);
  });

  it('needs the right over logins: the receptionist and the manager cannot lift it', async () => {
    const ip = '10.7.0.2';
    await mistype(ip, { accountId: 1, username: 'reception' });
    for (const who of [RECEPTION, { accountId: 1, username: 'manager', password: 'Demo@12345' }]) {
      const token = await t.signIn(who);
      expect((await lift(token)).status).toBe(403);
      expect((await pauses(token)).status).toBe(403);
    }
    expect((await login({ ...RECEPTION, force: true }, ip)).status).toBe(403);
  });

  it("never lifts another salon's pause, nor a block of the whole address", async () => {
    const ip = '10.7.0.3';
    await mistype(ip, { accountId: 1, username: 'reception' });
    await mistype(ip, { accountId: 2, username: 'other-owner' });
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    // the demo's employee is not found from the other salon, and nothing is lifted
    expect((await lift(other)).status).toBe(404);
    expect((await pauses(other)).status).toBe(404);
    expect((await login({ ...RECEPTION, force: true }, ip)).status).toBe(403);
    // the demo's owner lifts her receptionist's pauses (from here, and the one of the test before);
    // the other salon's owner stays paused here
    expect((await lift(owner)).body.lifted).toBe(2);
    expect((await login({ ...RECEPTION, force: true }, ip)).status).toBe(200);
    const still = await login(
      { accountId: 2, username: 'other-owner', password: 'Other@12345', force: true },
      ip,
    );
    expect(still.status).toBe(403);

    // an address blocked for every name (many names mistyped) waits for the platform
    const office = '10.7.0.4';
    for (let i = 0; i < 20; i++)
      await login({ accountId: 1, username: `nobody${i}`, password: 'x-wrong-1' }, office);
    expect((await login({ ...RECEPTION, force: true }, office)).status).toBe(403);
    expect((await lift(owner)).body.lifted).toBe(0);
    expect((await login({ ...RECEPTION, force: true }, office)).status).toBe(403);
  });
});
