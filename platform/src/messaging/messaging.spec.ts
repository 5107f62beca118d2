import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CloudApiMessaging,
  cloudWebhookNotices,
  InstanceGatewayMessaging,
  signWebhook,
  simulatorConnection,
  subscriptionChallenge,
  webhookSignatureValid,
  WhatsAppSimulator,
  WebhookRefused,
  type MessagingConnection,
  type MessagingProvider,
  type OutgoingMessage,
} from './index';

const reminder: OutgoingMessage = {
  clientRef: 't1/m1',
  to: '966501234567',
  language: 'ar',
  template: { name: 'appointment_reminder', params: ['نورة', 'صالون', '2026-12-04', '10:00'] },
  text: 'مرحبًا نورة',
};

/** A PDF a campaign sends (its bytes as a file's are: binary, not text). */
const leaflet = {
  bytes: Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.from([0, 255, 128, 13, 10, 45, 45]),
    Buffer.from('\n%%EOF'),
  ]),
  contentType: 'application/pdf',
  name: 'Eid offer.pdf',
};

/**
 * A local server speaking the Graph API's shapes: it records each request and answers what the test
 * says; a file uploaded (`/media`, multipart) is kept with its type, name and bytes, and given an id.
 */
const graphServer = async (answer: (body: Record<string, unknown>) => { status: number; body: unknown }) => {
  const seen: Array<{ path: string; auth?: string; body: Record<string, unknown> }> = [];
  const uploads: Array<{ id: string; raw: Buffer; contentType: string }> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (req.url?.endsWith('/media')) {
        const id = `media.${uploads.length + 1}`;
        uploads.push({ id, raw, contentType: String(req.headers['content-type']) });
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id }));
      }
      const body = JSON.parse(raw.toString()) as Record<string, unknown>;
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      const a = answer(body);
      res.writeHead(a.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  return { url, seen, uploads, close: () => new Promise((r) => server.close(r)) };
};

