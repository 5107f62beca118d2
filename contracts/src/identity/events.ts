import type { PermissionMap } from './permissions';

/** The platform's own tenant: managers, IP guards, mail and other cross-tenant records live under it. */
export const PLATFORM_TENANT = 'platform';

export type AccountOpened = {
  type: 'AccountOpened';
  data: {
    account_id: number;
    name_en: string;
    name_ar: string;
    alias: string;
    country_id: number;
    salon_type: number;
    vat_percentage: number;
    owner_user_id: string;
    /** the advanced accounting add-on: 0 disabled, 1 active (wizard pending), 2 wizard done */
    advanced_accounting_status?: number;
    /** the subscription's number of active employees (basic plans are small) */
    max_employees?: number;
  };
};
export type AccountEvent = AccountOpened;

export type RoleDefined = {
  type: 'RoleDefined';
  data: { role_id: string; name: string; is_admin: boolean; permissions: number[] };
};
export type RoleEvent = RoleDefined;

/** Sessions are part of the user: one stream orders sign-ins, so "already signed in elsewhere" is decided safely. */
export type UserCreated = {
  type: 'UserCreated';
  data: {
    user_id: string;
    account_id: number;
    username: string;
    email: string;
    name: string;
    role_id: string;
    locale: 'en' | 'ar';
    password_hash: string;
    /**
     * false: the address waits for its link (an employee's login given by the salon); missing (a
     * manager-opened account's owner, the demo, and every user created before verification) counts as
     * verified
     */
    email_verified?: boolean;
  };
};
export type SignedIn = {
  type: 'SignedIn';
  data: { user_id: string; session: string; ip: string; user_agent: string };
};
export type SignedOut = {
  type: 'SignedOut';
  /**
   * `disabled`: the user was disabled (her employee record, or her login taken away);
   * `ended_by_manager`: the platform's manager ended it (trackers/system-connections)
   */
  data: {
    user_id: string;
    session: string;
    reason: 'logout' | 'replaced' | 'disabled' | 'owner_changed' | 'ended_by_manager';
    /** replaced by a sign-in elsewhere: that sign-in's address and browser (the ended session is told) */
    by_ip?: string;
    by_user_agent?: string;
  };
};
export type PasswordChanged = {
  type: 'PasswordChanged';
  data: { user_id: string; password_hash: string; by_reset: boolean };
};
export type ProfileChanged = {
  type: 'ProfileChanged';
  data: { user_id: string; changed: Record<string, unknown>; previous: Record<string, unknown> };
};
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { user_id: string; token_hash: string; expires_at: string };
};
export type UserRoleChanged = {
  type: 'UserRoleChanged';
  data: { user_id: string; role_id: string; previous_role_id: string };
};
/**
 * The user may no longer sign in: her employee record was disabled (`employee_disabled`, undone by
 * UserReactivated when it is activated again) or her login was taken away (`login_removed`, for good:
 * the username is free again). Her open session ends with it (SignedOut `disabled`, written first).
 */
export type UserDeactivated = {
  type: 'UserDeactivated';
  data: { user_id: string; reason: 'employee_disabled' | 'login_removed' };
};
export type UserReactivated = { type: 'UserReactivated'; data: { user_id: string } };
/** Someone asked, by her e-mail address, for the account ID she signs in with: it was mailed to her. */
export type AccountIdRequested = {
  type: 'AccountIdRequested';
  data: { user_id: string; requested_at: string };
};
/** The salon lifted a pause on her sign-in name from an address (SignInPauseLifted, as the salon records it). */
export type UserSignInPauseLifted = {
  type: 'UserSignInPauseLifted';
  data: { user_id: string; ip: string; identifier: string };
};
/**
 * A new e-mail address waits for its owner to follow the link sent to it; until then it counts for
 * nothing (sign-in by e-mail, password reset mail, uniqueness against others). Only the link token's
 * hash is recorded.
 */
export type EmailVerificationRequested = {
  type: 'EmailVerificationRequested';
  data: {
    user_id: string;
    email: string;
    token_hash: string;
    expires_at: string;
    /** the address that still counts meanwhile (null: none yet) */
    verified_email: string | null;
  };
};
export type EmailVerified = { type: 'EmailVerified'; data: { user_id: string; email: string } };
/**
 * Platform support signed in as the salon's owner (the manager's console, "sign in as the owner"): a
 * session of its own beside hers, whose every command is recorded as the manager's; the owner sees it
 * in her audit log and may forbid it (SupportAccessChanged).
 */
