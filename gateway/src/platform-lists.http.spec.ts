import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

type Row = { id: string; status: string; [k: string]: unknown };

/**
 * Issue 27, the manager's platform-setting lists and marketing over HTTP: countries (the coded Gulf
 * list, editable), cities, payment methods, suggested groups / services / products (added, changed,
 * disabled instead of deleted, read by the salons), the e-mail settings (the SMTP password sealed and
 * never served), the allowed countries (a free trial from another is refused naming country_id) and
 * the marketing lists (the trial requests with their utm source and campaign).
 */
describe("the manager's platform lists and marketing (issue 27)", () => {
  let t: TestApp;
  let manager: string;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn(MANAGER, 'manager');
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t?.close());

  const fresh = async (token = manager) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const list = async (path: string, token = manager) => {
    const res = await t.http.get(path).set(await fresh(token));
    expect(res.status).toBe(200);
    return res.body as Row[];
  };

  it('lists the five Gulf countries and saves a change of one (VAT, names), refusing to add or disable one', async () => {
    const countries = await list('/api/manager/platform-lists/countries');
    expect(countries.map((c) => c.id)).toEqual(['1', '2', '3', '4', '6']);
    expect(countries[0]).toMatchObject({ currency: 'SAR', dialling_prefix: '966', vat_basis_points: 1500 });
    const ksa = { ...countries[0], name_en: 'Kingdom of Saudi Arabia', vat_basis_points: '1500' };
    const saved = await t.http.put('/api/manager/platform-lists/countries/1').set(bearer(manager)).send(ksa);
    expect(saved.status).toBe(200);
    const one = await t.http.get('/api/manager/platform-lists/countries/1').set(await fresh());
    expect(one.body).toMatchObject({
      name_en: 'Kingdom of Saudi Arabia',
      iso_code: 'SA',
      time_zone: 'Asia/Riyadh',
    });
    const bad = await t.http
      .put('/api/manager/platform-lists/countries/1')
      .set(bearer(manager))
      .send({ ...ksa, vat_basis_points: 'x', currency: 'USD' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['currency', 'vat_basis_points']);
    expect(
      (await t.http.post('/api/manager/platform-lists/countries').set(bearer(manager)).send(ksa)).status,
    ).toBe(409);
    expect(
      (await t.http.put('/api/manager/platform-lists/countries/9').set(bearer(manager)).send(ksa)).status,
    ).toBe(404);
  });

  it('adds a city, lists it by country for the salons, and disables it instead of deleting it', async () => {
    const added = await t.http
      .post('/api/manager/platform-lists/cities')
      .set(bearer(manager))
      .send({ country_id: '1', name_en: 'Taif', name_ar: 'الطائف' });
    expect(added.status).toBe(201);
    const id = added.body.id as string;
    const filter = encodeURIComponent(JSON.stringify({ country_id: 1 }));
    expect(
      (await list(`/api/merchant/platform-lists/cities?filter=${filter}`, owner)).map((c) => c.name_en),
    ).toEqual(['Riyadh', 'Jeddah', 'Taif']);
    const other = encodeURIComponent(JSON.stringify({ country_id: 2 }));
    expect(
      (await list(`/api/merchant/platform-lists/cities?filter=${other}`, owner)).map((c) => c.name_en),
    ).toEqual(['Dubai', 'Abu Dhabi']);
    expect(
      (await t.http.post(`/api/manager/platform-lists/cities/${id}/disable`).set(bearer(manager))).status,
    ).toBe(200);
    expect((await list('/api/manager/platform-lists/cities')).find((c) => c.id === id)?.status).toBe(
      'disabled',
    );
    expect(
      (await list(`/api/merchant/platform-lists/cities?filter=${filter}`, owner)).map((c) => c.name_en),
    ).toEqual(['Riyadh', 'Jeddah']);
    expect(
      (await t.http.post(`/api/manager/platform-lists/cities/${id}/enable`).set(bearer(manager))).status,
    ).toBe(200);
    const bad = await t.http
      .post('/api/manager/platform-lists/cities')
      .set(bearer(manager))
      .send({ country_id: 5 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['country_id', 'name_ar', 'name_en']);
    // a salon's user cannot write the platform's lists
    expect((await t.http.post('/api/manager/platform-lists/cities').set(bearer(owner)).send({})).status).toBe(
      401,
    );
  });

  it('keeps suggested groups and services (prices per currency in minor units) that the salons read', async () => {
    const group = await t.http
      .post('/api/manager/platform-lists/suggested-groups')
      .set(bearer(manager))
      .send({ name_en: 'Glow Spa', name_ar: 'سبا التوهج' });
    expect(group.status).toBe(201);
    const service = {
      group_id: group.body.id,
      name_en: 'Glow facial',
      name_ar: 'تنظيف التوهج',
      duration_minutes: 30,
      prices: { SAR: 5000, KWD: 4500 },
    };
    const added = await t.http
      .post('/api/manager/platform-lists/suggested-services')
      .set(bearer(manager))
      .send(service);
    expect(added.status).toBe(201);
    const unknown = await t.http
      .post('/api/manager/platform-lists/suggested-services')
      .set(bearer(manager))
      .send({ ...service, group_id: '0193a000-0000-7000-8000-0000000000ab' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ group_id: 'platform_lists.unknown_group' });
    const badPrice = await t.http
      .post('/api/manager/platform-lists/suggested-services')
      .set(bearer(manager))
      .send({ ...service, prices: { SAR: 12.5 }, duration_minutes: 2 });
    expect(Object.keys(badPrice.body.errors).sort()).toEqual(['duration_minutes', 'prices.SAR']);
    const offered = await list('/api/merchant/platform-lists/suggested-services', owner);
    // beside the ones a new platform starts with (Haircut, Manicure...)
    expect(offered.map((o) => o.name_en)).toEqual(expect.arrayContaining(['Haircut', 'Glow facial']));
    expect(offered.find((o) => o.name_en === 'Glow facial')).toMatchObject({
      prices: { SAR: 5000, KWD: 4500 },
    });
    const product = await t.http
      .post('/api/manager/platform-lists/suggested-products')
      .set(bearer(manager))
      .send({ name_en: 'Argan oil', name_ar: 'زيت الأرغان', prices: { AED: 3500 } });
    expect(product.status).toBe(201);
    const method = await t.http
      .post('/api/manager/platform-lists/payment-methods')
      .set(bearer(manager))
      .send({ name_en: 'Tabby', name_ar: 'تابي' });
    expect(method.status).toBe(201);
    expect((await list('/api/merchant/platform-lists/payment-methods', owner)).map((m) => m.name_en)).toEqual(
      ['Cash', 'Card', 'Bank transfer', 'Tabby'],
    );

    // the setup wizard adds the picked suggestions to the salon's menu, in one command
    const pick = (ids: string[]) =>
      t.http.post('/api/merchant/services/from-suggestions').set(bearer(owner)).send({ service_ids: ids });
    const before = await t.eventCount();
    const gone = await pick([added.body.id, '0193a000-0000-7000-8000-0000000000ab']);
    expect(gone.status).toBe(422);
    expect(gone.body.errors).toEqual({ service_ids: 'platform_lists.unknown_suggestion' });
    expect(await t.eventCount()).toBe(before);
    const took = await pick([added.body.id]);
    expect(took.status).toBe(200);
    expect(took.body.added).toBe(1);
    const menu = await list('/api/merchant/services?range=[0,999]', owner);
    // the demo salon is in Saudi Arabia: the SAR price, the suggested duration, in a new group of its name
    expect(menu.find((m) => m.name_en === 'Glow facial')).toMatchObject({ price: '50.00', job_time: 30 });
    const groups = await list('/api/merchant/service-groups?range=[0,999]', owner);
    expect(groups.filter((g) => g.name_en === 'Glow Spa')).toHaveLength(1);
    // picked again: already on the menu, nothing added
    expect((await pick([added.body.id])).body.added).toBe(0);
  });

  it('saves the e-mail settings with the SMTP password sealed: never served, and not in the audit', async () => {
    const setting = {
      sender_name: 'Rawnaq',
      sender_address: 'hello@rawnaq.example',
      reply_to: 'support@rawnaq.example',
      footer_en: 'Rawnaq, Riyadh',
      footer_ar: 'رونق، الرياض',
      smtp_host: 'smtp.rawnaq.example',
      smtp_port: '587',
      smtp_username: 'mailer',
      smtp_password: 'top-secret-password',
    };
    const saved = await t.http
      .put('/api/manager/platform-records/email-setting')
      .set(bearer(manager))
      .send(setting);
    expect(saved.status).toBe(200);
    const read = await t.http.get('/api/manager/platform-records/email-setting').set(await fresh());
    expect(read.body).toMatchObject({
      sender_address: 'hello@rawnaq.example',
      smtp_port: 587,
      smtp_password_set: true,
    });
    expect(JSON.stringify(read.body)).not.toContain('top-secret');
    const events = await t.platform.eventStore.readAll('0', 100_000);
    expect(JSON.stringify(events.filter((e) => e.type === 'PlatformRecordChanged'))).not.toContain(
      'top-secret',
    );
    const bad = await t.http
      .put('/api/manager/platform-records/email-setting')
      .set(bearer(manager))
      .send({ ...setting, sender_address: 'nope', smtp_port: 70000 });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['sender_address', 'smtp_port']);
  });

  it('refuses a free trial from a country not allowed, naming country_id, and keeps the utm of one allowed', async () => {
    const allowed = await t.http
      .put('/api/manager/platform-records/allowed-countries')
      .set(bearer(manager))
      .send({ country_ids: [1, 2] });
    expect(allowed.body.country_ids).toEqual([1, 2]);
    await fresh();
    const request = {
      name_en: 'Dana Salon',
      name_ar: 'صالون دانة',
      owner_name: 'Dana',
      email: 'dana@dana.example',
      mobile: '51234567',
      country_id: 3,
    };
    const ask = (body: object) =>
      t.http.post('/api/public/free-trial-requests').set({ 'X-Forwarded-For': '198.51.100.77' }).send(body);
    const refused = await ask(request);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ country_id: 'platform_lists.country_not_allowed' });
    const ok = await ask({
      ...request,
      country_id: 2,
      mobile: '0501234567',
      utm_source: 'instagram',
      utm_campaign: 'ramadan',
    });
    expect(ok.status).toBe(201);
    const requests = await list('/api/manager/marketing/merchants-requests');
    expect(requests.find((r) => r.email === 'dana@dana.example')).toMatchObject({
      utm_source: 'instagram',
      utm_campaign: 'ramadan',
    });
  });

  it('lists the salons in use with their plan and last sign-in, and keeps the marketing setting', async () => {
    const active = await list('/api/manager/marketing/active-merchants');
    expect(active.length).toBeGreaterThan(0);
    expect(active[0].last_sign_in_at).toEqual(expect.any(String));
    const saved = await t.http
      .put('/api/manager/platform-records/marketing-setting')
      .set(bearer(manager))
      .send({
        contact_email: 'marketing@rawnaq.example',
        campaign_sources: ['instagram', 'google', 'instagram'],
      });
    expect(saved.body).toMatchObject({ campaign_sources: ['instagram', 'google'] });
    const bad = await t.http
      .put('/api/manager/platform-records/marketing-setting')
      .set(bearer(manager))
      .send({ campaign_sources: ['has space'] });
    expect(Object.keys(bad.body.errors)).toEqual(['campaign_sources.0']);
  });
});
