import type { FetchLike } from '../fatoora/http-fatoora';
import {
  mediaKindOf,
  type ConnectionCheck,
  type MessagingConnection,
  type MessagingProvider,
  type OutgoingMessage,
  type SendResult,
  type WebhookNotice,
  WebhookRefused,
} from './port';

export type InstanceGatewayOptions = {
  /** the gateway's API root, without the instance id (e.g. https://api.ultramsg.com) */
  baseUrl: string;
  /** how requests are made; the global fetch by default */
  fetch?: FetchLike;
  timeoutMs?: number;
};

/**
 * An instance-based WhatsApp gateway (the spec's tenant fields: mobile number id, access token,
 * instance id), in the shape the common Gulf gateways share (UltraMsg and its like). The API assumed:
 *
 * - send: `POST {base}/{instance_id}/messages/chat`, form-encoded `token`, `to` (digits, country code
 *   first), `body` (the text), `referenceId` (our reference); answer 200
 *   `{"sent":"true","message":"ok","id":<number>}`, or `{"error":"…"}` (also on 200), or an HTTP error;
 *   with a file: `POST {base}/{instance_id}/messages/{image|video|document}`, the file as base64 in the
 *   field of its kind, `filename` for a document, the text as its `caption`; the same answers;
 * - lookup: `GET {base}/{instance_id}/messages?token=…&referenceId=…&limit=1`; answer
 *   `{"messages":[{"id":…,"referenceId":…}]}` (empty when the gateway never got that reference);
 * - check: `GET {base}/{instance_id}/instance/status?token=…`; answer
 *   `{"status":{"accountStatus":{"status":"authenticated"}}}` when the instance's phone is linked.
 *
 * Such a gateway drives a linked WhatsApp account, which has no templates: every message goes as its
 * text in the customer's language. A 5xx, a 429 or no answer is worth trying again; a token refused or
 * an instance not found is the salon's setup (refused); a number not on WhatsApp is unreachable.
 * Delivery statuses and replies come from the gateway's own webhooks (`instanceWebhookNotices`).
 */
export class InstanceGatewayMessaging implements MessagingProvider {
  readonly name = 'instance';
  private readonly baseUrl: string;
  private readonly fetch: FetchLike;

  constructor(private readonly options: InstanceGatewayOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch =
      options.fetch ??
      (async (url, init) => {
        const res = await fetch(url, init);
        return { status: res.status, text: () => res.text() };
      });
  }

  private url(connection: MessagingConnection, path: string, query?: Record<string, string>) {
    const q = query ? `?${new URLSearchParams(query).toString()}` : '';
    return `${this.baseUrl}/${encodeURIComponent(connection.instanceId ?? '')}/${path}${q}`;
  }

