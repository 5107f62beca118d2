import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

describe('customers over HTTP', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t.close());

  const create = (body: object, token = owner, headers: Record<string, string> = {}) =>
    t.http
      .post('/api/merchant/customers')
      .set({ ...bearer(token), ...headers })
      .send(body);

  it('registers a customer, and the list read with X-Min-Position shows it at once', async () => {
    const res = await create({
      name: 'Nada Ali',
      mobile: '+966500000101',
      email: 'nada@example.com',
      gender: 2,
      birth_date: '1990-01-31',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), name: 'Nada Ali', status: 1 });
    const position = res.headers['x-position'];
    expect(position).toMatch(/^\d+$/);
    const list = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: 'Nada' }) })
      .set({ ...bearer(owner), 'X-Min-Position': position });
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('customers 0-0/1');
    expect(list.body[0]).toMatchObject({
      id: res.body.id,
      name: 'Nada Ali',
      mobile_key: '966500000101',
      // no invoice yet, joined today: new (missed only after 60 days without any)
      type: 'new',
      serial: expect.any(Number),
    });
    // and the list's type filter agrees with the type it shows
    for (const [type, found] of [
      ['new', 1],
      ['missed', 0],
    ] as const) {
      const typed = await t.http
        .get('/api/merchant/customers')
        .query({ filter: JSON.stringify({ q: 'Nada', type }) })
        .set({ ...bearer(owner), 'X-Min-Position': position });
      expect(typed.body).toHaveLength(found);
    }
    // WhatsApp contact is opt-in: a customer who was not asked is not contacted
    expect(list.body[0].whatsapp_allowed).toBe(false);
    expect(list.body[0]).not.toHaveProperty('_pos');
    expect(list.body[0]).not.toHaveProperty('tenantId');
  });

  it('rejects bad input with a 422 naming each field, and writes nothing', async () => {
    const before = await t.eventCount();
    const res = await create({
      name: '   ',
      mobile: '0501',
      email: 'not-an-email',
      gender: 7,
      birth_date: '2026-02-30',
      tax_number: '12345',
      whatsapp_allowed: 'maybe',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'errors.invalid_input',
      errors: {
        name: 'validation.is_required',
        // the local form takes the salon's code: too short then
        mobile: 'validation.mobile_length',
        email: 'validation.is_email_field',
        gender: 'validation.invalid_value',
        birth_date: 'validation.should_be_a_date',
        tax_number: 'validation.trn_length',
        whatsapp_allowed: 'validation.invalid_value',
      },
    });
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses a birth date in the future on the field', async () => {
    const res = await create({ name: 'Future', mobile: '+966500000199', birth_date: '2999-01-01' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ birth_date: 'validation.date_in_future' });
  });

  it('rejects duplicates of mobile (in any spelling), e-mail and tax number with a field error', async () => {
    expect(
      (
        await create({
          name: 'First',
          mobile: '+966500000201',
          email: 'first@example.com',
          tax_number: '300000000000003',
        })
      ).status,
    ).toBe(201);
    const before = await t.eventCount();
    const sameMobile = await create({ name: 'Second', mobile: '00966500000201' });
    expect(sameMobile.status).toBe(409);
    expect(sameMobile.body.errors).toEqual({ mobile: 'customers.duplicate_mobile' });
    const sameEmail = await create({ name: 'Third', mobile: '+966500000202', email: 'FIRST@example.com' });
    expect(sameEmail.body.errors).toEqual({ email: 'customers.duplicate_email' });
    const sameTax = await create({ name: 'Fourth', mobile: '+966500000203', tax_number: '300000000000003' });
    expect(sameTax.body.errors).toEqual({ tax_number: 'customers.duplicate_tax_number' });
    // refused registrations write nothing at all: no customer, no claim
    const list = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: '50000020' }) })
      .set({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['First']);
    expect(await t.eventCount()).toBe(before);
    // a number refused with another field is still free
    expect((await create({ name: 'Fifth', mobile: '+966500000202' })).status).toBe(201);
  });

  it('edits (recording only what changed), frees an old mobile for others, disables and activates', async () => {
    const created = await create({ name: 'Edit Me', mobile: '+966500000301', gender: 2 });
    const id = created.body.id as string;
    const edited = await t.http
      .put(`/api/merchant/customers/${id}`)
      .set(bearer(owner))
      .send({ name: 'Edited', mobile: '+966500000302', gender: '' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, name: 'Edited', mobile: '+966500000302' });
    expect(edited.body).not.toHaveProperty('gender');
    const unchanged = await t.http
      .put(`/api/merchant/customers/${id}`)
      .set(bearer(owner))
      .send({ name: 'Edited', mobile: '+966500000302' });
    expect(unchanged.status).toBe(200);
    expect(unchanged.headers['x-position']).toBeUndefined();
    expect((await create({ name: 'Takes old number', mobile: '+966500000301' })).status).toBe(201);
    const disabled = await t.http.post(`/api/merchant/customers/${id}/disable`).set(bearer(owner));
    expect(disabled.body.status).toBe(0);
    expect((await t.http.post(`/api/merchant/customers/${id}/disable`).set(bearer(owner))).status).toBe(409);
    const active = await t.http.post(`/api/merchant/customers/${id}/activate`).set(bearer(owner));
    const one = await t.http
      .get(`/api/merchant/customers/${id}`)
      .set({ ...bearer(owner), 'X-Min-Position': active.headers['x-position'] });
    expect(one.body).toMatchObject({ name: 'Edited', status: 1 });
    const history = await t.http
      .get('/api/merchant/audit-log')
      .query({
        filter: JSON.stringify({ entity_type: 'customer', entity_id: id }),
        sort: JSON.stringify(['position', 'ASC']),
      })
      .set({ ...bearer(owner), 'X-Min-Position': active.headers['x-position'] });
    expect(history.body.map((e: { type: string }) => e.type)).toEqual([
      'CustomerRegistered',
      'CustomerDetailsChanged',
      'CustomerDisabled',
      'CustomerActivated',
    ]);
    expect(history.body[1]).toMatchObject({
      changed: { name: 'Edited', gender: null },
      previous: { name: 'Edit Me', gender: 2 },
      actor_name: 'Sara Al-Otaibi',
    });
  });

  it('files sign-ins and failed attempts under security, which the audit log filters in or out', async () => {
    await t.http.post('/api/merchant/login').send({ ...OWNER, password: 'Wrong@12345' });
    // the suite's own sign-in is there already; another would end its session
    const fresh = { ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) };
    const read = (category?: string) =>
      t.http
        .get('/api/merchant/audit-log')
        .query({ filter: JSON.stringify(category ? { category } : {}), range: '[0,199]' })
        .set(fresh);
    const security = await read('security');
    expect(security.status).toBe(200);
    const types = new Set(security.body.map((e: { type: string }) => e.type));
    expect(types.has('SignedIn')).toBe(true);
    expect(
      [...types].every((t) => ['SignedIn', 'SignedOut', 'LoginFailed', 'IpBlocked'].includes(t as string)),
    ).toBe(true);
    const records = await read('records');
    expect(records.body.length).toBeGreaterThan(0);
    expect(records.body.some((e: { category: string }) => e.category !== 'records')).toBe(false);
    const bad = await read('everything');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('category');
  });

  it('writes nothing for a change of an unknown customer or a malformed id', async () => {
    const before = await t.eventCount();
    for (const id of ['0193b000-0000-7000-8000-00000000dead', 'not-an-id', '%E2%80%AE']) {
      const res = await t.http
        .put(`/api/merchant/customers/${id}`)
        .set(bearer(owner))
        .send({ name: 'Ghost', mobile: '+966500000999' });
      expect(res.status).toBe(404);
    }
    expect(await t.eventCount()).toBe(before);
  });

  it('shows a customer as it was at an instant', async () => {
    const created = await create({ name: 'Before', mobile: '+966500000401' });
    const id = created.body.id as string;
    await new Promise((r) => setTimeout(r, 20));
    const instant = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const changed = await t.http
      .put(`/api/merchant/customers/${id}`)
      .set(bearer(owner))
      .send({ name: 'After', mobile: '+966500000401' });
    const h = { ...bearer(owner), 'X-Min-Position': changed.headers['x-position'] };
    const then = await t.http.get(`/api/merchant/customers/${id}/as-of`).query({ at: instant }).set(h);
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ id, name: 'Before', as_of: instant });
    expect((await t.http.get(`/api/merchant/customers/${id}`).set(h)).body.name).toBe('After');
    expect(
      (await t.http.get(`/api/merchant/customers/${id}/as-of`).query({ at: '2000-01-01T00:00:00Z' }).set(h))
        .status,
    ).toBe(404);
    expect(
      (await t.http.get(`/api/merchant/customers/${id}/as-of`).query({ at: 'yesterday' }).set(h)).body,
    ).toEqual({ message: 'errors.invalid_instant', errors: { at: 'errors.invalid_instant' } });
  });

  it('takes a mobile as people type it in a Saudi salon and keeps one form: +9665XXXXXXXX', async () => {
    const local = await create({ name: 'Local Form', mobile: '0551230001' });
    expect(local.status).toBe(201);
    expect(local.body).toMatchObject({ mobile: '+966551230001', mobile_key: '966551230001' });
    const noZero = await create({ name: 'Without Zero', mobile: '551230002' });
    expect(noZero.body.mobile).toBe('+966551230002');
    const withZero = await create({ name: 'Code And Zero', mobile: '009660551230003' });
    expect(withZero.body.mobile).toBe('+966551230003');
    // every spelling is one number for the duplicate check
    for (const spelling of ['+966551230001', '966551230001', '00966551230001', '551230001'])
      expect((await create({ name: 'Again', mobile: spelling })).body.errors).toEqual({
        mobile: 'customers.duplicate_mobile',
      });
    const list = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: 'Local Form' }) })
      .set({ ...bearer(owner), 'X-Min-Position': local.headers['x-position'] });
    expect(list.body[0]).toMatchObject({ mobile: '+966551230001', mobile_key: '966551230001' });
  });

  it('finds a customer by any way of writing the number', async () => {
    const h = { ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) };
    // the demo's نورة القحطاني, shown as +966559876543
    for (const q of [
      '+966559876543',
      '00966559876543',
      '966559876543',
      '+9660559876543',
      '0559876543',
      '559876543',
      '٠٥٥٩٨٧٦٥٤٣',
      '9876543',
    ]) {
      const found = await t.http
        .get('/api/merchant/customers')
        .query({ filter: JSON.stringify({ q }) })
        .set(h);
      expect({ q, names: found.body.map((c: { name: string }) => c.name) }).toEqual({
        q,
        names: ['نورة القحطاني'],
      });
    }
  });

  it('searches by text or digits (not mixed), filters, sorts and pages', async () => {
    const h = { ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) };
    const byKey = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: '501234567' }) })
      .set(h);
    expect(byKey.body.map((c: { name: string }) => c.name)).toEqual(['Amal Saeed']);
    const arabic = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: 'نورة' }) })
      .set(h);
    expect(arabic.body.map((c: { name: string }) => c.name)).toEqual(['نورة القحطاني']);
    const mixed = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: 'amal5' }) })
      .set(h);
    expect(mixed.status).toBe(422);
    // the type follows the customer's invoices: the demo's Huda Salem comes every few days
    const frequent = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ type: 'frequent', nationality_id: 784 }) })
      .set(h);
    expect(frequent.body.map((c: { name: string }) => c.name)).toEqual(['Huda Salem']);
    const missed = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ type: 'missed', nationality_id: 784 }) })
      .set(h);
    expect(missed.body).toEqual([]);
    for (const type of ['new', 'frequent', 'missed']) {
      const typed = await t.http
        .get('/api/merchant/customers')
        .query({ filter: JSON.stringify({ type }), range: '[0,99]' })
        .set(h);
      expect(typed.body.every((c: { type: string }) => c.type === type)).toBe(true);
    }
    const paged = await t.http
      .get('/api/merchant/customers')
      .query({ sort: JSON.stringify(['serial', 'ASC']), range: JSON.stringify([1, 2]) })
      .set(h);
    expect(paged.body.map((c: { serial: number }) => c.serial)).toEqual([2, 3]);
    expect(paged.headers['content-range']).toMatch(/^customers 1-2\/\d+$/);
    expect(
      (
        await t.http
          .get('/api/merchant/customers')
          .query({ sort: JSON.stringify(['password', 'ASC']) })
          .set(h)
      ).status,
    ).toBe(422);
    expect((await t.http.get('/api/merchant/customers').query({ filter: '{nope' }).set(h)).body).toEqual({
      message: 'errors.invalid_input',
      errors: { filter: 'errors.invalid_input' },
    });
  });

  it('checks permissions on every command and query: a receptionist cannot disable, and nothing is written', async () => {
    const reception = await t.signIn(RECEPTION);
    const list = await t.http.get('/api/merchant/customers').set(bearer(reception));
    expect(list.status).toBe(200);
    const id = list.body[0].id as string;
    const before = await t.eventCount();
    const res = await t.http.post(`/api/merchant/customers/${id}/disable`).set(bearer(reception));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'auth.no_permission', errors: {} });
    expect(await t.eventCount()).toBe(before);
    expect((await t.http.get('/api/merchant/audit-log').set(bearer(reception))).status).toBe(403);
    // the history of one customer is enough with the customer-history right
    expect(
      (
        await t.http
          .get('/api/merchant/audit-log')
          .query({ filter: JSON.stringify({ entity_type: 'customer', entity_id: id }) })
          .set(bearer(reception))
      ).status,
    ).toBe(200);
    expect(
      (
        await t.http
          .get(`/api/merchant/customers/${id}/as-of`)
          .query({ at: new Date().toISOString() })
          .set(bearer(reception))
      ).status,
    ).toBe(403);
  });

  it('keeps tenants apart: another salon sees none of these customers, and cannot touch them', async () => {
    await t.openOtherSalon();
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    const mine = await t.http.get('/api/merchant/customers').set(bearer(owner));
    const id = mine.body[0].id as string;
    const theirs = await t.http.get('/api/merchant/customers').set(bearer(other));
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
    expect(theirs.headers['content-range']).toBe('customers 0-0/0');
    expect((await t.http.get(`/api/merchant/customers/${id}`).set(bearer(other))).status).toBe(404);
    expect(
      (
        await t.http
          .get('/api/merchant/customers')
          .query({ filter: JSON.stringify({ id: [id] }) })
          .set(bearer(other))
      ).body,
    ).toEqual([]);
    expect(
      (
        await t.http
          .put(`/api/merchant/customers/${id}`)
          .set(bearer(other))
          .send({ name: 'Hijack', mobile: '+971500000001' })
      ).status,
    ).toBe(404);
    expect(
      (await t.http.get('/api/merchant/audit-log').set(bearer(other))).body.every(
        (e: { entity_id: string }) => e.entity_id !== id,
      ),
    ).toBe(true);
    // the same mobile is free in the other salon: uniqueness is per salon
    expect((await create({ name: 'Same number elsewhere', mobile: '+966501234567' }, other)).status).toBe(
      201,
    );
  });
});
