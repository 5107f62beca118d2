import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId, toInstant } from '@rawnaq/contracts';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { windowClock } from './testing/window-clock.test-support';

/** A local instance gateway (see platform/src/messaging/instance-gateway.ts): instance `inst-1`, token `inst-token-1234`. */
const instanceGateway = async () => {
  const sent: Array<Record<string, string>> = [];
  let next = 1;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const token = form.token ?? url.searchParams.get('token');
      const answer = (status: number, body: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (!url.pathname.startsWith('/inst-1/')) return answer(404, { error: 'instance not found' });
      if (token !== 'inst-token-1234') return answer(401, { error: 'Wrong token' });
      if (url.pathname.endsWith('/instance/status'))
        return answer(200, { status: { accountStatus: { status: 'authenticated' } } });
      if (url.pathname.endsWith('/messages')) return answer(200, { messages: [] });
      sent.push(form);
      return answer(200, { sent: 'true', message: 'ok', id: next++ });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () => new Promise((r) => server.close(r)),
  };
};

const starter = {
  name_en: 'Starter',
  name_ar: 'الباقة الأساسية',
  messages_per_month: 1000,
  currency: 'SAR',
  monthly_price: 9900,
  status: 1,
};

describe('the manager’s WhatsApp over HTTP: packages, salons, connections, tracker, unreachable customers (issue 26)', () => {
  let t: TestApp;
  let manager: string;
  let owner: string;
  let gateway: Awaited<ReturnType<typeof instanceGateway>>;
  const clock = windowClock();

  beforeAll(async () => {
    t = await startTestApp({ clock });
    manager = await t.signIn(MANAGER, 'manager');
    owner = await t.signIn(OWNER);
    gateway = await instanceGateway();
    // the demo's messages (tomorrow's reminders, its campaign) leave through the simulator first, all
    // of them (a round sends at most fifty)
    while ((await t.app.messaging.runOnce()) > 0);
    await t.app.messaging.outbox.channels.simulator.flush();
  }, 90_000);
  afterAll(async () => {
    await gateway?.close();
    await t?.close();
  });

  const fresh = async (token = manager) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const get = async (path: string, query: Record<string, string> = {}) =>
    t.http
      .get(`/api/manager/${path}`)
      .query(query)
      .set(await fresh());
  const sendAndHear = async () => {
    await t.app.messaging.runOnce();
    await t.app.messaging.outbox.channels.simulator.flush();
  };

  it('keeps every route of it from a salon’s user', async () => {
    const routes: Array<['get' | 'post' | 'put', string]> = [
      ['get', 'whatsapp-packages'],
      ['post', 'whatsapp-packages'],
      ['get', 'whatsapp-accounts'],
      ['get', 'whatsapp-accounts/1'],
      ['put', 'whatsapp-accounts/1/package'],
      ['put', 'whatsapp-accounts/1/connection'],
      ['post', 'whatsapp-accounts/1/test'],
      ['get', 'whatsapp-unreachable'],
      ['get', 'whatsapp-tracker'],
      ['get', 'whatsapp-failures'],
      ['get', 'campaigns'],
      ['get', 'whatsapp-settings/platform'],
      ['put', 'whatsapp-settings/platform'],
    ];
    for (const [method, path] of routes) {
      const res = await t.http[method](`/api/manager/${path}`).set(bearer(owner)).send({});
      expect([401, 403]).toContain(res.status);
    }
    expect((await t.http.get('/api/manager/whatsapp-packages')).status).toBe(401);
  });

  it('defines packages, refuses what is wrong naming the field, and keeps who changed what when', async () => {
    const bad = await t.http
      .post('/api/manager/whatsapp-packages')
      .set(bearer(manager))
      .send({ ...starter, name_ar: '', messages_per_month: '0', monthly_price: '99.5', currency: 'USD' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name_ar: 'validation.is_required',
      messages_per_month: 'validation.should_be_more_than_or_equal_to',
      monthly_price: 'validation.should_be_an_integer',
      currency: 'validation.invalid_value',
    });
    // the messages in both languages
    for (const language of ['en', 'ar'])
      expect(
        (
          await t.http
            .post('/api/manager/whatsapp-packages')
            .set({ ...bearer(manager), 'Accept-Language': language })
            .send({ ...starter, name_en: '' })
        ).body.message,
      ).toMatch(/\S/);

    const made = await t.http.post('/api/manager/whatsapp-packages').set(bearer(manager)).send(starter);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ...starter, id: expect.any(String) });
    const changed = await t.http
      .put(`/api/manager/whatsapp-packages/${made.body.id}`)
      .set(bearer(manager))
      .send({ ...starter, messages_per_month: 2000 });
    expect(changed.status).toBe(200);
    const one = await get(`whatsapp-packages/${made.body.id}`);
    expect(one.body).toMatchObject({
      messages_per_month: 2000,
      updated_by: expect.stringMatching(/^manager:/),
      updated_at: expect.any(String),
    });
    const list = await get('whatsapp-packages');
    expect(list.body.map((p: { id: string }) => p.id)).toContain(made.body.id);
    expect((await get('whatsapp-packages/0193b000-0000-7000-8000-00000000dead')).status).toBe(404);
    const changes = (await t.allEvents()).filter((e) => e.type === 'WhatsAppPackageChanged');
    expect(changes.at(-1)!.data).toEqual({
      package_id: made.body.id,
      messages_per_month: 2000,
      previous: { messages_per_month: 1000 },
    });
    expect(changes.at(-1)!.metadata.actor.kind).toBe('manager');
  });

  it('puts a salon on a package, lists it with this month’s messages, and as disconnected until its connection is tested', async () => {
    const pkg = (await get('whatsapp-packages')).body[0] as { id: string };
    const refused = await t.http
      .put('/api/manager/whatsapp-accounts/1/package')
      .set(bearer(manager))
      .send({ package_id: 'nope', starts_on: '2026-02-30', status: 5 });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['package_id', 'starts_on', 'status']);
    expect(
      (
        await t.http
          .put('/api/manager/whatsapp-accounts/99/package')
          .set(bearer(manager))
          .send({ package_id: pkg.id, starts_on: '2026-01-01', status: 1 })
      ).status,
    ).toBe(404);
    const put = await t.http
      .put('/api/manager/whatsapp-accounts/1/package')
      .set(bearer(manager))
      .send({ package_id: pkg.id, starts_on: '2026-01-01', status: 1 });
    expect(put.status).toBe(200);

    const withPackage = await get('whatsapp-accounts', { filter: JSON.stringify({ has_package: 1 }) });
    expect(withPackage.body).toEqual([
      expect.objectContaining({
        id: '1',
        package_id: pkg.id,
        package_name_en: 'Starter',
        messages_per_month: 2000,
        starts_on: '2026-01-01',
        // the demo's reminders sent this month
        used_this_month: expect.any(Number),
      }),
    ]);
    expect(withPackage.body[0].used_this_month).toBeGreaterThan(0);
    const disconnected = await get('whatsapp-accounts', { filter: JSON.stringify({ disconnected: 1 }) });
    expect(disconnected.body.map((r: { id: string }) => r.id)).toEqual(['1']);
  });

  it('records a salon’s connection with its token sealed (never read back), tests it, and sends through it', async () => {
    const settings = await t.http
      .put('/api/manager/whatsapp-settings/platform')
      .set(bearer(manager))
      .send({ send_from: '09:00', send_until: '23:00', instance_base_url: gateway.url });
    expect(settings.status).toBe(200);

    const missing = await t.http
      .put('/api/manager/whatsapp-accounts/1/connection')
      .set(bearer(manager))
      .send({ provider: 'instance' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      mobile_number_id: 'validation.is_required',
      instance_id: 'validation.is_required',
    });
    const noToken = await t.http
      .put('/api/manager/whatsapp-accounts/1/connection')
      .set(bearer(manager))
      .send({ provider: 'instance', mobile_number_id: '966500000001', instance_id: 'inst-1' });
    expect(noToken.body.errors).toEqual({ access_token: 'whatsapp.token_required' });

    const recorded = await t.http
      .put('/api/manager/whatsapp-accounts/1/connection')
      .set(bearer(manager))
      .send({
        provider: 'instance',
        mobile_number_id: '966500000001',
        instance_id: 'inst-1',
        access_token: 'inst-token-1234',
      });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ provider: 'instance', token_last4: '1234', connection_state: 0 });
    const read = await get('whatsapp-accounts/1');
    expect(read.body).toMatchObject({ provider: 'instance', instance_id: 'inst-1', token_last4: '1234' });
    // the token is nowhere to be read: not in the answers, the read models, nor the events as text
    for (const text of [
      JSON.stringify(recorded.body),
      JSON.stringify(read.body),
      JSON.stringify(await t.allEvents()),
    ])
      expect(text).not.toContain('inst-token-1234');

    const tested = await t.http.post('/api/manager/whatsapp-accounts/1/test').set(bearer(manager));
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ connection_state: 1, test_ok: true });
    expect((await get('whatsapp-accounts', { filter: JSON.stringify({ disconnected: 1 }) })).body).toEqual(
      [],
    );
    // the salon's own global information says so too (doc1 §3 account_whatsapp_* fields)
    const info = await t.http.post('/api/merchant/get_global_informations').set(await fresh(owner));
    expect(info.body.global_informations.account).toMatchObject({
      account_whatsapp_meta_id: '966500000001',
      account_whatsapp_package_status: 1,
      account_whatsapp_package_connected: 1,
    });

    // the salon's next reminder leaves through its instance gateway, not the simulator
    const customers = await t.http
      .get('/api/merchant/customers')
      .query({ range: '[0,99]' })
      .set(bearer(owner));
    const customer = customers.body.find(
      (c: { whatsapp_allowed?: boolean; mobile?: string }) => c.whatsapp_allowed && c.mobile,
    )!;
    await t.app.messaging.outbox.queue(
      { tenantId: '1', actor: { kind: 'system', id: 'test' }, correlationId: newId(), now: clock.now() },
      {
        purpose: `test:instance:${newId()}`,
        customer_id: customer.id,
        phone: '966500000777',
        language: 'en',
        kind: 'service',
        content: { template: { name: 'appointment_reminder', params: [] }, text: 'Through the instance' },
        scheduled_for: toInstant(clock.now()),
      },
    );
    const before = gateway.sent.length;
    await sendAndHear();
    expect(gateway.sent.length).toBe(before + 1);
    expect(gateway.sent.at(-1)).toMatchObject({
      token: 'inst-token-1234',
      to: '966500000777',
      body: 'Through the instance',
    });

    // the gateway's own webhook, at the salon's keyed address: the message is read; a wrong key, or
    // another instance's event, changes nothing
    const path = read.body.webhook_path as string;
    expect(path).toMatch(/^\/api\/public\/whatsapp\/instance\/1\/[\w-]{32}$/);
    const sentRef = gateway.sent.at(-1)!.referenceId;
    const providerId = String(gateway.sent.length);
    const ack = (ack: string, instanceId = 'inst-1') => ({
      event_type: 'message_ack',
      instanceId,
      data: {
        id: providerId,
        referenceId: sentRef,
        ack,
        time: Math.floor(clock.now().getTime() / 1000) + 60,
      },
    });
    const before2 = await t.eventCount();
    expect((await t.http.post(`${path.slice(0, -4)}zzzz`).send(ack('read'))).status).toBe(401);
    expect((await t.http.post(path).send(ack('read', 'inst-2'))).status).toBe(400);
    expect(await t.eventCount()).toBe(before2);
    const hook = await t.http.post(path).send(ack('read'));
    expect(hook.status).toBe(200);
    expect(hook.body).toEqual({ received: 1, applied: 1 });
    expect((await t.http.post(path).send(ack('read'))).body).toEqual({ received: 1, applied: 0 });
    const statuses = await t.http
      .get(`/api/merchant/customers/${customer.id}/messages`)
      .set(await fresh(owner));
    expect(statuses.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'read', provider: 'instance' })]),
    );

    // a wrong token: the test says disconnected, and why
    await t.http.put('/api/manager/whatsapp-accounts/1/connection').set(bearer(manager)).send({
      provider: 'instance',
      mobile_number_id: '966500000001',
      instance_id: 'inst-1',
      access_token: 'wrong-token-0000',
    });
    const failed = await t.http.post('/api/manager/whatsapp-accounts/1/test').set(bearer(manager));
    expect(failed.body).toMatchObject({
      connection_state: 0,
      test_ok: false,
      test_detail: expect.stringContaining('401'),
    });

    // back on the simulator: connected at once
    const sim = await t.http
      .put('/api/manager/whatsapp-accounts/1/connection')
      .set(bearer(manager))
      .send({ provider: 'simulator' });
    expect(sim.body).toMatchObject({ provider: 'simulator', connection_state: 1 });
    expect(sim.body.token_last4).toBeUndefined();
  });

  it('withholds marketing once the package’s month is used up, while a reminder still goes', async () => {
    const small = await t.http
      .post('/api/manager/whatsapp-packages')
      .set(bearer(manager))
      .send({ ...starter, name_en: 'Tiny', name_ar: 'صغيرة', messages_per_month: 1 });
    await t.http
      .put('/api/manager/whatsapp-accounts/1/package')
      .set(bearer(manager))
      .send({ package_id: small.body.id, starts_on: '2026-01-01', status: 1 });
    const customers = await t.http
      .get('/api/merchant/customers')
      .query({ range: '[0,99]' })
      .set(await fresh(owner));
    const allowed = customers.body.find(
      (c: { whatsapp_allowed?: boolean; mobile?: string }) => c.whatsapp_allowed && c.mobile,
    )!;
    const ctx = {
      tenantId: '1',
      actor: { kind: 'system', id: 'test' },
      correlationId: newId(),
      now: clock.now(),
    } as const;
    const message = (kind: 'service' | 'marketing') => ({
      purpose: `test:${kind}:${newId()}`,
      customer_id: allowed.id,
      phone: allowed.mobile.replace(/\D/g, ''),
      language: 'en' as const,
      kind,
      content: { template: { name: 'appointment_reminder', params: [] }, text: `A ${kind} message` },
      scheduled_for: toInstant(clock.now()),
    });
    const marketing = await t.app.messaging.outbox.queue(ctx, message('marketing'));
    const service = await t.app.messaging.outbox.queue(ctx, message('service'));
    await sendAndHear();
    const messages = (
      await t.http.get(`/api/merchant/customers/${allowed.id}/messages`).set(await fresh(owner))
    ).body as Array<{ id: string; status: string; reason?: string }>;
    const status = (id: string) => messages.find((m) => m.id === id);
    expect(status(marketing)).toMatchObject({ status: 'withheld', reason: 'allowance_used_up' });
    expect(['sent', 'delivered', 'read']).toContain(status(service)?.status);
  });

  it('lists the customers WhatsApp cannot reach (a failing number, a STOP reply), and the tracker with the failures', async () => {
    const customers = await t.http
      .get('/api/merchant/customers')
      .query({ range: '[0,99]' })
      .set(await fresh(owner));
    const [a, b] = customers.body.filter(
      (c: { whatsapp_allowed?: boolean; mobile?: string }) => c.whatsapp_allowed && c.mobile,
    );
    const simulator = t.app.messaging.outbox.channels.simulator;
    const digits = (c: { mobile: string }) => c.mobile.replace(/\D/g, '');
    simulator.setFailing('sim-1', digits(a), true);
    const ctx = {
      tenantId: '1',
      actor: { kind: 'system', id: 'test' },
      correlationId: newId(),
      now: clock.now(),
    } as const;
    await t.app.messaging.outbox.queue(ctx, {
      purpose: `test:unreachable:${newId()}`,
      customer_id: a.id,
      phone: digits(a),
      language: 'ar',
      kind: 'service',
      content: { template: { name: 'appointment_reminder', params: [] }, text: 'مرحبًا' },
      scheduled_for: toInstant(clock.now()),
    });
    await sendAndHear();
    simulator.reply('sim-1', digits(b), 'STOP');
    await simulator.flush();

    const unreachable = await get('whatsapp-unreachable');
    expect(unreachable.status).toBe(200);
    expect(unreachable.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          customer_id: a.id,
          why: 'number_unreachable',
          salon_en: expect.any(String),
          at: expect.any(String),
        }),
        expect.objectContaining({ customer_id: b.id, why: 'stop_reply', customer_name: b.name }),
      ]),
    );
    expect((await get('whatsapp-unreachable', { filter: JSON.stringify({ tenantId: '2' }) })).body).toEqual(
      [],
    );
    expect((await get('whatsapp-unreachable', { filter: JSON.stringify({ tenantId: 'x' }) })).status).toBe(
      422,
    );

    const tracker = await get('whatsapp-tracker', { filter: JSON.stringify({ tenantId: '1' }) });
    expect(tracker.body).toHaveLength(1);
    expect(tracker.body[0]).toMatchObject({ id: '1', account_id: 1 });
    expect(tracker.body[0].month_sent).toBeGreaterThan(0);
    expect(tracker.body[0].month_failed).toBeGreaterThan(0);
    expect(tracker.body[0].month_withheld).toBeGreaterThan(0);
    const failures = await get('whatsapp-failures', { filter: JSON.stringify({ tenantId: '1' }) });
    expect(failures.body[0]).toMatchObject({
      customer_id: a.id,
      reason: 'delivery_failed',
      detail: expect.stringContaining('131026'),
    });
  });

  it('shows every salon’s campaigns read-only, and keeps the platform’s WhatsApp settings with write-only secrets', async () => {
    const draft = await t.http
      .post('/api/merchant/campaigns')
      .set(bearer(owner))
      .send({ name: 'Eid offer', message: 'Hello {name}' });
    expect(draft.status).toBe(201);
    const campaigns = await get('campaigns');
    expect(campaigns.status).toBe(200);
    expect(campaigns.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: draft.body.id,
          name: 'Eid offer',
          state: 'temporary_saved',
          account_id: 1,
        }),
      ]),
    );
    expect((await get('campaigns', { filter: JSON.stringify({ tenantId: '2' }) })).body).toEqual([]);
    for (const c of campaigns.body)
      expect(c).toEqual(
        expect.objectContaining({
          salon_en: expect.any(String),
          state: expect.any(String),
          audience: expect.any(Number),
          sent: expect.any(Number),
          failed: expect.any(Number),
        }),
      );

    const wrong = await t.http
      .put('/api/manager/whatsapp-settings/platform')
      .set(bearer(manager))
      .send({ send_from: '08:00', send_until: '10:00', instance_base_url: 'ftp://x', verify_token: 'a b' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      send_from: 'messaging.window_outside_limits',
      instance_base_url: 'validation.invalid_value',
      verify_token: 'validation.invalid_value',
    });
    const empty = await t.http
      .put('/api/manager/whatsapp-settings/platform')
      .set(bearer(manager))
      .send({ send_from: '12:00', send_until: '11:00', instance_base_url: gateway.url });
    expect(empty.body.errors).toEqual({ send_until: 'messaging.window_empty' });

    const saved = await t.http.put('/api/manager/whatsapp-settings/platform').set(bearer(manager)).send({
      send_from: '10:00',
      send_until: '22:00',
      instance_base_url: gateway.url,
      verify_token: 'my-verify-token',
      app_secret: 'an-app-secret-of-meta-1234',
    });
    expect(saved.status).toBe(200);
    const read = await get('whatsapp-settings/platform');
    expect(read.body).toEqual(
      expect.objectContaining({
        send_from: '10:00',
        send_until: '22:00',
        verify_token_set: true,
        app_secret_set: true,
      }),
    );
    expect(JSON.stringify(read.body)).not.toMatch(/my-verify-token|an-app-secret/);
    expect(JSON.stringify(await t.allEvents())).not.toMatch(/my-verify-token|an-app-secret/);
    // Meta's handshake answers with the token kept (as its hash) in the settings
    const hello = await t.http
      .get('/api/public/whatsapp/webhook')
      .set('X-Min-Position', String(await t.eventCount()))
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'my-verify-token', 'hub.challenge': '424242' });
    expect(hello.status).toBe(200);
    expect(hello.text).toBe('424242');
    const other = await t.http
      .get('/api/public/whatsapp/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'not-mine', 'hub.challenge': '1' });
    expect(other.status).toBe(403);
  });
});