  private async call(url: string, init: { method: string; body?: string; headers?: Record<string, string> }) {
    const res = await this.fetch(url, {
      method: init.method,
      headers: init.headers ?? {},
      ...(init.body !== undefined && { body: init.body }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      // not JSON (a proxy's page): judged by its status
    }
    return { status: res.status, body };
  }

  async send(connection: MessagingConnection, message: OutgoingMessage): Promise<SendResult> {
    if (!connection.instanceId)
      return { ok: false, reason: 'refused', retryable: false, detail: 'no instance id' };
    let answer;
    try {
      const common = { token: connection.accessToken, to: message.to, referenceId: message.clientRef };
      const kind = message.media && mediaKindOf(message.media.contentType);
      const form = message.media
        ? {
            ...common,
            [kind!]: Buffer.from(message.media.bytes).toString('base64'),
            ...(kind === 'document' && { filename: message.media.name }),
            caption: message.text,
          }
        : { ...common, body: message.text };
      answer = await this.call(this.url(connection, `messages/${kind ?? 'chat'}`), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    } catch (error) {
      return {
        ok: false,
        reason: 'provider_unavailable',
        retryable: true,
        detail: String(error).slice(0, 300),
      };
    }
    const { status, body } = answer;
    const id = body.id;
    if (status >= 200 && status < 300 && !body.error && (typeof id === 'number' || typeof id === 'string'))
      return { ok: true, providerMessageId: String(id) };
    const error = JSON.stringify(body.error ?? body.message ?? '').slice(0, 250);
    const detail = `${status} ${error}`.trim();
    if (status >= 500 || status === 429)
      return { ok: false, reason: 'provider_unavailable', retryable: true, detail };
    if (/not.*(whatsapp|exist|registered)|invalid.*(number|phone|to)|unreachable/i.test(error))
      return { ok: false, reason: 'number_unreachable', retryable: false, detail };
    return { ok: false, reason: 'refused', retryable: false, detail };
  }

  async lookup(connection: MessagingConnection, clientRef: string) {
    try {
      const { status, body } = await this.call(
        this.url(connection, 'messages', {
          token: connection.accessToken,
          referenceId: clientRef,
          limit: '1',
        }),
        { method: 'GET' },
      );
      if (status < 200 || status >= 300 || !Array.isArray(body.messages)) return 'unknown' as const;
      const found = (body.messages as Array<Record<string, unknown>>).find(
        (m) => m && String(m.referenceId ?? '') === clientRef && m.id !== undefined,
      );
      return found ? { providerMessageId: String(found.id) } : ('not_received' as const);
    } catch {
      return 'unknown' as const;
    }
  }

  async check(connection: MessagingConnection): Promise<ConnectionCheck> {
    if (!connection.instanceId) return { ok: false, detail: 'no instance id' };
    try {
      const { status, body } = await this.call(
        this.url(connection, 'instance/status', { token: connection.accessToken }),
        { method: 'GET' },
      );
      const account = ((body.status as Record<string, unknown> | undefined)?.accountStatus ?? {}) as Record<
        string,
        unknown
      >;
      if (status >= 200 && status < 300 && account.status === 'authenticated') return { ok: true };
      return {
        ok: false,
        serverDown: status >= 500,
        detail: `${status} ${JSON.stringify(body.error ?? account.status ?? '')}`.slice(0, 200),
      };
    } catch (error) {
      return { ok: false, serverDown: true, detail: String(error).slice(0, 200) };
    }
  }
}

const ACKS: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  server: 'sent',
  sent: 'sent',
  '1': 'sent',
  device: 'delivered',
  delivered: 'delivered',
  '2': 'delivered',
  read: 'read',
  played: 'read',
  '3': 'read',
  '4': 'read',
  error: 'failed',
  failed: 'failed',
  '-1': 'failed',
};

const instantOf = (time: unknown): string => {
  const n = Number(time);
  // unix seconds (or milliseconds) as the gateways send them; the receipt's time otherwise
  if (!Number.isFinite(n) || n <= 0) return new Date().toISOString();
  return new Date(n < 1e12 ? n * 1000 : n).toISOString();
};

/**
 * The instance gateway's own webhooks, in the shape the UltraMsg-like gateways share (one event a
 * call): `{"event_type":"message_ack","instanceId":…,"data":{"id":…,"referenceId":…,"ack":"server|
 * device|read|played|failed" (or -1…4),"time":…}}` for a message's status, and
 * `{"event_type":"message_received","instanceId":…,"data":{"id":…,"from":"9665…@c.us","body":…,
 * "type":"chat","time":…}}` for a customer's reply. Such a gateway signs nothing: the product gives
 * each salon a webhook address with a key of its own instead. Other events (the phone's own sent
 * messages, a QR code) are none of the product's: no notice. `instanceId` given and not the salon's:
 * refused.
 */
export const instanceWebhookNotices = (body: unknown, instanceId: string): WebhookNotice[] => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new WebhookRefused('not a JSON object');
  const b = body as Record<string, unknown>;
  if (
    b.instanceId !== undefined &&
    String(b.instanceId).replace(/^instance/, '') !== instanceId.replace(/^instance/, '')
  )
    throw new WebhookRefused('another instance');
  const data = (b.data && typeof b.data === 'object' ? b.data : {}) as Record<string, unknown>;
  const id = typeof data.id === 'string' || typeof data.id === 'number' ? String(data.id).slice(0, 200) : '';
  if (!id) return [];
  if (b.event_type === 'message_ack') {
    const status = ACKS[String(data.ack ?? '').toLowerCase()];
    if (!status) return [];
    const ref = data.referenceId;
    return [
      {
        kind: 'status',
        phoneNumberId: instanceId,
        providerMessageId: id,
        ...(typeof ref === 'string' && ref && { clientRef: ref.slice(0, 200) }),
        status,
        at: instantOf(data.time),
      },
    ];
  }
  if (b.event_type === 'message_received') {
    const from = String(data.from ?? '').replace(/@.*$/, '');
    if (!/^\d{8,15}$/.test(from) || data.fromMe === true || typeof data.body !== 'string') return [];
    return [
      {
        kind: 'reply',
        phoneNumberId: instanceId,
        from,
        providerMessageId: id,
        text: data.body.slice(0, 4096),
        at: instantOf(data.time),
      },
    ];
  }
  return [];
};

/**
 * The key in a salon's instance-gateway webhook address: the link key's HMAC of the salon (never
 * stored; only the platform can make it), so an address cannot be guessed from an account ID.
 */
export const instanceWebhookKey = (links: { tokenFor(nonce: string): string }, tenantId: string) =>
  links.tokenFor(`whatsapp-instance-webhook:${tenantId}`).slice(0, 32);

/** The address a salon's instance gateway is told to call (PUBLIC_URL first). */
export const instanceWebhookPath = (links: { tokenFor(nonce: string): string }, tenantId: string) =>
  `/api/public/whatsapp/instance/${tenantId}/${instanceWebhookKey(links, tenantId)}`;
