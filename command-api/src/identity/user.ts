import { conflict, DomainError, notFound, rejected, type UserEvent } from '@rawnaq/contracts';

export const RESET_TTL_MINUTES = 60;
export const RESET_RESEND_SECONDS = 60;
/** A link to verify a new e-mail address works for a day: she may read her mail the next morning. */
export const VERIFY_TTL_MINUTES = 24 * 60;

/** A merchant user or a platform manager: credentials, profile and the one open session. */
export type UserState =
  | { exists: false }
  | {
      exists: true;
      userId: string;
      username: string;
      email: string;
      name: string;
      locale: 'en' | 'ar';
      roleId: string;
      passwordHash: string;
      session?: string;
      reset?: { tokenHash: string; expiresAt: string };
      /** false once disabled (her employee record, or her login taken away) */
      active: boolean;
      /** the address that counts for signing in by e-mail; undefined until one is verified */
      verifiedEmail?: string;
      /** a new address waiting for its link */
      verification?: { email: string; tokenHash: string; expiresAt: string };
      /** when her account ID was last mailed to her ("forgot account ID") */
      accountIdRequestedAt?: string;
      /** the open session of platform support signed in as her (the owner only) */
      supportSession?: string;
      /** false once the owner forbade platform support to sign in as her */
      supportAllowed: boolean;
    };

export const initialUserState: UserState = { exists: false };

export const evolveUser = (
  state: UserState,
  event:
    | UserEvent
    | {
        type: 'ManagerCreated';
        data: {
          manager_id: string;
          email: string;
          name: string;
          password_hash: string;
          locale?: 'en' | 'ar';
        };
      },
): UserState => {
  switch (event.type) {
    case 'UserCreated': {
      const d = event.data;
      return {
        exists: true,
        userId: d.user_id,
        username: d.username,
        email: d.email,
        name: d.name,
        locale: d.locale,
        roleId: d.role_id,
        passwordHash: d.password_hash,
        active: true,
        verifiedEmail: d.email_verified === false ? undefined : d.email,
        supportAllowed: true,
      };
    }
    case 'ManagerCreated': {
      const d = event.data;
      return {
        exists: true,
        userId: d.manager_id,
        username: d.email,
        email: d.email,
        name: d.name,
        locale: d.locale ?? 'en',
        roleId: 'manager',
        passwordHash: d.password_hash,
        active: true,
        verifiedEmail: d.email,
        supportAllowed: false,
      };
    }
    default:
      if (!state.exists) return state;
  }
  switch (event.type) {
    case 'SignedIn':
      return { ...state, session: event.data.session };
    case 'SignedOut':
      return state.session === event.data.session ? { ...state, session: undefined } : state;
    case 'PasswordChanged':
      return {
        ...state,
        passwordHash: event.data.password_hash,
        reset: event.data.by_reset ? undefined : state.reset,
      };
    case 'ProfileChanged': {
      const c = event.data.changed as Partial<{ name: string; email: string; locale: 'en' | 'ar' }>;
      return { ...state, ...c };
    }
    case 'PasswordResetRequested':
      return { ...state, reset: { tokenHash: event.data.token_hash, expiresAt: event.data.expires_at } };
    case 'UserRoleChanged':
      return { ...state, roleId: event.data.role_id };
    case 'UserDeactivated':
      return { ...state, active: false, session: undefined };
    case 'UserReactivated':
      return { ...state, active: true };
    case 'EmailVerificationRequested':
      return {
        ...state,
        verification: {
          email: event.data.email,
          tokenHash: event.data.token_hash,
          expiresAt: event.data.expires_at,
        },
      };
    case 'EmailVerified':
      return { ...state, verifiedEmail: event.data.email, verification: undefined };
    case 'AccountIdRequested':
      return { ...state, accountIdRequestedAt: event.data.requested_at };
    case 'SupportSignedIn':
      return { ...state, supportSession: event.data.session };
    case 'SupportSignedOut':
      return state.supportSession === event.data.session ? { ...state, supportSession: undefined } : state;
    case 'SupportAccessChanged':
      return { ...state, supportAllowed: event.data.allowed };
    case 'SalonOwnerReplaced':
      // the new owner's address counts once she has chosen her password with the link sent to it
      return {
        ...state,
        name: event.data.name,
        email: event.data.email,
        verifiedEmail: event.data.email,
        passwordHash: event.data.password_hash,
        reset: undefined,
      };
  }
  return state;
};

