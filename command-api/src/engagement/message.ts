import {
  rejected,
  MESSAGE_MAX_ATTEMPTS,
  MESSAGE_RETRY_DELAYS_MS,
  toInstant,
  type MessageEvent,
  type MessageFailureReason,
  type MessageQueued,
  type MessageStatus,
} from '@rawnaq/contracts';
import type { MarketingHold } from './allowance';
import { nextSendTime, type SendWindow } from './send-window';

/**
 * One message of the outbox, from its stream. `inFlight` is an attempt recorded as started whose
 * outcome is not recorded: the provider may or may not have it (a crash cut the send short), so it
 * is never simply sent again (see `ResolveInDoubt`).
 */
export type MessageState = {
  queued?: MessageQueued['data'];
  status: MessageStatus;
  attempts: number;
  inFlight?: number;
  /** not before this instant: the schedule, a deferral to the window, a retry's back-off */
  notBefore?: string;
  providerMessageId?: string;
  delivered: boolean;
  read: boolean;
  /** why it failed, while it stands failed */
  failure?: MessageFailureReason;
};

export const initialMessage: MessageState = { status: 'queued', attempts: 0, delivered: false, read: false };

const ENDED: readonly MessageStatus[] = ['failed', 'withheld'];
export const hasEnded = (s: MessageState) => ENDED.includes(s.status);

export const evolveMessage = (s: MessageState, e: MessageEvent): MessageState => {
  switch (e.type) {
    case 'MessageQueued':
      return { ...s, queued: e.data, status: 'queued', notBefore: e.data.scheduled_for };
    case 'MessageDeferred':
      return { ...s, notBefore: e.data.until };
    case 'MessageSendStarted':
      return { ...s, status: 'sending', attempts: e.data.attempt, inFlight: e.data.attempt };
    case 'MessageSent':
      return {
        ...s,
        status: s.read ? 'read' : s.delivered ? 'delivered' : 'sent',
        inFlight: undefined,
        providerMessageId: e.data.provider_message_id,
      };
    case 'MessageDelivered':
      return { ...s, delivered: true, status: s.read ? 'read' : 'delivered' };
    case 'MessageRead':
      // read implies delivered: a "delivered" arriving afterwards changes nothing
      return { ...s, delivered: true, read: true, status: 'read' };
    case 'MessageAttemptFailed':
      return { ...s, status: 'queued', inFlight: undefined, notBefore: e.data.retry_at };
    case 'MessageFailed':
      return { ...s, status: 'failed', inFlight: undefined, failure: e.data.reason };
    case 'MessageWithheld':
      return { ...s, status: 'withheld', inFlight: undefined };
    case 'MessageRetried':
      return { ...s, status: 'queued', notBefore: undefined, failure: undefined };
  }
};

/** What the worker knows when a message is due: the salon's window, consent, and whether it still matters. */
export type SendContext = {
  now: number;
  window: SendWindow;
  /** the rule of `consent.ts` applied to the customer as she is now */
  allowed: boolean;
  /** false once what the message is about changed (the visit was cancelled or moved) */
  relevant: boolean;
  /** the salon's package holds marketing back (see allowance.ts) */
  marketingHold?: MarketingHold;
};

/** What a provider answered to one attempt. */
export type SendOutcome =
  | { ok: true; provider: string; providerMessageId: string }
  | { ok: false; reason: MessageFailureReason; retryable: boolean; detail?: string };

/** What a provider's webhook said of a message (in any order, any number of times). */
export type StatusNotice = {
  status: 'sent' | 'delivered' | 'read' | 'failed';
  provider: string;
  providerMessageId: string;
  at: string;
  detail?: string;
};

export type MessageCommand =
  | { type: 'Queue'; message: MessageQueued['data'] }
  | { type: 'StartSend'; context: SendContext }
  | { type: 'RecordOutcome'; attempt: number; outcome: SendOutcome; now: number }
  /** after a crash: what the provider says of the attempt in flight ('unknown' when it cannot say) */
  | {
      type: 'ResolveInDoubt';
      found: { provider: string; providerMessageId: string } | 'not_received' | 'unknown';
      now: number;
    }
  | { type: 'RecordStatus'; notice: StatusNotice }
  /** the salon sends a failed message again: one more attempt, now */
  | { type: 'Retry' };

/** The delay before attempt `attempt + 1`, or undefined when `attempt` was the last one. */
export const retryDelayAfter = (attempt: number): number | undefined =>
  attempt < MESSAGE_MAX_ATTEMPTS ? MESSAGE_RETRY_DELAYS_MS[attempt - 1] : undefined;

const failure = (
  s: MessageState,
  attempt: number,
  reason: MessageFailureReason,
  retryable: boolean,
  now: number,
  detail?: string,
): MessageEvent[] => {
  const message_id = s.queued!.message_id;
  const delay = retryable ? retryDelayAfter(attempt) : undefined;
  const info = detail ? { detail: detail.slice(0, 500) } : {};
  return delay === undefined
    ? [{ type: 'MessageFailed', data: { message_id, attempt, reason, ...info } }]
    : [
        {
          type: 'MessageAttemptFailed',
          data: { message_id, attempt, reason, ...info, retry_at: toInstant(now + delay) },
        },
      ];
};

