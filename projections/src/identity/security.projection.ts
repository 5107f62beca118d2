import {
  MAIL_LINK_PLACEHOLDER,
  signInNamesOf,
  type IpGuardEvent,
  type JsErrorReported,
  type MailEvent,
  type MailQueued,
  type PaymentGatewayPackageEvent,
  type PlatformSettingsChanged,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change, Doc, ReadModels } from '@rawnaq/platform';
import type { DocLookup, Projection } from '../runner/projection';

/**
 * A message as the manager's outbox shows it: a link's token is never there. Mail queued now holds
 * none (only `{link}`, shown as the link's path); mail queued before that held the token in its body.
 */
export const outboxBody = (mail: MailQueued['data']): string => {
  const body = mail.link ? mail.body.replace(MAIL_LINK_PLACEHOLDER, `${mail.link.path}…`) : mail.body;
  return body.replace(/(\/(?:reset-password|verify-email)\/)[\w-]+/g, '$1…');
};

/** The name a block or a lift is about, as the guard counts it (e-mail or account/username, any case). */
const nameTried = (identifier: string) => identifier.trim().toLowerCase();
const pauseId = (ip: string, who: string) => `${ip} ${who}`;
const pausedNames = (lookup: DocLookup, ip: string) =>
  (lookup('sign_in_pause_ips', ip)?.names as string[] | undefined) ?? [];

/** A block without an end (recorded before blocks ended by themselves) lasts until a manager lifts it. */
export const UNTIL_UNBLOCKED = '9999-12-31T23:59:59.999Z';

/**
 * What the manager console watches: failed sign-ins, blocked IPs, the mail outbox, front-end errors,
 * and the platform's settings.
 */
