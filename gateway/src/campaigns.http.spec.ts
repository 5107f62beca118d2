import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { windowClock } from './testing/window-clock.test-support';
import { png } from './testing/images.test-support';
import { newId } from '@rawnaq/contracts';

type Campaign = {
  id: string;
  state: string;
  audience?: number;
  recipients_count?: number;
  progress: {
    total: number;
    done: number;
    sent: number;
    delivered: number;
    read: number;
    failed: number;
    withheld: number;
  } | null;
};

/** Issue 26: campaigns over WhatsApp — audience, pacing, states, the customers report, what it earned. */
describe('campaigns over HTTP (issue 26)', () => {
  let t: TestApp;
  let owner: string;
  const clock = windowClock();

  beforeAll(async () => {
    t = await startTestApp({ clock });
    owner = await t.signIn(OWNER);
    // the demo's reminders leave first: only campaigns' messages are counted below
    await t.app.messaging.runOnce();
    await t.app.messaging.outbox.channels.simulator.flush();
  }, 90_000);
  afterAll(async () => t?.close());

  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const draft = (body: object = {}) =>
    t.http
      .post('/api/merchant/campaigns')
      .set(bearer(owner))
      .send({
        name: 'Eid offer',
        message: 'Eid Mubarak {name}! 20% off at {salon} this week',
        hold_out_percent: 0,
        ...body,
      });
  const act = (id: string, what: string) =>
    t.http.post(`/api/merchant/campaigns/${id}/${what}`).set(bearer(owner));
  const one = async (id: string) =>
    (await t.http.get(`/api/merchant/campaigns/${id}`).set(await fresh())).body as Campaign;
  /** time passes by `ms`; the worker's rounds send what is due, and the simulator answers */
  const pass = async (ms: number) => {
    clock.advance(ms);
    for (let i = 0; i < 3; i++) {
      await t.app.messaging.runOnce();
      await t.app.messaging.outbox.channels.simulator.flush();
    }
  };
  const allowed = async () => {
    const list = await t.http
      .get('/api/merchant/customers')
      .query({ range: '[0,99]' })
      .set(await fresh());
    return (list.body as Array<{ whatsapp_allowed: boolean; status: number }>).filter(
      (c) => c.whatsapp_allowed && c.status === 1,
    ).length;
  };

  it('counts its audience live, launches to every customer who allows WhatsApp, paced, and ends in success', async () => {
    const expected = await allowed();
    expect(expected).toBeGreaterThan(0);
    const count = await t.http.get('/api/merchant/campaign-audience').set(await fresh());
    expect(count.body).toEqual({ count: expected });
    expect(
      (await t.http.get('/api/merchant/campaign-audience').query({ birth_month: '13' }).set(bearer(owner)))
        .status,
    ).toBe(422);

    const saved = await draft();
    expect(saved.status).toBe(201);
    expect((await one(saved.body.id)).state).toBe('temporary_saved');
    const changed = await t.http
      .put(`/api/merchant/campaigns/${saved.body.id}`)
      .set(bearer(owner))
      .send({ name: 'Eid offer', message: 'Eid Mubarak {name}, from {salon}', hold_out_percent: 0 });
    expect(changed.status).toBe(200);

    const launched = await act(saved.body.id, 'launch');
    expect(launched.status).toBe(200);
    expect(launched.body).toMatchObject({
      state: 'pending',
      audience: expected,
      recipients: expected,
      held_out: 0,
    });
    expect((await act(saved.body.id, 'launch')).body.message).toBe('campaign.not_a_draft');
    // nothing leaves before about ten minutes
    await pass(60_000);
    expect((await one(saved.body.id)).state).toBe('pending');
    await pass(10 * 60_000);
    await pass(expected * 90_000);
    const done = await one(saved.body.id);
    expect(done.state).toBe('success');
    expect(done.progress).toMatchObject({ total: expected, done: expected });
    // each customer read her own name and the salon's, the placeholders filled in
    const sent = await t.app.readModels.find('messages', { filter: { campaign_id: saved.body.id } });
    const customers = await t.app.readModels.getMany(
      'customers',
      sent.map((m) => String(m.customer_id)),
    );
    expect(sent.map((m) => String(m.text)).sort()).toEqual(
      customers
        .map(
          (c) =>
            `Eid Mubarak ${String(c.name)}, from ${c.preferred_language === 'en' ? 'Demo Salon' : 'صالون العرض التجريبي'}`,
        )
        .sort(),
    );

    const report = await t.http
      .get(`/api/merchant/campaigns/${saved.body.id}/customers-report`)
      .set(await fresh());
    expect(report.body).toHaveLength(expected);
    expect(report.body.every((r: { reached: boolean; replied: boolean }) => r.reached && !r.replied)).toBe(
      true,
    );
    // one recipient comes back and pays twice: one customer of them paid, with two invoices
    const services = await t.http
      .get('/api/merchant/services')
      .query({ range: '[0,0]' })
      .set(await fresh());
    for (let i = 0; i < 2; i++)
      expect(
        (
          await t.http
            .post('/api/merchant/invoices')
            .set(await fresh())
            .send({
              customer_id: sent[0].customer_id,
              lines: [{ kind: 'service', item_id: services.body[0].id }],
              payments: [{ method: 1, amount: String(services.body[0].price_with_vat) }],
            })
        ).status,
      ).toBe(201);
    const shown = await t.http.get(`/api/merchant/campaigns/${saved.body.id}`).set(await fresh());
    expect(shown.body.earned).toMatchObject({
      within_days: 14,
      recipients: { customers: expected, invoices: 2, payers: 1 },
      held_out: { customers: 0, payers: 0 },
    });
  });

  it('disabled, it sends nothing more and cannot come back; renewed, it is a new draft', async () => {
    const saved = await draft({ name: 'Flash sale' });
    await act(saved.body.id, 'launch');
    const disabled = await act(saved.body.id, 'disable');
    expect(disabled.body).toEqual({ id: saved.body.id, state: 'disabled' });
    await pass(30 * 60_000);
    const after = await one(saved.body.id);
    expect(after.state).toBe('disabled');
    expect(after.progress!.sent + after.progress!.delivered + after.progress!.read).toBe(0);
    expect(after.progress!.withheld).toBe(after.progress!.total);
    expect((await act(saved.body.id, 'launch')).body.message).toBe('campaign.disabled');
    const renewed = await act(saved.body.id, 'renew');
    expect(renewed.status).toBe(201);
    expect((await one(renewed.body.id)).state).toBe('temporary_saved');
    expect((await one(saved.body.id)).state).toBe('renewed');
  });

  it('refuses a launch to no one, an unknown placeholder, and keeps campaigns from a receptionist', async () => {
    const nobody = await draft({
      name: 'Nobody',
      filters: { birth_month: 2, gender: 1, min_wallet: '99999999' },
    });
    const refused = await act(nobody.body.id, 'launch');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ filters: 'campaign.no_customers' });
    const placeholder = await draft({ message: 'Hello {first_name}' });
    expect(placeholder.status).toBe(422);
    expect(placeholder.body.errors).toEqual({ message: 'campaign.unknown_placeholder' });
    expect((await draft({ name: '' })).body.errors).toEqual({ name: 'validation.is_required' });
    const reception = await t.signIn(RECEPTION);
    expect((await t.http.get('/api/merchant/campaigns').set(bearer(reception))).status).toBe(403);
    expect(
      (await t.http.post('/api/merchant/campaigns').set(bearer(reception)).send({ name: 'x', message: 'y' }))
        .status,
    ).toBe(403);
  });

  it('sends its PDF with every message, to those who bought a service, and refuses a file not uploaded here', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const upload = (bytes: Buffer, purpose: string, name: string) =>
      t.http
        .post('/api/merchant/files')
        .query({ purpose, name })
        .set({ ...bearer(owner), 'Content-Type': 'application/octet-stream' })
        .send(bytes);
    const leaflet = await upload(pdf, 'attachment', 'Eid offer.pdf');
    expect(leaflet.status).toBe(201);
    // a service some customers who allow WhatsApp bought, and who they are
    const customers = (
      await t.http
        .get('/api/merchant/customers')
        .query({ range: '[0,199]' })
        .set(await fresh())
    ).body as Array<{ id: string; whatsapp_allowed: boolean; status: number; bought?: string[] }>;
    const services = (
      await t.http
        .get('/api/merchant/services')
        .query({ range: '[0,99]' })
        .set(await fresh())
    ).body as Array<{ id: string }>;
    const reachable = customers.filter((c) => c.whatsapp_allowed && c.status === 1);
    const service = services.find((sv) => reachable.some((c) => c.bought?.includes(sv.id)))!;
    expect(service).toBeDefined();
    const buyers = reachable.filter((c) => c.bought?.includes(service.id)).map((c) => c.id);
    expect(
      (
        await t.http
          .get('/api/merchant/campaign-audience')
          .query({ services: service.id })
          .set(await fresh())
      ).body,
    ).toEqual({ count: buyers.length });

    const saved = await draft({ filters: { services: [service.id] }, attachment_id: leaflet.body.id });
    expect(saved.status).toBe(201);
    expect((await act(saved.body.id, 'launch')).body).toMatchObject({ recipients: buyers.length });
    await pass(10 * 60_000 + buyers.length * 90_000);
    expect((await one(saved.body.id)).state).toBe('success');
    const sent = await t.app.readModels.find('messages', { filter: { campaign_id: saved.body.id } });
    expect(sent.map((m) => m.customer_id).sort()).toEqual([...buyers].sort());
    // each phone got the file, whole, with the message
    const phones = (await t.http.get('/api/merchant/whatsapp-simulator/phones').set(await fresh()))
      .body as Array<{
      phone: string;
      messages: Array<{ template: string | null; media?: { name: string; size: number } }>;
    }>;
    const withFile = phones.flatMap((p) => p.messages).filter((m) => m.media);
    expect(withFile).toHaveLength(buyers.length);
    expect(withFile.every((m) => m.media!.name === 'Eid offer.pdf' && m.media!.size === pdf.length)).toBe(
      true,
    );

    // a file that is not an upload of this salon's, or not an attachment, is refused on its field
    const picture = await upload(png(20, 20), 'image', 'p.png');
    for (const attachment_id of [newId(), picture.body.id]) {
      const refused = await draft({ attachment_id });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ attachment_id: 'campaign.attachment_not_found' });
    }
    expect((await draft({ attachment_id: 'not-an-id' })).body.errors).toEqual({
      attachment_id: 'validation.invalid_value',
    });
  });
});
