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
  const agent = { name: 'Noura (support)', email: 'noura@platform.example', password: 'Support@123' };
  let agentId: string;

  it('adds a support agent with her areas, refusing a second one with the same e-mail and a weak password', async () => {
    const added = await t.http
      .post('/api/manager/platform-staff')
      .set(bearer(manager))
      .send({ ...agent, areas: ['merchants', 'trackers'] });
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
      .send({ name: 'X', email: 'x@platform.example', password: 'short', areas: ['nope'] });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['areas.0', 'password']);
    const listed = (await t.http.get('/api/manager/platform-staff').set(await fresh(manager))).body as Array<
      Record<string, unknown>
    >;
    expect(listed.find((s) => s.id === agentId)).toEqual(
      expect.objectContaining({ areas: ['merchants', 'trackers'], status: 1 }),
    );
    expect(JSON.stringify(listed)).not.toContain('password');
  });

  it('lets her open only her areas: 403 on accounting and settings, her areas in her information', async () => {
    const token = await t.signIn({ email: agent.email, password: agent.password }, 'manager');
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

  it('does not let a manager disable herself', async () => {
    const me = (await t.http.post('/api/manager/get_global_informations').set(bearer(manager))).body.auth.id;
    const res = await t.http.post(`/api/manager/platform-staff/${me}/disable`).set(bearer(manager));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('platform_staff.not_yourself');
  });
});
