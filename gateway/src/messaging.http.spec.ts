import { instantAt as instantAtTime } from '@rawnaq/contracts';
import { signWebhook } from '@rawnaq/platform';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ, workday } from './testing/dates.test-support';
import { windowClock } from './testing/window-clock.test-support';

type Phone = {
  phone: string;
  failing: boolean;
  messages: Array<{
    direction: string;
    text: string;
    status: string;
    language: string;
    template: string | null;
  }>;
  customers: Array<{ name: string; whatsapp_allowed: boolean }>;
};
type Message = {
  id: string;
  status: string;
  text: string;
  kind: string;
  language: string;
  reason?: string;
  history: Array<{ event: string }>;
};

describe('WhatsApp messages over HTTP: the reminder, the simulator, the webhook (issue 26)', () => {
  let t: TestApp;
  let owner: string;
  const clock = windowClock();
  let services: Record<string, { id: string }>;
  let stylists: Record<string, string>;
  let customers: Record<string, { id: string; mobile: string }>;
  let slot = 0;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    owner = await t.signIn(OWNER);
    const menu = await t.http.get('/api/merchant/services').query({ range: '[0,99]' }).set(bearer(owner));
    services = Object.fromEntries(menu.body.map((s: { name_en: string }) => [s.name_en, s]));
    const staff = await t.http.get('/api/merchant/employees').query({ range: '[0,99]' }).set(bearer(owner));
    stylists = Object.fromEntries(staff.body.map((e: { name_en: string; id: string }) => [e.name_en, e.id]));
    const list = await t.http.get('/api/merchant/customers').query({ range: '[0,99]' }).set(bearer(owner));
    customers = Object.fromEntries(list.body.map((c: { name: string }) => [c.name, c]));
    // these tests are of the reminders: the booking confirmations are tested in automatic-messages
    await t.http
      .put('/api/merchant/settings/notifications')
      .set(bearer(owner))
      .send({ booking_confirmation: false });
    // the demo's reminders of tomorrow's visits, queued by its seed, leave first
    await t.app.messaging.runOnce();
    await t.app.messaging.outbox.channels.simulator.flush();
  }, 90_000);
  afterAll(async () => t?.close());

  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const simulator = () => t.app.messaging.outbox.channels.simulator;
  /** a visit booked for the customer, on a day of its own, at 10:00 or later */
  const bookFor = async (customer: string, day = workday(20 + slot++)) => {
    const res = await t.http
      .post('/api/merchant/appointments')
      .set(bearer(owner))
      .send({
        customer_id: customers[customer].id,
        lines: [
          {
            service_id: services.Haircut.id,
            employee_id: stylists['Noura Al-Qahtani'],
            start: instantAtTime(day, '10:00', TZ),
          },
        ],
      });
    expect(res.status).toBe(201);
    return { ...(res.body as { id: string }), day };
  };
  const remind = (id: string) => t.http.post(`/api/merchant/appointments/${id}/remind`).set(bearer(owner));
  const phones = async () =>
    (await t.http.get('/api/merchant/whatsapp-simulator/phones').set(await fresh())).body as Phone[];
  const phoneOf = async (customer: string) =>
    (await phones()).find((p) => `+${p.phone}` === customers[customer].mobile);
  const messagesOf = async (customer: string) =>
    (await t.http.get(`/api/merchant/customers/${customers[customer].id}/messages`).set(await fresh()))
      .body as Message[];
  /** the worker's round, then the simulator's webhooks back into the product */
  const sendAndHear = async () => {
    await t.app.messaging.runOnce();
    await simulator().flush();
  };

  it('"remind" sends the reminder now, in the customer’s language with the salon’s name, once', async () => {
    const visit = await bookFor('نورة القحطاني');
    const res = await remind(visit.id);
    expect(res.status).toBe(200);
    expect(res.body.reminder).toEqual({ queued: true, message_id: expect.any(String) });
    await sendAndHear();
    const phone = await phoneOf('نورة القحطاني');
    const ofDay = phone!.messages.filter((m) => m.text.includes(visit.day));
    expect(ofDay).toHaveLength(1);
    expect(ofDay[0]).toMatchObject({ direction: 'out', language: 'ar' });
    expect(ofDay[0].text).toContain('نورة القحطاني');
    expect(ofDay[0].text).toContain('صالون العرض التجريبي');
    expect(ofDay[0].text).toContain('10:00');

    // on her profile and in the visit's history: sent, then delivered (the simulator's signed webhooks)
    const [message] = await messagesOf('نورة القحطاني');
    expect(message).toMatchObject({ status: 'delivered', kind: 'service', language: 'ar' });
    expect(message.history.map((h) => h.event)).toEqual(['queued', 'sent', 'delivered']);
    const ofVisit = await t.http.get(`/api/merchant/appointments/${visit.id}/messages`).set(await fresh());
    expect(ofVisit.body.map((m: Message) => m.id)).toEqual([message.id]);

    // asked again (a second click, a retry): nothing more is recorded, nothing more is sent
    const before = await t.eventCount();
    expect((await remind(visit.id)).body.reminder).toEqual({ queued: true, message_id: message.id });
    await sendAndHear();
    expect(await t.eventCount()).toBe(before);
    expect((await phoneOf('نورة القحطاني'))!.messages.filter((m) => m.text.includes(visit.day))).toHaveLength(
      1,
    );
  });

  it('has reminded the demo’s visits of tomorrow, in each customer’s language', async () => {
    // (the demo's campaign of two days ago reached them too)
    const inbox = (await phones())
      .flatMap((p) => p.messages.map((m) => ({ ...m, phone: p.phone })))
      .filter((m) => m.template === 'appointment_reminder');
    // Amal (Arabic) has a facial tomorrow, Lama (English) a haircut and a manicure; both allow WhatsApp
    expect(inbox.find((m) => `+${m.phone}` === customers['Amal Saeed'].mobile)).toMatchObject({
      language: 'ar',
      status: 'delivered',
    });
    expect(inbox.find((m) => `+${m.phone}` === customers['Lama Fahad'].mobile)?.text).toContain('Demo Salon');
  });

  it('writes to nobody who has not allowed WhatsApp, and says so', async () => {
    const visit = await bookFor('ريم عبدالله');
    const res = await remind(visit.id);
    expect(res.status).toBe(200);
    expect(res.body.reminder).toEqual({ queued: false, reason: 'messaging.not_allowed' });
    await sendAndHear();
    expect(await phoneOf('ريم عبدالله')).toBeUndefined();
  });

  it('takes statuses out of order and more than once: only forward, read implies delivered', async () => {
    const visit = await bookFor('Huda Salem');
    await remind(visit.id);
    await t.app.messaging.runOnce();
    const [message] = await messagesOf('Huda Salem');
    expect(message).toMatchObject({ status: 'sent', language: 'en' });
    expect(message.text).toContain('Huda Salem');
    expect(message.text).toContain('Demo Salon');
    // WhatsApp's webhooks as they may come: "read" first, then "delivered" late, then "read" again
    const queued = (await t.allEvents()).find(
      (e) => e.type === 'MessageQueued' && e.data.message_id === message.id,
    )!;
    const tenantId = queued.metadata.tenantId;
    const status = (state: string) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'waba',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '966500000000', phone_number_id: `sim-${tenantId}` },
                  statuses: [
                    {
                      id: (message as unknown as { provider_message_id: string }).provider_message_id,
                      status: state,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      recipient_id: '971501112233',
                      biz_opaque_callback_data: `${tenantId}/${message.id}`,
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
    const post = (raw: string) =>
      t.http
        .post('/api/public/whatsapp/webhook')
        .set({
          'Content-Type': 'application/json',
          'X-Hub-Signature-256': signWebhook(raw, simulator().appSecret),
        })
        .send(raw);
    expect((await post(status('read'))).status).toBe(200);
    const afterRead = await t.eventCount();
    for (const late of ['delivered', 'sent', 'read', 'delivered'])
      expect((await post(status(late))).status).toBe(200);
    expect(await t.eventCount()).toBe(afterRead);
    const [read] = await messagesOf('Huda Salem');
    expect(read.status).toBe('read');
    expect(read.history.map((h) => h.event)).toEqual(['queued', 'sent', 'read']);
    // the simulator's own "sent"/"delivered", still waiting, change nothing either
    await simulator().flush();
    expect(await t.eventCount()).toBe(afterRead);
  });

  it('refuses a webhook not signed by WhatsApp (401), changing nothing; a genuine one sent twice counts once', async () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '966500000000', phone_number_id: 'sim-anyone' },
                messages: [
                  {
                    from: '966543332211',
                    id: 'wamid.forged',
                    timestamp: '1764752400',
                    type: 'text',
                    text: { body: 'STOP' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const before = await t.eventCount();
    const post = (signature?: string) =>
      t.http
        .post('/api/public/whatsapp/webhook')
        .set({ 'Content-Type': 'application/json', ...(signature && { 'X-Hub-Signature-256': signature }) })
        .send(body);
    const unsigned = await post();
    expect(unsigned.status).toBe(401);
    expect(unsigned.body).toMatchObject({ message: 'messaging.signature_refused' });
    expect((await post(signWebhook(body, 'not-the-secret'))).status).toBe(401);
    expect((await post(`sha256=${'0'.repeat(64)}`)).status).toBe(401);
    expect(await t.eventCount()).toBe(before);
    // the handshake: no verify token is set without WHATSAPP=cloud, so none is answered
    const hello = await t.http
      .get('/api/public/whatsapp/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '12345' });
    expect(hello.status).toBe(403);
  });

  it('a STOP reply turns her consent off (when and how recorded), and the next reminder is not sent', async () => {
    const first = await bookFor('نورة القحطاني');
    const second = await bookFor('نورة القحطاني');
    await remind(first.id);
    // queued before her STOP, sent after it: withheld
    const reply = await t.http
      .post('/api/merchant/whatsapp-simulator/phones/966559876543/reply')
      .set(bearer(owner))
      .send({ text: 'STOP' });
    expect(reply.status).toBe(200);
    const customer = await t.http
      .get(`/api/merchant/customers/${customers['نورة القحطاني'].id}`)
      .set(await fresh());
    expect(customer.body.whatsapp_allowed).toBe(false);
    expect(customer.body.whatsapp_consent).toMatchObject({ allowed: false, how: 'stop_reply' });
    const consent = (await t.allEvents()).filter((e) => e.type === 'WhatsAppConsentChanged');
    expect(consent).toHaveLength(1);
    expect(consent[0].data).toMatchObject({ allowed: false, how: 'stop_reply', phone: '966559876543' });

    await sendAndHear();
    const messages = await messagesOf('نورة القحطاني');
    expect(messages.find((m) => m.status === 'withheld')).toMatchObject({ reason: 'no_consent' });
    expect(messages.find((m) => m.status === 'received')).toMatchObject({ text: 'STOP' });
    expect((await remind(second.id)).body.reminder).toEqual({
      queued: false,
      reason: 'messaging.not_allowed',
    });

    // the same webhook again (WhatsApp retries): nothing more
    const events = await t.eventCount();
    await t.http.post('/api/merchant/whatsapp-simulator/phones/966559876543/read').set(bearer(owner));
    expect((await t.allEvents()).filter((e) => e.type === 'WhatsAppConsentChanged')).toHaveLength(1);
    expect(await t.eventCount()).toBeGreaterThanOrEqual(events);

    // START turns it on again
    await t.http
      .post('/api/merchant/whatsapp-simulator/phones/966559876543/reply')
      .set(bearer(owner))
      .send({ text: 'start' });
    const again = await t.http
      .get(`/api/merchant/customers/${customers['نورة القحطاني'].id}`)
      .set(await fresh());
    expect(again.body.whatsapp_consent).toMatchObject({ allowed: true, how: 'start_reply' });
  });

  it('retries while WhatsApp is down, after 1 then 5 minutes; a number that fails is shown failed', async () => {
    const visit = await bookFor('Huda Salem');
    await remind(visit.id);
    simulator().down = true;
    try {
      await t.app.messaging.runOnce();
      let [message] = (await messagesOf('Huda Salem')).filter((m) => m.status !== 'read');
      expect(message.status).toBe('queued');
      expect(message.history.at(-1)).toMatchObject({
        event: 'attempt_failed',
        reason: 'provider_unavailable',
      });
      // not before the minute is up
      await t.app.messaging.runOnce();
      [message] = (await messagesOf('Huda Salem')).filter((m) => m.status !== 'read');
      expect(message.history.filter((h) => h.event === 'attempt_failed')).toHaveLength(1);
      clock.advance(61_000);
      await t.app.messaging.runOnce();
      [message] = (await messagesOf('Huda Salem')).filter((m) => m.status !== 'read');
      expect(message.history.filter((h) => h.event === 'attempt_failed')).toHaveLength(2);
      simulator().down = false;
      clock.advance(5 * 60_000 + 1_000);
      await sendAndHear();
      [message] = (await messagesOf('Huda Salem')).filter((m) =>
        m.history.some((h) => h.event === 'attempt_failed'),
      );
      expect(message.status).toBe('delivered');
    } finally {
      simulator().down = false;
    }

    // a number WhatsApp cannot deliver to
    const failing = await t.http
      .post('/api/merchant/whatsapp-simulator/phones/971501112233/failing')
      .set(bearer(owner))
      .send({ failing: true });
    expect(failing.status).toBe(200);
    const other = await bookFor('Huda Salem');
    await remind(other.id);
    await sendAndHear();
    const failed = (await messagesOf('Huda Salem')).find((m) => m.status === 'failed');
    expect(failed).toMatchObject({ reason: 'delivery_failed' });
    // the number works again: the desk sends it again, once
    await t.http
      .post('/api/merchant/whatsapp-simulator/phones/971501112233/failing')
      .set(bearer(owner))
      .send({ failing: false });
    const again = await t.http.post(`/api/merchant/messages/${failed!.id}/retry`).set(bearer(owner));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: failed!.id, status: 'queued' });
    await sendAndHear();
    const resent = (await messagesOf('Huda Salem')).find((m) => m.id === failed!.id)!;
    expect(resent.status).toBe('delivered');
    expect(resent.history.map((h) => h.event)).toContain('retried');
    const twice = await t.http.post(`/api/merchant/messages/${failed!.id}/retry`).set(bearer(owner));
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('messaging.not_failed');
    expect((await t.http.post('/api/merchant/messages/not-an-id/retry').set(bearer(owner))).status).toBe(404);
  });

  it('queues the reminder on its own N hours before a visit when Settings → Notifications has it on', async () => {
    const saved = await t.http.put('/api/merchant/settings/notifications').set(bearer(owner)).send({
      appointment_reminder: true,
      booking_confirmation: false,
      reminder_hours_before: 72,
      send_from: '10:00',
      send_until: '21:00',
    });
    expect(saved.status).toBe(200);
    // the next workday after the worker's today: past 18:00 in Riyadh its clock is tomorrow's 10:00
    // (windowClock), when a visit at 10:00 on the real tomorrow would already have begun
    const soon = await bookFor('Huda Salem', workday(1, clock.now()));
    await t.app.messaging.runOnce({ plan: true });
    const ofVisit = await t.http.get(`/api/merchant/appointments/${soon.id}/messages`).set(await fresh());
    expect(ofVisit.body).toHaveLength(1);
    expect(ofVisit.body[0].kind).toBe('service');
    // switched off: no reminder for the next visit
    await t.http
      .put('/api/merchant/settings/notifications')
      .set(bearer(owner))
      .send({ appointment_reminder: false, booking_confirmation: false, reminder_hours_before: 72 });
    const later = await bookFor('Huda Salem', workday(2, clock.now()));
    await t.app.messaging.runOnce({ plan: true });
    expect(
      (await t.http.get(`/api/merchant/appointments/${later.id}/messages`).set(await fresh())).body,
    ).toEqual([]);
  });

  it('refuses a window outside 09:00-23:00 or backwards, on its field', async () => {
    const put = (body: object) =>
      t.http.put('/api/merchant/settings/notifications').set(bearer(owner)).send(body);
    expect((await put({ send_from: '08:00' })).body.errors).toEqual({
      send_from: 'messaging.window_outside_limits',
    });
    expect((await put({ send_until: '23:30' })).body.errors).toEqual({
      send_until: 'messaging.window_outside_limits',
    });
    expect((await put({ send_from: '20:00', send_until: '10:00' })).body.errors).toEqual({
      send_until: 'messaging.window_empty',
    });
    expect((await put({ send_from: 'noon' })).body.errors).toEqual({ send_from: 'validation.invalid_value' });
  });

  it('refuses a reply without text, and a phone that is not a number, naming the field', async () => {
    const empty = await t.http
      .post('/api/merchant/whatsapp-simulator/phones/966559876543/reply')
      .set(bearer(owner))
      .send({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ text: 'validation.is_required' });
    const bad = await t.http
      .post('/api/merchant/whatsapp-simulator/phones/abc/reply')
      .set(bearer(owner))
      .send({ text: 'hi' });
    expect(bad.status).toBe(404);
    const flag = await t.http
      .post('/api/merchant/whatsapp-simulator/phones/966559876543/failing')
      .set(bearer(owner))
      .send({ failing: 'yes' });
    expect(flag.body.errors).toEqual({ failing: 'validation.invalid_value' });
  });

  it('shows one salon nothing of another’s messages or simulated phones', async () => {
    await t.openOtherSalon();
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    const theirs = await t.http
      .get(`/api/merchant/customers/${customers['Huda Salem'].id}/messages`)
      .set(bearer(other));
    expect(theirs.status).toBe(404);
    const phones = await t.http.get('/api/merchant/whatsapp-simulator/phones').set(bearer(other));
    expect(phones.body).toEqual([]);
  });
});