export type SupportSignedIn = {
  type: 'SupportSignedIn';
  data: {
    user_id: string;
    session: string;
    manager_id: string;
    manager_name: string;
    support_reason: string;
    ip: string;
    user_agent: string;
  };
};
/** A support session ended: signed out, replaced by another, or the owner forbade support access. */
export type SupportSignedOut = {
  type: 'SupportSignedOut';
  data: { user_id: string; session: string; reason: 'logout' | 'replaced' | 'forbidden' | 'owner_changed' };
};
/** The owner allowed or forbade platform support to sign in as her. */
export type SupportAccessChanged = {
  type: 'SupportAccessChanged';
  data: { user_id: string; allowed: boolean };
};
/**
 * The platform handed the salon's owner account to another person (the salon changed hands): her name
 * and address are the new owner's, whose password is chosen with a mailed link; sessions end first.
 */
export type SalonOwnerReplaced = {
  type: 'SalonOwnerReplaced';
  data: {
    user_id: string;
    name: string;
    email: string;
    previous_name: string;
    previous_email: string;
    handover_reason: string;
    /** a password nobody knows: the one who held the account can no longer sign in with hers */
    password_hash: string;
  };
};
export type UserEvent =
  | UserCreated
  | SupportSignedIn
  | SupportSignedOut
  | SupportAccessChanged
  | SalonOwnerReplaced
  | UserDeactivated
  | UserReactivated
  | EmailVerificationRequested
  | EmailVerified
  | SignedIn
  | SignedOut
  | PasswordChanged
  | ProfileChanged
  | PasswordResetRequested
  | UserRoleChanged
  | UserSignInPauseLifted
  | AccountIdRequested;

export type ManagerCreated = {
  type: 'ManagerCreated';
  /**
   * areas: the console's areas her role opens (platform-staff); none given: all of them. A member
   * added in the console gets a password no one knows and chooses hers from a mailed link; locale: the
   * language of her mail (absent: English).
   */
  data: {
    manager_id: string;
    email: string;
    name: string;
    password_hash: string;
    areas?: string[];
    locale?: 'en' | 'ar';
  };
};
export type ManagerEvent = ManagerCreated | SignedIn | SignedOut | PasswordChanged;

/** Failed sign-in types, spec doc1 §4: 1 email, 2 password, 3 blocked, 4 disallowed_country. */
export type LoginFailed = {
  type: 'LoginFailed';
  data: {
    ip: string;
    identifier: string;
    account_id: number | null;
    failure_type: 1 | 2 | 3 | 4;
    realm: 'merchant' | 'manager';
  };
};
/**
 * A block of one user name from one address, or of the whole address (identifier null), until
 * `blocked_until` or a manager's unblock. Blocks recorded before names were counted have neither
 * field: the whole address, until a manager.
 */
export type IpBlocked = {
  type: 'IpBlocked';
  data: { ip: string; failures: number; identifier?: string | null; blocked_until?: string | null };
};
export type IpUnblocked = { type: 'IpUnblocked'; data: { ip: string } };
/**
 * The pause of one user name from one address lifted before its time by the salon the name belongs
 * to (its owner, for her staff); the address's other names and blocks stand.
 */
export type SignInPauseLifted = { type: 'SignInPauseLifted'; data: { ip: string; identifier: string } };
export type IpGuardEvent = LoginFailed | IpBlocked | IpUnblocked | SignInPauseLifted;

