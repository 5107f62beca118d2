import { MESSAGING_EVENT_SCHEMAS, type MessageEvent, type MessageQueued } from '@rawnaq/contracts';
import { marketingHold } from './allowance';
import { mayMessage } from './consent';
import {
  decideMessage,
  evolveMessage,
  initialMessage,
  type MessageCommand,
  type SendContext,
} from './message';
import type { SendWindow } from './send-window';

const window: SendWindow = {
  timeZone: 'Asia/Riyadh',
  from: '09:00',
  until: '23:00',
  muteFridayPrayer: false,
};
const noon = Date.parse('2026-12-03T09:00:00.000Z'); // 12:00 in Riyadh, a Thursday
const queued: MessageQueued = {
  type: 'MessageQueued',
  data: {
    message_id: 'm1',
    purpose: 'appointment-reminder:a1:2026-12-04T07:00:00.000Z',
    customer_id: 'c1',
    phone: '966501234567',
    language: 'ar',
    kind: 'service',
    content: { template: { name: 'appointment_reminder', params: ['Noura'] }, text: 'مرحبًا' },
    scheduled_for: '2026-12-03T07:00:00.000Z',
    expires_at: '2026-12-04T07:00:00.000Z',
    appointment_id: 'a1',
  },
};
const started = (attempt: number): MessageEvent => ({
  type: 'MessageSendStarted',
  data: { message_id: 'm1', attempt },
});
const sent: MessageEvent = {
  type: 'MessageSent',
  data: { message_id: 'm1', attempt: 1, provider: 'simulator', provider_message_id: 'wamid.1' },
};
/** sent, as known from the provider after a crash cut the attempt short */
const recovered = { ...sent, data: { ...sent.data, recovered: true } } as MessageEvent;
const ctx = (over: Partial<SendContext> = {}): SendContext => ({
  now: noon,
  window,
  allowed: true,
  relevant: true,
  ...over,
});
const send = (over: Partial<SendContext> = {}): MessageCommand => ({ type: 'StartSend', context: ctx(over) });
const status = (
  s: 'sent' | 'delivered' | 'read' | 'failed',
  at = '2026-12-03T09:01:00.000Z',
): MessageCommand => ({
  type: 'RecordStatus',
  notice: { status: s, provider: 'simulator', providerMessageId: 'wamid.1', at },
});

/** given past events, when a command, then new events (each valid against its contract schema) */
const given = (...events: MessageEvent[]) => ({
  when: (command: MessageCommand) => ({
    then: (expected: MessageEvent[]) => {
      const decided = decideMessage(command, events.reduce(evolveMessage, initialMessage));
      for (const e of decided) expect(() => MESSAGING_EVENT_SCHEMAS[e.type].parse(e.data)).not.toThrow();
      expect(decided).toEqual(expected);
    },
  }),
});