describe('WhatsApp Cloud API adapter, against a local server in the Graph API’s shapes', () => {
  const connection = { phoneNumberId: '1234567890', accessToken: 'EAAG-token' };

  it('sends a template message to open a conversation, and free text when asked', async () => {
    const graph = await graphServer(() => ({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '966501234567', wa_id: '966501234567' }],
        messages: [{ id: 'wamid.HBgM1' }],
      },
    }));
    try {
      const cloud = new CloudApiMessaging({ graphUrl: graph.url });
      expect(await cloud.send(connection, reminder)).toEqual({ ok: true, providerMessageId: 'wamid.HBgM1' });
      expect(graph.seen[0]).toEqual({
        path: '/v21.0/1234567890/messages',
        auth: 'Bearer EAAG-token',
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '966501234567',
          type: 'template',
          template: {
            name: 'appointment_reminder',
            language: { code: 'ar' },
            components: [
              { type: 'body', parameters: reminder.template.params.map((text) => ({ type: 'text', text })) },
            ],
          },
          biz_opaque_callback_data: 't1/m1',
        },
      });
      await cloud.send(connection, { ...reminder, freeText: true });
      expect(graph.seen[1].body).toMatchObject({ type: 'text', text: { body: 'مرحبًا نورة' } });
      // the Cloud API cannot say after a crash whether it has a message
      expect(await cloud.lookup(connection, 't1/m1')).toBe('unknown');
    } finally {
      await graph.close();
    }
  });

  it('uploads a file first (multipart, its bytes whole) and names its id in the template’s header', async () => {
    const graph = await graphServer(() => ({ status: 200, body: { messages: [{ id: 'wamid.F1' }] } }));
    try {
      const cloud = new CloudApiMessaging({ graphUrl: graph.url });
      expect(await cloud.send(connection, { ...reminder, media: leaflet })).toEqual({
        ok: true,
        providerMessageId: 'wamid.F1',
      });
      const [upload] = graph.uploads;
      expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload.raw.includes(leaflet.bytes)).toBe(true);
      expect(upload.raw.toString('latin1')).toContain('name="messaging_product"\r\n\r\nwhatsapp');
      expect(upload.raw.toString('latin1')).toContain('name="type"\r\n\r\napplication/pdf');
      expect((graph.seen[0].body.template as { components: unknown[] }).components[0]).toEqual({
        type: 'header',
        parameters: [{ type: 'document', document: { id: 'media.1', filename: 'Eid offer.pdf' } }],
      });
    } finally {
      await graph.close();
    }
  });

  it('tells a failure worth retrying (5xx, 429, throttling) from one that is not', async () => {
    const answers = [
      { status: 503, body: { error: { message: 'Service unavailable', code: 2 } } },
      { status: 400, body: { error: { message: 'Spam rate limit hit', code: 131048 } } },
      { status: 400, body: { error: { message: 'Message undeliverable', code: 131026 } } },
      { status: 400, body: { error: { message: 'Re-engagement message', code: 131047 } } },
      { status: 401, body: { error: { message: 'Invalid OAuth access token', code: 190 } } },
    ];
    const graph = await graphServer(() => answers.shift()!);
    try {
      const cloud = new CloudApiMessaging({ graphUrl: graph.url });
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await cloud.send(connection, reminder));
      expect(results.map((r) => !r.ok && [r.reason, r.retryable])).toEqual([
        ['provider_unavailable', true],
        ['provider_unavailable', true],
        ['number_unreachable', false],
        ['refused', false],
        ['refused', false],
      ]);
    } finally {
      await graph.close();
    }
    // nobody answering at all: tried again later
    const gone = new CloudApiMessaging({ graphUrl: 'http://127.0.0.1:9/v21.0', timeoutMs: 2000 });
    expect(await gone.send(connection, reminder)).toMatchObject({ ok: false, retryable: true });
  });

  it('checks the webhook’s X-Hub-Signature-256 against the raw body, and answers the verify handshake', () => {
    const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const signature = signWebhook(raw, 'app-secret');
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(webhookSignatureValid(raw, signature, 'app-secret')).toBe(true);
    expect(webhookSignatureValid(raw, signature, 'other-secret')).toBe(false);
    expect(webhookSignatureValid(raw + ' ', signature, 'app-secret')).toBe(false);
    expect(webhookSignatureValid(raw, undefined, 'app-secret')).toBe(false);
    expect(webhookSignatureValid(raw, 'sha256=zz', 'app-secret')).toBe(false);

    const hello = { 'hub.mode': 'subscribe', 'hub.verify_token': 'mine', 'hub.challenge': '1158201444' };
    expect(subscriptionChallenge(hello, 'mine')).toBe('1158201444');
    expect(subscriptionChallenge({ ...hello, 'hub.verify_token': 'theirs' }, 'mine')).toBeUndefined();
    expect(subscriptionChallenge(hello, undefined)).toBeUndefined();
  });

  it('reads statuses and replies from a webhook, and refuses what is not one', () => {
    const notices = cloudWebhookNotices({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: '1234567890' },
                statuses: [
                  {
                    id: 'wamid.1',
                    status: 'read',
                    timestamp: '1764752400',
                    recipient_id: '966501234567',
                    biz_opaque_callback_data: 't1/m1',
                  },
                  {
                    id: 'wamid.2',
                    status: 'failed',
                    timestamp: '1764752400',
                    errors: [{ code: 131026, title: 'Message undeliverable' }],
                  },
                ],
                messages: [
                  {
                    from: '966501234567',
                    id: 'wamid.in1',
                    timestamp: '1764752460',
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
    expect(notices).toEqual([
      {
        kind: 'status',
        phoneNumberId: '1234567890',
        providerMessageId: 'wamid.1',
        clientRef: 't1/m1',
        status: 'read',
        at: '2025-12-03T09:00:00.000Z',
      },
      {
        kind: 'status',
        phoneNumberId: '1234567890',
        providerMessageId: 'wamid.2',
        status: 'failed',
        at: '2025-12-03T09:00:00.000Z',
        detail: '131026 Message undeliverable',
      },
      {
        kind: 'reply',
        phoneNumberId: '1234567890',
        from: '966501234567',
        providerMessageId: 'wamid.in1',
        text: 'STOP',
        at: '2025-12-03T09:01:00.000Z',
      },
    ]);
    expect(() => cloudWebhookNotices({ object: 'page' })).toThrow(WebhookRefused);
    expect(() => cloudWebhookNotices('x')).toThrow(WebhookRefused);
  });
});

describe('the local WhatsApp simulator', () => {
  const connection = simulatorConnection('t1');
  let sim: WhatsAppSimulator;
  let received: Array<{ raw: string; signature: string }>;
  beforeEach(() => {
    sim = new WhatsAppSimulator(':memory:', () => new Date('2026-12-03T09:00:00.000Z'));
    received = [];
    sim.connect(async (raw, signature) => void received.push({ raw, signature }), 0);
  });
  afterEach(() => sim.close());

  it('shows a template in the customer’s language in her inbox, and sends signed statuses back', async () => {
    const result = await sim.provider().send(connection, reminder);
    expect(result.ok).toBe(true);
    const [phone] = sim.phones(connection.phoneNumberId);
    expect(phone.phone).toBe('966501234567');
    expect(phone.messages[0].text).toContain('نورة');
    expect(phone.messages[0].text).toContain('10:00');
    expect(await sim.flush()).toBe(2);
    for (const w of received) expect(webhookSignatureValid(w.raw, w.signature, sim.appSecret)).toBe(true);
    const statuses = received.flatMap((w) => cloudWebhookNotices(JSON.parse(w.raw)));
    expect(statuses.map((n) => n.kind === 'status' && [n.status, n.clientRef])).toEqual([
      ['sent', 't1/m1'],
      ['delivered', 't1/m1'],
    ]);
    // read, a reply, STOP
    expect(sim.read(connection.phoneNumberId, '966501234567')).toBe(1);
    sim.reply(connection.phoneNumberId, '966501234567', 'STOP');
    await sim.flush();
    const later = received.slice(2).flatMap((w) => cloudWebhookNotices(JSON.parse(w.raw)));
    expect(later.map((n) => (n.kind === 'status' ? n.status : n.text))).toEqual(['read', 'STOP']);
    // it can say whether it has a reference (after a crash), and never deduplicates
    expect(await sim.provider().lookup(connection, 't1/m1')).toEqual({
      providerMessageId: (result as { providerMessageId: string }).providerMessageId,
    });
    expect(await sim.provider().lookup(connection, 't1/other')).toBe('not_received');
    await sim.provider().send(connection, reminder);
    expect(sim.sentCount('t1/m1')).toBe(2);
  });

  it('shows a file sent with a message in the inbox, by its name, type and size', async () => {
    expect((await sim.provider().send(connection, { ...reminder, media: leaflet })).ok).toBe(true);
    const [phone] = sim.phones(connection.phoneNumberId);
    expect(phone.messages[0].media).toEqual({
      name: 'Eid offer.pdf',
      content_type: 'application/pdf',
      size: leaflet.bytes.length,
    });
  });

  it('makes a number fail, answers 503 when down, and keeps free text to the 24-hour window', async () => {
    sim.setFailing(connection.phoneNumberId, '966501234567', true);
    await sim.provider().send(connection, reminder);
    await sim.flush();
    const notices = received.flatMap((w) => cloudWebhookNotices(JSON.parse(w.raw)));
    expect(notices.at(-1)).toMatchObject({ status: 'failed', detail: '131026 Message undeliverable' });
    expect(sim.phones(connection.phoneNumberId)[0].failing).toBe(true);
    sim.down = true;
    expect(await sim.provider().send(connection, reminder)).toMatchObject({ ok: false, retryable: true });
    sim.down = false;
    expect(await sim.provider().send(connection, { ...reminder, freeText: true })).toMatchObject({
      ok: false,
      reason: 'refused',
    });
    sim.reply(connection.phoneNumberId, '966501234567', 'hello');
    expect(await sim.provider().send(connection, { ...reminder, freeText: true })).toMatchObject({
      ok: true,
    });
  });

  it('keeps a webhook the product did not take, and sends it again', async () => {
    await sim.provider().send(connection, reminder);
    let refuse = true;
    sim.connect(async (raw, signature) => {
      if (refuse) throw new Error('503');
      received.push({ raw, signature });
    }, 0);
    expect(await sim.flush()).toBe(0);
    refuse = false;
    expect(await sim.flush()).toBe(2);
  });
});

/**
 * A local server in the instance gateway's shapes (see instance-gateway.ts): a linked instance
 * `inst-1` with the token `inst-token`, a number that is not on WhatsApp, and a switch that makes it
 * answer 503. It keeps what it accepted by reference, for the lookup after a crash.
 */
const instanceServer = async () => {
  const state = { down: false, unreachable: new Set<string>(), accepted: new Map<string, number>(), next: 1 };
  const seen: Array<{ method: string; path: string; form?: Record<string, string> }> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const form = req.method === 'POST' ? Object.fromEntries(new URLSearchParams(raw)) : undefined;
      seen.push({ method: req.method ?? '', path: url.pathname, ...(form && { form }) });
      const answer = (status: number, body: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (state.down) return answer(503, { error: 'Service Unavailable' });
      const m = /^\/([^/]+)\/(messages\/(?:chat|image|video|document)|messages|instance\/status)$/.exec(
        url.pathname,
      );
      if (!m || m[1] !== 'inst-1') return answer(404, { error: 'instance not found' });
      const token = form?.token ?? url.searchParams.get('token');
      if (token !== 'inst-token') return answer(401, { error: 'Wrong token. Please provide token' });
      if (m[2] === 'instance/status')
        return answer(200, {
          status: { accountStatus: { status: 'authenticated', substatus: 'connected' } },
        });
      if (m[2] === 'messages') {
        const ref = url.searchParams.get('referenceId') ?? '';
        const id = state.accepted.get(ref);
        return answer(200, { messages: id ? [{ id, referenceId: ref, status: 'sent' }] : [] });
      }
      if (state.unreachable.has(form?.to ?? ''))
        return answer(200, { error: [{ to: 'the number is not a valid WhatsApp number' }] });
      const id = state.next++;
      state.accepted.set(form?.referenceId ?? '', id);
      return answer(200, { sent: 'true', message: 'ok', id });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, state, close: () => new Promise((r) => server.close(r)) };
};

/** What every adapter of the port must do, whatever provider is behind it. */
type Harness = {
  provider: MessagingProvider;
  connection: MessagingConnection;
  badConnection: MessagingConnection;
  setDown: (down: boolean) => void;
  makeUnreachable: (phone: string) => void;
  close: () => Promise<unknown>;
};

const harnesses: Array<[string, () => Promise<Harness>]> = [
  [
    'the Cloud API (a local Graph API server)',
    async () => {
      let down = false;
      const unreachable = new Set<string>();
      let next = 1;
      const graph = await graphServer((body) =>
        down
          ? { status: 503, body: { error: { message: 'Service unavailable', code: 2 } } }
          : unreachable.has(String(body.to))
            ? { status: 400, body: { error: { message: 'Message undeliverable', code: 131026 } } }
            : { status: 200, body: { messages: [{ id: `wamid.${next++}` }] } },
      );
      // the Graph server above answers POSTs; the check's GET goes to a server of its own
      const check = createServer((req, res) => {
        const status = down ? 503 : req.headers.authorization === 'Bearer EAAG-token' ? 200 : 401;
        res
          .writeHead(status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ id: '1234567890' }));
      });
      await new Promise<void>((r) => check.listen(0, '127.0.0.1', r));
      const checkUrl = `http://127.0.0.1:${(check.address() as AddressInfo).port}/v21.0`;
      const sending = new CloudApiMessaging({ graphUrl: graph.url });
      const checking = new CloudApiMessaging({ graphUrl: checkUrl });
      return {
        provider: {
          name: sending.name,
          send: (c, m) => sending.send(c, m),
          lookup: (c, r) => sending.lookup(c, r),
          check: (c) => checking.check(c),
        },
        connection: { phoneNumberId: '1234567890', accessToken: 'EAAG-token' },
        badConnection: { phoneNumberId: '1234567890', accessToken: 'revoked' },
        setDown: (d) => (down = d),
        makeUnreachable: (p) => unreachable.add(p),
        close: () => Promise.all([graph.close(), new Promise((r) => check.close(r))]),
      };
    },
  ],
  [
    'the local simulator',
    async () => {
      const sim = new WhatsAppSimulator(':memory:', () => new Date('2026-12-03T09:00:00.000Z'));
      const connection = simulatorConnection('t1');
      return {
        provider: sim.provider(),
        connection,
        badConnection: { ...connection, accessToken: '' },
        setDown: (d) => (sim.down = d),
        makeUnreachable: (p) => sim.setFailing(connection.phoneNumberId, p, true),
        close: async () => sim.close(),
      };
    },
  ],
  [
    'an instance gateway (a local server in its shapes)',
    async () => {
      const gateway = await instanceServer();
      return {
        provider: new InstanceGatewayMessaging({ baseUrl: gateway.url }),
        connection: { phoneNumberId: '971501234567', accessToken: 'inst-token', instanceId: 'inst-1' },
        badConnection: { phoneNumberId: '971501234567', accessToken: 'wrong-token', instanceId: 'inst-1' },
        setDown: (d) => (gateway.state.down = d),
        makeUnreachable: (p) => gateway.state.unreachable.add(p),
        close: gateway.close,
      };
    },
  ],
];

