import { instanceWebhookKey, instanceWebhookNotices } from './instance-gateway';
import { WebhookRefused } from './port';

describe("an instance gateway's webhooks", () => {
  const at = 1_780_000_000;
  it('reads a status, by name or by number, with our reference', () => {
    const ack = (value: unknown) =>
      instanceWebhookNotices(
        {
          event_type: 'message_ack',
          instanceId: 'inst-1',
          data: { id: 77, referenceId: '1/m-1', ack: value, time: at },
        },
        'inst-1',
      );
    expect(ack('server')).toEqual([
      {
        kind: 'status',
        phoneNumberId: 'inst-1',
        providerMessageId: '77',
        clientRef: '1/m-1',
        status: 'sent',
        at: new Date(at * 1000).toISOString(),
      },
    ]);
    expect(ack('device')[0]).toMatchObject({ status: 'delivered' });
    expect(ack(3)[0]).toMatchObject({ status: 'read' });
    expect(ack('played')[0]).toMatchObject({ status: 'read' });
    expect(ack(-1)[0]).toMatchObject({ status: 'failed' });
    // pending, or a value it does not know: nothing to record
    expect(ack('pending')).toEqual([]);
    expect(ack(0)).toEqual([]);
  });

  it("reads a customer's reply, and leaves the phone's own messages out", () => {
    const received = (data: Record<string, unknown>) =>
      instanceWebhookNotices({ event_type: 'message_received', instanceId: 'inst-1', data }, 'inst-1');
    expect(received({ id: 'abc', from: '966559876543@c.us', body: 'STOP', type: 'chat', time: at })).toEqual([
      {
        kind: 'reply',
        phoneNumberId: 'inst-1',
        from: '966559876543',
        providerMessageId: 'abc',
        text: 'STOP',
        at: new Date(at * 1000).toISOString(),
      },
    ]);
    expect(received({ id: 'abc', from: '966559876543@c.us', body: 'hi', fromMe: true })).toEqual([]);
    expect(received({ id: 'abc', from: 'status@broadcast', body: 'x' })).toEqual([]);
    expect(
      instanceWebhookNotices({ event_type: 'qr', instanceId: 'inst-1', data: { id: 1 } }, 'inst-1'),
    ).toEqual([]);
  });

  it("refuses what is not the gateway's, or another instance's", () => {
    expect(() => instanceWebhookNotices('text', 'inst-1')).toThrow(WebhookRefused);
    expect(() => instanceWebhookNotices([], 'inst-1')).toThrow(WebhookRefused);
    expect(() =>
      instanceWebhookNotices(
        { event_type: 'message_ack', instanceId: 'inst-2', data: { id: 1, ack: 'read' } },
        'inst-1',
      ),
    ).toThrow(WebhookRefused);
  });

  it("keys each salon's address with the platform's key only", () => {
    const links = { tokenFor: (nonce: string) => `k(${nonce})`.padEnd(40, '.') };
    expect(instanceWebhookKey(links, '1')).not.toBe(instanceWebhookKey(links, '2'));
    expect(instanceWebhookKey(links, '1')).toHaveLength(32);
  });
});