describe('the outbox: a message, given/when/then on a fake clock', () => {
  it('queues a purpose once: queueing it again (a retry, a restart, a second click) records nothing', () => {
    given().when({ type: 'Queue', message: queued.data }).then([queued]);
    given(queued)
      .when({ type: 'Queue', message: { ...queued.data, content: queued.data.content } })
      .then([]);
  });

  it('starts the first attempt when due inside the window, and nothing while one is in flight', () => {
    given(queued)
      .when(send())
      .then([started(1)]);
    given(queued, started(1)).when(send()).then([]);
  });

  it('waits for its scheduled time', () => {
    given(queued)
      .when(send({ now: Date.parse('2026-12-03T06:59:00.000Z') }))
      .then([]);
  });

  it('outside the window waits for the next one (and records why)', () => {
    const late = Date.parse('2026-12-02T20:30:00.000Z'); // 23:30 in Riyadh
    given({ ...queued, data: { ...queued.data, scheduled_for: '2026-12-02T20:00:00.000Z' } })
      .when(send({ now: late }))
      .then([
        {
          type: 'MessageDeferred',
          data: { message_id: 'm1', until: '2026-12-03T06:00:00.000Z', why: 'outside_window' },
        },
      ]);
    const deferred: MessageEvent = {
      type: 'MessageDeferred',
      data: { message_id: 'm1', until: '2026-12-03T06:00:00.000Z', why: 'outside_window' },
    };
    given(queued, deferred)
      .when(send({ now: Date.parse('2026-12-03T05:59:00.000Z') }))
      .then([]);
    given(queued, deferred)
      .when(send({ now: Date.parse('2026-12-03T07:00:00.000Z') }))
      .then([started(1)]);
  });

  it('is withheld when the window opens only after the visit began', () => {
    const visit9 = { ...queued.data, expires_at: '2026-12-04T06:00:00.000Z' }; // 09:00 on the 4th
    given({ ...queued, data: visit9 })
      .when(send({ now: Date.parse('2026-12-03T20:30:00.000Z') }))
      .then([{ type: 'MessageWithheld', data: { message_id: 'm1', reason: 'no_longer_relevant' } }]);
  });

  it('is withheld for good without consent (a STOP since it was queued), or once the visit changed', () => {
    given(queued)
      .when(send({ allowed: false }))
      .then([{ type: 'MessageWithheld', data: { message_id: 'm1', reason: 'no_consent' } }]);
    given(queued)
      .when(send({ relevant: false }))
      .then([{ type: 'MessageWithheld', data: { message_id: 'm1', reason: 'no_longer_relevant' } }]);
    given(queued, { type: 'MessageWithheld', data: { message_id: 'm1', reason: 'no_consent' } })
      .when(send())
      .then([]);
  });

  it('records the provider’s id once sent; a late outcome of another attempt changes nothing', () => {
    const ok = { ok: true as const, provider: 'simulator', providerMessageId: 'wamid.1' };
    given(queued, started(1))
      .when({ type: 'RecordOutcome', attempt: 1, outcome: ok, now: noon })
      .then([sent]);
    given(queued, started(1), sent)
      .when({ type: 'RecordOutcome', attempt: 1, outcome: ok, now: noon })
      .then([]);
  });

  it('retries a failed send after 1, 5 and 30 minutes, then shows it failed', () => {
    const down = { ok: false as const, reason: 'provider_unavailable' as const, retryable: true };
    const failedAt = (attempt: number, minutes: number): MessageEvent => ({
      type: 'MessageAttemptFailed',
      data: {
        message_id: 'm1',
        attempt,
        reason: 'provider_unavailable',
        retry_at: new Date(noon + minutes * 60_000).toISOString(),
      },
    });
    given(queued, started(1))
      .when({ type: 'RecordOutcome', attempt: 1, outcome: down, now: noon })
      .then([failedAt(1, 1)]);
    // not before the back-off's end
    given(queued, started(1), failedAt(1, 1))
      .when(send({ now: noon + 30_000 }))
      .then([]);
    given(queued, started(1), failedAt(1, 1))
      .when(send({ now: noon + 60_000 }))
      .then([started(2)]);
    given(queued, started(1), failedAt(1, 1), started(2))
      .when({ type: 'RecordOutcome', attempt: 2, outcome: down, now: noon })
      .then([failedAt(2, 5)]);
    given(queued, started(1), failedAt(1, 1), started(2), failedAt(2, 5), started(3))
      .when({ type: 'RecordOutcome', attempt: 3, outcome: down, now: noon })
      .then([failedAt(3, 30)]);
    given(
      queued,
      started(1),
      failedAt(1, 1),
      started(2),
      failedAt(2, 5),
      started(3),
      failedAt(3, 30),
      started(4),
    )
      .when({ type: 'RecordOutcome', attempt: 4, outcome: down, now: noon })
      .then([
        { type: 'MessageFailed', data: { message_id: 'm1', attempt: 4, reason: 'provider_unavailable' } },
      ]);
  });

  it('fails at once when trying again cannot help (a number not on WhatsApp)', () => {
    const outcome = { ok: false as const, reason: 'number_unreachable' as const, retryable: false };
    given(queued, started(1))
      .when({ type: 'RecordOutcome', attempt: 1, outcome, now: noon })
      .then([
        { type: 'MessageFailed', data: { message_id: 'm1', attempt: 1, reason: 'number_unreachable' } },
      ]);
  });

  it('after a crash mid-send: never sends again what the provider may have', () => {
    const inDoubt = given(queued, started(1));
    inDoubt
      .when({
        type: 'ResolveInDoubt',
        found: { provider: 'simulator', providerMessageId: 'wamid.1' },
        now: noon,
      })
      .then([recovered]);
    inDoubt
      .when({ type: 'ResolveInDoubt', found: 'unknown', now: noon })
      .then([{ type: 'MessageFailed', data: { message_id: 'm1', attempt: 1, reason: 'outcome_unknown' } }]);
    // the provider says it never had it: a new attempt cannot duplicate it
    inDoubt.when({ type: 'ResolveInDoubt', found: 'not_received', now: noon }).then([
      {
        type: 'MessageAttemptFailed',
        data: {
          message_id: 'm1',
          attempt: 1,
          reason: 'provider_unavailable',
          detail: 'interrupted before sending',
          retry_at: new Date(noon + 60_000).toISOString(),
        },
      },
    ]);
  });

  it('takes statuses in any order and any number of times, only forward; read implies delivered', () => {
    const delivered: MessageEvent = {
      type: 'MessageDelivered',
      data: { message_id: 'm1', at: '2026-12-03T09:01:00.000Z' },
    };
    const read: MessageEvent = {
      type: 'MessageRead',
      data: { message_id: 'm1', at: '2026-12-03T09:02:00.000Z' },
    };
    given(queued, started(1), sent).when(status('delivered')).then([delivered]);
    given(queued, started(1), sent, delivered).when(status('delivered')).then([]);
    given(queued, started(1), sent).when(status('read', '2026-12-03T09:02:00.000Z')).then([read]);
    // delivered after read: nothing, and the status stays read
    given(queued, started(1), sent, read).when(status('delivered')).then([]);
    given(queued, started(1), sent, read).when(status('sent')).then([]);
    const state = [queued, started(1), sent, read].reduce(evolveMessage, initialMessage);
    expect(state).toMatchObject({ status: 'read', delivered: true, read: true });
    // a failure reported after delivery changes nothing; before it, the message failed
    given(queued, started(1), sent, delivered).when(status('failed')).then([]);
    given(queued, started(1), sent)
      .when(status('failed'))
      .then([{ type: 'MessageFailed', data: { message_id: 'm1', attempt: 1, reason: 'delivery_failed' } }]);
  });

  it('a status for an attempt a crash left in doubt tells it was sent', () => {
    given(queued, started(1))
      .when(status('delivered'))
      .then([
        recovered,
        { type: 'MessageDelivered', data: { message_id: 'm1', at: '2026-12-03T09:01:00.000Z' } },
      ]);
  });
});

