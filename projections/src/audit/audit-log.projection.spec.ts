import { givenEvents } from '../testing/given-events.test-support';
import { auditLogProjection } from './audit-log.projection';

describe('audit log projection', () => {
  it('given any events, then one entry each with who, when, which record and what changed', async () => {
    const then = await givenEvents(auditLogProjection, [
      {
        type: 'CustomerRegistered',
        stream: 'customer-t1.a',
        actor: 'owner',
        at: '2026-11-21T09:00:00.000Z',
        data: { customer_id: 'a', name: 'Amal' },
      },
      {
        type: 'CustomerDetailsChanged',
        stream: 'customer-t1.a',
        actor: 'reception',
        data: { customer_id: 'a', changed: { name: 'Amal S.' }, previous: { name: 'Amal' } },
      },
      { type: 'ServiceAdded', stream: 'service-t2.s1', tenantId: 't2', data: { name: 'Haircut' } },
    ]);
    const entries = await then.find('audit_log');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      tenantId: 't1',
      type: 'CustomerRegistered',
      entity_type: 'customer',
      entity_id: 'a',
      actor_id: 'owner',
      occurred_at: '2026-11-21T09:00:00.000Z',
      changed: { customer_id: 'a', name: 'Amal' },
    });
    expect(entries[1]).toMatchObject({
      actor_id: 'reception',
      changed: { name: 'Amal S.' },
      previous: { name: 'Amal' },
    });
    expect(entries[2]).toMatchObject({ tenantId: 't2', entity_type: 'service', entity_id: 's1' });
    expect(entries[1].position as number).toBeGreaterThan(entries[0].position as number);
  });

  it('keeps secrets out: password hashes, session tokens and the text of mails (a reset link)', async () => {
    const then = await givenEvents(auditLogProjection, [
      {
        type: 'PasswordChanged',
        stream: 'user-t1.u1',
        data: { user_id: 'u1', password_hash: '$2b$10$abc', by_reset: false },
      },
      {
        type: 'SignedIn',
        stream: 'user-t1.u1',
        data: { user_id: 'u1', session: 'deadbeef', ip: '10.0.0.1', user_agent: 'x' },
      },
      {
        type: 'MailQueued',
        stream: 'mail-platform.m1',
        data: {
          mail_id: 'm1',
          to: 'a@b.c',
          subject: 'Reset',
          body: 'open /en/merchant/reset-password/SECRET',
        },
      },
      { type: 'CommandAnswered', stream: 'reply-t1.r1', data: { status: 201 } },
      {
        type: 'UniqueValueClaimed',
        stream: 'unique-t1.customer_mobile:abc',
        data: { kind: 'customer_mobile', owner: 'c1' },
      },
    ]);
    const entries = await then.find('audit_log');
    expect(entries.map((e) => e.type)).toEqual(['PasswordChanged', 'SignedIn', 'MailQueued']);
    expect(JSON.stringify(entries)).not.toMatch(/abc|deadbeef|SECRET/);
    expect(entries[2].changed).toMatchObject({ to: 'a@b.c', subject: 'Reset', body: '••••' });
  });
});
