import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** Disabling an employee, or taking her login away, ends her session and refuses her sign-in. */
describe('a disabled employee, or one whose login was taken away, is signed out and cannot sign in', () => {
  let t: TestApp;
  let owner: string;
  let roleId: string;
  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    roleId = roles.body.find((r: { name: string }) => r.name === 'receptionist').id;
  }, 60_000);
  afterAll(() => t.close());

  const employeeWithLogin = async (username: string) => {
    const added = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: username, name_ar: 'موظفة', joining_date: '2026-11-01' });
    expect(added.status).toBe(201);
    const login = await t.http
      .post(`/api/merchant/employees/${added.body.id}/login`)
      .set(bearer(owner))
      .send({ username, email: `${username}@demosalon.example`, password: 'Front12345', role_id: roleId });
    expect(login.status).toBe(200);
    return added.body.id as string;
  };
  const signIn = (username: string) =>
    t.http.post('/api/merchant/login').send({ accountId: 1, username, password: 'Front12345', force: true });

  it('disabling ends her open session (401) and refuses her sign-in; activating lets her sign in again', async () => {
    const id = await employeeWithLogin('huda');
    const token = (await signIn('huda')).body.api_token as string;
    expect((await t.http.get('/api/merchant/customers').set(await fresh(token))).status).toBe(200);

    const disabled = await t.http.post(`/api/merchant/employees/${id}/disable`).set(bearer(owner));
    expect(disabled.status).toBe(200);
    const after = await t.http
      .get('/api/merchant/customers')
      .set({ ...bearer(token), 'X-Min-Position': disabled.headers['x-position'] });
    expect(after.status).toBe(401);
    const again = await signIn('huda');
    expect([again.status, again.body.message]).toEqual([401, 'auth.user_not_active']);

    const activated = await t.http.post(`/api/merchant/employees/${id}/activate`).set(bearer(owner));
    expect(activated.status).toBe(200);
    await fresh();
    expect((await signIn('huda')).status).toBe(200);
    // the session ended by disabling stays ended
    expect((await t.http.get('/api/merchant/customers').set(await fresh(token))).status).toBe(401);
  });

  it('taking her login away ends her session, refuses her sign-in and frees the username', async () => {
    const id = await employeeWithLogin('dana');
    const token = (await signIn('dana')).body.api_token as string;
    const removed = await t.http.delete(`/api/merchant/employees/${id}/login`).set(bearer(owner));
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id, user_id: null });
    expect((await t.http.get('/api/merchant/customers').set(await fresh(token))).status).toBe(401);
    expect((await signIn('dana')).status).toBe(401);
    const list = await t.http.get('/api/merchant/employees').set(await fresh());
    expect(list.body.find((e: { id: string }) => e.id === id)).toMatchObject({ login_access: false });
    // given again, with the same username
    const login = await t.http
      .post(`/api/merchant/employees/${id}/login`)
      .set(bearer(owner))
      .send({ username: 'dana', email: 'dana@demosalon.example', password: 'Front12345', role_id: roleId });
    expect(login.status).toBe(200);
    expect((await signIn('dana')).status).toBe(200);
    // the owner's login cannot be taken away
    const ownerEmployee = list.body.find((e: { is_owner: boolean }) => e.is_owner);
    expect(
      (await t.http.delete(`/api/merchant/employees/${ownerEmployee.id}/login`).set(bearer(owner))).status,
    ).toBe(422);
  });
});
