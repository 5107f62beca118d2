import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** Every command that sets a password holds it to the one rule: 8 characters, a letter and a digit. */
describe('one password rule for every command that sets a password', () => {
  let t: TestApp;
  let owner: string;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    manager = await t.signIn(MANAGER, 'manager');
  }, 60_000);
  afterAll(() => t.close());

  const weak = ['aaaaaaaa', '11111111', 'Ab1'];

  it("refuses a weak password for an employee's login", async () => {
    const roles = await t.http
      .get('/api/merchant/roles')
      .set({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
    const lina = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Lina', name_ar: 'لينا', joining_date: '2026-11-01' });
    for (const password of weak) {
      const res = await t.http
        .post(`/api/merchant/employees/${lina.body.id}/login`)
        .set(bearer(owner))
        .send({ username: 'lina', email: 'lina@demosalon.example', password, role_id: roles.body[0].id });
      expect([res.status, res.body.errors]).toEqual([
        422,
        { password: password.length < 8 ? 'validation.min_length' : 'auth.password_too_weak' },
      ]);
    }
  });

  it("refuses a weak owner password when a manager opens an account, and on the owner's own screens", async () => {
    for (const password of weak) {
      const res = await t.http.post('/api/manager/accounts').set(bearer(manager)).send({
        name_en: 'Lamsa Spa',
        name_ar: 'لمسة سبا',
        alias: 'lamsaspa',
        country_id: 2,
        owner_name: 'Hessa',
        owner_username: 'hessa',
        owner_email: 'hessa@lamsa.example',
        owner_password: password,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        owner_password: password.length < 8 ? 'validation.min_length' : 'auth.password_too_weak',
      });
      const change = await t.http
        .post('/api/merchant/change_password')
        .set(bearer(owner))
        .send({ current_password: OWNER.password, password, password_confirmation: password });
      expect(change.status).toBe(422);
      const reset = await t.http
        .post('/api/merchant/reset_password')
        .send({ token: 'x', password, password_confirmation: password });
      expect(reset.status).toBe(422);
    }
  });
});
