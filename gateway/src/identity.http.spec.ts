import {
  bearer,
  MANAGER,
  OWNER,
  RECEPTION,
  startTestApp,
  type TestApp,
} from './testing/test-app.test-support';

describe('sign-in, sessions and passwords over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const login = (body: object, ip = '10.0.0.1') =>
    t.http.post('/api/merchant/login').set('X-Forwarded-For', ip).send(body);

  it('signs in by account ID and by e-mail, answering the token and the permission map', async () => {
    const byAccount = await login({ ...OWNER, force: true });
    expect(byAccount.status).toBe(200);
    expect(byAccount.body.user).toMatchObject({
      account_id: 1,
      username: 'owner',
      role: 'owner',
      permissions: { '4': [20, 21, 22, 23, 24, 25], '11': [60, 61, 62, 63, 64, 65, 66] },
    });
    expect(byAccount.headers['x-position']).toMatch(/^\d+$/);
    const byEmail = await login({ email: 'OWNER@demosalon.example', password: 'Demo@12345', force: true });
    expect(byEmail.status).toBe(200);
    const info = await t.http
      .post('/api/merchant/get_global_informations')
      .set(bearer(byEmail.body.api_token))
      .send({ userAgent: 'jest' });
    expect(info.status).toBe(200);
    expect(info.body.auth).toMatchObject({ username: 'owner', permissions: expect.any(Object) });
    expect(info.body.global_informations.account).toMatchObject({
      id: 1,
      alias: 'demosalon',
      currency: 'SAR',
      currency_decimals: 2,
      time_zone: 'Asia/Riyadh',
      vat_percentage: 15,
      wizard_progress: [
        'general-informations',
        'vat',
        'business-hours',
        'employees',
        'invoice-setting',
        'einvoicing',
        'activate-services',
      ],
      advanced_accounting_status: 2,
    });
  });

  it('says another session exists; continuing ends the earlier one (its next call gets 401)', async () => {
    const first = await login({ ...OWNER, force: true });
    const again = await login(OWNER);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'auth.another_session_exists', errors: {} });
    // the first session still works until the user chooses to continue
    expect((await t.http.get('/api/merchant/customers').set(bearer(first.body.api_token))).status).toBe(200);
    const second = await t.http
      .post('/api/merchant/login')
      .set({
        'X-Forwarded-For': '10.9.8.7',
        'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1',
      })
      .send({ ...OWNER, force: true });
    expect(second.status).toBe(200);
    const old = await t.http.get('/api/merchant/customers').set(bearer(first.body.api_token));
    expect(old.status).toBe(401);
    // the ended session is told who signed in, when, with what and from where
    expect(old.body).toEqual({
      message: 'auth.session_replaced',
      errors: {},
      params: {
        name: 'Sara Al-Otaibi',
        username: 'owner',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1',
        ip: '10.9.8.7',
      },
    });
    expect(Date.now() - Date.parse(old.body.params.at)).toBeLessThan(60_000);
    expect((await t.http.get('/api/merchant/customers').set(bearer(second.body.api_token))).status).toBe(200);
  });

  it('logs out: the token stops working', async () => {
    const token = (await login({ ...OWNER, force: true })).body.api_token;
    expect((await t.http.post('/api/merchant/logout').set(bearer(token))).status).toBe(204);
    expect((await t.http.get('/api/merchant/customers').set(bearer(token))).status).toBe(401);
    expect((await t.http.get('/api/merchant/customers')).body).toEqual({
      message: 'auth.not_logged_in',
      errors: {},
    });
  });

  it('refuses wrong credentials and bad input clearly', async () => {
    expect((await login({ accountId: 1, username: 'owner', password: 'nope' })).body).toEqual({
      message: 'auth.wrong_credentials_remaining',
      errors: {},
      params: { remaining: 4 },
    });
    expect((await login({ accountId: 99, username: 'owner', password: 'x' })).status).toBe(401);
    const bad = await login({ accountId: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      username: 'validation.is_required',
      password: 'validation.is_required',
    });
  });

  it('records failed sign-ins by type, counts down the attempts left and pauses the name until a manager unblocks it', async () => {
    const ip = '10.9.9.9';
    const remaining: unknown[] = [];
    for (let i = 0; i < 4; i++)
      remaining.push((await login({ accountId: 1, username: 'owner', password: `wrong-${i}` }, ip)).body);
    expect(remaining).toEqual(
      [4, 3, 2, 1].map((n) => ({
        message: 'auth.wrong_credentials_remaining',
        errors: {},
        params: { remaining: n },
      })),
    );
    const fifth = await login({ accountId: 1, username: 'owner', password: 'wrong-4' }, ip);
    expect(fifth.status).toBe(403);
    expect(fifth.body).toEqual({ message: 'auth.sign_in_paused', errors: {}, params: { minutes: 15 } });
    const blocked = await login({ ...OWNER, force: true }, ip);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ message: 'auth.sign_in_paused', errors: {}, params: { minutes: 15 } });
    const manager = await t.signIn(MANAGER, 'manager');
    const h = { ...bearer(manager), 'X-Min-Position': String(await t.eventCount()) };
    const ips = await t.http.get('/api/manager/blocked-ips').set(h);
    expect(ips.body).toEqual([
      expect.objectContaining({
        id: ip,
        failures: 5,
        identifier: '1/owner',
        blocked_until: expect.any(String),
      }),
    ]);
    const attempts = await t.http
      .get('/api/manager/failed-login-attempts')
      .query({ filter: JSON.stringify({ ip }) })
      .set(h);
    expect(attempts.body.map((a: { type: number }) => a.type).sort()).toEqual([2, 2, 2, 2, 2, 3]);
    // a merchant token is no manager token
    expect((await t.http.get('/api/manager/blocked-ips').set(bearer(await t.signIn(OWNER)))).status).toBe(
      401,
    );
    const unblocked = await t.http.delete(`/api/manager/blocked-ips/${ip}`).set(bearer(manager));
    expect(unblocked.status).toBe(200);
    expect((await login({ ...OWNER, force: true }, ip)).status).toBe(200);
    const after = await t.http
      .get('/api/manager/blocked-ips')
      .set({ ...bearer(manager), 'X-Min-Position': unblocked.headers['x-position'] });
    expect(after.body).toEqual([]);
  });

  it('pauses only the name that was mistyped: a colleague on the same salon Wi-Fi still signs in', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < 5; i++) await login({ accountId: 1, username: 'owner', password: `typo-${i}` }, ip);
    expect((await login({ ...OWNER, force: true }, ip)).status).toBe(403);
    const colleague = await login({ ...RECEPTION, force: true }, ip);
    expect(colleague.status).toBe(200);
    // and the owner from another address is not affected either
    expect((await login({ ...OWNER, force: true }, '10.7.7.8')).status).toBe(200);
  });

  it('resets a forgotten password through the outbox', async () => {
    const asked = await t.http
      .post('/api/merchant/forgot_password')
      .send({ email: 'reception@demosalon.example' });
    expect(asked.body).toEqual({ message: 'auth.reset_link_sent' });
    const manager = await t.signIn(MANAGER, 'manager');
    const outbox = await t.http
      .get('/api/manager/mail-outbox')
      .set({ ...bearer(manager), 'X-Min-Position': String(await t.eventCount()) });
    const mail = outbox.body.find((m: { to: string }) => m.to === 'reception@demosalon.example');
    expect(mail.subject).toBe('إعادة تعيين كلمة المرور');
    // the outbox shows no token: the link is complete only in the mail as sent
    expect(mail.body).toMatch(/\/ar\/merchant\/reset-password\/…/);
    const token = (await t.linkTo('reception@demosalon.example', 'reset-password'))!;
    expect(mail.body).not.toContain(token);
    expect((await t.http.get(`/api/merchant/reset_password/${token}`)).body).toEqual({
      email: 'reception@demosalon.example',
    });
    const weak = await t.http
      .post('/api/merchant/reset_password')
      .send({ token, password: 'short', password_confirmation: 'short' });
    expect(weak.body.errors).toEqual({ password: 'validation.min_length' });
    const reset = await t.http
      .post('/api/merchant/reset_password')
      .send({ token, password: 'NewPass123', password_confirmation: 'NewPass123' });
    expect(reset.status).toBe(200);
    expect(
      (
        await t.http
          .post('/api/merchant/reset_password')
          .send({ token, password: 'NewPass123', password_confirmation: 'NewPass123' })
      ).status,
    ).toBe(404);
    expect(
      (await login({ accountId: 1, username: 'reception', password: 'NewPass123', force: true })).status,
    ).toBe(200);
  });

  it('changes the password and the profile of the signed-in user; unlocks the lock screen with the password', async () => {
    const token = await t.signIn(OWNER);
    const wrong = await t.http
      .post('/api/merchant/change_password')
      .set(bearer(token))
      .send({ current_password: 'bad', password: 'Better123', password_confirmation: 'Better123' });
    // a wrong current password counts with the sign-in failures (password-guessing.http.spec.ts)
    expect(wrong.body).toEqual({
      message: 'auth.current_password_incorrect',
      errors: { current_password: 'auth.current_password_incorrect' },
      params: { remaining: 4 },
    });
    const mismatch = await t.http
      .post('/api/merchant/change_password')
      .set(bearer(token))
      .send({ current_password: 'Demo@12345', password: 'Better123', password_confirmation: 'Other123' });
    expect(mismatch.body.errors).toEqual({ password_confirmation: 'validation.same_as' });
    expect(
      (await t.http.post('/api/merchant/unlock').set(bearer(token)).send({ password: 'nope' })).status,
    ).toBe(422);
    expect(
      (await t.http.post('/api/merchant/unlock').set(bearer(token)).send({ password: 'Demo@12345' })).body,
    ).toEqual({ unlocked: true });
    const profile = await t.http
      .put('/api/merchant/profile')
      .set(bearer(token))
      .send({ name: 'Sara O.', email: 'owner@demosalon.example', locale: 'en' });
    expect(profile.body).toMatchObject({ name: 'Sara O.', locale: 'en' });
    const info = await t.http
      .post('/api/merchant/get_global_informations')
      .set({ ...bearer(token), 'X-Min-Position': profile.headers['x-position'] });
    expect(info.body.auth).toMatchObject({ name: 'Sara O.', locale: 'en' });
  });

  it('takes front-end error reports, signed in or not, for the manager console', async () => {
    const res = await t.http.post('/api/merchant/js_errors/add_js_error').send({
      type: 1,
      error: 'TypeError: x is undefined',
      route: 'customers',
      path: '/en/merchant/customers',
      userAgent: 'jest',
    });
    expect(res.status).toBe(201);
    const manager = await t.signIn(MANAGER, 'manager');
    const list = await t.http
      .get('/api/manager/js-errors')
      .set({ ...bearer(manager), 'X-Min-Position': res.headers['x-position'] });
    expect(list.body[0]).toMatchObject({
      error: 'TypeError: x is undefined',
      path: '/en/merchant/customers',
    });
  });

  it("serves the salon's public page data, and 404 for an unknown alias", async () => {
    expect((await t.http.get('/api/public/salons/DemoSalon')).body).toEqual({
      alias: 'demosalon',
      name_en: 'Demo Salon',
      name_ar: 'صالون العرض التجريبي',
      country_id: 1,
      salon_type: 1,
      currency: 'SAR',
      time_zone: 'Asia/Riyadh',
      online_booking: false,
      require_email: false,
      cancel_cutoff_hours: 24,
      vat_percentage: 15,
      // open: neither expired nor disabled (issue 27)
      closed: null,
      // the demo salon wrote its address and map link, no phone
      address_en: 'King Fahd Road, Al Olaya, Riyadh',
      address_ar: 'طريق الملك فهد، العليا، الرياض',
      // no city chosen from the platform's list
      city_en: null,
      city_ar: null,
      phone: null,
      map_url: 'https://www.google.com/maps/search/?api=1&query=24.6995,46.6848',
      deposit_type: 'none',
      deposit_amount: null,
      deposit_percentage: null,
      // gift cards online: off while the salon has no payment gateway package
      gift_cards: { enabled: false, min: '50', max: '5000', presets: ['100', '200', '500'] },
    });
    expect((await t.http.get('/api/public/salons/nosuch')).status).toBe(404);
    expect((await t.http.get('/api/merchant/no-such-thing').set(bearer(await t.signIn(OWNER)))).status).toBe(
      404,
    );
  });
});
