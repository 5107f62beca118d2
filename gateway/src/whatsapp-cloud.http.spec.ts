import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, businessDate, instantAt } from '@rawnaq/contracts';
import { signWebhook } from '@rawnaq/platform';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ, workday } from './testing/dates.test-support';

/**
 * The demo salon connected to WhatsApp's Cloud API (WHATSAPP=cloud) — here a local server answering
 * in the Graph API's shapes: the reminder goes out as a template with the salon's token, Meta's signed
 * webhook brings its statuses, the subscription handshake answers with the verify token only.
 */
describe('WhatsApp over the Cloud API (WHATSAPP=cloud, a local Graph API)', () => {
  const saved = { ...process.env };
  const seen: Array<{ path: string; auth?: string; body: Record<string, unknown> }> = [];
  let graph: Server;
  let t: TestApp;
  let owner: string;
  // a clock inside the send window whatever the hour (10:00 tomorrow in Riyadh)
  const clock = { now: () => new Date(instantAt(addDays(businessDate(new Date(), TZ), 1), '10:00', TZ)) };

  beforeAll(async () => {
    graph = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            messaging_product: 'whatsapp',
            contacts: [{ input: '966559876543', wa_id: '966559876543' }],
            messages: [{ id: `wamid.CLOUD${seen.length}` }],
          }),
        );
      });
    });
    await new Promise<void>((r) => graph.listen(0, '127.0.0.1', r));
    Object.assign(process.env, {
      WHATSAPP: 'cloud',
      WHATSAPP_ACCESS_TOKEN: 'EAAG-salon-token',
      WHATSAPP_APP_SECRET: 'meta-app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_PHONE_NUMBERS: '1=109876543210',
      WHATSAPP_GRAPH_URL: `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v21.0`,
    });
    t = await startTestApp({ clock });
    owner = await t.signIn(OWNER);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => graph?.close(r));
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  });

  const webhook = (statuses: object[], secret = 'meta-app-secret') => {
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '966500000001', phone_number_id: '109876543210' },
                statuses,
              },
            },
          ],
        },
      ],
    });
    return t.http
      .post('/api/public/whatsapp/webhook')
      .set({ 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWebhook(raw, secret) })
      .send(raw);
  };

  it('sends the reminder as a template from the salon’s number, and records Meta’s statuses', async () => {
    const customers = await t.http
      .get('/api/merchant/customers')
      .query({ range: '[0,99]' })
      .set(bearer(owner));
    const noura = customers.body.find((c: { name: string }) => c.name === 'نورة القحطاني');
    const menu = await t.http.get('/api/merchant/services').query({ range: '[0,99]' }).set(bearer(owner));
    const staff = await t.http.get('/api/merchant/employees').query({ range: '[0,99]' }).set(bearer(owner));
    const day = workday(25);
    const visit = await t.http
      .post('/api/merchant/appointments')
      .set(bearer(owner))
      .send({
        customer_id: noura.id,
        lines: [
          {
            service_id: menu.body.find((s: { name_en: string }) => s.name_en === 'Haircut').id,
            employee_id: staff.body.find((e: { name_en: string }) => e.name_en === 'Noura Al-Qahtani').id,
            start: instantAt(day, '12:00', TZ),
          },
        ],
      });
    expect(visit.status).toBe(201);
    const reminded = await t.http
      .post(`/api/merchant/appointments/${visit.body.id}/remind`)
      .set(bearer(owner));
    expect(reminded.body.reminder.queued).toBe(true);
    seen.length = 0;
    await t.app.messaging.runOnce();

    // the reminder (the booking's confirmation went out too)
    const ours = seen.filter(
      (r) =>
        JSON.stringify(r.body).includes(day) &&
        (r.body.template as { name?: string } | undefined)?.name === 'appointment_reminder',
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      path: '/v21.0/109876543210/messages',
      auth: 'Bearer EAAG-salon-token',
      body: {
        messaging_product: 'whatsapp',
        to: '966559876543',
        type: 'template',
        template: { name: 'appointment_reminder', language: { code: 'ar' } },
        biz_opaque_callback_data: `1/${reminded.body.reminder.message_id}`,
      },
    });
    const id = (await t.allEvents()).find(
      (e) => e.type === 'MessageSent' && e.data.message_id === reminded.body.reminder.message_id,
    )!.data.provider_message_id as string;
    expect(id).toMatch(/^wamid\.CLOUD/);

    // Meta's webhooks: read before delivered; one signed with another secret is refused
    const status = (s: string) => ({
      id,
      status: s,
      timestamp: String(Math.floor(clock.now().getTime() / 1000) + 60),
      recipient_id: '966559876543',
      biz_opaque_callback_data: `1/${reminded.body.reminder.message_id}`,
    });
    expect((await webhook([status('read')], 'not-meta')).status).toBe(401);
    expect((await webhook([status('read')])).status).toBe(200);
    expect((await webhook([status('delivered')])).body).toEqual({ received: 1, applied: 0 });
    const messages = await t.http
      .get(`/api/merchant/appointments/${visit.body.id}/messages`)
      .set({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
    // the reminder's row (the booking's confirmation, queued at the same instant, is the other one)
    expect(
      (messages.body as Array<{ id: string }>).find((m) => m.id === reminded.body.reminder.message_id),
    ).toMatchObject({ status: 'read', provider: 'cloud_api' });
  });

  it('answers Meta’s subscription handshake only with the verify token', async () => {
    const ask = (token: string) =>
      t.http
        .get('/api/public/whatsapp/webhook')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' });
    const ok = await ask('verify-me');
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    expect((await ask('guess')).status).toBe(403);
  });

  it('never lets the simulator’s signature speak for a number on the Cloud API', async () => {
    const before = await t.eventCount();
    const res = await webhook(
      [{ id: 'wamid.X', status: 'failed', timestamp: '1764752400' }],
      t.app.messaging.outbox.channels.simulator.appSecret,
    );
    expect(res.body).toEqual({ received: 1, applied: 0 });
    expect(await t.eventCount()).toBe(before);
  });
});