/** The platform's own settings, changed by a manager (only the fields that changed, and their old values). */
export type PlatformSettingsChanged = {
  type: 'PlatformSettingsChanged';
  data: { changed: Partial<PlatformSettings>; previous: Partial<PlatformSettings> };
};
export type PlatformSettings = {
  /** how long a sign-in block lasts before it ends by itself */
  sign_in_block_minutes: number;
  /** a session unused this long ends (its next request gets 401 auth.session_expired) */
  session_idle_minutes: number;
  /** a session ends this long after its sign-in, used or not */
  session_max_hours: number;
  /** the platform's fee per successful payment through a payment gateway, in AED fils (doc2 §9: 1 AED) */
  gateway_fee_fils: number;
  /** how long a customer has to pay on the gateway's page before her payment expires (status 6) */
  gateway_payment_minutes: number;
};
/**
 * Sessions: 12 hours idle covers a front desk's whole working day, split shifts and the long afternoon
 * break included (Gulf salons open about 10:00 to 23:00), while a browser forgotten for longer than
 * that is signed out; 7 days at most (168 hours) makes everyone sign in again weekly, so a stolen
 * token is worth a week at worst. The lock screen covers the short absences in between.
 */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  sign_in_block_minutes: 15,
  session_idle_minutes: 720,
  session_max_hours: 168,
  gateway_fee_fils: 100,
  gateway_payment_minutes: 20,
};
/** The settings as stored (the security projection's document), each missing one at its default. */
export const platformSettingsOf = (doc: Record<string, unknown> | undefined): PlatformSettings => {
  const settings = { ...DEFAULT_PLATFORM_SETTINGS };
  for (const key of Object.keys(settings) as Array<keyof PlatformSettings>)
    if (typeof doc?.[key] === 'number') settings[key] = doc[key] as number;
  return settings;
};

/**
 * A message written for someone. `delivery` says whether a mail server will send it ('smtp') or it is
 * only kept in the outbox ('local', no SMTP_URL); messages queued before it existed were kept locally.
 */
export type MailQueued = {
  type: 'MailQueued';
  data: {
    mail_id: string;
    to: string;
    subject: string;
    body: string;
    locale: 'en' | 'ar';
    delivery?: 'smtp' | 'local';
    /**
     * A link with a secret token: `body` holds `{link}` where it goes, and the event only the link's
     * path and nonce; the token is written in when the mail is sent (LinkTokens), never recorded.
     */
    link?: { path: string; nonce: string };
  };
};
/** Where a mail's link goes in its body (see MailQueued.link). */
export const MAIL_LINK_PLACEHOLDER = '{link}';
/** The mail server accepted the message. */
export type MailSent = { type: 'MailSent'; data: { mail_id: string; message_id: string | null } };
/** The mail server refused it or could not be reached; the manager sees why. */
export type MailFailed = { type: 'MailFailed'; data: { mail_id: string; error: string } };
export type MailEvent = MailQueued | MailSent | MailFailed;
export type JsErrorReported = {
  type: 'JsErrorReported';
  data: { error_id: string; type: 1 | 2; error: string; route: string; path: string; user_agent: string };
};

/** Fields the audit log never shows. */
export const SECRET_FIELDS = ['password_hash', 'token_hash', 'session', 'password'];

export type SessionRealm = 'merchant' | 'manager';
export type { PermissionMap };

/**
 * Sign-ins, sign-outs, failed attempts, blocks and password changes: the audit log's "security"
 * category, which a reader filters in or out (half the log otherwise, each row with a user agent).
 */
export const SECURITY_EVENT_TYPES: readonly string[] = [
  'SignedIn',
  // the salon's whole history left the product
  'SalonBackupDownloaded',
  'SignedOut',
  'LoginFailed',
  'IpBlocked',
  'IpUnblocked',
  'SignInPauseLifted',
  'UserSignInPauseLifted',
  'PasswordChanged',
  'PasswordResetRequested',
  'AccountIdRequested',
  'EmailVerificationRequested',
  'EmailVerified',
  // platform support in the salon's back office, and the owner's say over it
  'SupportSignedIn',
  'SupportSignedOut',
  'SupportAccessChanged',
  'SalonOwnerReplaced',
];

/** The audit log's categories: what people did to the salon's records, and security. */
export const AUDIT_CATEGORIES = ['records', 'security'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
/**
 * What the audit log can be filtered to: a stored category, or the books (the accountant's records:
 * journals, suppliers, expense types, expenses, closed periods, payroll), the advanced accounting log.
 */
export const AUDIT_FILTERS = [...AUDIT_CATEGORIES, 'accounting'] as const;
export const ACCOUNTING_AUDIT_ENTITIES: readonly string[] = [
  'generaljournal',
  'supplier',
  'expensetypes',
  'chartofaccounts',
  'expense',
  'purchase',
  'expectedexpense',
  'payroll',
  'bookslock',
  'advancedaccounting',
];
export const auditCategoryOf = (type: string): AuditCategory =>
  SECURITY_EVENT_TYPES.includes(type) ? 'security' : 'records';