describe.each(harnesses)('the messaging port’s contract: %s', (_name, make) => {
  let h: Harness;
  beforeEach(async () => (h = await make()));
  afterEach(async () => h.close());

  it('accepts a message with the provider’s id, and can say after a crash that it has it (or cannot say)', async () => {
    const result = await h.provider.send(h.connection, reminder);
    expect(result).toEqual({ ok: true, providerMessageId: expect.stringMatching(/\S/) });
    const found = await h.provider.lookup(h.connection, reminder.clientRef);
    // never "not received" for what it accepted: that would send it twice
    expect(found === 'unknown' || (typeof found === 'object' && found.providerMessageId)).toBeTruthy();
    expect(['not_received', 'unknown']).toContain(await h.provider.lookup(h.connection, 't1/never-sent'));
  });

  it('asks for another try when the provider is down, and never retries a number that cannot get WhatsApp', async () => {
    h.setDown(true);
    expect(await h.provider.send(h.connection, reminder)).toMatchObject({
      ok: false,
      reason: 'provider_unavailable',
      retryable: true,
    });
    h.setDown(false);
    h.makeUnreachable('966500000009');
    const result = await h.provider.send(h.connection, { ...reminder, to: '966500000009' });
    // refused at once, or accepted and failed later by a status (the simulator's way)
    if (!result.ok) expect(result).toMatchObject({ reason: 'number_unreachable', retryable: false });
  });

  it('sends a file with its message', async () => {
    expect(await h.provider.send(h.connection, { ...reminder, media: leaflet })).toEqual({
      ok: true,
      providerMessageId: expect.stringMatching(/\S/),
    });
  });

  it('tells a working connection from one the provider refuses (the manager’s test)', async () => {
    expect(await h.provider.check(h.connection)).toEqual({ ok: true });
    expect(await h.provider.check(h.badConnection)).toMatchObject({ ok: false });
    h.setDown(true);
    expect(await h.provider.check(h.connection)).toMatchObject({ ok: false, serverDown: true });
  });
});

