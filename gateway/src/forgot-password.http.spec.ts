import type { MailSender, OutgoingMail } from '@rawnaq/platform';
import { listen } from '../../platform/src/mail/smtp/smtp-listener.test-support';
import { bearer, MANAGER, startTestApp, type TestApp } from './testing/test-app.test-support';

const forgot = (t: TestApp, email: string) => t.http.post('/api/merchant/forgot_password').send({ email });
/** What a caller can observe of an answer: nothing in it may tell a known e-mail from an unknown one. */
const observed = (res: { status: number; body: unknown; headers: Record<string, string> }) => ({
  status: res.status,
  body: res.body,
  position: res.headers['x-position'],
});
const outbox = async (t: TestApp) => {
  const manager = await t.signIn(MANAGER, 'manager');
  const res = await t.http
    .get('/api/manager/mail-outbox')
    .set({ ...bearer(manager), 'X-Min-Position': String(await t.eventCount()) });
  return res.body as Array<{ id: string; to: string; subject: string; body: string; status: number }>;
};

describe('forgot password: the same answer for everyone, and mail kept locally without a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('answers a registered and an unknown e-mail alike, asked once or again too soon', async () => {
    const answers = [];
    for (const email of ['owner@demosalon.example', 'nobody@example.com'])
      for (let i = 0; i < 2; i++) answers.push(observed(await forgot(t, email)));
    expect(answers).toEqual(
      Array(4).fill({ status: 200, body: { message: 'auth.reset_link_sent' }, position: undefined }),
    );
    // asked again within a minute: the first link stands, no second mail
    const mails = (await outbox(t)).filter((m) => m.to === 'owner@demosalon.example');
    expect(mails).toHaveLength(1);
  });

  it('keeps mail locally, saying so, and the manager can read each message', async () => {
    await forgot(t, 'reception@demosalon.example');
    const mail = (await outbox(t)).find((m) => m.to === 'reception@demosalon.example')!;
    // 3: kept locally, not sent (no mail server) — not "pending" forever
    expect(mail).toMatchObject({ status: 3, subject: 'إعادة تعيين كلمة المرور' });
    // the link's path, not its token: the manager cannot use someone's reset link
    expect(mail.body).toMatch(/\/ar\/merchant\/reset-password\/…$/);
  });

  it('keeps the reset token out of the event log and the outbox: only its hash and a nonce are recorded', async () => {
    await forgot(t, 'owner@demosalon.example');
    const manager = await t.signIn(MANAGER, 'manager');
    await outbox(t);
    // (asked again within a minute: the link mailed first stands)
    const token = (await t.linkTo('owner@demosalon.example', 'reset-password'))!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const events = await t.allEvents();
    expect(events.filter((e) => JSON.stringify(e).includes(token))).toEqual([]);
    const mails = await t.http
      .get('/api/manager/mail-outbox')
      .set({ ...bearer(manager), 'X-Min-Position': String(await t.eventCount()) });
    expect(JSON.stringify(mails.body)).not.toContain(token);
    // and the token works: the link as mailed resets the password
    expect((await t.http.get(`/api/merchant/reset_password/${token}`)).status).toBe(200);
    const reset = await t.http
      .post('/api/merchant/reset_password')
      .send({ token, password: 'Fresh12345', password_confirmation: 'Fresh12345' });
    expect(reset.status).toBe(200);
    expect(JSON.stringify(await t.allEvents())).not.toContain(token);
  });
});

describe('forgot password with a mail server', () => {
  const sent: OutgoingMail[] = [];
  let refuse = false;
  const sender: MailSender = {
    name: 'test',
    send: async (mail) => {
      if (refuse) throw new Error('550 mailbox unavailable');
      sent.push(mail);
      return { messageId: `<${sent.length}@test>` };
    },
    close: async () => undefined,
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ mailSender: sender });
  }, 60_000);
  afterAll(() => t.close());

  it('sends the waiting mail once and records it as sent; a refusal is recorded with its reason', async () => {
    await forgot(t, 'owner@demosalon.example');
    expect((await outbox(t)).find((m) => m.to === 'owner@demosalon.example')).toMatchObject({ status: 1 });
    expect(await t.app.mail!.dispatchPending()).toBe(1);
    expect(sent).toEqual([
      expect.objectContaining({ to: 'owner@demosalon.example', subject: 'إعادة تعيين كلمة المرور' }),
    ]);
    // the mail as sent carries the link's token, written in at send time from a key outside the log
    const token = /\/ar\/merchant\/reset-password\/([\w-]{40,})$/m.exec(sent[0].text)![1];
    expect(JSON.stringify(await t.allEvents())).not.toContain(token);
    expect((await t.http.get(`/api/merchant/reset_password/${token}`)).status).toBe(200);
    expect((await outbox(t)).find((m) => m.to === 'owner@demosalon.example')).toMatchObject({
      status: 2,
      message_id: '<1@test>',
    });
    // nothing is sent twice
    expect(await t.app.mail!.dispatchPending()).toBe(0);
    expect(sent).toHaveLength(1);

    refuse = true;
    await forgot(t, 'reception@demosalon.example');
    await outbox(t);
    expect(await t.app.mail!.dispatchPending()).toBe(0);
    expect((await outbox(t)).find((m) => m.to === 'reception@demosalon.example')).toMatchObject({
      status: 0,
      error: '550 mailbox unavailable',
    });
  });
});

describe('mail through the server the manager sets in the console (no SMTP_URL)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    smtp = await listen({ auth: true });
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    smtp.server.close();
  });

  const setServer = async (host: string) => {
    const manager = await t.signIn(MANAGER, 'manager');
    const res = await t.http
      .put('/api/manager/platform-records/email-setting')
      .set(bearer(manager))
      .send({
        sender_name: 'Rawnaq',
        sender_address: 'hello@rawnaq.example',
        smtp_host: host,
        smtp_port: String(smtp.port),
        smtp_username: 'mailer',
        smtp_password: 'top-secret-password',
      });
    expect(res.status).toBe(200);
  };

  it('keeps mail locally until a server is set, then sends through it signed in with the sealed password, and keeps it locally again once it is removed', async () => {
    await forgot(t, 'owner@demosalon.example');
    expect((await outbox(t)).find((m) => m.to === 'owner@demosalon.example')).toMatchObject({ status: 3 });

    await setServer('127.0.0.1');
    await forgot(t, 'reception@demosalon.example');
    expect((await outbox(t)).find((m) => m.to === 'reception@demosalon.example')).toMatchObject({
      status: 1,
    });
    expect(await t.app.mail.dispatchPending()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      from: 'hello@rawnaq.example',
      to: ['reception@demosalon.example'],
      auth: { user: 'mailer', password: 'top-secret-password' },
    });
    expect((await outbox(t)).find((m) => m.to === 'reception@demosalon.example')).toMatchObject({
      status: 2,
    });
    // the mail kept locally before the server was set stays so: it was never meant to be sent
    expect((await outbox(t)).find((m) => m.to === 'owner@demosalon.example')).toMatchObject({ status: 3 });

    await setServer('');
    await forgot(t, 'accountant@demosalon.example');
    expect((await outbox(t)).find((m) => m.to === 'accountant@demosalon.example')).toMatchObject({
      status: 3,
    });
    expect(await t.app.mail.dispatchPending()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});
