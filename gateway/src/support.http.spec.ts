import {
  bearer,
  MANAGER,
  OWNER,
  RECEPTION,
  startTestApp,
  type TestApp,
} from './testing/test-app.test-support';

/**
 * Issue 27, support: the manager signs in as a salon's owner (a session of its own, recorded under the
 * manager's name, which the owner sees and may forbid), mails the owner a password link, and hands the
 * owner account to a new owner when the salon changes hands.
 */
describe("platform support on a salon's owner account", () => {
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
  const info = async (token: string) =>
    t.http.post('/api/merchant/get_global_informations').set(await fresh(token));
  let support: string;

  it('refuses without a reason, for an unknown salon, and to a salon user', async () => {
    const before = await t.eventCount();
    const bare = await t.http.post('/api/manager/accounts/1/support-session').set(bearer(manager)).send({});
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual({ reason: expect.any(String) });
    const unknown = await t.http
      .post('/api/manager/accounts/999/support-session')
      .set(bearer(manager))
      .send({ reason: 'Help' });
    expect(unknown.status).toBe(404);
    const asSalon = await t.http
      .post('/api/manager/accounts/1/support-session')
      .set(bearer(owner))
      .send({ reason: 'Help' });
    expect(asSalon.status).toBe(401);
    expect(await t.eventCount()).toBe(before);
  });

  it("opens a support session beside the owner's own, which says whose it is", async () => {
    const res = await t.http
      .post('/api/manager/accounts/1/support-session')
      .set(bearer(manager))
      .send({ reason: 'Setting up VAT with her on the phone' });
    expect(res.status).toBe(201);
    support = res.body.api_token;
    expect(res.body.user).toMatchObject({ username: 'owner', support_by: { name: expect.any(String) } });
    const seen = await info(support);
    expect(seen.status).toBe(200);
    expect(seen.body.auth.support_by).toEqual(expect.objectContaining({ name: expect.any(String) }));
    // her own session is untouched
    const hers = await info(owner);
    expect(hers.status).toBe(200);
    expect(hers.body.auth).toMatchObject({ support_by: null, is_owner: true, support_allowed: true });
  });

  it("records what support does under the manager's name, and the sign-in in the owner's audit log", async () => {
    const made = await t.http
      .post('/api/merchant/customers')
      .set(bearer(support))
      .send({ name: 'Called in by support', mobile: '0509876543' });
    expect(made.status).toBe(201);
    const log = await t.http
      .get('/api/merchant/audit-log')
      .query({ filter: JSON.stringify({ entity_id: made.body.id }) })
      .set({ ...bearer(owner), 'X-Min-Position': made.headers['x-position'] });
    expect(log.body[0]).toMatchObject({ actor_kind: 'manager' });
    const security = await t.http
      .get('/api/merchant/audit-log')
      .query({ filter: JSON.stringify({ type: 'SupportSignedIn' }) })
      .set(await fresh(owner));
    expect(security.body).toEqual([
      expect.objectContaining({
        category: 'security',
        changed: expect.objectContaining({ support_reason: 'Setting up VAT with her on the phone' }),
      }),
    ]);
    // the recorded session is its hash only
    expect(JSON.stringify(security.body)).not.toContain(support);
  });

  it('lets only the owner herself, in her own session, forbid it; then it ends and is refused', async () => {
    const bad = await t.http.put('/api/merchant/support-access').set(bearer(owner)).send({ allowed: 'no' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['allowed']);
    const reception = await t.signIn(RECEPTION);
    expect(
      (await t.http.put('/api/merchant/support-access').set(bearer(reception)).send({ allowed: false }))
        .status,
    ).toBe(403);
    expect(
      (await t.http.put('/api/merchant/support-access').set(bearer(support)).send({ allowed: false })).status,
    ).toBe(403);
    const forbid = await t.http
      .put('/api/merchant/support-access')
      .set(bearer(owner))
      .send({ allowed: false });
    expect(forbid.status).toBe(200);
    expect((await info(support)).status).toBe(401);
    expect((await info(owner)).body.auth.support_allowed).toBe(false);
    const again = await t.http
      .post('/api/manager/accounts/1/support-session')
      .set(await fresh(manager))
      .send({ reason: 'Help' });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('support.sign_in_forbidden');
    await t.http.put('/api/merchant/support-access').set(bearer(owner)).send({ allowed: true });
    const allowed = await t.http
      .post('/api/manager/accounts/1/support-session')
      .set(await fresh(manager))
      .send({ reason: 'Help again' });
    expect(allowed.status).toBe(201);
    // signing out of the support session leaves hers alone
    expect(
      (await t.http.post('/api/merchant/logout').set(bearer(allowed.body.api_token))).status,
    ).toBeLessThan(300);
    expect((await info(allowed.body.api_token)).status).toBe(401);
    expect((await info(owner)).status).toBe(200);
  });

  it('mails the owner a password link, once a minute at most', async () => {
    const res = await t.http.post('/api/manager/accounts/1/owner-password-reset').set(bearer(manager));
    expect(res.status).toBe(200);
    expect(await t.linkTo('owner@demosalon.example', 'reset-password')).toMatch(/^[\w-]{40,}$/);
    const again = await t.http.post('/api/manager/accounts/1/owner-password-reset').set(bearer(manager));
    expect(again.status).toBe(409);
  });

  it('hands the owner account to a new owner: the previous one is out, the new one chooses her password', async () => {
    const bad = await t.http
      .put('/api/manager/accounts/1/owner')
      .set(bearer(manager))
      .send({ name: '', email: 'nope', reason: '' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name', 'reason']);
    const res = await t.http
      .put('/api/manager/accounts/1/owner')
      .set(bearer(manager))
      .send({ name: 'Hessa Al-Mutairi', email: 'hessa@new-owner.example', reason: 'The salon was sold' });
    expect(res.status).toBe(200);
    expect((await info(owner)).status).toBe(401);
    const old = await t.http.post('/api/merchant/login').send({ ...OWNER, force: true });
    expect(old.status).toBe(401);
    const token = (await t.linkTo('hessa@new-owner.example', 'reset-password'))!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const reset = await t.http
      .post('/api/merchant/reset_password')
      .send({ token, password: 'Hessa12345', password_confirmation: 'Hessa12345' });
    expect(reset.status).toBe(200);
    const hers = await t.signIn({ accountId: 1, username: 'owner', password: 'Hessa12345' });
    const seen = await info(hers);
    expect(seen.body.auth).toMatchObject({ name: 'Hessa Al-Mutairi', email: 'hessa@new-owner.example' });
  });
});