export type UserCommand =
  | {
      type: 'SignIn';
      session: string;
      ip: string;
      userAgent: string;
      passwordMatches: boolean;
      force: boolean;
    }
  | { type: 'SignOut'; session: string }
  /** the platform's manager ends one of her sessions (trackers/system-connections) */
  | { type: 'EndSession'; session: string }
  | { type: 'ChangePassword'; currentMatches: boolean; newHash: string }
  | { type: 'RequestPasswordReset'; tokenHash: string; now: string }
  | { type: 'RequestAccountId'; now: string }
  | { type: 'ResetPassword'; tokenHash: string; newHash: string; now: string }
  | {
      type: 'ChangeProfile';
      name: string;
      email: string;
      locale: 'en' | 'ar';
      /** a merchant's new (or still unverified) address is verified by a link with this token */
      verification?: { tokenHash: string; now: string };
    }
  | { type: 'ChangeRole'; roleId: string }
  | { type: 'Deactivate'; reason: 'employee_disabled' | 'login_removed' }
  | { type: 'Reactivate' }
  | { type: 'RequestEmailVerification'; tokenHash: string; now: string }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  | {
      type: 'SupportSignIn';
      session: string;
      managerId: string;
      managerName: string;
      reason: string;
      ip: string;
      userAgent: string;
    }
  | { type: 'SupportSignOut'; session: string }
  | { type: 'ChangeSupportAccess'; allowed: boolean }
  | { type: 'ChangeOwner'; name: string; email: string; reason: string; passwordHash: string };

const addMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

const verificationRequested = (
  user_id: string,
  email: string,
  v: { tokenHash: string; now: string },
  verifiedEmail: string | undefined,
): UserEvent => ({
  type: 'EmailVerificationRequested',
  data: {
    user_id,
    email,
    token_hash: v.tokenHash,
    expires_at: addMinutes(v.now, VERIFY_TTL_MINUTES),
    verified_email: verifiedEmail ?? null,
  },
});

