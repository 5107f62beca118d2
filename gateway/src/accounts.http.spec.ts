import { bearer, MANAGER, startTestApp, type TestApp } from './testing/test-app.test-support';

describe('a platform manager opens a salon, whose owner starts from an empty account', () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn(MANAGER, 'manager');
  }, 60_000);
  afterAll(() => t.close());

  const account = {
    name_en: 'Lamsa Spa',
    name_ar: 'لمسة سبا',
    alias: 'lamsaspa',
    country_id: 2,
    salon_type: 1,
    max_employees: 3,
    owner_name: 'Hessa',
    owner_username: 'hessa',
    owner_email: 'hessa@lamsa.example',
    owner_password: 'Lamsa12345',
  };

  it('opens the account with the next number, the country VAT, an owner who is also an employee', async () => {
    const res = await t.http.post('/api/manager/accounts').set(bearer(manager)).send(account);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ account_id: 2, alias: 'lamsaspa' });
    const owner = await t.signIn({ accountId: 2, username: 'hessa', password: 'Lamsa12345' });
    const h = { ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) };
    const info = await t.http.post('/api/merchant/get_global_informations').set(h);
    expect(info.body.global_informations.account).toMatchObject({
      id: 2,
      currency: 'AED',
      vat_percentage: 5,
      time_zone: 'Asia/Dubai',
      wizard_progress: [],
    });
    expect((await t.http.get('/api/merchant/wizard').set(h)).body.progress).toBe(0);
    expect((await t.http.get('/api/merchant/services').set(h)).body).toEqual([]);
    const staff = await t.http.get('/api/merchant/employees').set(h);
    expect(staff.body).toEqual([
      expect.objectContaining({ name_en: 'Hessa', is_owner: true, login_access: true }),
    ]);
    const list = await t.http
      .get('/api/manager/accounts')
      .set({ ...bearer(manager), 'X-Min-Position': String(await t.eventCount()) });
    expect(list.body.map((a: { alias: string }) => a.alias)).toEqual(['demosalon', 'lamsaspa']);
  });

  it('refuses a taken address and bad input, naming the fields', async () => {
    const taken = await t.http
      .post('/api/manager/accounts')
      .set(bearer(manager))
      .send({ ...account, alias: 'DemoSalon' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ alias: 'settings.alias_taken' });
    const bad = await t.http
      .post('/api/manager/accounts')
      .set(bearer(manager))
      .send({ ...account, alias: 'a b', country_id: 5, owner_email: 'x' });
    expect(bad.body.errors).toEqual({
      alias: 'validation.alias_name',
      country_id: 'validation.invalid_value',
      owner_email: 'validation.is_email_field',
    });
    // a merchant cannot open accounts
    const owner = await t.signIn({ accountId: 1, username: 'owner', password: 'Demo@12345' });
    expect((await t.http.post('/api/manager/accounts').set(bearer(owner)).send(account)).status).toBe(401);
  });

  it("lists the salons by their names in either language (an Arabic console's name column)", async () => {
    const added = await t.http
      .post('/api/manager/accounts')
      .set(bearer(manager))
      .send({ ...account, name_en: 'Zahra Salon', name_ar: 'أريج', alias: 'zahra', owner_username: 'zahra' });
    expect(added.status).toBe(201);
    const h = { ...bearer(manager), 'X-Min-Position': String(await t.eventCount()) };
    const by = async (field: string) => {
      const res = await t.http
        .get('/api/manager/accounts')
        .query({ sort: JSON.stringify([field, 'ASC']) })
        .set(h);
      expect(res.status).toBe(200);
      return res.body.map((a: { alias: string }) => a.alias);
    };
    // Demo Salon, Lamsa Spa, Zahra Salon; أريج, صالون العرض التجريبي, لمسة سبا
    expect(await by('name_en')).toEqual(['demosalon', 'lamsaspa', 'zahra']);
    expect(await by('name_ar')).toEqual(['zahra', 'demosalon', 'lamsaspa']);
  });
});
