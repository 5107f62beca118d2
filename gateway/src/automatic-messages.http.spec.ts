import { addDays, businessDate, instantAt, PaymentMethod } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ, workday } from './testing/dates.test-support';
import { windowClock } from './testing/window-clock.test-support';

type Message = {
  id: string;
  purpose: string;
  template: string;
  status: string;
  text: string;
  kind: string;
  language: string;
  appointment_id?: string;
  invoice_id?: string;
};

describe('automatic messages over HTTP: each switch in Settings → Notifications does what it says (issue 26)', () => {
  let t: TestApp;
  let owner: string;
  const clock = windowClock();
  let services: Record<string, { id: string }>;
  let stylists: Record<string, string>;
  let slot = 0;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    owner = await t.signIn(OWNER);
    const get = async (path: string) =>
      (await t.http.get(`/api/merchant/${path}`).query({ range: '[0,99]' }).set(bearer(owner))).body;
    services = Object.fromEntries((await get('services')).map((s: { name_en: string }) => [s.name_en, s]));
    stylists = Object.fromEntries(
      (await get('employees')).map((e: { name_en: string; id: string }) => [e.name_en, e.id]),
    );
    // what the demo's seed queued leaves first
    await sendAndHear();
  }, 90_000);
  afterAll(async () => t?.close());

  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const sendAndHear = async () => {
    await t.app.messaging.runOnce({ plan: true });
    await t.app.messaging.outbox.channels.simulator.flush();
  };
  /** Settings → Notifications: the defaults, with these changes */
  const notifications = (values: Record<string, unknown> = {}) =>
    t.http.put('/api/merchant/settings/notifications').set(bearer(owner)).send(values);
  /** a new customer who allows WhatsApp, in her language, with a mobile of her own */
  const customer = async (extra: Record<string, unknown> = {}) => {
    serial++;
    const res = await t.http
      .post('/api/merchant/customers')
      .set(bearer(owner))
      .send({
        name: `Auto Customer ${serial}`,
        mobile: `+9665${String(70000000 + serial * 7919).slice(0, 8)}`,
        gender: 2,
        preferred_language: 'en',
        whatsapp_allowed: true,
        ...extra,
      });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const messagesOf = async (customerId: string) =>
    (await t.http.get(`/api/merchant/customers/${customerId}/messages`).set(await fresh())).body as Message[];
  const book = (customerId: string, key?: string) => {
    const day = workday(30 + slot++);
    const req = t.http.post('/api/merchant/appointments').set(bearer(owner));
    if (key) req.set('Idempotency-Key', key);
    return req.send({
      customer_id: customerId,
      lines: [
        {
          service_id: services.Haircut.id,
          employee_id: stylists['Noura Al-Qahtani'],
          start: instantAt(day, '10:00', TZ),
        },
      ],
    });
  };
  const sell = (customerId: string, key?: string) => {
    const req = t.http.post('/api/merchant/invoices').set(bearer(owner));
    if (key) req.set('Idempotency-Key', key);
    return req.send({
      customer_id: customerId,
      lines: [{ kind: 'service', item_id: services.Haircut.id }],
      payments: [{ method: PaymentMethod.cash, amount: '115.00' }],
    });
  };

  it('confirms a visit booked at the desk with its e-booking link, once however often the booking is retried', async () => {
    expect((await notifications()).status).toBe(200);
    const huda = await customer();
    const booked = await book(huda, 'auto-booking-1');
    expect(booked.status).toBe(201);
    expect(booked.body.unique_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(booked.body.confirmation).toEqual({ queued: true, message_id: expect.any(String) });
    // the same request again (a retry after a lost answer): nothing more
    const again = await book(huda, 'auto-booking-1');
    expect(again.body.id).toBe(booked.body.id);
    await sendAndHear();
    const [message, ...more] = await messagesOf(huda);
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      template: 'booking_confirmation',
      kind: 'service',
      language: 'en',
      status: 'delivered',
      appointment_id: booked.body.id,
    });
    expect(message.text).toContain('Demo Salon');
    expect(message.text).toContain(`/en/salon/demosalon/e-booking/${booked.body.unique_id}`);
    // the link opens her booking
    const page = await t.http.get(`/api/public/e-booking/${booked.body.unique_id}`).set(await fresh());
    expect(page.status).toBe(200);
    // in the visit's history too
    const ofVisit = await t.http
      .get(`/api/merchant/appointments/${booked.body.id}/messages`)
      .set(await fresh());
    expect(ofVisit.body.map((m: Message) => m.id)).toEqual([message.id]);

    // switched off: none
    expect((await notifications({ booking_confirmation: false })).status).toBe(200);
    const other = await customer();
    expect((await book(other)).body.confirmation).toEqual({
      queued: false,
      reason: 'messaging.switched_off',
    });
    await sendAndHear();
    expect(await messagesOf(other)).toEqual([]);
  });

  it('confirms a visit booked on the online pages, in Arabic, with its link', async () => {
    await notifications();
    await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(owner))
      .send({ alias: 'demosalon', online_booking: true });
    const mobile = '+966555550101';
    const amira = await customer({ name: 'أميرة سالم', mobile, preferred_language: 'ar' });
    const day = workday(40);
    const free = await t.http
      .get('/api/public/salons/demosalon/availability')
      .query({ service_ids: JSON.stringify([services.Haircut.id]), date: day })
      .set(await fresh());
    const booked = await t.http.post('/api/public/salons/demosalon/bookings').send({
      service_ids: [services.Haircut.id],
      start: free.body.visit[0].start,
      name: 'أميرة سالم',
      mobile,
    });
    expect(booked.status).toBe(201);
    await sendAndHear();
    const [message] = await messagesOf(amira);
    expect(message).toMatchObject({ template: 'booking_confirmation', language: 'ar', status: 'delivered' });
    expect(message.text).toContain('صالون العرض التجريبي');
    expect(message.text).toContain(`/ar/salon/demosalon/e-booking/${booked.body.unique_id}`);
  });

  it('thanks her after checkout with the e-invoice link, and sends the e-survey an hour later', async () => {
    await notifications({ survey_after_invoice: true });
    const lama = await customer();
    const sold = await sell(lama, 'auto-invoice-1');
    expect(sold.body).toMatchObject({ id: expect.any(String) });
    expect((await sell(lama, 'auto-invoice-1')).body.id).toBe(sold.body.id);
    await sendAndHear();
    let messages = await messagesOf(lama);
    const thanks = messages.find((m) => m.template === 'thank_you')!;
    expect(thanks).toMatchObject({ status: 'delivered', kind: 'service', invoice_id: sold.body.id });
    expect(thanks.text).toContain(`/en/e-invoice/${sold.body.unique_id}`);
    expect(messages.find((m) => m.template === 'survey')).toMatchObject({ status: 'queued' });
    clock.advance(61 * 60_000);
    await sendAndHear();
    messages = await messagesOf(lama);
    expect(messages.filter((m) => m.template === 'survey')).toHaveLength(1);
    const survey = messages.find((m) => m.template === 'survey')!;
    expect(survey).toMatchObject({ status: 'delivered', invoice_id: sold.body.id });
    expect(survey.text).toContain(`/en/e-survey/${sold.body.unique_id}`);
    expect(messages).toHaveLength(2);

    // both switched off: nothing after checkout
    await notifications({ thank_you_after_invoice: false, survey_after_invoice: false });
    const quiet = await customer();
    expect((await sell(quiet)).status).toBe(201);
    clock.advance(61 * 60_000);
    await sendAndHear();
    expect(await messagesOf(quiet)).toEqual([]);
  });

  it('tells a gift card’s recipient, with its amount and e-gift link; not when switched off', async () => {
    await notifications();
    const buyer = await customer();
    const friend = await customer({ preferred_language: 'ar' });
    const give = (to: string) =>
      t.http
        .post('/api/merchant/invoices')
        .set(bearer(owner))
        .send({
          customer_id: buyer,
          lines: [{ kind: 'gift_card', price: '250.00', beneficiary_id: to }],
          payments: [{ method: PaymentMethod.cash, amount: '250.00' }],
        });
    const sold = await give(friend);
    expect(sold.status).toBe(201);
    await sendAndHear();
    const [gift] = (await messagesOf(friend)).filter((m) => m.template === 'gift_card_received');
    expect(gift).toMatchObject({ status: 'delivered', language: 'ar', kind: 'service' });
    expect(gift.text).toContain('250.00');
    expect(gift.text).toContain(`/ar/e-gift/${sold.body.gift_cards_sold[0].unique_id}`);

    await notifications({ gift_card_received: false });
    const another = await customer();
    expect((await give(another)).status).toBe(201);
    await sendAndHear();
    expect(await messagesOf(another)).toEqual([]);
  });

  it('follows a no-show up with the booking page only when the salon switches it on', async () => {
    // a no-show needs a visit that has begun: the clock is moved past the booked start, the desk marks
    // it through its route (twice with one key: a retry), and the clock comes back
    const followUp = async (customerId: string) => {
      const booked = await book(customerId);
      const start = Date.parse(booked.body.lines[0].start);
      const ahead = start + 3_600_000 - clock.now().getTime();
      clock.advance(ahead);
      try {
        // (the owner's session has idled out by then: the desk signs in that day)
        const desk = await t.signIn({ ...RECEPTION, force: true });
        const mark = () =>
          t.http
            .post(`/api/merchant/appointments/${booked.body.id}/no-show`)
            .set({ ...bearer(desk), 'Idempotency-Key': `no-show-${booked.body.id}` })
            .send({});
        const first = await mark();
        expect([first.status, first.body.message]).toEqual([200, undefined]);
        const again = await mark();
        expect(again.body).toEqual(first.body);
        // sent that day (a follow-up is due when it is queued)
        await sendAndHear();
        return { visit: booked.body.id as string };
      } finally {
        clock.advance(-ahead);
      }
    };
    await notifications({ booking_confirmation: false });
    const first = await customer();
    await followUp(first);
    await sendAndHear();
    expect(await messagesOf(first)).toEqual([]);

    await notifications({ booking_confirmation: false, no_show_follow_up: true });
    const second = await customer();
    const { visit } = await followUp(second);
    await sendAndHear();
    const [message, ...others] = await messagesOf(second);
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      template: 'no_show_follow_up',
      status: 'delivered',
      appointment_id: visit,
      kind: 'service',
    });
    expect(message.text).toContain('/en/salon/demosalon/booking');
    await notifications();
  });

  it('uses the salon’s own texts, and refuses an unknown placeholder naming the field, in both languages', async () => {
    const bad = await notifications({ text_birthday_en: 'Happy birthday %{name}, here is %{link}' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ text_birthday_en: 'messaging.unknown_placeholder' });
    const badAr = await notifications({ text_thank_you_ar: 'شكرًا %{nmae}' });
    expect(badAr.status).toBe(422);
    expect(badAr.body.errors).toEqual({ text_thank_you_ar: 'messaging.unknown_placeholder' });

    const saved = await notifications({ text_thank_you_en: 'Thanks a lot %{name}! Invoice: %{link}' });
    expect(saved.status).toBe(200);
    const read = await t.http.get('/api/merchant/settings/notifications').set(await fresh());
    expect(read.body).toMatchObject({
      text_thank_you_en: 'Thanks a lot %{name}! Invoice: %{link}',
      booking_confirmation: true,
      gift_card_received: true,
      no_show_follow_up: false,
    });
    expect(read.body).not.toHaveProperty('text_thank_you_ar');
    const nada = await customer({ name: 'Nada Own' });
    const sold = await sell(nada);
    await sendAndHear();
    const [thanks] = await messagesOf(nada);
    expect(thanks.text).toBe(
      `Thanks a lot Nada Own! Invoice: http://localhost:3000/en/e-invoice/${sold.body.unique_id}`,
    );
    expect(thanks.template).toBe('salon_text');
    // the simulator's phone shows the salon's text
    const phones = (await t.http.get('/api/merchant/whatsapp-simulator/phones').set(await fresh()))
      .body as Array<{
      messages: Array<{ text: string }>;
    }>;
    expect(phones.some((p) => p.messages.some((m) => m.text === thanks.text))).toBe(true);
    await notifications();
  });

  it('wishes a happy birthday on her day, once; lists the birthdays with "send now"; none when switched off', async () => {
    const today = businessDate(clock.now(), TZ);
    const bornToday = await customer({ birth_date: `1990-${today.slice(5)}` });
    const inThree = addDays(today, 3);
    const bornSoon = await customer({ birth_date: `1991-${inThree.slice(5)}`, preferred_language: 'ar' });

    // off (the default): nothing planned
    await notifications();
    await sendAndHear();
    expect(await messagesOf(bornToday)).toEqual([]);

    const list = async () =>
      (
        await t.http
          .get('/api/merchant/pos/birthday-congratulations')
          .query({ range: '[0,99]' })
          .set(await fresh())
      ).body as Array<{ id: string; birthday: string; today: boolean; wish: { status: string } | null }>;
    let rows = await list();
    expect(rows.find((r) => r.id === bornToday)).toMatchObject({ birthday: today, today: true, wish: null });
    expect(rows.find((r) => r.id === bornSoon)).toMatchObject({
      birthday: inThree,
      today: false,
      wish: null,
    });

    // on: her wish, once however often the worker plans
    await notifications({ birthday_greetings: true });
    await sendAndHear();
    await sendAndHear();
    const wishes = await messagesOf(bornToday);
    expect(wishes).toHaveLength(1);
    expect(wishes[0]).toMatchObject({ template: 'birthday', kind: 'marketing', status: 'delivered' });
    expect(await messagesOf(bornSoon)).toEqual([]);

    // "send now" for the one whose birthday is coming: once
    const send = () =>
      t.http.post(`/api/merchant/pos/birthday-congratulations/${bornSoon}/send`).set(bearer(owner));
    const sent = await send();
    expect(sent.status).toBe(200);
    expect((await send()).body.message_id).toBe(sent.body.message_id);
    await sendAndHear();
    const soon = await messagesOf(bornSoon);
    expect(soon).toHaveLength(1);
    expect(soon[0]).toMatchObject({ template: 'birthday', language: 'ar', status: 'delivered' });
    rows = await list();
    expect(rows.find((r) => r.id === bornToday)?.wish?.status).toBe('delivered');
    expect(rows.find((r) => r.id === bornSoon)?.wish?.status).toBe('delivered');

    // someone who does not allow WhatsApp: refused, saying why
    const silent = await customer({ birth_date: `1993-${today.slice(5)}`, whatsapp_allowed: false });
    const refused = await t.http
      .post(`/api/merchant/pos/birthday-congratulations/${silent}/send`)
      .set(bearer(owner));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBeDefined();
    // the cashier may, someone of another salon may not see it (the isolation suite), a stranger id is 404
    const reception = await t.signIn(RECEPTION);
    expect(
      (await t.http.get('/api/merchant/pos/birthday-congratulations').set(bearer(reception))).status,
    ).toBeLessThan(500);
    expect(
      (await t.http.post('/api/merchant/pos/birthday-congratulations/nope/send').set(bearer(owner))).status,
    ).toBe(404);
    await notifications();
  });

  it('reminds customers of their wallet balance once a month, in its first week', async () => {
    await notifications({ wallet_reminder: true });
    const saver = await customer();
    const topUp = await t.http
      .post(`/api/merchant/customers/${saver}/wallet/top-ups`)
      .set(bearer(owner))
      .send({ method: 1, amount: '75.50' });
    expect(topUp.status).toBeLessThan(300);
    // to the first day of next month, 10:00 in Riyadh
    const today = businessDate(clock.now(), TZ);
    const first = nextMonthFirst(today);
    const target = Date.parse(instantAt(first, '10:00', TZ));
    clock.advance(target - clock.now().getTime());
    owner = await t.signIn(OWNER);
    await sendAndHear();
    await sendAndHear();
    const reminders = (await messagesOf(saver)).filter((m) => m.template === 'wallet_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ kind: 'marketing', status: 'delivered' });
    expect(reminders[0].text).toContain('75.50');
    await notifications();
  });
});

const nextMonthFirst = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