export const decideUser = (command: UserCommand, state: UserState): UserEvent[] => {
  if (!state.exists) throw notFound('auth.user_not_active');
  const user_id = state.userId;
  switch (command.type) {
    case 'SignIn': {
      if (!command.passwordMatches) throw new DomainError('auth.wrong_credentials', 401);
      if (!state.active) throw new DomainError('auth.user_not_active', 401);
      if (state.session && !command.force) throw conflict('auth.another_session_exists');
      // the session it ends is told where the new one signed in from
      const ended: UserEvent[] = state.session
        ? [
            {
              type: 'SignedOut',
              data: {
                user_id,
                session: state.session,
                reason: 'replaced',
                by_ip: command.ip,
                by_user_agent: command.userAgent,
              },
            },
          ]
        : [];
      return [
        ...ended,
        {
          type: 'SignedIn',
          data: { user_id, session: command.session, ip: command.ip, user_agent: command.userAgent },
        },
      ];
    }
    case 'SignOut':
      return state.session === command.session
        ? [{ type: 'SignedOut', data: { user_id, session: command.session, reason: 'logout' } }]
        : [];
    case 'EndSession':
      if (state.session !== command.session) throw conflict('auth.session_already_ended');
      return [{ type: 'SignedOut', data: { user_id, session: command.session, reason: 'ended_by_manager' } }];
    case 'ChangePassword':
      if (!command.currentMatches) throw rejected('auth.current_password_incorrect', 'current_password');
      return [
        { type: 'PasswordChanged', data: { user_id, password_hash: command.newHash, by_reset: false } },
      ];
    case 'RequestPasswordReset': {
      // asked again within a minute: the link already sent stands, nothing new is sent. Not an error:
      // the answer must be the same for a known and an unknown e-mail, or it tells who has an account
      if (state.reset) {
        const requestedAt = Date.parse(state.reset.expiresAt) - RESET_TTL_MINUTES * 60_000;
        if (Date.parse(command.now) - requestedAt < RESET_RESEND_SECONDS * 1000) return [];
      }
      return [
        {
          type: 'PasswordResetRequested',
          data: {
            user_id,
            token_hash: command.tokenHash,
            expires_at: addMinutes(command.now, RESET_TTL_MINUTES),
          },
        },
      ];
    }
    case 'RequestAccountId': {
      // asked again within a minute: the message already sent stands (the same answer either way)
      const last = state.accountIdRequestedAt;
      if (last && Date.parse(command.now) - Date.parse(last) < RESET_RESEND_SECONDS * 1000) return [];
      return [{ type: 'AccountIdRequested', data: { user_id, requested_at: command.now } }];
    }
    case 'ResetPassword': {
      const r = state.reset;
      if (!r || r.tokenHash !== command.tokenHash || Date.parse(r.expiresAt) <= Date.parse(command.now))
        throw notFound('auth.reset_token_invalid');
      // a reset ends the open session: whoever knew the old password is out
      const ended: UserEvent[] = state.session
        ? [{ type: 'SignedOut', data: { user_id, session: state.session, reason: 'replaced' } }]
        : [];
      return [
        { type: 'PasswordChanged', data: { user_id, password_hash: command.newHash, by_reset: true } },
        ...ended,
      ];
    }
    case 'ChangeRole':
      return command.roleId === state.roleId
        ? []
        : [
            {
              type: 'UserRoleChanged',
              data: { user_id, role_id: command.roleId, previous_role_id: state.roleId },
            },
          ];
    case 'ChangeProfile': {
      const changed: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      for (const field of ['name', 'email', 'locale'] as const)
        if (command[field] !== state[field]) {
          changed[field] = command[field];
          previous[field] = state[field];
        }
      const events: UserEvent[] = Object.keys(changed).length
        ? [{ type: 'ProfileChanged', data: { user_id, changed, previous } }]
        : [];
      // a new address, or one saved again while still unverified, gets a (new) link
      const unverified = command.email.toLowerCase() !== (state.verifiedEmail ?? '').toLowerCase();
      if (command.verification && unverified)
        events.push(verificationRequested(user_id, command.email, command.verification, state.verifiedEmail));
      return events;
    }
    case 'RequestEmailVerification':
      return state.verifiedEmail?.toLowerCase() === state.email.toLowerCase()
        ? []
        : [verificationRequested(user_id, state.email, command, state.verifiedEmail)];
    case 'VerifyEmail': {
      const v = state.verification;
      if (!v || v.tokenHash !== command.tokenHash || Date.parse(v.expiresAt) <= Date.parse(command.now))
        throw notFound('auth.verify_token_invalid');
      // a link to an address she has changed since is void: only the address on her profile counts
      if (v.email !== state.email) throw notFound('auth.verify_token_invalid');
      return [{ type: 'EmailVerified', data: { user_id, email: v.email } }];
    }
    case 'Deactivate': {
      if (!state.active && command.reason === 'employee_disabled') return [];
      const ended: UserEvent[] = state.session
        ? [{ type: 'SignedOut', data: { user_id, session: state.session, reason: 'disabled' } }]
        : [];
      return [...ended, { type: 'UserDeactivated', data: { user_id, reason: command.reason } }];
    }
    case 'Reactivate':
      return state.active ? [] : [{ type: 'UserReactivated', data: { user_id } }];
    case 'SupportSignIn': {
      if (!state.active) throw new DomainError('auth.user_not_active', 409);
      if (!state.supportAllowed) throw new DomainError('support.sign_in_forbidden', 403);
      // one support session at a time: a second manager's sign-in ends the first one's
      const ended: UserEvent[] = state.supportSession
        ? [{ type: 'SupportSignedOut', data: { user_id, session: state.supportSession, reason: 'replaced' } }]
        : [];
      return [
        ...ended,
        {
          type: 'SupportSignedIn',
          data: {
            user_id,
            session: command.session,
            manager_id: command.managerId,
            manager_name: command.managerName,
            support_reason: command.reason,
            ip: command.ip,
            user_agent: command.userAgent,
          },
        },
      ];
    }
    case 'SupportSignOut':
      return state.supportSession === command.session
        ? [{ type: 'SupportSignedOut', data: { user_id, session: command.session, reason: 'logout' } }]
        : [];
    case 'ChangeSupportAccess': {
      if (state.supportAllowed === command.allowed) return [];
      // forbidding ends a support session open right now
      const ended: UserEvent[] =
        !command.allowed && state.supportSession
          ? [
              {
                type: 'SupportSignedOut',
                data: { user_id, session: state.supportSession, reason: 'forbidden' },
              },
            ]
          : [];
      return [...ended, { type: 'SupportAccessChanged', data: { user_id, allowed: command.allowed } }];
    }
    case 'ChangeOwner': {
      if (state.email.toLowerCase() === command.email.toLowerCase() && state.name === command.name)
        throw conflict('support.owner_unchanged', 'email');
      // the person who held the account is signed out everywhere: it is no longer hers
      const ended: UserEvent[] = [
        ...(state.session
          ? [
              {
                type: 'SignedOut' as const,
                data: { user_id, session: state.session, reason: 'owner_changed' as const },
              },
            ]
          : []),
        ...(state.supportSession
          ? [
              {
                type: 'SupportSignedOut' as const,
                data: { user_id, session: state.supportSession, reason: 'owner_changed' as const },
              },
            ]
          : []),
      ];
      return [
        ...ended,
        {
          type: 'SalonOwnerReplaced',
          data: {
            user_id,
            name: command.name,
            email: command.email,
            previous_name: state.name,
            previous_email: state.email,
            handover_reason: command.reason,
            password_hash: command.passwordHash,
          },
        },
      ];
    }
  }
};