describe('the instance gateway adapter, in the gateway’s own shapes', () => {
  it('sends the text form-encoded with the token and our reference, to the instance’s chat path', async () => {
    const gateway = await instanceServer();
    try {
      const adapter = new InstanceGatewayMessaging({ baseUrl: `${gateway.url}/` });
      const connection = { phoneNumberId: '971501234567', accessToken: 'inst-token', instanceId: 'inst-1' };
      expect(await adapter.send(connection, reminder)).toEqual({ ok: true, providerMessageId: '1' });
      expect(gateway.seen[0]).toEqual({
        method: 'POST',
        path: '/inst-1/messages/chat',
        form: { token: 'inst-token', to: '966501234567', body: 'مرحبًا نورة', referenceId: 't1/m1' },
      });
      // a file goes to the path of its kind, base64, the text as its caption
      await adapter.send(connection, { ...reminder, media: leaflet });
      expect(gateway.seen[1]).toEqual({
        method: 'POST',
        path: '/inst-1/messages/document',
        form: {
          token: 'inst-token',
          to: '966501234567',
          referenceId: 't1/m1',
          document: leaflet.bytes.toString('base64'),
          filename: 'Eid offer.pdf',
          caption: 'مرحبًا نورة',
        },
      });
      expect(await adapter.send({ ...connection, accessToken: 'nope' }, reminder)).toMatchObject({
        ok: false,
        reason: 'refused',
        retryable: false,
      });
      expect(await adapter.send({ ...connection, instanceId: undefined }, reminder)).toMatchObject({
        ok: false,
        reason: 'refused',
      });
      const gone = new InstanceGatewayMessaging({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
      expect(await gone.send(connection, reminder)).toMatchObject({ ok: false, retryable: true });
      expect(await gone.lookup(connection, 't1/m1')).toBe('unknown');
    } finally {
      await gateway.close();
    }
  });
});
