import { randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { messageTemplateTexts } from '@rawnaq/contracts';
import type { FetchLike } from '../fatoora/http-fatoora';
import { CloudApiMessaging } from './cloud-api';
import { signWebhook, type MessagingConnection } from './port';

/** The simulator's sender of a salon: one phone number id per tenant. */
export const SIMULATOR_PREFIX = 'sim-';
export const simulatorConnection = (tenantId: string): MessagingConnection => ({
  phoneNumberId: `${SIMULATOR_PREFIX}${tenantId}`,
  accessToken: 'simulator',
});
export const tenantOfSimulatorNumber = (phoneNumberId: string): string | undefined =>
  phoneNumberId.startsWith(SIMULATOR_PREFIX) ? phoneNumberId.slice(SIMULATOR_PREFIX.length) : undefined;

export type SimulatedMessage = {
  id: string;
  direction: 'out' | 'in';
  text: string;
  language: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | 'received';
  at: string;
  template?: string;
  /** the file sent with it (a campaign's image, video or PDF) */
  media?: SimulatedMedia;
};
export type SimulatedMedia = { name: string; content_type: string; size: number };
export type SimulatedPhone = { phone: string; failing: boolean; messages: SimulatedMessage[] };

/** How a webhook reaches the product: the raw body and its `X-Hub-Signature-256`. */
export type DeliverWebhook = (rawBody: string, signature: string) => Promise<void>;

type Row = {
  seq: number;
  id: string;
  phone_number_id: string;
  phone: string;
  direction: 'out' | 'in';
  client_ref: string | null;
  text: string;
  language: string;
  template: string | null;
  status: SimulatedMessage['status'];
  at: string;
  media: string | null;
};

const DAY_MS = 24 * 3_600_000;

/** A template's text in a language, its parameters put in place of its %{placeholders} in order. */
const rendered = (template: string, language: string, params: string[]): string => {
  const texts = (messageTemplateTexts as Record<string, Record<string, string> | undefined>)[template];
  const text = texts?.[language] ?? texts?.en;
  if (!text) return `[${template}] ${params.join(' · ')}`;
  let i = 0;
  return text.replace(/%\{\w+\}/g, (m) => params[i++] ?? m);
};

/** The file part of a multipart/form-data body: its name, type and size (what the simulator keeps of it). */
const fileOfMultipart = (raw: string | Uint8Array | undefined, contentType: string | undefined) => {
  const boundary = /boundary=([^;]+)/.exec(contentType ?? '')?.[1];
  if (!raw || typeof raw === 'string' || !boundary) return undefined;
  const text = Buffer.from(raw).toString('latin1');
  const head =
    /Content-Disposition: form-data; name="file"; filename="([^"]*)"\r\nContent-Type: ([^\r\n]+)\r\n\r\n/.exec(
      text,
    );
  if (!head) return undefined;
  const start = head.index + head[0].length;
  // the file ends where the boundary comes next (its bytes may hold anything else)
  const end = text.indexOf(`\r\n--${boundary}`, start);
  if (end < 0) return undefined;
  return { name: Buffer.from(head[1], 'latin1').toString('utf8'), contentType: head[2], size: end - start };
};

/**
 * A local stand-in for WhatsApp (the default, as the Fatoora and payment simulators are): it answers
 * the Cloud API's `POST /{phone-number-id}/messages` in the Graph API's shapes (through `fetch()`,
 * no network), keeps each phone's inbox in its own database (`DATA_DIR/whatsapp-simulator.db`, so a
 * restart keeps it and a crash test can count what arrived), lets a tester read, reply, reply STOP
 * or make a number fail, and sends the statuses and replies back as Cloud API webhooks signed with
 * its app secret in `X-Hub-Signature-256`. It never deduplicates what it is sent: a message sent twice
 * shows twice, as it would on a phone.
 */
export class WhatsAppSimulator {
  private readonly db: Database.Database;
  readonly appSecret: string;
  private deliver?: DeliverWebhook;
  private timer?: NodeJS.Timeout;
  private delivering?: Promise<number>;
  /** the whole provider answering 503 (tests of the retries) */
  down = false;