/**
 * The outbox's rules:
 * - a purpose is queued once: queueing it again records nothing (its stream is named by the purpose);
 * - a message leaves only when due (its schedule, a retry's back-off) and inside the salon's window;
 *   outside it, it is deferred to the window's next opening (after Friday prayer when muted);
 * - it is withheld, for good, when the customer does not allow WhatsApp contact at that moment, or
 *   when it would arrive after what it is about (a reminder after the visit began, a moved visit);
 *   a marketing message is withheld when the salon's package holds marketing back (its messages of
 *   the month used up, or the package paused) — a service message still goes;
 * - an attempt is recorded as started before the provider is called, and its outcome after: a failed
 *   attempt is retried after 1, 5 and 30 minutes, then the message is failed; a refusal that trying
 *   again cannot change (a number not on WhatsApp) fails it at once;
 * - statuses only move forward: sent, delivered, read (read implies delivered), each recorded once.
 */
export const decideMessage = (command: MessageCommand, s: MessageState): MessageEvent[] => {
  if (command.type === 'Queue') return s.queued ? [] : [{ type: 'MessageQueued', data: command.message }];
  if (!s.queued) return [];
  const message_id = s.queued.message_id;
  switch (command.type) {
    case 'Retry':
      if (s.status !== 'failed') throw rejected('messaging.not_failed');
      // it may be on her phone already: sending it again could make the duplicate the outbox exists to prevent
      if (s.failure === 'outcome_unknown') throw rejected('messaging.may_have_arrived');
      return [{ type: 'MessageRetried', data: { message_id, after_attempt: s.attempts } }];
    case 'StartSend': {
      const { now, window, allowed, relevant } = command.context;
      if (s.status !== 'queued' || s.inFlight !== undefined) return [];
      if (s.notBefore && now < Date.parse(s.notBefore)) return [];
      const expires = s.queued.expires_at ? Date.parse(s.queued.expires_at) : Infinity;
      if (!relevant || now >= expires)
        return [{ type: 'MessageWithheld', data: { message_id, reason: 'no_longer_relevant' } }];
      if (!allowed) return [{ type: 'MessageWithheld', data: { message_id, reason: 'no_consent' } }];
      const next = nextSendTime(now, window);
      if (next.at > now) {
        if (next.at >= expires)
          return [{ type: 'MessageWithheld', data: { message_id, reason: 'no_longer_relevant' } }];
        return [{ type: 'MessageDeferred', data: { message_id, until: toInstant(next.at), why: next.why! } }];
      }
      // judged when it would leave: the month's count then, not when it was queued
      if (s.queued.kind === 'marketing' && command.context.marketingHold)
        return [{ type: 'MessageWithheld', data: { message_id, reason: command.context.marketingHold } }];
      return [{ type: 'MessageSendStarted', data: { message_id, attempt: s.attempts + 1 } }];
    }
    case 'RecordOutcome': {
      if (s.inFlight !== command.attempt) return [];
      const o = command.outcome;
      return o.ok
        ? [
            {
              type: 'MessageSent',
              data: {
                message_id,
                attempt: command.attempt,
                provider: o.provider,
                provider_message_id: o.providerMessageId,
              },
            },
          ]
        : failure(s, command.attempt, o.reason, o.retryable, command.now, o.detail);
    }
    case 'ResolveInDoubt': {
      if (s.inFlight === undefined) return [];
      const attempt = s.inFlight;
      const { found } = command;
      if (found === 'unknown') return failure(s, attempt, 'outcome_unknown', false, command.now);
      if (found === 'not_received')
        // the provider never had it: sending it again cannot make a duplicate
        return failure(s, attempt, 'provider_unavailable', true, command.now, 'interrupted before sending');
      return [
        {
          type: 'MessageSent',
          data: {
            message_id,
            attempt,
            provider: found.provider,
            provider_message_id: found.providerMessageId,
            recovered: true,
          },
        },
      ];
    }
    case 'RecordStatus': {
      const n = command.notice;
      if (s.status === 'withheld') return [];
      // a status of an attempt whose outcome a crash lost: the provider has it, so it was sent
      const sent: MessageEvent[] =
        s.inFlight !== undefined || (s.status === 'failed' && !s.providerMessageId)
          ? [
              {
                type: 'MessageSent',
                data: {
                  message_id,
                  attempt: s.inFlight ?? Math.max(1, s.attempts),
                  provider: n.provider,
                  provider_message_id: n.providerMessageId,
                  recovered: true,
                },
              },
            ]
          : [];
      if (s.status === 'failed' && sent.length === 0) return [];
      switch (n.status) {
        case 'sent':
          return sent;
        case 'delivered':
          return s.delivered ? sent : [...sent, { type: 'MessageDelivered', data: { message_id, at: n.at } }];
        case 'read':
          return s.read ? sent : [...sent, { type: 'MessageRead', data: { message_id, at: n.at } }];
        case 'failed':
          if (s.delivered || s.status === 'failed') return [];
          return [
            {
              type: 'MessageFailed',
              data: {
                message_id,
                attempt: Math.max(s.attempts, 1),
                reason: 'delivery_failed',
                ...(n.detail && { detail: n.detail.slice(0, 500) }),
              },
            },
          ];
      }
    }
  }
};
