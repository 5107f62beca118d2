import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * A user's name is one text, but the employee she is has it in English and in Arabic: Arabic screens
 * show the Arabic one wherever they name a user (the app bar, the cashier of an invoice, who did what).
 */
describe("a user's name in Arabic", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it("comes from her employee record, in the global information and in the salon's users", async () => {
    const owner = await t.signIn(OWNER);
    const info = await t.http.post('/api/merchant/get_global_informations').set(bearer(owner));
    expect(info.body.auth).toMatchObject({ name: 'Sara Al-Otaibi', name_ar: 'سارة العتيبي' });
    const users = await t.http.get('/api/merchant/users').set(bearer(await t.signIn(RECEPTION)));
    expect(users.status).toBe(200);
    expect(users.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'owner', name: 'Sara Al-Otaibi', name_ar: 'سارة العتيبي' }),
        expect.objectContaining({ username: 'reception', name_ar: 'مها الحربي' }),
      ]),
    );
  });
});
