import { z } from 'zod';

/**
 * The outbox of messages to customers (issue 26): one stream per message, `message-<tenantId>.<id>`,
 * whose id is derived from its purpose key, so a purpose ("the reminder of visit X at 10:00") is
 * queued once whatever retries, restarts or webhooks repeat it.
 */
export const MESSAGE_CATEGORY = 'message';
/** One stream per phone of what customers wrote back: `whatsappinbox-<tenantId>.<digits>`. */
export const WHATSAPP_INBOX_CATEGORY = 'whatsappinbox';

/** A reminder of a booked visit is a service message; a campaign is marketing. */
export const MESSAGE_KINDS = ['service', 'marketing'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Where a message stands, in the order it moves (failed and withheld end it; read implies delivered). */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'withheld',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Why a message was not sent (`messaging.reasons.*`). */
export const MESSAGE_FAILURE_REASONS = [
  /** the provider could not be reached or asked us to slow down: tried again */
  'provider_unavailable',
  /** the number is not on WhatsApp or cannot receive */
  'number_unreachable',
  /** the provider refused the message (template, parameters) */
  'refused',
  /** cut off mid-send by a crash and the provider cannot say whether it went: not sent again */
  'outcome_unknown',
  /** the provider reported a failure after accepting it */
  'delivery_failed',
] as const;
export type MessageFailureReason = (typeof MESSAGE_FAILURE_REASONS)[number];

export const MESSAGE_WITHHELD_REASONS = [
  /** WhatsApp contact is not allowed (never given, or STOP) */
  'no_consent',
  /** the customer has no mobile number */
  'no_phone',
  /** what the message was about changed (the visit was cancelled, moved or already happened) */
  'no_longer_relevant',
  /** a marketing message of a salon whose package's messages of the month are used up */
  'allowance_used_up',
  /** a marketing message of a salon whose package is paused or disabled */
  'package_paused',
] as const;
export type MessageWithheldReason = (typeof MESSAGE_WITHHELD_REASONS)[number];

/** How consent changed: a STOP (or START) reply, the salon's staff, the customer herself online. */
export const CONSENT_CHANGES = ['stop_reply', 'start_reply', 'staff', 'customer'] as const;
export type ConsentChange = (typeof CONSENT_CHANGES)[number];

const instant = z.string().min(20).max(30);
const id = z.string().min(1).max(64);

/** What is sent: a template (opens a conversation) with its parameters, and its full text as shown. */
export const messageContentSchema = z.object({
  template: z.object({ name: z.string().min(1).max(100), params: z.array(z.string().max(1024)).max(20) }),
  /** the text the customer reads, in her language (the template filled in) */
  text: z.string().min(1).max(4096),
  /** a file sent with it (a campaign's image, video or PDF, from the salon's uploads) */
  media: z
    .object({
      file_id: z.string().min(1).max(64),
      content_type: z.string().max(100),
      name: z.string().max(200),
      size: z.number().int().min(0),
    })
    .optional(),
});
export type MessageContent = z.infer<typeof messageContentSchema>;

export const messageQueuedSchema = z.object({
  message_id: id,
  /** what the message is for; one message per purpose: `appointment-reminder:<id>:<start>` */
  purpose: z.string().min(1).max(200),
  customer_id: id,
  /** digits, country code first, as WhatsApp wants it ('966501234567') */
  phone: z.string().regex(/^\d{8,15}$/),
  language: z.enum(['en', 'ar']),
  kind: z.enum(MESSAGE_KINDS),
  content: messageContentSchema,
  /** not before this instant (then the next send window) */
  scheduled_for: instant,
  /** not after this instant (a visit's start): what would arrive later is withheld */
  expires_at: instant.optional(),
  appointment_id: id.optional(),
  /** the invoice it is about (the thank-you and the survey after checkout) */
  invoice_id: id.optional(),
  /** a campaign's message (disabled, what it has not sent yet is withheld) */
  campaign_id: id.optional(),
});
export const messageSendStartedSchema = z.object({ message_id: id, attempt: z.number().int().min(1) });
export const messageDeferredSchema = z.object({
  message_id: id,
  until: instant,
  why: z.enum(['outside_window', 'prayer_time']),
});
export const messageSentSchema = z.object({
  message_id: id,
  attempt: z.number().int().min(1),
  provider: z.string().max(40),
  provider_message_id: z.string().min(1).max(200),
  /** known from the provider after a crash cut the attempt short (its lookup, or a status), not from its answer */
  recovered: z.literal(true).optional(),
});
export const messageDeliveredSchema = z.object({ message_id: id, at: instant });
export const messageReadSchema = z.object({ message_id: id, at: instant });
/** An attempt failed and is tried again at `retry_at` (the "retried" of the outbox). */
export const messageAttemptFailedSchema = z.object({
  message_id: id,
  attempt: z.number().int().min(1),
  reason: z.enum(MESSAGE_FAILURE_REASONS),
  detail: z.string().max(500).optional(),
  retry_at: instant,
});
/** The message will not be sent: shown as failed with its reason. */
export const messageFailedSchema = z.object({
  message_id: id,
  attempt: z.number().int().min(0),
  reason: z.enum(MESSAGE_FAILURE_REASONS),
  detail: z.string().max(500).optional(),
});
/** Someone at the salon asked a failed message to be sent again (one more attempt, now). */
export const messageRetriedSchema = z.object({ message_id: id, after_attempt: z.number().int().min(0) });
export const messageWithheldSchema = z.object({ message_id: id, reason: z.enum(MESSAGE_WITHHELD_REASONS) });
export const whatsAppReplyReceivedSchema = z.object({
  phone: z.string().regex(/^\d{8,15}$/),
  provider_message_id: z.string().min(1).max(200),
  text: z.string().max(4096),
  received_at: instant,
  customer_ids: z.array(id),
});
export const whatsAppConsentChangedSchema = z.object({
  customer_id: id,
  allowed: z.boolean(),
  how: z.enum(CONSENT_CHANGES),
  at: instant,
  phone: z.string().max(20).optional(),
});

type Event<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };
export type MessageQueued = Event<'MessageQueued', typeof messageQueuedSchema>;
export type MessageSendStarted = Event<'MessageSendStarted', typeof messageSendStartedSchema>;
export type MessageDeferred = Event<'MessageDeferred', typeof messageDeferredSchema>;
export type MessageSent = Event<'MessageSent', typeof messageSentSchema>;
export type MessageDelivered = Event<'MessageDelivered', typeof messageDeliveredSchema>;
export type MessageRead = Event<'MessageRead', typeof messageReadSchema>;
export type MessageAttemptFailed = Event<'MessageAttemptFailed', typeof messageAttemptFailedSchema>;
export type MessageFailed = Event<'MessageFailed', typeof messageFailedSchema>;
export type MessageWithheld = Event<'MessageWithheld', typeof messageWithheldSchema>;
export type MessageRetried = Event<'MessageRetried', typeof messageRetriedSchema>;
export type WhatsAppReplyReceived = Event<'WhatsAppReplyReceived', typeof whatsAppReplyReceivedSchema>;
export type WhatsAppConsentChanged = Event<'WhatsAppConsentChanged', typeof whatsAppConsentChangedSchema>;

