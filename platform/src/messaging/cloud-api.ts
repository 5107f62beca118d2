import type { FetchLike } from '../fatoora/http-fatoora';
import {
  mediaKindOf,
  multipartBody,
  type ConnectionCheck,
  type MessagingConnection,
  type MessagingProvider,
  type OutgoingMessage,
  type SendResult,
} from './port';

export type CloudApiOptions = {
  /** the Graph API's root with its version (default https://graph.facebook.com/v21.0) */
  graphUrl?: string;
  /** how requests are made (the local simulator's in-process fetch, a test's server); the global fetch by default */
  fetch?: FetchLike;
  /** the adapter's name in the events (`cloud_api`, or `simulator` for the local one) */
  name?: string;
  /** what the provider can tell of a reference after a crash (the Cloud API itself cannot: `unknown`) */
  lookup?: MessagingProvider['lookup'];
  timeoutMs?: number;
};

/** Cloud API error codes that trying again later may get past: rate limits, throttling, temporary errors. */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);
/** Codes that say the recipient cannot get it (not on WhatsApp, undeliverable, blocked, unsupported). */
const UNREACHABLE_CODES = new Set([131026, 131021, 131045, 131049, 131051, 130472]);

/**
 * The parameters of a template's body, as the Cloud API wants them; with a file, the template's
 * media header names it by the id its upload was given.
 */
const templateBody = (m: OutgoingMessage, mediaId?: string) => {
  const kind = m.media && mediaKindOf(m.media.contentType);
  const header =
    kind && mediaId
      ? [
          {
            type: 'header',
            parameters: [
              {
                type: kind,
                [kind]: { id: mediaId, ...(kind === 'document' && { filename: m.media!.name }) },
              },
            ],
          },
        ]
      : [];
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to,
    type: 'template',
    template: {
      name: m.template.name,
      language: { code: m.language },
      components: [
        ...header,
        ...(m.template.params.length
          ? [{ type: 'body', parameters: m.template.params.map((text) => ({ type: 'text', text })) }]
          : []),
      ],
    },
    biz_opaque_callback_data: m.clientRef,
  };
};

const textBody = (m: OutgoingMessage) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: m.to,
  type: 'text',
  text: { preview_url: false, body: m.text },
  biz_opaque_callback_data: m.clientRef,
});

/**
 * WhatsApp Business Cloud API (Meta's Graph API): `POST /{phone-number-id}/messages` with the salon's
 * access token. A conversation is opened with an approved template; free text only inside the 24-hour
 * customer service window (`freeText`). An answer 5xx, 429, a timeout or a throttling code is worth
 * trying again; a recipient that cannot get WhatsApp messages is not.
 */
export class CloudApiMessaging implements MessagingProvider {
  readonly name: string;
  private readonly graphUrl: string;
  private readonly fetch: FetchLike;

  constructor(private readonly options: CloudApiOptions = {}) {
    this.name = options.name ?? 'cloud_api';
    this.graphUrl = (options.graphUrl ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, '');
    this.fetch =
      options.fetch ??
      (async (url, init) => {
        const res = await fetch(url, init);
        return { status: res.status, text: () => res.text() };
      });
  }

  /** One call to the Graph API: its status and its JSON body (empty when it answered otherwise). */
  private async call(url: string, init: Parameters<FetchLike>[1]) {
    const res = await this.fetch(url, {
      ...init,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // an answer that is not JSON (a proxy's error page): judged by its status alone
    }
    return { status: res.status, body };
  }

  async send(connection: MessagingConnection, message: OutgoingMessage): Promise<SendResult> {
    const number = `${this.graphUrl}/${encodeURIComponent(connection.phoneNumberId)}`;
    const auth = { Authorization: `Bearer ${connection.accessToken}` };
    let status: number;
    let body: Record<string, unknown>;
    try {
      // a file goes first, by upload (`POST /{phone-number-id}/media`): the message names its id
      let mediaId: string | undefined;
      if (message.media && !message.freeText) {
        const form = multipartBody(
          { messaging_product: 'whatsapp', type: message.media.contentType },
          { field: 'file', ...message.media },
        );
        const uploaded = await this.call(`${number}/media`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': form.contentType },
          body: form.body,
        });
        if (uploaded.status < 200 || uploaded.status >= 300 || typeof uploaded.body.id !== 'string')
          return this.refusal(uploaded.status, uploaded.body);
        mediaId = uploaded.body.id;
      }
      ({ status, body } = await this.call(`${number}/messages`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(message.freeText ? textBody(message) : templateBody(message, mediaId)),
      }));
    } catch (error) {
      return {
        ok: false,
        reason: 'provider_unavailable',
        retryable: true,
        detail: String(error).slice(0, 300),
      };
    }
    const id = (body.messages as Array<{ id?: unknown }> | undefined)?.[0]?.id;
    if (status >= 200 && status < 300 && typeof id === 'string') return { ok: true, providerMessageId: id };
    return this.refusal(status, body);
  }

  /** What an answer other than success means: worth trying again, a recipient out of reach, or refused. */
  private refusal(status: number, body: Record<string, unknown>): SendResult {
    const error = (body.error ?? {}) as { code?: unknown; message?: unknown };
    const code = Number(error.code);
    const detail = `${status} ${Number.isFinite(code) ? code : ''} ${String(error.message ?? '')}`
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 300);
    if (status >= 500 || status === 429 || RETRYABLE_CODES.has(code))
      return { ok: false, reason: 'provider_unavailable', retryable: true, detail };
    if (UNREACHABLE_CODES.has(code))
      return { ok: false, reason: 'number_unreachable', retryable: false, detail };
    return { ok: false, reason: 'refused', retryable: false, detail };
  }

  /** `GET /{phone-number-id}` with the token: Meta answers the number's details when the token may use it. */
  async check(connection: MessagingConnection): Promise<ConnectionCheck> {
    try {
      const res = await this.fetch(
        `${this.graphUrl}/${encodeURIComponent(connection.phoneNumberId)}?fields=display_phone_number`,
        {
          method: 'GET',
          headers: { Authorization: `Bearer ${connection.accessToken}` },
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
        },
      );
      const text = await res.text();
      if (res.status >= 200 && res.status < 300) return { ok: true };
      let message = '';
      try {
        message = String((JSON.parse(text) as { error?: { message?: unknown } }).error?.message ?? '');
      } catch {
        // not JSON
      }
      return {
        ok: false,
        serverDown: res.status >= 500,
        detail: `${res.status} ${message}`.trim().slice(0, 200),
      };
    } catch (error) {
      return { ok: false, serverDown: true, detail: String(error).slice(0, 200) };
    }
  }

  lookup(connection: MessagingConnection, clientRef: string) {
    return this.options.lookup
      ? this.options.lookup(connection, clientRef)
      : Promise.resolve('unknown' as const);
  }
}
