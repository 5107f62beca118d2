import type { IpGuardEvent, JsErrorReported, MailQueued, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** What the manager console watches: failed sign-ins, blocked IPs, the mail outbox, front-end errors. */
export const securityProjection: Projection = {
  name: 'security',
  version: 1,
  collections: [
    { name: 'failed_logins', indexes: [{ fields: ['at'] }, { fields: ['ip'] }] },
    { name: 'blocked_ips', indexes: [{ fields: ['blocked_at'] }] },
    { name: 'mail_outbox', indexes: [{ fields: ['queued_at'] }] },
    { name: 'js_errors', indexes: [{ fields: ['at'] }] },
  ],
  handles: ['LoginFailed', 'IpBlocked', 'IpUnblocked', 'MailQueued', 'JsErrorReported'],
  project: (e: RecordedEvent): Change[] => {
    const event = e as unknown as (IpGuardEvent | MailQueued | JsErrorReported) & RecordedEvent;
    const at = e.metadata.occurredAt;
    switch (event.type) {
      case 'LoginFailed':
        return [
          {
            kind: 'upsert',
            collection: 'failed_logins',
            doc: {
              id: e.id,
              at,
              ip: event.data.ip,
              identifier: event.data.identifier,
              account_id: event.data.account_id,
              type: event.data.failure_type,
              realm: event.data.realm,
            },
          },
        ];
      case 'IpBlocked':
        return [
          {
            kind: 'upsert',
            collection: 'blocked_ips',
            doc: { id: event.data.ip, ip: event.data.ip, blocked_at: at, failures: event.data.failures },
          },
        ];
      case 'IpUnblocked':
        return [{ kind: 'delete', collection: 'blocked_ips', id: event.data.ip }];
      case 'MailQueued':
        return [
          {
            kind: 'upsert',
            collection: 'mail_outbox',
            // no mail server in the embedded default: the outbox is where mail waits and is read (status 1 pending)
            doc: {
              id: event.data.mail_id,
              to: event.data.to,
              subject: event.data.subject,
              body: event.data.body,
              locale: event.data.locale,
              queued_at: at,
              status: 1,
            },
          },
        ];
      case 'JsErrorReported':
        return [
          {
            kind: 'upsert',
            collection: 'js_errors',
            doc: {
              id: event.data.error_id,
              at,
              tenantId: e.metadata.tenantId,
              actor_id: e.metadata.actor.id,
              type: event.data.type,
              error: event.data.error,
              route: event.data.route,
              path: event.data.path,
              user_agent: event.data.user_agent,
            },
          },
        ];
    }
  },
};