export type MessageEvent =
  | MessageQueued
  | MessageSendStarted
  | MessageDeferred
  | MessageSent
  | MessageDelivered
  | MessageRead
  | MessageAttemptFailed
  | MessageFailed
  | MessageRetried
  | MessageWithheld;

/** Every messaging event's schema by type (tests check what the domain decides against them). */
export const MESSAGING_EVENT_SCHEMAS = {
  MessageQueued: messageQueuedSchema,
  MessageSendStarted: messageSendStartedSchema,
  MessageDeferred: messageDeferredSchema,
  MessageSent: messageSentSchema,
  MessageDelivered: messageDeliveredSchema,
  MessageRead: messageReadSchema,
  MessageAttemptFailed: messageAttemptFailedSchema,
  MessageFailed: messageFailedSchema,
  MessageRetried: messageRetriedSchema,
  MessageWithheld: messageWithheldSchema,
  WhatsAppReplyReceived: whatsAppReplyReceivedSchema,
  WhatsAppConsentChanged: whatsAppConsentChangedSchema,
} as const;
export const MESSAGE_EVENT_TYPES = Object.keys(MESSAGING_EVENT_SCHEMAS).filter((t) =>
  t.startsWith('Message'),
) as MessageEvent['type'][];

/** A customer's mobile as WhatsApp wants it: digits only, country code first ('+966 50…' → '96650…'). */
export const whatsappDigits = (mobile: string | undefined | null): string | undefined => {
  const digits = String(mobile ?? '').replace(/\D/g, '');
  const bare = digits.startsWith('00') ? digits.slice(2) : digits;
  return /^\d{8,15}$/.test(bare) ? bare : undefined;
};

/** Replies that stop messages (WhatsApp's STOP convention, in English and Arabic), and that start them again. */
const STOP_WORDS = ['stop', 'unsubscribe', 'إيقاف', 'ايقاف', 'توقف', 'إلغاء', 'الغاء', 'الغاء الاشتراك'];
const START_WORDS = ['start', 'subscribe', 'ابدأ', 'ابدا', 'اشتراك'];
const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[.!،,]+$/u, '');
export const isStopReply = (text: string) => STOP_WORDS.includes(normalise(text));
export const isStartReply = (text: string) => START_WORDS.includes(normalise(text));

/** The salon's send window as Settings → Notifications keeps it (doc2: 9:00 to 23:00 at most). */
export const SEND_WINDOW_LIMITS = { from: '09:00', until: '23:00' } as const;
/** Friday's congregational prayer, on the salon's clock, when the salon mutes it. */
export const FRIDAY_PRAYER = { from: '11:30', until: '13:30' } as const;

/** Back-off between attempts: 1 min, 5 min, 30 min; after the fourth attempt the message is failed. */
export const MESSAGE_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
export const MESSAGE_MAX_ATTEMPTS = MESSAGE_RETRY_DELAYS_MS.length + 1;
