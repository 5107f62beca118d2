import type { MessageEvent, RecordedEvent, WhatsAppReplyReceived } from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** How long the worker waits for a status before it asks the provider about an attempt a crash cut short. */
export const IN_DOUBT_AFTER_MS = 60_000;

type Step = { at: string; event: string; [k: string]: unknown };

/**
 * The outbox as the screens and the worker read it: one document per message (its status, its
 * attempts, when it is next due, its history), found by customer, by appointment, by provider id and
 * by when it is due; and one per reply a customer wrote, on each customer with that phone.
 */
export const messagesProjection: Projection = {
  name: 'messages',
  // 3: the invoice a message is about (the thank-you and the survey after checkout)
  version: 3,
  collections: [
    {
      name: 'messages',
      indexes: [
        { fields: ['tenantId', 'customer_id', 'at'] },
        { fields: ['tenantId', 'appointment_id'] },
        { fields: ['tenantId', 'campaign_id'] },
        { fields: ['tenantId', 'invoice_id'] },
        { fields: ['due', 'next_attempt_at'] },
        { fields: ['provider_message_id'] },
      ],
    },
  ],
  handles: [
    'MessageQueued',
    'MessageDeferred',
    'MessageSendStarted',
    'MessageSent',
    'MessageDelivered',
    'MessageRead',
    'MessageAttemptFailed',
    'MessageFailed',
    'MessageWithheld',
    'MessageRetried',
    'WhatsAppReplyReceived',
  ],
  reads: (e) => (e.data.message_id ? [{ collection: 'messages', id: e.data.message_id as string }] : []),
  project: (e: RecordedEvent, lookup): Change[] => {
    const at = e.metadata.occurredAt;
    if (e.type === 'WhatsAppReplyReceived') {
      const d = (e as unknown as WhatsAppReplyReceived).data;
      return d.customer_ids.map((customerId) => ({
        kind: 'upsert' as const,
        collection: 'messages',
        doc: {
          id: `${d.provider_message_id}:${customerId}`,
          tenantId: e.metadata.tenantId,
          direction: 'in',
          customer_id: customerId,
          phone: d.phone,
          text: d.text,
          status: 'received',
          at: d.received_at,
          due: 0,
        },
      }));
    }
    const event = e as unknown as MessageEvent;
    const id = event.data.message_id;
    const before = lookup('messages', id) as (Doc & { history: Step[] }) | undefined;
    if (event.type === 'MessageQueued') {
      if (before) return [];
      const d = event.data;
      return [
        {
          kind: 'upsert',
          collection: 'messages',
          doc: {
            id,
            tenantId: e.metadata.tenantId,
            direction: 'out',
            purpose: d.purpose,
            customer_id: d.customer_id,
            ...(d.appointment_id && { appointment_id: d.appointment_id }),
            ...(d.campaign_id && { campaign_id: d.campaign_id }),
            ...(d.invoice_id && { invoice_id: d.invoice_id }),
            phone: d.phone,
            language: d.language,
            kind: d.kind,
            template: d.content.template.name,
            text: d.content.text,
            ...(d.content.media && {
              attachment: { name: d.content.media.name, content_type: d.content.media.content_type },
            }),
            status: 'queued',
            attempts: 0,
            at,
            scheduled_for: d.scheduled_for,
            // the worker's queue: 1 while it has something to do with the message, and from when
            due: 1,
            next_attempt_at: d.scheduled_for,
            history: [{ at, event: 'queued' }],
          },
        },
      ];
    }
    if (!before) return [];
    const history = (step: Omit<Step, 'at'>) => [...before.history, { at, ...step }];
    const patch = (set: Record<string, unknown>): Change[] => [
      { kind: 'patch', collection: 'messages', id, set: { ...set, updated_at: at } },
    ];
    switch (event.type) {
      case 'MessageDeferred':
        return patch({
          next_attempt_at: event.data.until,
          deferred: event.data.why,
          history: history({ event: 'deferred', why: event.data.why, until: event.data.until }),
        });
      case 'MessageSendStarted':
        return patch({
          status: 'sending',
          attempts: event.data.attempt,
          next_attempt_at: new Date(Date.parse(at) + IN_DOUBT_AFTER_MS).toISOString(),
          deferred: null,
        });
      case 'MessageSent':
        return patch({
          status: before.status === 'delivered' || before.status === 'read' ? before.status : 'sent',
          provider: event.data.provider,
          provider_message_id: event.data.provider_message_id,
          sent_at: at,
          due: 0,
          history: history({ event: 'sent', attempt: event.data.attempt }),
        });
      case 'MessageDelivered':
        return patch({
          status: before.status === 'read' ? 'read' : 'delivered',
          delivered_at: event.data.at,
          history: history({ event: 'delivered' }),
        });
      case 'MessageRead':
        return patch({
          status: 'read',
          read_at: event.data.at,
          delivered_at: before.delivered_at ?? event.data.at,
          history: history({ event: 'read' }),
        });
      case 'MessageAttemptFailed':
        return patch({
          status: 'queued',
          next_attempt_at: event.data.retry_at,
          last_error: event.data.reason,
          history: history({
            event: 'attempt_failed',
            attempt: event.data.attempt,
            reason: event.data.reason,
            retry_at: event.data.retry_at,
          }),
        });
      case 'MessageFailed':
        return patch({
          status: 'failed',
          due: 0,
          reason: event.data.reason,
          ...(event.data.detail && { detail: event.data.detail }),
          history: history({ event: 'failed', reason: event.data.reason }),
        });
      case 'MessageRetried':
        return patch({
          status: 'queued',
          due: 1,
          next_attempt_at: at,
          reason: null,
          detail: null,
          history: history({ event: 'retried', after_attempt: event.data.after_attempt }),
        });
      case 'MessageWithheld':
        return patch({
          status: 'withheld',
          due: 0,
          reason: event.data.reason,
          history: history({ event: 'withheld', reason: event.data.reason }),
        });
    }
  },
};