  constructor(
    file: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = new Database(file);
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, phone_number_id TEXT NOT NULL,
        phone TEXT NOT NULL, direction TEXT NOT NULL, client_ref TEXT, text TEXT NOT NULL,
        language TEXT NOT NULL, template TEXT, status TEXT NOT NULL, at TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS messages_phone ON messages (phone_number_id, phone, seq);
      CREATE INDEX IF NOT EXISTS messages_ref ON messages (client_ref);
      CREATE TABLE IF NOT EXISTS failing (phone_number_id TEXT NOT NULL, phone TEXT NOT NULL,
        PRIMARY KEY (phone_number_id, phone));
      CREATE TABLE IF NOT EXISTS webhooks (seq INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS media (id TEXT PRIMARY KEY, phone_number_id TEXT NOT NULL,
        name TEXT NOT NULL, content_type TEXT NOT NULL, size INTEGER NOT NULL);
    `);
    // a simulator kept from before files were sent: its messages gain the column
    const columns = this.db.prepare('PRAGMA table_info(messages)').all() as Array<{ name: string }>;
    if (!columns.some((c) => c.name === 'media')) this.db.exec('ALTER TABLE messages ADD COLUMN media TEXT');
    const kept = this.db.prepare('SELECT value FROM kv WHERE key = ?').get('app_secret') as
      { value: string } | undefined;
    this.appSecret = kept?.value ?? randomBytes(32).toString('hex');
    if (!kept) this.db.prepare('INSERT INTO kv (key, value) VALUES (?, ?)').run('app_secret', this.appSecret);
  }

  /** The Cloud API adapter speaking to this simulator (with its lookup of a reference after a crash). */
  provider(): CloudApiMessaging {
    return new CloudApiMessaging({
      name: 'simulator',
      graphUrl: 'http://whatsapp-simulator.localhost/v21.0',
      fetch: this.fetch(),
      lookup: async (connection, clientRef) => {
        const row = this.db
          .prepare(
            'SELECT id FROM messages WHERE phone_number_id = ? AND client_ref = ? ORDER BY seq LIMIT 1',
          )
          .get(connection.phoneNumberId, clientRef) as { id: string } | undefined;
        return row ? { providerMessageId: row.id } : 'not_received';
      },
    });
  }

  /** A fetch answering from this simulator, as graph.facebook.com would. */
  fetch(): FetchLike {
    return async (url, init) => {
      const res = this.handle(init.method, new URL(url).pathname, init.headers, init.body);
      return { status: res.status, text: async () => JSON.stringify(res.body) };
    };
  }

  private handle(
    method: string,
    path: string,
    headers: Record<string, string>,
    raw: string | Uint8Array | undefined,
  ): { status: number; body: unknown } {
    const error = (status: number, code: number, message: string) => ({
      status,
      body: { error: { message, type: 'OAuthException', code, fbtrace_id: randomUUID() } },
    });
    const auth = Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
    // a phone number's details (the connection's test)
    const number = /^\/v[\d.]+\/([^/]+)$/.exec(path);
    if (method === 'GET' && number) {
      if (!auth || !/^Bearer \S+$/.test(auth)) return error(401, 190, 'Invalid OAuth access token');
      if (this.down) return error(503, 2, 'Service temporarily unavailable');
      return {
        status: 200,
        body: { id: decodeURIComponent(number[1]), display_phone_number: '15550000000' },
      };
    }
    // a file uploaded for a message to name (`POST /{phone-number-id}/media`, multipart)
    const upload = /^\/v[\d.]+\/([^/]+)\/media$/.exec(path);
    if (method === 'POST' && upload) {
      if (!auth || !/^Bearer \S+$/.test(auth)) return error(401, 190, 'Invalid OAuth access token');
      if (this.down) return error(503, 2, 'Service temporarily unavailable');
      const file = fileOfMultipart(
        raw,
        Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1],
      );
      if (!file) return error(400, 100, 'Invalid parameter');
      const id = `${Date.now()}${randomBytes(6).readUIntBE(0, 6)}`;
      this.db
        .prepare('INSERT INTO media (id, phone_number_id, name, content_type, size) VALUES (?, ?, ?, ?, ?)')
        .run(id, decodeURIComponent(upload[1]), file.name, file.contentType, file.size);
      return { status: 200, body: { id } };
    }
    const match = /^\/v[\d.]+\/([^/]+)\/messages$/.exec(path);
    if (method !== 'POST' || !match) return error(404, 100, 'Unknown path components');
    if (!auth || !/^Bearer \S+$/.test(auth)) return error(401, 190, 'Invalid OAuth access token');
    if (this.down) return error(503, 2, 'Service temporarily unavailable');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw ?? '').toString()) as Record<
        string,
        unknown
      >;
    } catch {
      return error(400, 100, 'Invalid parameter');
    }
    const phoneNumberId = decodeURIComponent(match[1]);
    const to = String(body.to ?? '');
    if (body.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(to))
      return error(400, 100, 'Invalid parameter');
    const now = this.now();
    let text: string;
    let language = 'en';
    let template: string | null = null;
    let media: SimulatedMedia | null = null;
    if (body.type === 'template') {
      const t = body.template as {
        name?: string;
        language?: { code?: string };
        components?: Array<{ type?: string; parameters?: Array<Record<string, unknown>> }>;
      };
      if (!t?.name) return error(400, 132001, 'Template name does not exist in the translation');
      template = t.name;
      language = t.language?.code === 'ar' ? 'ar' : 'en';
      // a header's file is one this number uploaded
      const header = (t.components ?? []).find((c) => c.type === 'header')?.parameters?.[0];
      if (header) {
        const ref = header[String(header.type)] as { id?: unknown } | undefined;
        const kept = this.db
          .prepare('SELECT name, content_type, size FROM media WHERE id = ? AND phone_number_id = ?')
          .get(String(ref?.id ?? ''), decodeURIComponent(match[1])) as SimulatedMedia | undefined;
        if (!kept) return error(400, 131053, 'Media upload error: unknown media id');
        media = kept;
      }
      const params = (t.components ?? [])
        .filter((c) => c.type !== 'header')
        .flatMap((c) => (c.parameters ?? []).map((p) => String(p.text ?? '')));
      text = rendered(t.name, language, params);
    } else if (body.type === 'text') {
      text = String((body.text as { body?: unknown } | undefined)?.body ?? '');
      // free text only inside the 24-hour customer service window: she must have written last day
      const last = this.db
        .prepare(
          "SELECT at FROM messages WHERE phone_number_id = ? AND phone = ? AND direction = 'in' ORDER BY seq DESC LIMIT 1",
        )
        .get(phoneNumberId, to) as { at: string } | undefined;
      if (!last || now.getTime() - Date.parse(last.at) > DAY_MS)
        return error(
          400,
          131047,
          'Re-engagement message: more than 24 hours have passed since the customer last replied',
        );
    } else return error(400, 100, 'Invalid parameter');
    const id = `wamid.SIM${randomBytes(12).toString('hex').toUpperCase()}`;
    const clientRef =
      typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null;
    const failing = !!this.db
      .prepare('SELECT 1 FROM failing WHERE phone_number_id = ? AND phone = ?')
      .get(phoneNumberId, to);
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO messages (id, phone_number_id, phone, direction, client_ref, text, language, template, status, at, media)
           VALUES (?, ?, ?, 'out', ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          phoneNumberId,
          to,
          clientRef,
          text,
          language,
          template,
          failing ? 'failed' : 'delivered',
          now.toISOString(),
          media && JSON.stringify(media),
        );
      this.queueStatus(phoneNumberId, id, to, clientRef, 'sent', now);
      if (failing)
        this.queueStatus(phoneNumberId, id, to, clientRef, 'failed', now, {
          code: 131026,
          title: 'Message undeliverable',
        });
      else this.queueStatus(phoneNumberId, id, to, clientRef, 'delivered', now);
    })();
    return {
      status: 200,
      body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] },
    };
  }

  private queueWebhook(phoneNumberId: string, value: Record<string, unknown>) {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: `waba-${phoneNumberId}`,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '966500000000', phone_number_id: phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    };
    this.db.prepare('INSERT INTO webhooks (body) VALUES (?)').run(JSON.stringify(body));
  }

  private queueStatus(
    phoneNumberId: string,
    id: string,
    to: string,
    clientRef: string | null,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    at: Date,
    error?: { code: number; title: string },
  ) {
    this.queueWebhook(phoneNumberId, {
      statuses: [
        {
          id,
          status,
          timestamp: String(Math.floor(at.getTime() / 1000)),
          recipient_id: to,
          ...(clientRef && { biz_opaque_callback_data: clientRef }),
          ...(error && { errors: [{ code: error.code, title: error.title }] }),
        },
      ],
    });
  }

  /** Every phone a salon's number wrote to or heard from, with its conversation (oldest first). */
  phones(phoneNumberId: string): SimulatedPhone[] {
    const rows = this.db
      .prepare('SELECT * FROM messages WHERE phone_number_id = ? ORDER BY seq')
      .all(phoneNumberId) as Row[];
    const failing = new Set(
      (
        this.db.prepare('SELECT phone FROM failing WHERE phone_number_id = ?').all(phoneNumberId) as Array<{
          phone: string;
        }>
      ).map((r) => r.phone),
    );
    const phones = new Map<string, SimulatedPhone>();
    for (const phone of failing) phones.set(phone, { phone, failing: true, messages: [] });
    for (const r of rows) {
      const p = phones.get(r.phone) ?? { phone: r.phone, failing: failing.has(r.phone), messages: [] };
      p.messages.push({
        id: r.id,
        direction: r.direction,
        text: r.text,
        language: r.language,
        status: r.status,
        at: r.at,
        ...(r.template && { template: r.template }),
        ...(r.media && { media: JSON.parse(r.media) as SimulatedMedia }),
      });
      phones.set(r.phone, p);
    }
    return [...phones.values()];
  }

  /** How many times a reference was sent (the crash test counts: never more than once). */
  sentCount(clientRef: string): number {
    return (
      this.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE client_ref = ?').get(clientRef) as {
        n: number;
      }
    ).n;
  }

  /** The customer writes from `phone` (a reply, STOP...): the salon's webhook hears it. */
  reply(phoneNumberId: string, phone: string, text: string): SimulatedMessage {
    const now = this.now();
    const id = `wamid.SIMIN${randomBytes(10).toString('hex').toUpperCase()}`;
    const language = /[\u0600-\u06FF]/.test(text) ? 'ar' : 'en';
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO messages (id, phone_number_id, phone, direction, client_ref, text, language, template, status, at)
           VALUES (?, ?, ?, 'in', NULL, ?, ?, NULL, 'received', ?)`,
        )
        .run(id, phoneNumberId, phone, text, language, now.toISOString());
      this.queueWebhook(phoneNumberId, {
        contacts: [{ profile: { name: phone }, wa_id: phone }],
        messages: [
          {
            from: phone,
            id,
            timestamp: String(Math.floor(now.getTime() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      });
    })();
    return { id, direction: 'in', text, language, status: 'received', at: now.toISOString() };
  }

  /** The customer opens her messages: each one not read yet is read (a `read` status each). */
  read(phoneNumberId: string, phone: string): number {
    const rows = this.db
      .prepare(
        "SELECT * FROM messages WHERE phone_number_id = ? AND phone = ? AND direction = 'out' AND status IN ('sent', 'delivered')",
      )
      .all(phoneNumberId, phone) as Row[];
    const now = this.now();
    this.db.transaction(() => {
      for (const r of rows) {
        this.db.prepare("UPDATE messages SET status = 'read' WHERE seq = ?").run(r.seq);
        this.queueStatus(phoneNumberId, r.id, r.phone, r.client_ref, 'read', now);
      }
    })();
    return rows.length;
  }

  /** Makes a number fail (WhatsApp cannot deliver to it) or work again. */
  setFailing(phoneNumberId: string, phone: string, failing: boolean) {
    if (failing)
      this.db
        .prepare('INSERT OR IGNORE INTO failing (phone_number_id, phone) VALUES (?, ?)')
        .run(phoneNumberId, phone);
    else
      this.db
        .prepare('DELETE FROM failing WHERE phone_number_id = ? AND phone = ?')
        .run(phoneNumberId, phone);
  }

  /** Where the webhooks go, and how often waiting ones are sent (0: only when `flush` is called). */
  connect(deliver: DeliverWebhook, everyMs = 300) {
    this.deliver = deliver;
    if (everyMs > 0) {
      this.timer = setInterval(() => void this.flush().catch(() => undefined), everyMs);
      this.timer.unref();
    }
  }

  /**
   * Sends the waiting webhooks, oldest first, each signed; one the product did not take (down, 5xx)
   * stays and is sent again, as Meta retries. Answers how many were taken.
   */
  flush(): Promise<number> {
    this.delivering ??= this.deliverAll().finally(() => (this.delivering = undefined));
    return this.delivering;
  }

  private async deliverAll(): Promise<number> {
    if (!this.deliver || !this.db.open) return 0;
    let taken = 0;
    for (;;) {
      const row = this.db.prepare('SELECT seq, body FROM webhooks ORDER BY seq LIMIT 1').get() as
        { seq: number; body: string } | undefined;
      if (!row) return taken;
      try {
        await this.deliver(row.body, signWebhook(row.body, this.appSecret));
      } catch {
        return taken; // tried again next time
      }
      if (!this.db.open) return taken;
      this.db.prepare('DELETE FROM webhooks WHERE seq = ?').run(row.seq);
      taken++;
    }
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    await this.delivering?.catch(() => undefined);
    if (this.db.open) this.db.close();
  }
}
