import { addDays, businessDate } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ } from './testing/dates.test-support';
import { png } from './testing/images.test-support';

describe('employees and roles over HTTP', () => {
  let t: TestApp;
  let owner: string;
  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t.close());

  it('lists the demo staff with who signs in and with which role; the owner is marked', async () => {
    const list = await t.http.get('/api/merchant/employees').set(await fresh());
    expect(list.status).toBe(200);
    expect(list.body.map((e: { name_en: string }) => e.name_en)).toEqual([
      'Sara Al-Otaibi',
      'Maha Al-Harbi',
      'Lubna Al-Dosari',
      'Hind Al-Shehri',
      'Amira Nasser',
      'Noura Al-Qahtani',
      'Reem Abdullah',
    ]);
    expect(list.body[0]).toMatchObject({
      login_access: true,
      username: 'owner',
      role: 'owner',
      is_owner: true,
    });
    // a sign-in for each standard role: the stylist is Noura
    expect(
      list.body.map((e: { username: string | null; role: string | null }) => [e.username, e.role]),
    ).toEqual([
      ['owner', 'owner'],
      ['reception', 'receptionist'],
      ['manager', 'manager'],
      ['cashier', 'cashier'],
      ['accountant', 'accountant'],
      ['noura', 'stylist'],
      [null, null],
    ]);
    const noura = list.body[5];
    expect(noura).toMatchObject({
      login_access: true,
      salary: '4500.00',
      commission_percentage: 10,
      holidays: [5],
    });
    expect(noura.working_hours).toHaveLength(7);
  });

  it("takes an employee's mobile by the customers' rules, as people type it, in the one canonical form", async () => {
    const bad = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Maysa', name_ar: 'ميساء', mobile: 'call reception' });
    expect(bad.body.errors).toEqual({ mobile: 'validation.should_be_a_number' });
    const short = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Maysa', name_ar: 'ميساء', mobile: '05012' });
    expect(short.body.errors).toEqual({ mobile: 'validation.mobile_length' });
    const maysa = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Maysa', name_ar: 'ميساء', mobile: '0501234000' });
    expect(maysa.status).toBe(201);
    const read = await t.http
      .get(`/api/merchant/employees/${maysa.body.id}`)
      .set({ ...bearer(owner), 'X-Min-Position': maysa.headers['x-position'] });
    expect(read.body.mobile).toBe('+966501234000');
    // a mobile is not required of an employee
    const none = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Nawal', name_ar: 'نوال', mobile: '' });
    expect(none.status).toBe(201);
  });

  it('adds an employee, gives her a login and a role, and she can sign in with that role', async () => {
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    const reception = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    expect(reception.holders).toBe(1);
    const added = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Lina', name_ar: 'لينا', joining_date: '2026-11-01', leaving_date: '2026-10-01' });
    expect(added.body.errors).toEqual({ leaving_date: 'validation.after_or_equal' });
    const lina = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Lina', name_ar: 'لينا', joining_date: '2026-11-01' });
    expect(lina.status).toBe(201);
    const dupUser = await t.http
      .post(`/api/merchant/employees/${lina.body.id}/login`)
      .set(bearer(owner))
      .send({
        username: 'Reception',
        email: 'lina@demosalon.example',
        password: 'Lina12345',
        role_id: reception.id,
      });
    expect(dupUser.status).toBe(409);
    expect(dupUser.body.errors).toEqual({ username: 'staff.duplicate_username' });
    const login = await t.http.post(`/api/merchant/employees/${lina.body.id}/login`).set(bearer(owner)).send({
      username: 'lina',
      email: 'lina@demosalon.example',
      password: 'Lina12345',
      role_id: reception.id,
    });
    expect(login.status).toBe(200);
    const token = await t.signIn({ accountId: 1, username: 'lina', password: 'Lina12345' });
    expect((await t.http.get('/api/merchant/customers').set(bearer(token))).status).toBe(200);
    expect((await t.http.get('/api/merchant/employees').set(bearer(token))).status).toBe(403);
  });

  it('changes a role: the holders get the new rights on their next request; a held role cannot be removed', async () => {
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    const reception = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    const token = await t.signIn(RECEPTION);
    // the menu's groups need the menu right (the services alone are read by the appointment book too)
    expect((await t.http.get('/api/merchant/service-groups').set(bearer(token))).status).toBe(403);
    const changed = await t.http
      .put(`/api/merchant/roles/${reception.id}`)
      .set(bearer(owner))
      .send({ name: 'receptionist', permissions: [...reception.permissions, 50] });
    expect(changed.status).toBe(200);
    expect(
      (
        await t.http
          .get('/api/merchant/service-groups')
          .set({ ...bearer(token), 'X-Min-Position': changed.headers['x-position'] })
      ).status,
    ).toBe(200);
    const removed = await t.http.delete(`/api/merchant/roles/${reception.id}`).set(bearer(owner));
    expect(removed.status).toBe(422);
    expect(removed.body).toEqual({ message: 'staff.role_in_use', errors: {} });
    const spare = await t.http
      .post('/api/merchant/roles')
      .set(bearer(owner))
      .send({ name: 'trainee', permissions: [1, 20] });
    expect(spare.status).toBe(201);
    expect(
      (await t.http.post('/api/merchant/roles').set(bearer(owner)).send({ name: 'Trainee' })).body.errors,
    ).toEqual({ name: 'staff.duplicate_role' });
    expect(
      (
        await t.http
          .post('/api/merchant/roles')
          .set(bearer(owner))
          .send({ name: 'x', permissions: [999] })
      ).status,
    ).toBe(422);
    expect((await t.http.delete(`/api/merchant/roles/${spare.body.id}`).set(bearer(owner))).status).toBe(200);
  });

  it("keeps the owner's record from the employee screens, and blocks periods that overlap or are too long", async () => {
    const list = await t.http.get('/api/merchant/employees').set(await fresh());
    const ownerEmployee = list.body.find((e: { is_owner: boolean }) => e.is_owner);
    expect(
      (await t.http.post(`/api/merchant/employees/${ownerEmployee.id}/disable`).set(bearer(owner))).body,
    ).toEqual({ message: 'staff.owner_cannot_change', errors: {} });
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    expect(
      (
        await t.http
          .put(`/api/merchant/employees/${ownerEmployee.id}/role`)
          .set(bearer(owner))
          .send({ role_id: roles.body[0].id })
      ).body.errors,
    ).toEqual({ role_id: 'staff.owner_cannot_change' });
    const noura = list.body.find((e: { name_en: string }) => e.name_en === 'Noura Al-Qahtani');
    // a month ahead, clear of the demo's visits of this week (a block over a visit is refused)
    const ahead = (days: number) => addDays(businessDate(new Date(), TZ), days);
    const block = await t.http
      .post(`/api/merchant/employees/${noura.id}/periods`)
      .set(bearer(owner))
      .send({ kind: 'block', reason: 'Annual leave', from_date: ahead(30), to_date: ahead(49) });
    expect(block.status).toBe(201);
    const overlap = await t.http
      .post(`/api/merchant/employees/${noura.id}/periods`)
      .set(bearer(owner))
      .send({
        kind: 'custom_hours',
        from_date: ahead(49),
        to_date: ahead(50),
        from: '12:00',
        to: '16:00',
      });
    expect(overlap.body.errors).toEqual({ from_date: 'settings.periods_overlap' });
    const tooLong = await t.http
      .post(`/api/merchant/employees/${noura.id}/periods`)
      .set(bearer(owner))
      .send({ kind: 'block', from_date: ahead(60), to_date: ahead(105) });
    expect(tooLong.body.errors).toEqual({ to_date: 'settings.period_too_long' });
    const periods = await t.http
      .get('/api/merchant/employee-periods')
      .query({ filter: JSON.stringify({ employee_id: noura.id }) })
      .set(await fresh());
    expect(periods.body.map((p: { reason: string }) => p.reason)).toEqual(['Annual leave']);
  });

  it('keeps up to 4 preferred artists, other active employees of the salon, and a picture uploaded as an image', async () => {
    const list = await t.http.get('/api/merchant/employees').set(await fresh());
    const others = list.body
      .filter((e: { is_owner: boolean }) => !e.is_owner)
      .map((e: { id: string }) => e.id);
    const bytes = png(40, 30);
    const picture = await t.http
      .post('/api/merchant/files')
      .query({ purpose: 'image', name: 'dana.png' })
      .set({ ...bearer(owner), 'Content-Type': 'image/png' })
      .send(bytes);
    expect(picture.status).toBe(201);
    const dana = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({
        name_en: 'Dana',
        name_ar: 'دانة',
        picture_file_id: picture.body.id,
        preferred_artist_ids: others.slice(0, 2),
      });
    expect(dana.status).toBe(201);
    const read = await t.http.get(`/api/merchant/employees/${dana.body.id}`).set(await fresh());
    expect(read.body).toMatchObject({
      picture_file_id: picture.body.id,
      preferred_artist_ids: others.slice(0, 2),
    });

    const five = [...others, dana.body.id, dana.body.id].slice(0, 5);
    const tooMany = await t.http
      .put(`/api/merchant/employees/${dana.body.id}`)
      .set(bearer(owner))
      .send({ name_en: 'Dana', name_ar: 'دانة', preferred_artist_ids: five });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ preferred_artist_ids: 'staff.too_many_preferred_artists' });
    const self = await t.http
      .put(`/api/merchant/employees/${dana.body.id}`)
      .set(bearer(owner))
      .send({ name_en: 'Dana', name_ar: 'دانة', preferred_artist_ids: [dana.body.id] });
    expect(self.body.errors).toEqual({ preferred_artist_ids: 'staff.preferred_artist_not_available' });
    const unknown = await t.http
      .put(`/api/merchant/employees/${dana.body.id}`)
      .set(bearer(owner))
      .send({ name_en: 'Dana', name_ar: 'دانة', picture_file_id: dana.body.id });
    expect(unknown.body.errors).toEqual({ picture_file_id: 'staff.picture_not_found' });

    // a disabled employee is no one's preferred artist any more
    const disabled = await t.http.post(`/api/merchant/employees/${others[0]}/disable`).set(bearer(owner));
    expect(disabled.status).toBe(200);
    const withDisabled = await t.http
      .put(`/api/merchant/employees/${dana.body.id}`)
      .set({ ...bearer(owner), 'X-Min-Position': disabled.headers['x-position'] })
      .send({ name_en: 'Dana', name_ar: 'دانة', preferred_artist_ids: [others[0]] });
    expect(withDisabled.body.errors).toEqual({
      preferred_artist_ids: 'staff.preferred_artist_not_available',
    });
    await t.http.post(`/api/merchant/employees/${others[0]}/activate`).set(bearer(owner));
    const cleared = await t.http
      .put(`/api/merchant/employees/${dana.body.id}`)
      .set(bearer(owner))
      .send({ name_en: 'Dana', name_ar: 'دانة', preferred_artist_ids: [] });
    expect(cleared.status).toBe(200);
    const after = await t.http
      .get(`/api/merchant/employees/${dana.body.id}`)
      .set({ ...bearer(owner), 'X-Min-Position': cleared.headers['x-position'] });
    expect(after.body.preferred_artist_ids).toBeUndefined();
  });

  it("enforces the subscription's number of employees", async () => {
    let last;
    // the demo, a training account, takes 20
    for (let i = 0; i < 20; i++) {
      last = await t.http
        .post('/api/merchant/employees')
        .set(bearer(owner))
        .send({ name_en: `Temp ${i}`, name_ar: `مؤقت ${i}` });
      if (last.status !== 201) break;
      await t.http.get('/api/merchant/employees').set(await fresh());
    }
    expect(last!.status).toBe(422);
    expect(last!.body).toEqual({ message: 'staff.employee_limit_reached', errors: {} });
    const active = await t.http
      .get('/api/merchant/employees')
      .query({ filter: JSON.stringify({ status: 1 }) })
      .set(await fresh());
    expect(active.headers['content-range']).toMatch(/\/20$/);
  });

  it('keeps staff screens from the receptionist', async () => {
    const reception = await t.signIn(RECEPTION);
    expect((await t.http.get('/api/merchant/employees').set(bearer(reception))).status).toBe(403);
    expect(
      (await t.http.post('/api/merchant/roles').set(bearer(reception)).send({ name: 'boss', is_admin: true }))
        .status,
    ).toBe(403);
  });
});
