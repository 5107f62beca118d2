import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

const salon = { latitude: 24.711667, longitude: 46.674167 };
const metresNorth = (m: number) => ({
  latitude: salon.latitude + m / 111_194.93,
  longitude: salon.longitude,
});

describe('attendance by geolocation over HTTP', () => {
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

  it('needs the salon location first', async () => {
    const reception = await t.signIn(RECEPTION);
    const res = await t.http
      .post('/api/merchant/attendance/check-in')
      .set(bearer(reception))
      .send(metresNorth(5));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'attendance.location_not_set', errors: {} });
  });

  it('checks in within 50 m, refuses farther saying how far, checks out, and reports the shift', async () => {
    const general = await t.http.get('/api/merchant/settings/general').set(await fresh());
    const located = await t.http
      .put('/api/merchant/settings/general')
      .set(bearer(owner))
      .send({ ...general.body, ...salon });
    expect(located.status).toBe(200);
    const reception = await t.signIn(RECEPTION);
    const h = async () => ({ ...bearer(reception), 'X-Min-Position': String(await t.eventCount()) });
    const far = await t.http
      .post('/api/merchant/attendance/check-in')
      .set(await h())
      .send(metresNorth(120));
    expect(far.status).toBe(422);
    expect(far.body).toEqual({ message: 'attendance.too_far', errors: {}, params: { distance: 120 } });
    const checkIn = await t.http
      .post('/api/merchant/attendance/check-in')
      .set(await h())
      .send(metresNorth(20));
    expect(checkIn.body).toMatchObject({ checked_in: true, distance_m: 20 });
    const today = async () => (await t.http.get('/api/merchant/attendance/today').set(await h())).body;
    expect(await today()).toMatchObject({
      name_en: 'Maha Al-Harbi',
      checked_in: true,
      check_in_at: expect.any(String),
    });
    expect(
      (
        await t.http
          .post('/api/merchant/attendance/check-in')
          .set(await h())
          .send(metresNorth(20))
      ).body,
    ).toEqual({ message: 'attendance.already_checked_in', errors: {} });
    const checkOut = await t.http
      .post('/api/merchant/attendance/check-out')
      .set(await h())
      .send(metresNorth(10));
    expect(checkOut.body).toMatchObject({ checked_in: false, distance_m: 10 });
    const after = await today();
    expect(after).toMatchObject({ checked_in: false, check_in_at: null });
    expect(after.shifts).toEqual([
      expect.objectContaining({ check_in_distance_m: 20, check_out_distance_m: 10 }),
    ]);
    const bad = await t.http
      .post('/api/merchant/attendance/check-in')
      .set(await h())
      .send({ latitude: 'north' });
    expect(bad.body.errors).toEqual({
      latitude: 'validation.invalid_value',
      longitude: 'validation.is_required',
    });
    const detailed = await t.http.get('/api/merchant/reports/detailed-attendance').set(await fresh());
    expect(detailed.body).toEqual([
      expect.objectContaining({
        name_en: 'Maha Al-Harbi',
        check_in_distance_m: 20,
        check_out_distance_m: 10,
        minutes: 0,
      }),
    ]);
    const cumulative = await t.http.get('/api/merchant/reports/cumulative-attendance').set(await fresh());
    expect(cumulative.body.rows).toEqual([
      expect.objectContaining({ name_en: 'Maha Al-Harbi', shifts: 1, days: 1, minutes: 0 }),
    ]);
    // without the "profile and activities" level (her standard role has it), she sees her own shifts
    // only through the owner's reports
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    const role = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    role.permissions = role.permissions.filter((p: number) => p !== 43);
    await t.http
      .put(`/api/merchant/roles/${role.id}`)
      .set(bearer(owner))
      .send({ name: role.name, permissions: role.permissions });
    expect((await t.http.get('/api/merchant/reports/detailed-attendance').set(await h())).status).toBe(403);

    // the "profile and activities" level (43): her own record and shifts, nobody else's
    await t.http
      .put(`/api/merchant/roles/${role.id}`)
      .set(bearer(owner))
      .send({ name: role.name, permissions: [...role.permissions, 43] });
    const own = await t.http.get('/api/merchant/reports/detailed-attendance').set(await h());
    expect(own.status).toBe(200);
    expect(own.body.map((s: { name_en: string }) => s.name_en)).toEqual(['Maha Al-Harbi']);
    const staff = await t.http.get('/api/merchant/employees').set(await fresh());
    const maha = staff.body.find((e: { name_en: string }) => e.name_en === 'Maha Al-Harbi');
    const ownerRecord = staff.body.find((e: { is_owner: boolean }) => e.is_owner);
    expect((await t.http.get(`/api/merchant/employees/${maha.id}`).set(await h())).status).toBe(200);
    expect((await t.http.get(`/api/merchant/employees/${ownerRecord.id}`).set(await h())).status).toBe(403);
    expect((await t.http.get('/api/merchant/employees').set(await h())).status).toBe(403);
    const theirs = await t.http
      .get('/api/merchant/reports/detailed-attendance')
      .query({ filter: JSON.stringify({ employee_id: ownerRecord.id }) })
      .set(await h());
    expect(theirs.body).toEqual([]);
    const cumulativeOwn = await t.http.get('/api/merchant/reports/cumulative-attendance').set(await h());
    expect(cumulativeOwn.body.rows).toEqual([
      expect.objectContaining({ name_en: 'Maha Al-Harbi', shifts: 1 }),
    ]);
  });

  it('refuses users who are not employees', async () => {
    await t.openOtherSalon();
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    expect(
      (await t.http.post('/api/merchant/attendance/check-in').set(bearer(other)).send(salon)).body,
    ).toEqual({ message: 'attendance.not_an_employee', errors: {} });
    expect((await t.http.get('/api/merchant/attendance/today').set(bearer(other))).body).toMatchObject({
      employee_id: null,
      checked_in: false,
    });
  });
});