describe('sending a failed message again', () => {
  const failed = (reason: 'number_unreachable' | 'outcome_unknown'): MessageEvent => ({
    type: 'MessageFailed',
    data: { message_id: 'm1', attempt: 1, reason },
  });
  it('queues one more attempt, now; a failure then is final', () => {
    given(queued, started(1), failed('number_unreachable'))
      .when({ type: 'Retry' })
      .then([{ type: 'MessageRetried', data: { message_id: 'm1', after_attempt: 1 } }]);
    const retried: MessageEvent = { type: 'MessageRetried', data: { message_id: 'm1', after_attempt: 1 } };
    given(queued, started(1), failed('number_unreachable'), retried)
      .when(send())
      .then([started(2)]);
  });

  it('refuses one that did not fail, and one that may have reached her before a crash', () => {
    const refusal = (events: MessageEvent[]) => {
      try {
        decideMessage({ type: 'Retry' }, events.reduce(evolveMessage, initialMessage));
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal([queued, started(1), sent])).toBe('messaging.not_failed');
    expect(refusal([queued, started(1), failed('outcome_unknown')])).toBe('messaging.may_have_arrived');
  });
});

describe('consent', () => {
  it('messages a customer only while WhatsApp contact is allowed, service and marketing alike', () => {
    const allowed = { whatsappAllowed: true, active: true };
    expect(mayMessage(allowed, 'service')).toBe(true);
    expect(mayMessage(allowed, 'marketing')).toBe(true);
    // never given, or a STOP reply turned it off: nothing, not even a reminder
    expect(mayMessage({ whatsappAllowed: false, active: true }, 'service')).toBe(false);
    expect(mayMessage({ whatsappAllowed: false, active: true }, 'marketing')).toBe(false);
    expect(mayMessage({ whatsappAllowed: true, active: false }, 'service')).toBe(false);
    expect(mayMessage(undefined, 'service')).toBe(false);
  });
});

describe('the salon’s WhatsApp package: marketing held back, service messages still go', () => {
  const marketing: MessageQueued = {
    ...queued,
    data: {
      ...queued.data,
      purpose: 'campaign:k1:c1',
      kind: 'marketing',
      appointment_id: undefined,
      expires_at: undefined,
      campaign_id: 'k1',
    },
  };
  it('withholds a marketing message with the reason when the month’s messages are used up, or the package is paused', () => {
    given(marketing)
      .when(send({ marketingHold: 'allowance_used_up' }))
      .then([{ type: 'MessageWithheld', data: { message_id: 'm1', reason: 'allowance_used_up' } }]);
    given(marketing)
      .when(send({ marketingHold: 'package_paused' }))
      .then([{ type: 'MessageWithheld', data: { message_id: 'm1', reason: 'package_paused' } }]);
    given(marketing)
      .when(send())
      .then([started(1)]);
  });

  it('sends a service message (a visit’s reminder) whatever the package says', () => {
    given(queued)
      .when(send({ marketingHold: 'allowance_used_up' }))
      .then([started(1)]);
  });

  it('judges the allowance when the message would leave: outside the window it waits, not withheld', () => {
    const night = Date.parse('2026-12-03T21:00:00.000Z'); // midnight in Riyadh
    given(marketing)
      .when(send({ now: night, marketingHold: 'allowance_used_up' }))
      .then([
        {
          type: 'MessageDeferred',
          data: { message_id: 'm1', until: '2026-12-04T06:00:00.000Z', why: 'outside_window' },
        },
      ]);
  });
});

describe('the allowance rule', () => {
  const pkg = { status: 1 as const, starts_on: '2026-12-01', messages_per_month: 100 };
  it('counts only a salon on a package: none, nothing held', () => {
    expect(marketingHold({ today: '2026-12-03', sentThisMonth: 10_000 })).toBeUndefined();
  });
  it('holds marketing once the month’s sends reach the allowance', () => {
    expect(marketingHold({ package: pkg, today: '2026-12-03', sentThisMonth: 99 })).toBeUndefined();
    expect(marketingHold({ package: pkg, today: '2026-12-03', sentThisMonth: 100 })).toBe(
      'allowance_used_up',
    );
  });
  it('holds marketing on a package paused, disabled, or not started yet', () => {
    expect(marketingHold({ package: { ...pkg, status: 2 }, today: '2026-12-03', sentThisMonth: 0 })).toBe(
      'package_paused',
    );
    expect(marketingHold({ package: { ...pkg, status: 0 }, today: '2026-12-03', sentThisMonth: 0 })).toBe(
      'package_paused',
    );
    expect(marketingHold({ package: pkg, today: '2026-11-30', sentThisMonth: 0 })).toBe('package_paused');
  });
});