export const securityProjection: Projection = {
  name: 'security',
  // 3: the outbox shows no link token (messages queued before tokens left the events are redacted)
  // 4: the pauses of user names, for their salons
  version: 4,
  collections: [
    { name: 'failed_logins', indexes: [{ fields: ['at'] }, { fields: ['ip'] }] },
    // one row per address: its latest block (a manager's unblock lifts them all)
    { name: 'blocked_ips', indexes: [{ fields: ['blocked_at'] }, { fields: ['active_until'] }] },
    { name: 'mail_outbox', indexes: [{ fields: ['queued_at'] }] },
    { name: 'js_errors', indexes: [{ fields: ['at'] }] },
    { name: 'platform_settings', indexes: [] },
    { name: 'payment_gateway_packages', indexes: [{ fields: ['created_at'] }] },
    // one row per user name paused from one address (its salon lifts it); `sign_in_pause_ips` lists
    // an address's rows, for the manager's unblock that lifts them all
    { name: 'sign_in_pauses', indexes: [{ fields: ['who'] }] },
    { name: 'sign_in_pause_ips' },
  ],
  handles: [
    'LoginFailed',
    'IpBlocked',
    'IpUnblocked',
    'SignInPauseLifted',
    'MailQueued',
    'MailSent',
    'MailFailed',
    'JsErrorReported',
    'PlatformSettingsChanged',
    'PaymentGatewayPackageDefined',
    'PaymentGatewayPackageChanged',
  ],
  reads: (e) =>
    e.type === 'IpBlocked' || e.type === 'IpUnblocked' || e.type === 'SignInPauseLifted'
      ? [{ collection: 'sign_in_pause_ips', id: (e.data as { ip: string }).ip }]
      : [],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as (
      IpGuardEvent | MailEvent | JsErrorReported | PlatformSettingsChanged | PaymentGatewayPackageEvent
    ) &
      RecordedEvent;
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
      case 'IpBlocked': {
        const names = pausedNames(lookup, event.data.ip);
        const who = event.data.identifier == null ? null : nameTried(event.data.identifier);
        return [
          // a name's pause, for its salon to see and lift
          ...(who === null
            ? []
            : [
                {
                  kind: 'upsert' as const,
                  collection: 'sign_in_pauses',
                  doc: {
                    id: pauseId(event.data.ip, who),
                    ip: event.data.ip,
                    who,
                    blocked_at: at,
                    blocked_until: event.data.blocked_until ?? UNTIL_UNBLOCKED,
                  },
                },
                {
                  kind: 'upsert' as const,
                  collection: 'sign_in_pause_ips',
                  doc: { id: event.data.ip, names: [...names.filter((n) => n !== who), who] },
                },
              ]),
          {
            kind: 'upsert',
            collection: 'blocked_ips',
            doc: {
              id: event.data.ip,
              ip: event.data.ip,
              blocked_at: at,
              failures: event.data.failures,
              // null: every name from this address
              identifier: event.data.identifier ?? null,
              blocked_until: event.data.blocked_until ?? null,
              // what the list filters on: blocks that ended by themselves are not shown
              active_until: event.data.blocked_until ?? UNTIL_UNBLOCKED,
            },
          },
        ];
      }
      case 'IpUnblocked':
        return [
          { kind: 'delete', collection: 'blocked_ips', id: event.data.ip },
          ...pausedNames(lookup, event.data.ip).map((who) => ({
            kind: 'delete' as const,
            collection: 'sign_in_pauses',
            id: pauseId(event.data.ip, who),
          })),
          { kind: 'delete', collection: 'sign_in_pause_ips', id: event.data.ip },
        ];
      case 'SignInPauseLifted': {
        const who = nameTried(event.data.identifier);
        return [
          { kind: 'delete', collection: 'sign_in_pauses', id: pauseId(event.data.ip, who) },
          {
            kind: 'upsert',
            collection: 'sign_in_pause_ips',
            doc: { id: event.data.ip, names: pausedNames(lookup, event.data.ip).filter((n) => n !== who) },
          },
        ];
      }
      case 'MailQueued':
        return [
          {
            kind: 'upsert',
            collection: 'mail_outbox',
            // with a mail server it waits to be sent (1); without one it is kept here to be read (3). Mail
            // queued before `delivery` existed was never sent by anything: kept locally too
            doc: {
              id: event.data.mail_id,
              to: event.data.to,
              subject: event.data.subject,
              body: outboxBody(event.data),
              locale: event.data.locale,
              queued_at: at,
              status: event.data.delivery === 'smtp' ? 1 : 3,
            },
          },
        ];
      case 'MailSent':
        return [
          {
            kind: 'patch',
            collection: 'mail_outbox',
            id: event.data.mail_id,
            set: { status: 2, sent_at: at, message_id: event.data.message_id },
          },
        ];
      case 'MailFailed':
        return [
          {
            kind: 'patch',
            collection: 'mail_outbox',
            id: event.data.mail_id,
            set: { status: 0, failed_at: at, error: event.data.error },
          },
        ];
      case 'PaymentGatewayPackageDefined':
        return [
          {
            kind: 'upsert',
            collection: 'payment_gateway_packages',
            doc: { id: event.data.package_id, ...event.data, created_at: at, updated_at: at },
          },
        ];
      case 'PaymentGatewayPackageChanged': {
        const { previous: _p, package_id: id, ...changed } = event.data;
        return [
          { kind: 'patch', collection: 'payment_gateway_packages', id, set: { ...changed, updated_at: at } },
        ];
      }
      case 'PlatformSettingsChanged':
        return [
          { kind: 'patch', collection: 'platform_settings', id: 'platform', set: { ...event.data.changed } },
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

/**
 * The pauses in force on a salon user's sign-in names, from any address (newest first): what the
 * staff screen shows and what its owner may lift.
 */
export const signInPausesOf = async (models: ReadModels, user: Doc, now: Date) =>
  models.find('sign_in_pauses', {
    filter: { who: { $in: signInNamesOf(user) }, blocked_until: { $gt: now.toISOString() } },
    sort: [['blocked_at', 'desc']],
  });
