import { givenEvents } from '../testing/given-events.test-support';
import { whatsappManagerProjection } from './whatsapp-manager.projection';

const opened = {
  type: 'AccountOpened',
  stream: 'account-t1.t1',
  at: '2026-12-01T08:00:00.000Z',
  // the UAE: a day starts at 20:00 UTC the day before
  data: { country_id: 2 },
};
const message = (type: string, at: string, data: object = {}, id = 'm1') => ({
  type,
  stream: `message-t1.${id}`,
  at,
  data: { message_id: id, ...data },
});
const queued = (id: string, at: string) =>
  message(
    'MessageQueued',
    at,
    {
      purpose: `p-${id}`,
      customer_id: 'c1',
      phone: '971501234567',
      language: 'ar',
      kind: 'service',
      content: { template: { name: 't', params: [] }, text: 'x' },
      scheduled_for: at,
    },
    id,
  );

describe('the manager’s WhatsApp projection', () => {
  it('counts a salon’s messages on its own day and month, and remembers a failure with its customer', async () => {
    const then = await givenEvents(whatsappManagerProjection, [
      opened,
      queued('m1', '2026-11-30T21:00:00.000Z'), // 1 December already in Dubai
      message('MessageSent', '2026-11-30T21:00:01.000Z', {
        attempt: 1,
        provider: 'simulator',
        provider_message_id: 'w1',
      }),
      message('MessageDelivered', '2026-11-30T21:00:02.000Z', { at: '2026-11-30T21:00:02.000Z' }),
      queued('m2', '2026-12-01T09:00:00.000Z'),
      message(
        'MessageFailed',
        '2026-12-01T09:00:03.000Z',
        { attempt: 1, reason: 'number_unreachable' },
        'm2',
      ),
    ]);
    const usage = await then.get('whatsapp_usage', 't1');
    expect(usage).toMatchObject({
      time_zone: 'Asia/Dubai',
      days: { '2026-12-01': { queued: 2, sent: 1, delivered: 1, read: 0, failed: 1, withheld: 0 } },
      months: { '2026-12': { queued: 2, sent: 1, failed: 1 } },
    });
    expect(await then.get('whatsapp_failures', 'm2')).toMatchObject({
      tenantId: 't1',
      customer_id: 'c1',
      phone: '971501234567',
      reason: 'number_unreachable',
    });
    expect(await then.get('whatsapp_unreachable', 't1|c1')).toMatchObject({ why: 'number_unreachable' });
  });

  it('lists a STOP reply as unreachable until she writes START', async () => {
    const consent = (allowed: boolean, how: string, at: string) => ({
      type: 'WhatsAppConsentChanged',
      stream: 'customer-t1.c2',
      at,
      data: { customer_id: 'c2', allowed, how, at, phone: '971500000002' },
    });
    const stopped = await givenEvents(whatsappManagerProjection, [
      consent(false, 'stop_reply', '2026-12-02T10:00:00.000Z'),
    ]);
    expect(await stopped.get('whatsapp_unreachable', 't1|c2')).toMatchObject({
      why: 'stop_reply',
      phone: '971500000002',
    });
    const started = await givenEvents(whatsappManagerProjection, [
      consent(false, 'stop_reply', '2026-12-02T10:00:00.000Z'),
      consent(true, 'start_reply', '2026-12-02T11:00:00.000Z'),
    ]);
    expect(await started.get('whatsapp_unreachable', 't1|c2')).toBeUndefined();
  });

  it('keeps a salon’s connection without its token, and a package with who changed it', async () => {
    const then = await givenEvents(whatsappManagerProjection, [
      {
        type: 'WhatsAppConnectionRecorded',
        stream: 'salonwhatsapp-t1.t1',
        at: '2026-12-02T10:00:00.000Z',
        data: {
          provider: 'cloud_api',
          phone_number_id: '123',
          access_token_sealed: 'v1.secret',
          token_last4: 'abcd',
        },
      },
      {
        type: 'WhatsAppPackageDefined',
        stream: 'whatsapppackage-platform.p1',
        tenantId: 'platform',
        actor: 'admin',
        at: '2026-12-02T10:00:00.000Z',
        data: {
          package_id: 'p1',
          name_en: 'S',
          name_ar: 'س',
          messages_per_month: 10,
          currency: 'SAR',
          monthly_price: 100,
          status: 1,
        },
      },
    ]);
    const salon = await then.get('whatsapp_accounts', 't1');
    expect(salon).toMatchObject({
      provider: 'cloud_api',
      phone_number_id: '123',
      token_last4: 'abcd',
      connection_state: 0,
    });
    expect(JSON.stringify(salon)).not.toContain('v1.secret');
    expect(await then.get('whatsapp_packages', 'p1')).toMatchObject({
      messages_per_month: 10,
      created_at: '2026-12-02T10:00:00.000Z',
      updated_by: 'user:admin',
    });
  });
});
