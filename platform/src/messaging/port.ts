import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What the product asks a messaging provider to send: a template (it opens a conversation) or free text. */
export type OutgoingMessage = {
  /** our message's reference, given back in the provider's statuses (`biz_opaque_callback_data`) */
  clientRef: string;
  /** digits, country code first */
  to: string;
  language: 'en' | 'ar';
  template: { name: string; params: string[] };
  /** the text as the customer reads it */
  text: string;
  /** send `text` as free text: only inside the 24-hour customer service window (she wrote last) */
  freeText?: boolean;
  /** an image, a video or a PDF sent with it (a campaign's attachment, under 5 MB) */
  media?: OutgoingMedia;
};

/** A file sent with a message: its bytes, type and name. */
export type OutgoingMedia = { bytes: Uint8Array; contentType: string; name: string };

/** How WhatsApp calls a file of this type: an image, a video, or else a document (a PDF). */
export const mediaKindOf = (contentType: string): 'image' | 'video' | 'document' =>
  contentType.startsWith('image/') ? 'image' : contentType.startsWith('video/') ? 'video' : 'document';

/** A multipart/form-data body of text fields and one file (what Meta's media upload takes). */
export const multipartBody = (
  fields: Record<string, string>,
  file: { field: string; name: string; contentType: string; bytes: Uint8Array },
): { contentType: string; body: Uint8Array } => {
  const boundary = `----rawnaq${randomBytes(12).toString('hex')}`;
  const safe = (v: string) => v.replace(/["\r\n]/g, '_');
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${safe(k)}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${safe(file.field)}"; filename="${safe(file.name)}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
};

/**
 * The salon's sender at the provider: its phone number's id and the token that may send from it (an
 * instance gateway also names the instance; its phone number id is the spec's mobile number id).
 */
export type MessagingConnection = { phoneNumberId: string; accessToken: string; instanceId?: string };

/** Whether a connection works (the manager's "test connection"); `serverDown` when the provider did not answer. */
export type ConnectionCheck = { ok: true } | { ok: false; detail: string; serverDown?: boolean };

export type SendResult =
  | { ok: true; providerMessageId: string }
  | {
      ok: false;
      reason: 'provider_unavailable' | 'number_unreachable' | 'refused';
      retryable: boolean;
      detail?: string;
    };

/** What a webhook says: a status of a message sent, or a message a customer wrote. */
export type WebhookNotice =
  | {
      kind: 'status';
      phoneNumberId: string;
      providerMessageId: string;
      clientRef?: string;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      at: string;
      detail?: string;
    }
  | {
      kind: 'reply';
      phoneNumberId: string;
      from: string;
      providerMessageId: string;
      text: string;
      at: string;
    };

/**
 * A WhatsApp sender. `lookup` answers, after a crash cut a send short, whether the provider has the
 * message of that reference: its id, `not_received` (sending it again cannot duplicate it), or
 * `unknown` when the provider cannot say (then the product never sends it again).
 */
export interface MessagingProvider {
  readonly name: string;
  send(connection: MessagingConnection, message: OutgoingMessage): Promise<SendResult>;
  lookup(
    connection: MessagingConnection,
    clientRef: string,
  ): Promise<{ providerMessageId: string } | 'not_received' | 'unknown'>;
  /** asks the provider whether this connection may send (token valid, number or instance known) */
  check(connection: MessagingConnection): Promise<ConnectionCheck>;
}

/** A webhook that is not the provider's (signature missing or wrong, body unreadable): refused. */
export class WebhookRefused extends Error {
  constructor(readonly reason: string) {
    super(`WhatsApp webhook refused: ${reason}`);
  }
}

/** Meta's `X-Hub-Signature-256`: `sha256=` and the HMAC-SHA256 of the raw body under the app secret. */
export const signWebhook = (rawBody: string | Buffer, appSecret: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** Whether `header` is the body's signature under `appSecret` (compared in constant time). */
export const webhookSignatureValid = (
  rawBody: string | Buffer | undefined,
  header: string | undefined,
  appSecret: string,
): boolean => {
  if (!rawBody || !header || !appSecret || !/^sha256=[0-9a-f]{64}$/.test(header)) return false;
  const expected = Buffer.from(signWebhook(rawBody, appSecret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/**
 * The subscription handshake Meta makes when a webhook is set up: `GET ?hub.mode=subscribe&
 * hub.verify_token=…&hub.challenge=…`, answered with the challenge when the token is ours.
 */
export const subscriptionChallenge = (
  query: Record<string, unknown>,
  verifyToken: string | undefined,
): string | undefined => {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string')
    return undefined;
  const a = Buffer.from(token);
  const b = Buffer.from(verifyToken);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
  return /^[\w-]{1,200}$/.test(challenge) ? challenge : undefined;
};

const STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
const isoOf = (timestamp: unknown) => {
  const seconds = Number(timestamp);
  return new Date(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now()).toISOString();
};
const list = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

/**
 * The notices of a WhatsApp Cloud API webhook (`object: whatsapp_business_account`, its entries'
 * `messages` changes): statuses and customers' text messages. Anything else in it is ignored.
 */
export const cloudWebhookNotices = (body: unknown): WebhookNotice[] => {
  if (!body || typeof body !== 'object') throw new WebhookRefused('not a JSON object');
  const b = body as Record<string, unknown>;
  if (b.object !== 'whatsapp_business_account') throw new WebhookRefused('not a WhatsApp Business webhook');
  const notices: WebhookNotice[] = [];
  for (const entry of list(b.entry))
    for (const change of list(entry.changes)) {
      if (change.field !== 'messages' || !change.value || typeof change.value !== 'object') continue;
      const value = change.value as Record<string, unknown>;
      const phoneNumberId = String(
        (value.metadata as Record<string, unknown> | undefined)?.phone_number_id ?? '',
      );
      if (!phoneNumberId) continue;
      for (const s of list(value.statuses)) {
        const status = STATUSES.find((x) => x === s.status);
        if (!status || typeof s.id !== 'string') continue;
        const error = list(s.errors)[0];
        notices.push({
          kind: 'status',
          phoneNumberId,
          providerMessageId: s.id.slice(0, 200),
          ...(typeof s.biz_opaque_callback_data === 'string' && { clientRef: s.biz_opaque_callback_data }),
          status,
          at: isoOf(s.timestamp),
          ...(error && {
            detail: `${String(error.code ?? '')} ${String(error.title ?? '')}`.trim().slice(0, 500),
          }),
        });
      }
      for (const m of list(value.messages)) {
        if (typeof m.from !== 'string' || typeof m.id !== 'string') continue;
        const text =
          m.type === 'text'
            ? String((m.text as Record<string, unknown> | undefined)?.body ?? '')
            : m.type === 'button'
              ? String((m.button as Record<string, unknown> | undefined)?.text ?? '')
              : '';
        notices.push({
          kind: 'reply',
          phoneNumberId,
          from: m.from.replace(/\D/g, '').slice(0, 15),
          providerMessageId: m.id.slice(0, 200),
          text: text.slice(0, 4096),
          at: isoOf(m.timestamp),
        });
      }
    }
  return notices;
};
