import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * The lock screen and a change of password ask for the password again: wrong tries there count with
 * the sign-in failures of the same name from the same address, so a token left open is no way round
 * the limit on guesses.
 */
describe('wrong passwords on the lock screen and in change_password count with the sign-in failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const signIn = async (ip: string) => {
    const res = await t.http
      .post('/api/merchant/login')
      .set('X-Forwarded-For', ip)
      .send({ ...OWNER, force: true });
    expect(res.status).toBe(200);
    return res.body.api_token as string;
  };

  it('pauses the lock screen after 5 wrong passwords: the right one is refused, and so is sign-in', async () => {
    const ip = '10.31.0.1';
    const token = await signIn(ip);
    const unlock = (password: string) =>
      t.http.post('/api/merchant/unlock').set(bearer(token)).set('X-Forwarded-For', ip).send({ password });
    const first = await unlock('guess-0');
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({
      message: 'auth.wrong_credentials_remaining',
      params: { remaining: 4 },
      errors: { password: 'auth.wrong_credentials' },
    });
    for (let i = 1; i < 4; i++) expect((await unlock(`guess-${i}`)).status).toBe(422);
    const fifth = await unlock('guess-4');
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('auth.sign_in_paused');
    expect((await unlock(OWNER.password)).status).toBe(429);
    const login = await t.http
      .post('/api/merchant/login')
      .set('X-Forwarded-For', ip)
      .send({ ...OWNER, force: true });
    expect([login.status, login.body.message]).toEqual([403, 'auth.sign_in_paused']);
    // the session itself stands (a 401 would sign her out)
    expect((await t.http.get('/api/merchant/customers').set(bearer(token))).status).toBe(200);
  });

  it("counts change_password's wrong current passwords, and those after a wrong sign-in", async () => {
    const ip = '10.31.0.2';
    const token = await signIn(ip);
    // a wrong sign-in first: the same name from the same address
    await t.http
      .post('/api/merchant/login')
      .set('X-Forwarded-For', ip)
      .send({ accountId: 1, username: 'OWNER', password: 'nope' });
    const change = (current: string) =>
      t.http
        .post('/api/merchant/change_password')
        .set(bearer(token))
        .set('X-Forwarded-For', ip)
        .send({ current_password: current, password: 'Better12345', password_confirmation: 'Better12345' });
    const wrong = await change('guess-1');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      errors: { current_password: 'auth.current_password_incorrect' },
      params: { remaining: 3 },
    });
    for (let i = 2; i < 4; i++) expect((await change(`guess-${i}`)).status).toBe(422);
    expect((await change('guess-4')).status).toBe(429);
    expect((await change(OWNER.password)).status).toBe(429);
    // from another address the owner can still change it
    const elsewhere = await t.http
      .post('/api/merchant/change_password')
      .set(bearer(token))
      .set('X-Forwarded-For', '10.31.0.3')
      .send({
        current_password: OWNER.password,
        password: 'Better12345',
        password_confirmation: 'Better12345',
      });
    expect(elsewhere.status).toBe(200);
  });
});
