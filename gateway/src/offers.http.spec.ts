import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

describe('offers and packages over HTTP', () => {
  let t: TestApp;
  let owner: string;
  let services: Array<{ id: string; name_en: string; price_minor: number }>;
  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    services = (
      await t.http
        .get('/api/merchant/services')
        .query({ range: '[0,99]' })
        .set(await fresh())
    ).body;
  }, 60_000);
  afterAll(() => t.close());

  const id = (name: string) => services.find((s) => s.name_en === name)!.id;
  const offer = (body: object) => t.http.post('/api/merchant/offers').set(bearer(owner)).send(body);
  const base = () => ({
    name_en: 'Bride day',
    name_ar: 'يوم العروس',
    type: 'fixed',
    use_type: 1,
    service_ids: [id('Haircut'), id('Blow dry'), id('Manicure')],
    price: '200',
    expiry_date: '2027-12-31',
  });

  it('creates a fixed offer below its services total (100 + 60 + 80), with prices with VAT', async () => {
    const res = await offer(base());
    expect(res.status).toBe(201);
    const one = await t.http.get(`/api/merchant/offers/${res.body.id}`).set(await fresh());
    expect(one.body).toMatchObject({
      price: '200.00',
      price_with_vat: '230.00',
      items_total: '240.00',
      max_services_to_use: 3,
      status: 'active',
    });
  });

  it('refuses a price not below the total, a choice not below the count, a past expiry and unknown services', async () => {
    expect((await offer({ ...base(), price: '240' })).body.errors).toEqual({
      price: 'catalog.price_not_below_items_total',
    });
    expect(
      (await offer({ ...base(), type: 'variable', use_type: 2, max_services_to_use: 3 })).body.errors,
    ).toEqual({ max_services_to_use: 'catalog.max_services_not_below_count' });
    expect((await offer({ ...base(), expiry_date: '2020-01-01' })).body.errors).toEqual({
      expiry_date: 'catalog.expiry_in_past',
    });
    expect((await offer({ ...base(), service_ids: ['nope'] })).body.errors).toEqual({
      service_ids: 'catalog.service_not_available',
    });
  });

  it('pauses, resumes, renews, disables (for good) and removes an offer', async () => {
    const created = await offer({
      ...base(),
      name_en: 'Weekday',
      name_ar: 'أيام الأسبوع',
      type: 'variable',
      use_type: 2,
      max_services_to_use: 2,
    });
    const step = (s: string, body?: object) =>
      t.http
        .post(`/api/merchant/offers/${created.body.id}/${s}`)
        .set(bearer(owner))
        .send(body ?? {});
    expect((await step('pause')).body.status).toBe('paused');
    expect((await step('pause')).body).toEqual({ message: 'catalog.cannot_pause', errors: {} });
    expect((await step('resume')).body.status).toBe('active');
    expect((await step('renew', { expiry_date: '2027-06-01' })).body.errors).toEqual({
      expiry_date: 'catalog.renewal_not_later',
    });
    expect((await step('renew', { expiry_date: '2028-06-01' })).body.expiry_date).toBe('2028-06-01');
    expect((await step('disable')).body.status).toBe('disabled');
    expect((await step('resume')).status).toBe(409);
    const removed = await step('remove');
    expect(removed.body.status).toBe('removed');
    expect(
      (
        await t.http
          .get(`/api/merchant/offers/${created.body.id}`)
          .set({ ...bearer(owner), 'X-Min-Position': removed.headers['x-position'] })
      ).status,
    ).toBe(404);
    const log = await t.http
      .get('/api/merchant/audit-log')
      .query({
        filter: JSON.stringify({ entity_type: 'offer', entity_id: created.body.id }),
        sort: JSON.stringify(['position', 'ASC']),
      })
      .set(await fresh());
    expect(log.body.map((e: { type: string }) => e.type)).toEqual([
      'OfferCreated',
      'OfferPaused',
      'OfferResumed',
      'OfferRenewed',
      'OfferDisabled',
      'OfferRemoved',
    ]);
    // whoever sees the menu (50) reads an offer's history, not the whole audit log
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    const role = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    await t.http
      .put(`/api/merchant/roles/${role.id}`)
      .set(bearer(owner))
      .send({ name: role.name, permissions: [...role.permissions, 50] });
    const reception = await t.signIn(RECEPTION);
    const history = await t.http
      .get('/api/merchant/audit-log')
      .query({ filter: JSON.stringify({ entity_type: 'offer', entity_id: created.body.id }) })
      .set(await fresh(reception));
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(6);
    expect((await t.http.get('/api/merchant/audit-log').set(bearer(reception))).status).toBe(403);
  });

  it('creates a package of sessions with its validity', async () => {
    const pkg = await t.http
      .post('/api/merchant/packages')
      .set(bearer(owner))
      .send({
        name_en: '10 blow dries',
        name_ar: '10 جلسات سشوار',
        items: [{ service_id: id('Blow dry'), sessions: 10 }],
        price: '500',
        validity_days: 90,
      });
    expect(pkg.status).toBe(201);
    const list = await t.http.get('/api/merchant/packages').set(await fresh());
    expect(list.body[0]).toMatchObject({
      name_en: '10 blow dries',
      items_total: '600.00',
      price: '500.00',
      price_with_vat: '575.00',
      validity_days: 90,
    });
    const tooMuch = await t.http
      .post('/api/merchant/packages')
      .set(bearer(owner))
      .send({
        name_en: 'x',
        name_ar: 'س',
        items: [{ service_id: id('Blow dry'), sessions: 1 }],
        price: '60',
        validity_days: 1,
      });
    expect(tooMuch.body.errors).toEqual({ price: 'catalog.price_not_below_items_total' });
  });
});
