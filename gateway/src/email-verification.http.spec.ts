import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

const A_EMAIL = 'owner@demosalon.example';
const B = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

/**
 * A new e-mail address counts (sign-in by e-mail, reset mail, uniqueness) only once its owner follows
 * the link sent to it: another salon's owner cannot take someone's address, nor learn whether it exists.
 */
describe('e-mail addresses are verified before they count', () => {
  let t: TestApp;
  let b: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    b = await t.signIn(B);
  }, 60_000);
  afterAll(() => t.close());

  const byEmail = (email: string, password: string) =>
    t.http.post('/api/merchant/login').send({ email, password, force: true });
  const profile = (token: string, email: string) =>
    t.http.put('/api/merchant/profile').set(bearer(token)).send({ name: 'Other Owner', email, locale: 'en' });

  it("B's owner setting her e-mail to A's owner's address changes nothing for A and tells B nothing", async () => {
    const taken = await profile(b, A_EMAIL);
    const free = await profile(b, 'nobody-at-all@example.com');
    // the same answer for an address in use elsewhere and an unknown one
    for (const res of [taken, free]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email_verified: false, message: 'auth.verify_link_sent' });
    }
    await profile(b, A_EMAIL);
    await t.http
      .get('/api/merchant/customers')
      .set({ ...bearer(b), 'X-Min-Position': String(await t.eventCount()) });
    // A still signs in by e-mail (was 422 auth.email_in_several_accounts)
    const a = await byEmail(A_EMAIL, OWNER.password);
    expect(a.status).toBe(200);
    expect(a.body.user).toMatchObject({ account_id: 1, username: 'owner' });
    // B cannot sign in with the address she has not verified
    expect((await byEmail(A_EMAIL, B.password)).status).toBe(401);
    // the link went to the address itself, not to B
    expect(await t.linkTo(A_EMAIL, 'verify-email')).toBeDefined();
  });

  it('follows the link: the new address counts from then on, and the old one no longer does', async () => {
    const before = await byEmail('owner@otherspa.example', B.password);
    expect(before.status).toBe(200);
    b = before.body.api_token;
    const changed = await profile(b, 'hessa@otherspa.example');
    expect(changed.body).toMatchObject({ email: 'hessa@otherspa.example', email_verified: false });
    await t.http
      .get('/api/merchant/customers')
      .set({ ...bearer(b), 'X-Min-Position': String(await t.eventCount()) });
    // not yet verified: the address verified before still counts
    expect((await byEmail('hessa@otherspa.example', B.password)).status).toBe(401);
    expect((await byEmail('owner@otherspa.example', B.password)).status).toBe(200);

    expect((await t.http.post('/api/merchant/verify_email').send({ token: 'made-up' })).status).toBe(404);
    const token = (await t.linkTo('hessa@otherspa.example', 'verify-email'))!;
    const verified = await t.http.post('/api/merchant/verify_email').send({ token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: 'auth.email_verified', email: 'hessa@otherspa.example' });
    await t.http
      .get('/api/merchant/customers')
      .set({ ...bearer(b), 'X-Min-Position': verified.headers['x-position'] });
    expect((await byEmail('hessa@otherspa.example', B.password)).status).toBe(200);
    expect((await byEmail('owner@otherspa.example', B.password)).status).toBe(401);
    // a link is good once
    expect((await t.http.post('/api/merchant/verify_email').send({ token })).status).toBe(404);
  });

  it("an employee's login address given by the salon counts once she follows its link", async () => {
    const owner = await t.signIn(OWNER);
    const h = { ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) };
    const roles = await t.http.get('/api/merchant/roles').set(h);
    const added = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Lina', name_ar: 'لينا', joining_date: '2026-11-01' });
    // another salon's address, typed by this salon
    await t.http.post(`/api/merchant/employees/${added.body.id}/login`).set(bearer(owner)).send({
      username: 'lina',
      email: 'hessa@otherspa.example',
      password: 'Lina12345',
      role_id: roles.body[0].id,
    });
    await t.http
      .get('/api/merchant/roles')
      .set({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
    const hessa = await byEmail('hessa@otherspa.example', B.password);
    expect(hessa.status).toBe(200);
    expect(hessa.body.user.account_id).toBe(2);
    expect((await byEmail('hessa@otherspa.example', 'Lina12345')).status).toBe(401);
    // the account ID and username work from the start
    expect(
      (
        await t.http
          .post('/api/merchant/login')
          .send({ accountId: 1, username: 'lina', password: 'Lina12345' })
      ).status,
    ).toBe(200);
  });
});
