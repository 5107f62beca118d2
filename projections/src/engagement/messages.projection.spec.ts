import { givenEvents } from '../testing/given-events.test-support';
import { messagesProjection } from './messages.projection';

const stream = 'message-t1.m1';
const queued = {
  type: 'MessageQueued',
  stream,
  at: '2026-12-03T09:00:00.000Z',
  data: {
    message_id: 'm1',
    purpose: 'appointment-reminder:a1:2026-12-04T07:00:00.000Z',
    customer_id: 'c1',
    phone: '966501234567',
    language: 'ar',
    kind: 'service',
    content: { template: { name: 'appointment_reminder', params: ['Noura'] }, text: 'مرحبًا نورة' },
    scheduled_for: '2026-12-03T09:00:00.000Z',
    expires_at: '2026-12-04T07:00:00.000Z',
    appointment_id: 'a1',
  },
};
const at = (type: string, data: object, time: string) => ({
  type,
  stream,
  at: time,
  data: { message_id: 'm1', ...data },
});

describe('messages projection', () => {
  it('given a message queued, then the worker finds it due at its scheduled time, on the customer and the visit', async () => {
    const then = await givenEvents(messagesProjection, [queued]);
    expect(await then.get('messages', 'm1')).toMatchObject({
      tenantId: 't1',
      direction: 'out',
      customer_id: 'c1',
      appointment_id: 'a1',
      status: 'queued',
      due: 1,
      next_attempt_at: '2026-12-03T09:00:00.000Z',
      text: 'مرحبًا نورة',
      history: [{ event: 'queued' }],
    });
  });

  it('given an attempt started, then it is looked at again a minute later only if no outcome came', async () => {
    const then = await givenEvents(messagesProjection, [
      queued,
      at('MessageSendStarted', { attempt: 1 }, '2026-12-03T09:00:05.000Z'),
    ]);
    expect(await then.get('messages', 'm1')).toMatchObject({
      status: 'sending',
      due: 1,
      next_attempt_at: '2026-12-03T09:01:05.000Z',
    });
  });

  it('given read before delivered, then it stays read, and leaves the worker’s queue once sent', async () => {
    const then = await givenEvents(messagesProjection, [
      queued,
      at('MessageSendStarted', { attempt: 1 }, '2026-12-03T09:00:05.000Z'),
      at(
        'MessageSent',
        { attempt: 1, provider: 'simulator', provider_message_id: 'wamid.1' },
        '2026-12-03T09:00:06.000Z',
      ),
      at('MessageRead', { at: '2026-12-03T09:05:00.000Z' }, '2026-12-03T09:05:01.000Z'),
      at('MessageDelivered', { at: '2026-12-03T09:04:00.000Z' }, '2026-12-03T09:05:02.000Z'),
    ]);
    expect(await then.get('messages', 'm1')).toMatchObject({
      status: 'read',
      due: 0,
      provider_message_id: 'wamid.1',
      read_at: '2026-12-03T09:05:00.000Z',
      history: [{ event: 'queued' }, { event: 'sent' }, { event: 'read' }, { event: 'delivered' }],
    });
  });

  it('given a failed attempt, then it is due again at its retry; given it withheld, then never again', async () => {
    const retry = await givenEvents(messagesProjection, [
      queued,
      at('MessageSendStarted', { attempt: 1 }, '2026-12-03T09:00:05.000Z'),
      at(
        'MessageAttemptFailed',
        { attempt: 1, reason: 'provider_unavailable', retry_at: '2026-12-03T09:01:05.000Z' },
        '2026-12-03T09:00:06.000Z',
      ),
    ]);
    expect(await retry.get('messages', 'm1')).toMatchObject({
      status: 'queued',
      due: 1,
      next_attempt_at: '2026-12-03T09:01:05.000Z',
      last_error: 'provider_unavailable',
    });
    const withheld = await givenEvents(messagesProjection, [
      queued,
      at('MessageWithheld', { reason: 'no_consent' }, '2026-12-03T09:00:05.000Z'),
    ]);
    expect(await withheld.get('messages', 'm1')).toMatchObject({
      status: 'withheld',
      due: 0,
      reason: 'no_consent',
    });
  });

  it('given a reply from a phone two customers share, then it shows on both', async () => {
    const then = await givenEvents(messagesProjection, [
      {
        type: 'WhatsAppReplyReceived',
        stream: 'whatsappinbox-t1.966501234567',
        data: {
          phone: '966501234567',
          provider_message_id: 'wamid.in1',
          text: 'STOP',
          received_at: '2026-12-03T09:10:00.000Z',
          customer_ids: ['c1', 'c2'],
        },
      },
    ]);
    expect((await then.find('messages')).map((m) => [m.customer_id, m.direction, m.text, m.due])).toEqual([
      ['c1', 'in', 'STOP', 0],
      ['c2', 'in', 'STOP', 0],
    ]);
  });
});
