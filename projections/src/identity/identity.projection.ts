import {
  parseStreamName,
  type VatSettingsChanged,
  type RecordedEvent,
  type UserEvent,
  type AccountEvent,
  type RoleEvent,
  type ManagerEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

type IdentityEvent = UserEvent | AccountEvent | RoleEvent | ManagerEvent | VatSettingsChanged;

/**
 * Accounts, roles, users, managers and their sessions: what sign-in looks up and what every request's
 * token is checked against. Passwords are never projected; sessions are known by their token's hash.
 */
export const identityProjection: Projection = {
  name: 'identity',
  version: 1,
  collections: [
    { name: 'accounts', indexes: [{ fields: ['alias_lc'] }, { fields: ['account_id'] }] },
    { name: 'roles', indexes: [{ fields: ['tenantId'] }] },
    { name: 'users', indexes: [{ fields: ['tenantId', 'username_lc'] }, { fields: ['email_lc'] }] },
    { name: 'managers', indexes: [{ fields: ['email_lc'] }] },
    { name: 'sessions', indexes: [{ fields: ['user_id'] }] },
    { name: 'password_resets' },
  ],
  handles: [
    'AccountOpened',
    'VatSettingsChanged',
    'RoleDefined',
    'UserCreated',
    'ManagerCreated',
    'SignedIn',
    'SignedOut',
    'PasswordChanged',
    'ProfileChanged',
    'PasswordResetRequested',
  ],
  reads: (e) =>
    e.type === 'PasswordChanged' || e.type === 'PasswordResetRequested'
      ? [{ collection: 'users', id: e.data.user_id as string }]
      : [],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as IdentityEvent & RecordedEvent;
    const tenantId = e.metadata.tenantId;
    const at = e.metadata.occurredAt;
    const realm = parseStreamName(e.stream)?.category === 'manager' ? 'manager' : 'merchant';
    switch (event.type) {
      case 'AccountOpened': {
        const d = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'accounts',
            doc: {
              id: tenantId,
              ...d,
              alias_lc: d.alias.toLowerCase(),
              vat_enabled: d.vat_percentage > 0,
              vat_name_en: 'VAT',
              vat_name_ar: 'ضريبة القيمة المضافة',
              status: 1,
              wizard_progress: [],
              advanced_accounting_status: d.advanced_accounting_status ?? 0,
              hold_invoice: 0,
              last_archive_date: null,
              account_whatsapp_meta_id: null,
              account_whatsapp_package_status: 0,
              account_whatsapp_package_connected: 0,
              created_at: at,
            },
          },
        ];
      }
      case 'VatSettingsChanged':
        return [{ kind: 'patch', collection: 'accounts', id: tenantId, set: event.data.changed }];
      case 'RoleDefined':
        return [
          {
            kind: 'upsert',
            collection: 'roles',
            doc: {
              id: event.data.role_id,
              tenantId,
              name: event.data.name,
              is_admin: event.data.is_admin,
              permissions: event.data.permissions,
            },
          },
        ];
      case 'UserCreated': {
        const { password_hash: _secret, ...d } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'users',
            doc: {
              id: d.user_id,
              tenantId,
              ...d,
              username_lc: d.username.toLowerCase(),
              email_lc: d.email.toLowerCase(),
              status: 1,
              created_at: at,
            },
          },
        ];
      }
      case 'ManagerCreated':
        return [
          {
            kind: 'upsert',
            collection: 'managers',
            doc: {
              id: event.data.manager_id,
              email: event.data.email,
              email_lc: event.data.email.toLowerCase(),
              name: event.data.name,
              status: 1,
              created_at: at,
            },
          },
        ];
      case 'SignedIn':
        return [
          {
            kind: 'upsert',
            collection: 'sessions',
            doc: {
              id: event.data.session,
              realm,
              tenantId,
              user_id: event.data.user_id,
              status: 'active',
              started_at: at,
              ip: event.data.ip,
              user_agent: event.data.user_agent,
            },
          },
        ];
      case 'SignedOut':
        return [
          {
            kind: 'patch',
            collection: 'sessions',
            id: event.data.session,
            set: { status: 'ended', ended_at: at, ended_reason: event.data.reason },
          },
        ];
      case 'ProfileChanged': {
        const set: Record<string, unknown> = { ...event.data.changed };
        if (typeof set.email === 'string') set.email_lc = set.email.toLowerCase();
        return [
          {
            kind: 'patch',
            collection: realm === 'manager' ? 'managers' : 'users',
            id: event.data.user_id,
            set,
          },
        ];
      }
      case 'PasswordResetRequested': {
        const previous = lookup('users', event.data.user_id)?.pending_reset as string | undefined;
        return [
          ...(previous ? [{ kind: 'delete' as const, collection: 'password_resets', id: previous }] : []),
          {
            kind: 'upsert',
            collection: 'password_resets',
            doc: {
              id: event.data.token_hash,
              tenantId,
              user_id: event.data.user_id,
              expires_at: event.data.expires_at,
            },
          },
          {
            kind: 'patch',
            collection: 'users',
            id: event.data.user_id,
            set: { pending_reset: event.data.token_hash },
          },
        ];
      }
      case 'PasswordChanged': {
        if (!event.data.by_reset) return [];
        const pending = lookup('users', event.data.user_id)?.pending_reset as string | undefined;
        return [
          ...(pending ? [{ kind: 'delete' as const, collection: 'password_resets', id: pending }] : []),
          { kind: 'patch', collection: 'users', id: event.data.user_id, unset: ['pending_reset'] },
        ];
      }
    }
  },
};
