import {
  parseStreamName,
  type VatSettingsChanged,
  type RoleChanged,
  type RoleRemoved,
  type BusinessDay,
  DEFAULT_WEEK,
  type RecordedEvent,
  type UserEvent,
  type AccountEvent,
  type RoleEvent,
  type ManagerEvent,
  type PlatformStaffEvent,
  type PaymentGatewaySettingsChanged,
  type SubscriptionEvent,
  type SalonArchiveDateSet,
} from '@rawnaq/contracts';
import type { SalonWhatsAppEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

type Changed = { changed: Record<string, unknown>; previous: Record<string, unknown> };
type SettingsEvent =
  | VatSettingsChanged
  | {
      type:
        | 'GeneralSettingsChanged'
        | 'InvoiceSettingsChanged'
        | 'NotificationSettingsChanged'
        | 'OnlineSettingsChanged'
        | 'AccountOnlineServicesChanged';
      data: Changed;
    }
  | { type: 'BusinessHoursChanged'; data: { days: BusinessDay[] } }
  | { type: 'CustomBusinessHoursAdded'; data: { period_id: string } & Record<string, unknown> }
  | { type: 'CustomBusinessHoursRemoved'; data: { period_id: string } }
  | { type: 'WizardStepCompleted'; data: { step: string } }
  | { type: 'AdvancedAccountingSwitched'; data: { status: number } }
  | { type: 'BooksOpened'; data: { start_date: string } }
  | PaymentGatewaySettingsChanged;
type IdentityEvent =
  | UserEvent
  | AccountEvent
  | RoleEvent
  | ManagerEvent
  | SettingsEvent
  | RoleChanged
  | RoleRemoved
  | SalonWhatsAppEvent
  | SubscriptionEvent
  | SalonArchiveDateSet;

/**
 * Accounts, roles, users, managers and their sessions: what sign-in looks up and what every request's
 * token is checked against. Passwords are never projected; sessions are known by their token's hash.
 */
/** Where the person of a user stream's event is read: a platform manager's stream, or a salon user's. */
const collectionOf = (e: RecordedEvent) =>
  parseStreamName(e.stream)?.category === 'manager' ? 'managers' : 'users';

export const identityProjection: Projection = {
  name: 'identity',
  version: 1,
  collections: [
    { name: 'accounts', indexes: [{ fields: ['alias_lc'] }, { fields: ['account_id'] }] },
    { name: 'roles', indexes: [{ fields: ['tenantId'] }] },
    {
      name: 'users',
      indexes: [
        { fields: ['tenantId', 'username_lc'] },
        { fields: ['email_lc'] },
        { fields: ['tenantId', 'role_id'] },
      ],
    },
    { name: 'managers', indexes: [{ fields: ['email_lc'] }] },
    { name: 'sessions', indexes: [{ fields: ['user_id'] }] },
    { name: 'password_resets' },
    { name: 'email_verifications' },
    { name: 'custom_business_hours', indexes: [{ fields: ['tenantId', 'from_date'] }] },
  ],
  handles: [
    'AccountOpened',
    // the salon's plan, valid till and disabled flag (its state is derived from them and the clock)
    'TrialStarted',
    'SubscriptionRenewed',
    'SalonDisabled',
    'SalonEnabled',
    // the salon's archive date (its screens offer dates from it on)
    'SalonArchiveDateSet',
    // the salon's WhatsApp package and connection, as its global information shows them (doc1 §3)
    'WhatsAppPackageAssigned',
    'WhatsAppConnectionRecorded',
    'WhatsAppConnectionTested',
    'VatSettingsChanged',
    'GeneralSettingsChanged',
    'InvoiceSettingsChanged',
    'NotificationSettingsChanged',
    'OnlineSettingsChanged',
    'AccountOnlineServicesChanged',
    'PaymentGatewaySettingsChanged',
    'BusinessHoursChanged',
    'CustomBusinessHoursAdded',
    'CustomBusinessHoursRemoved',
    'WizardStepCompleted',
    'AdvancedAccountingSwitched',
    'BooksOpened',
    'RoleDefined',
    'UserCreated',
    'ManagerCreated',
    'SignedIn',
    'SignedOut',
    'PasswordChanged',
    'ProfileChanged',
    'PasswordResetRequested',
    'UserRoleChanged',
    'UserDeactivated',
    'UserReactivated',
    'EmailVerificationRequested',
    'EmailVerified',
    'RoleChanged',
    'RoleRemoved',
    'SupportSignedIn',
    'SupportSignedOut',
    'SupportAccessChanged',
    'SalonOwnerReplaced',
    // the platform's staff: their name and areas, disabled and enabled (platform-setting/employees)
    'PlatformStaffChanged',
    'PlatformStaffDisabled',
    'PlatformStaffEnabled',
  ],
  reads: (e) =>
    e.type === 'PasswordChanged' || e.type === 'PasswordResetRequested'
      ? [{ collection: collectionOf(e), id: e.data.user_id as string }]
      : e.type === 'EmailVerificationRequested' || e.type === 'EmailVerified'
        ? [{ collection: 'users', id: e.data.user_id as string }]
        : e.type === 'WizardStepCompleted'
          ? [{ collection: 'accounts', id: e.metadata.tenantId }]
          : [],
  project: (e: RecordedEvent, lookup): Change[] => {
    if (e.type.startsWith('PlatformStaff')) {
      const staff = e as unknown as PlatformStaffEvent & RecordedEvent;
      const set =
        staff.type === 'PlatformStaffChanged'
          ? staff.data.changed
          : { status: staff.type === 'PlatformStaffDisabled' ? 0 : 1 };
      return [{ kind: 'patch', collection: 'managers', id: staff.data.manager_id, set }];
    }
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
              business_hours: DEFAULT_WEEK,
              advanced_accounting_status: d.advanced_accounting_status ?? 0,
              max_employees: d.max_employees ?? 10,
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
      case 'GeneralSettingsChanged':
      case 'InvoiceSettingsChanged':
      case 'NotificationSettingsChanged':
      case 'OnlineSettingsChanged':
      case 'AccountOnlineServicesChanged': {
        const set: Record<string, unknown> = {};
        const unset: string[] = [];
        for (const [k, v] of Object.entries(event.data.changed)) {
          if (v === null) unset.push(k);
          else set[k] = v;
        }
        if (typeof set.alias === 'string') set.alias_lc = set.alias.toLowerCase();
        return [{ kind: 'patch', collection: 'accounts', id: tenantId, set, unset }];
      }
      // no event of these before them: the checkpoint only moved past none, so no rebuild is needed
      case 'TrialStarted':
      case 'SubscriptionRenewed': {
        const d = event.data;
        const set: Record<string, unknown> = { plan: d.plan, valid_till: d.valid_till };
        if (d.max_employees !== undefined) set.max_employees = d.max_employees;
        return [{ kind: 'patch', collection: 'accounts', id: tenantId, set }];
      }
      case 'SalonArchiveDateSet':
        return [
          {
            kind: 'patch',
            collection: 'accounts',
            id: tenantId,
            set: { last_archive_date: event.data.last_archive_date },
          },
        ];
      case 'SalonDisabled':
      case 'SalonEnabled':
        return [
          {
            kind: 'patch',
            collection: 'accounts',
            id: tenantId,
            set:
              event.type === 'SalonDisabled'
                ? { disabled: true, disabled_reason: event.data.reason, disabled_at: at }
                : { disabled: false, disabled_reason: null, disabled_at: null },
          },
        ];
      case 'WhatsAppPackageAssigned':
      case 'WhatsAppConnectionRecorded':
      case 'WhatsAppConnectionTested': {
        const e = event;
        const set =
          e.type === 'WhatsAppPackageAssigned'
            ? { account_whatsapp_package_status: e.data.status }
            : e.type === 'WhatsAppConnectionRecorded'
              ? {
                  account_whatsapp_meta_id: e.data.phone_number_id ?? e.data.mobile_number_id ?? null,
                  account_whatsapp_package_connected: e.data.provider === 'simulator' ? 1 : 0,
                }
              : { account_whatsapp_package_connected: e.data.connection };
        return [{ kind: 'patch', collection: 'accounts', id: tenantId, set }];
      }
      // the advanced accounting add-on: switched by the platform, its books opened by the salon's wizard
      case 'AdvancedAccountingSwitched':
        return [
          {
            kind: 'patch',
            collection: 'accounts',
            id: tenantId,
            set: { advanced_accounting_status: event.data.status },
          },
        ];
      case 'BooksOpened':
        return [
          {
            kind: 'patch',
            collection: 'accounts',
            id: tenantId,
            set: { advanced_accounting_status: 2, books_start_date: event.data.start_date },
          },
        ];
      case 'PaymentGatewaySettingsChanged': {
        // the sealed secrets stay in the log: the read side knows only whether they are set
        const { secret_sealed: _s, terminal_resource_key_sealed: _k, ...visible } = event.data;
        return [{ kind: 'patch', collection: 'accounts', id: tenantId, set: { payment_gateway: visible } }];
      }
      case 'BusinessHoursChanged':
        return [
          { kind: 'patch', collection: 'accounts', id: tenantId, set: { business_hours: event.data.days } },
        ];
      case 'CustomBusinessHoursAdded': {
        const { period_id, ...period } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'custom_business_hours',
            doc: { id: period_id, tenantId, ...period, created_at: at },
          },
        ];
      }
      case 'CustomBusinessHoursRemoved':
        return [{ kind: 'delete', collection: 'custom_business_hours', id: event.data.period_id }];
      case 'WizardStepCompleted': {
        const done = (lookup('accounts', tenantId)?.wizard_progress as string[] | undefined) ?? [];
        return done.includes(event.data.step)
          ? []
          : [
              {
                kind: 'patch',
                collection: 'accounts',
                id: tenantId,
                set: { wizard_progress: [...done, event.data.step] },
              },
            ];
      }
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
        const { password_hash: _secret, email_verified, ...d } = event.data;
        // email_lc is the address that counts for signing in by e-mail: a verified one only
        const verified = email_verified !== false;
        return [
          {
            kind: 'upsert',
            collection: 'users',
            doc: {
              id: d.user_id,
              tenantId,
              ...d,
              username_lc: d.username.toLowerCase(),
              ...(verified && { email_lc: d.email.toLowerCase(), verified_email: d.email }),
              status: 1,
              created_at: at,
            },
          },
        ];
      }
      case 'UserDeactivated':
        // a login taken away is gone: the username is free, the user is found by no sign-in
        return event.data.reason === 'login_removed'
          ? [{ kind: 'delete', collection: 'users', id: event.data.user_id }]
          : [{ kind: 'patch', collection: 'users', id: event.data.user_id, set: { status: 0 } }];
      case 'UserReactivated':
        return [{ kind: 'patch', collection: 'users', id: event.data.user_id, set: { status: 1 } }];
      case 'EmailVerificationRequested': {
        const d = event.data;
        const previous = lookup('users', d.user_id)?.pending_verification as string | undefined;
        const still = d.verified_email;
        return [
          ...(previous ? [{ kind: 'delete' as const, collection: 'email_verifications', id: previous }] : []),
          {
            kind: 'upsert',
            collection: 'email_verifications',
            doc: { id: d.token_hash, tenantId, user_id: d.user_id, email: d.email, expires_at: d.expires_at },
          },
          {
            kind: 'patch',
            collection: 'users',
            id: d.user_id,
            set: {
              pending_verification: d.token_hash,
              pending_email: d.email,
              ...(still !== null && { email_lc: still.toLowerCase(), verified_email: still }),
            },
            unset: still === null ? ['email_lc', 'verified_email'] : [],
          },
        ];
      }
      case 'EmailVerified': {
        const d = event.data;
        const pending = lookup('users', d.user_id)?.pending_verification as string | undefined;
        return [
          ...(pending ? [{ kind: 'delete' as const, collection: 'email_verifications', id: pending }] : []),
          {
            kind: 'patch',
            collection: 'users',
            id: d.user_id,
            set: { email_lc: d.email.toLowerCase(), verified_email: d.email },
            unset: ['pending_verification', 'pending_email'],
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
              ...(event.data.areas && { areas: event.data.areas }),
              ...(event.data.locale && { locale: event.data.locale }),
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
      case 'SupportSignedIn':
        return [
          {
            kind: 'upsert',
            collection: 'sessions',
            doc: {
              id: event.data.session,
              realm: 'merchant',
              tenantId,
              user_id: event.data.user_id,
              status: 'active',
              started_at: at,
              ip: event.data.ip,
              user_agent: event.data.user_agent,
              support_by_id: event.data.manager_id,
              support_by_name: event.data.manager_name,
              support_reason: event.data.support_reason,
            },
          },
        ];
      case 'SupportSignedOut':
        return [
          {
            kind: 'patch',
            collection: 'sessions',
            id: event.data.session,
            set: { status: 'ended', ended_at: at, ended_reason: event.data.reason },
          },
        ];
      case 'SupportAccessChanged':
        return [
          {
            kind: 'patch',
            collection: 'users',
            id: event.data.user_id,
            set: { support_allowed: event.data.allowed },
          },
        ];
      case 'SalonOwnerReplaced': {
        const c = event.data;
        return [
          {
            kind: 'patch',
            collection: 'users',
            id: event.data.user_id,
            set: { name: c.name, email: c.email, email_lc: c.email.toLowerCase(), verified_email: c.email },
            unset: ['pending_verification', 'pending_email'],
          },
        ];
      }
      case 'UserRoleChanged':
        return [
          {
            kind: 'patch',
            collection: 'users',
            id: event.data.user_id,
            set: { role_id: event.data.role_id },
          },
        ];
      case 'RoleChanged':
        return [{ kind: 'patch', collection: 'roles', id: event.data.role_id, set: event.data.changed }];
      case 'RoleRemoved':
        return [{ kind: 'delete', collection: 'roles', id: event.data.role_id }];
      case 'SignedOut':
        return [
          {
            kind: 'patch',
            collection: 'sessions',
            id: event.data.session,
            set: {
              status: 'ended',
              ended_at: at,
              ended_reason: event.data.reason,
              // a sign-in elsewhere ended it: where from, for the ended session's next request
              ...(event.data.by_user_agent !== undefined && {
                ended_by_ip: event.data.by_ip ?? null,
                ended_by_user_agent: event.data.by_user_agent,
              }),
            },
          },
        ];
      case 'ProfileChanged': {
        const set: Record<string, unknown> = { ...event.data.changed };
        // a merchant's new address is followed by EmailVerificationRequested, which puts back the one
        // that still counts; one changed before addresses were verified counted right away
        if (typeof set.email === 'string') {
          set.email_lc = set.email.toLowerCase();
          if (realm === 'merchant') set.verified_email = set.email;
        }
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
        // a salon's user or a platform manager (her set-password link, her forgotten password)
        const people = collectionOf(e);
        const previous = lookup(people, event.data.user_id)?.pending_reset as string | undefined;
        return [
          ...(previous ? [{ kind: 'delete' as const, collection: 'password_resets', id: previous }] : []),
          {
            kind: 'upsert',
            collection: 'password_resets',
            doc: {
              id: event.data.token_hash,
              tenantId,
              user_id: event.data.user_id,
              realm,
              expires_at: event.data.expires_at,
            },
          },
          {
            kind: 'patch',
            collection: people,
            id: event.data.user_id,
            set: { pending_reset: event.data.token_hash },
          },
        ];
      }
      case 'UserSignInPauseLifted':
      case 'AccountIdRequested':
        // records of the user's history (the guard's own event lifts a pause; the mail is the outbox's)
        return [];
      case 'PasswordChanged': {
        if (!event.data.by_reset) return [];
        const people = collectionOf(e);
        const pending = lookup(people, event.data.user_id)?.pending_reset as string | undefined;
        return [
          ...(pending ? [{ kind: 'delete' as const, collection: 'password_resets', id: pending }] : []),
          { kind: 'patch', collection: people, id: event.data.user_id, unset: ['pending_reset'] },
        ];
      }
    }
  },
};
