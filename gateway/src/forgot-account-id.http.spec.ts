import { bearer, MANAGER, startTestApp, type TestApp } from './testing/test-app.test-support';

const forgot = (t: TestApp, body: object) => t.http.post('/api/merchant/forgot_account_id').send(body);
/** What a caller can observe of an answer: nothing in it may tell a known e-mail from an unknown one. */
const observed = (res: { status: number; body: unknown; headers: Record<string, string> }) => ({
  status: res.status,
  body: res.body,
  position: res.headers['x-position'],
});

describe('forgot account ID: the account ID and username by mail, the same answer for everyone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const outbox = async () => {
    const manager = await t.signIn(MANAGER, 'manager');
    const res = await t.http
      .get('/api/manager/mail-outbox')
      .set({ ...bearer(manager), 'X-Min-Position': String(await t.eventCount()) });
    return res.body as Array<{ to: string; subject: string; body: string; status: number }>;
  };

  it('mails the account ID and username to a known address; answers an unknown one alike', async () => {
    const answers = [];
    for (const email of ['Reception@DemoSalon.example', 'nobody@example.com'])
      for (let i = 0; i < 2; i++) answers.push(observed(await forgot(t, { email })));
    expect(answers).toEqual(
      Array(4).fill({ status: 200, body: { message: 'auth.account_id_sent' }, position: undefined }),
    );
    // asked twice within a minute: one message, in her language, kept in the outbox without a mail server
    const mails = (await outbox()).filter((m) => m.to === 'reception@demosalon.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 3, subject: 'رقم حسابك في رونق' });
    expect(mails[0].body).toContain('رقم الحساب: 1');
    expect(mails[0].body).toContain('اسم المستخدم: reception');
    expect(mails[0].body).toContain('صالون العرض التجريبي');
    expect((await outbox()).filter((m) => m.to === 'nobody@example.com')).toEqual([]);
    // recorded on her history, by nobody signed in
    const asked = (await t.allEvents()).filter((e) => e.type === 'AccountIdRequested');
    expect(asked).toHaveLength(1);
    expect(asked[0].metadata.tenantId).toBe('1');
  });

  it('refuses a missing or malformed address naming the field, writing nothing', async () => {
    const before = await t.eventCount();
    for (const body of [{}, { email: 'not-an-address' }, { email: 42 }]) {
      const res = await forgot(t, body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['email']);
    }
    expect(await t.eventCount()).toBe(before);
  });

  it('tells each salon only its own account: an address in two salons gets two messages', async () => {
    await t.openOtherSalon();
    const manager = await t.signIn(MANAGER, 'manager');
    const opened = await t.http.post('/api/manager/accounts').set(bearer(manager)).send({
      name_en: 'Lamsa Spa',
      name_ar: 'لمسة سبا',
      alias: 'lamsaids',
      country_id: 2,
      salon_type: 1,
      max_employees: 3,
      owner_name: 'Sara',
      owner_username: 'sara',
      owner_email: 'owner@demosalon.example',
      owner_password: 'Lamsa12345',
    });
    expect(opened.status).toBe(201);
    await forgot(t, { email: 'owner@demosalon.example' });
    const mails = (await outbox()).filter((m) => m.to === 'owner@demosalon.example');
    expect(mails).toHaveLength(2);
    const demo = mails.find((m) => m.body.includes('صالون العرض التجريبي'))!;
    const lamsa = mails.find((m) => m.body.includes('لمسة سبا'))!;
    expect(demo.body).toContain('اسم المستخدم: owner');
    expect(demo.body).not.toContain('لمسة');
    expect(lamsa.body).toContain(`رقم الحساب: ${opened.body.account_id}`);
    expect(lamsa.body).not.toContain('العرض التجريبي');
  });
});
