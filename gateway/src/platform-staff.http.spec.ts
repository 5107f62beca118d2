import { bearer, MANAGER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * Issue 27, `platform-setting/employees` over HTTP: the platform's staff, each with the console areas
 * her role opens. A support agent without 'accounting' gets 403 on the accounting routes, her areas
 * come with her information (the menu hides the rest), and each change is an event of the audit log.
 */
describe("the platform's staff and their roles (issue 27)", () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn(MANAGER, 'manager');
  }, 60_000);
  afterAll(() => t?.close());

  const fresh = async (token: string) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const agent = { name: 'Noura (support)', email: 'noura@platform.example' };
  const password = 'Support@123';
  let agentId: string;

  const choosePassword = async (token: string, chosen: string) =>
    t.http
      .post('/api/manager/reset_password')
      .send({ token, password: chosen, password_confirmation: chosen });

  it('adds a support agent with her areas, who chooses her own password from the mailed link, refusing a second one with the same e-mail', async () => {
    const added = await t.http
      .post('/api/manager/platform-staff')
      .set(bearer(manager))
      .send({ ...agent, locale: 'en', areas: ['merchants', 'trackers'] });
    expect(added.status).toBe(201);
    agentId = added.body.id as string;
    const again = await t.http
      .post('/api/manager/platform-staff')
      .set(await fresh(manager))
      .send({ ...agent, areas: [] });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ email: 'platform_staff.email_in_use' });
    const bad = await t.http
      .post('/api/manager/platform-staff')
      .set(bearer(manager))
      .send({ name: 'X', email: 'not-an-email', locale: 'fr', areas: ['nope'] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['areas.0', 'email', 'locale']);

    // no one typed her password: she cannot sign in until she has chosen one from her mail
    const mail = (await t.mailTo(agent.email))!;
    expect(mail).toContain('Choose your password with this link within 60 minutes');
    expect(mail).toMatch(/\/en\/manager\/reset-password\/[\w-]+/);
    const token = (await t.linkTo(agent.email, 'reset-password'))!;
    expect((await t.http.get(`/api/manager/reset_password/${token}`).set(await fresh(manager))).body).toEqual(
      {
        email: agent.email,
      },
    );
    // her link is the console's, not a salon's
    expect((await t.http.get(`/api/merchant/reset_password/${token}`)).status).toBe(404);
    expect(
      (
        await t.http
          .post('/api/merchant/reset_password')
          .send({ token, password, password_confirmation: password })
      ).status,
    ).toBe(404);
    const weak = await choosePassword(token, 'short');
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.body.errors)).toEqual(['password']);
    expect((await choosePassword(token, password)).status).toBe(200);
    // once used, the link is spent
    expect((await choosePassword(token, 'Another@123')).status).toBe(404);
    const listed = (await t.http.get('/api/manager/platform-staff').set(await fresh(manager))).body as Array<
      Record<string, unknown>
    >;
    expect(listed.find((s) => s.id === agentId)).toEqual(
      expect.objectContaining({ areas: ['merchants', 'trackers'], status: 1 }),
    );
    expect(JSON.stringify(listed)).not.toContain('password');
  });

  it('lets her open only her areas: 403 on accounting and settings, her areas in her information', async () => {
    const token = await t.signIn({ email: agent.email, password }, 'manager');
    const get = async (path: string) => (await t.http.get(path).set(await fresh(token))).status;
    expect(await get('/api/manager/merchants/trial-requests')).toBe(200);
    expect(await get('/api/manager/failed-login-attempts')).toBe(200);
    expect(await get('/api/manager/payment-gateway-fees')).toBe(403);
    expect(await get('/api/manager/platform-lists/cities')).toBe(403);
    expect(await get('/api/manager/marketing/merchants-requests')).toBe(403);
    const denied = await t.http
      .put('/api/manager/platform-records/email-setting')
      .set(bearer(token))
      .send({});
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('platform_staff.no_area');
    const info = await t.http.post('/api/manager/get_global_informations').set(bearer(token));
    expect(info.body.auth.areas).toEqual(['merchants', 'trackers']);
    // the first manager opens every area
    expect(
      (await t.http.post('/api/manager/get_global_informations').set(bearer(manager))).body.auth.areas,
    ).toBe(null);

    // given accounting, she opens it on her next request
    const changed = await t.http
      .put(`/api/manager/platform-staff/${agentId}`)
      .set(bearer(manager))
      .send({ name: agent.name, areas: ['merchants', 'trackers', 'accounting'] });
    expect(changed.status).toBe(200);
    expect(await get('/api/manager/payment-gateway-fees')).toBe(200);

    // disabled, she is signed out at her next request
    expect(
      (await t.http.post(`/api/manager/platform-staff/${agentId}/disable`).set(bearer(manager))).status,
    ).toBe(200);
    expect(await get('/api/manager/merchants/trial-requests')).toBe(401);
    const types = (await t.platform.eventStore.readAll('0', 100_000))
      .filter((e) => e.stream.endsWith(agentId))
      .map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['ManagerCreated', 'PlatformStaffChanged', 'PlatformStaffDisabled']),
    );
  });

  it('mails a manager who forgot her password a link to the console’s page, the same answer for an unknown e-mail, and a salon user’s link does not open it', async () => {
    const ask = (email: string) => t.http.post('/api/manager/forgot_password').send({ email });
    const known = await ask(MANAGER.email);
    const unknown = await ask('nobody@platform.example');
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    expect(known.body).toEqual({ message: 'auth.reset_link_sent' });
    expect((await ask('')).status).toBe(422);
    const token = (await t.linkTo(MANAGER.email, 'reset-password'))!;
    expect(await t.mailTo(MANAGER.email)).toMatch(/\/manager\/reset-password\//);
    expect((await choosePassword(token, 'Manager@New1')).status).toBe(200);
    expect((await t.http.post('/api/manager/login').send({ ...MANAGER, force: true })).status).toBe(401);
    manager = await t.signIn({ email: MANAGER.email, password: 'Manager@New1' }, 'manager');

    // a salon owner's reset link is refused by the console's reset
    await t.http.post('/api/merchant/forgot_password').send({ email: 'owner@demosalon.example' });
    const salonToken = (await t.linkTo('owner@demosalon.example', 'reset-password'))!;
    expect((await t.http.get(`/api/manager/reset_password/${salonToken}`)).status).toBe(404);
    expect((await choosePassword(salonToken, 'Owner@New12')).status).toBe(404);
  });

  it('does not let a manager disable herself', async () => {
    const me = (await t.http.post('/api/manager/get_global_informations').set(bearer(manager))).body.auth.id;
    const res = await t.http.post(`/api/manager/platform-staff/${me}/disable`).set(bearer(manager));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('platform_staff.not_yourself');
  });
});
