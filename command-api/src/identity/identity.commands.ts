import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import bcrypt from 'bcryptjs';
import { isIP } from 'node:net';
import { z } from 'zod';
import {
  changePasswordInput,
  cleanPayload,
  conflict,
  DomainError,
  forgotAccountIdInput,
  forgotPasswordInput,
  managerLoginInput,
  merchantLoginSchema,
  notFound,
  permissionMap,
  rolePermissions,
  PLATFORM_TENANT,
  resetPasswordInput,
  rejected,
  streamName,
  type IpGuardEvent,
  type JsErrorReported,
  type SignedInUser,
  type UserEvent,
} from '@rawnaq/contracts';
import { email, maxLength, required } from '@rawnaq/contracts';
import { withRule } from '@rawnaq/contracts';
import {
  hashToken,
  newSessionToken,
  parseInput,
  TOKENS,
  type AuthContext,
  type Authenticator,
  type Doc,
  type LinkTokens,
  type MailSender,
  type ReadModels,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import { UNIT, type CommandContext } from '../shared/command-context';
import type { UnitOfWork } from '../shared/unit-of-work';
import { Aggregates, idFor } from '../shared/repository';
import {
  activeBlock,
  decideIpGuard,
  evolveIpGuard,
  failureVerdict,
  initialIpGuardState,
  minutesLeft,
  type IpGuardState,
} from './ip-guard';
import {
  evolvePlatformSettings,
  initialPlatformSettings,
  platformSettingsStream,
} from '../platform/platform-settings';
import { signInPausesOf } from '@rawnaq/projections';
import { accountIdMail, queueMail, resetPasswordMail, verifyEmailMail } from './mail';
import { decideUser, evolveUser, initialUserState, type UserCommand, type UserState } from './user';

export const PASSWORD_COST = 10;
export const hashPassword = (password: string) => bcrypt.hash(password, PASSWORD_COST);

/** A request from someone not signed in yet: where it comes from matters (IP guard). */
export type Visitor = {
  ip: string;
  userAgent: string;
  now: Date;
  correlationId: string;
  /** the unit of work of the visitor's request: the commands' contexts belong to it */
  [UNIT]?: UnitOfWork;
};

export class MerchantLogin {
  constructor(
    readonly visitor: Visitor,
    readonly body: unknown,
  ) {}
}
export class ManagerLogin {
  constructor(
    readonly visitor: Visitor,
    readonly body: unknown,
  ) {}
}
export class Logout {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
  ) {}
}
export class Unlock {
  constructor(
    readonly auth: AuthContext,
    readonly visitor: Visitor,
    readonly body: unknown,
  ) {}
}
export class ChangePassword {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly visitor: Visitor,
    readonly body: unknown,
  ) {}
}
export class ChangeProfile {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}
export class ForgotPassword {
  constructor(
    readonly visitor: Visitor,
    readonly body: unknown,
    /** a salon's users, or the platform's staff (the manager console's sign-in) */
    readonly realm: 'merchant' | 'manager' = 'merchant',
  ) {}
}
export class ForgotAccountId {
  constructor(
    readonly visitor: Visitor,
    readonly body: unknown,
  ) {}
}
export class ResetPassword {
  constructor(
    readonly visitor: Visitor,
    readonly body: unknown,
    readonly realm: 'merchant' | 'manager' = 'merchant',
  ) {}
}
export class VerifyEmail {
  constructor(
    readonly visitor: Visitor,
    readonly body: unknown,
  ) {}
}
export class ReportJsError {
  constructor(
    readonly visitor: Visitor,
    readonly auth: AuthContext | undefined,
    readonly body: unknown,
  ) {}
}
/** The salon lifts the sign-in pauses of one of its staff's users (the owner, for her staff). */
export class LiftStaffSignInPauses {
  constructor(
    readonly ctx: CommandContext,
    readonly employeeId: string,
  ) {}
}
export class UnblockIp {
  constructor(
    readonly ctx: CommandContext,
    readonly ip: string,
  ) {}
}
/** The platform's manager ends a signed-in session (trackers/system-connections), known by its id. */
export class EndSession {
  constructor(
    readonly ctx: CommandContext,
    readonly sessionId: string,
  ) {}
}

const userStream = (tenantId: string, userId: string) => streamName('user', tenantId, userId);
const managerStream = (managerId: string) => streamName('manager', PLATFORM_TENANT, managerId);
const ipStream = (ip: string) => streamName('ipguard', PLATFORM_TENANT, ip.replace(/[^0-9a-fA-F:.]/g, '_'));

const visitorContext = (
  v: Visitor,
  tenantId: string,
  actorId: string,
  kind: 'user' | 'manager' | 'system' = 'user',
): CommandContext => ({
  tenantId,
  actor: { kind, id: actorId },
  correlationId: v.correlationId,
  now: v.now,
  [UNIT]: v[UNIT],
});

const profileInput = z.preprocess(
  cleanPayload,
  z.object({
    name: withRule(z.string(), required, maxLength(100)),
    email: withRule(z.string(), required, email, maxLength(100)),
    locale: z.enum(['en', 'ar']),
  }),
);
const verifyEmailInput = z.preprocess(
  cleanPayload,
  z.object({ token: withRule(z.string(), required, maxLength(200)) }),
);
const unlockInput = z.preprocess(cleanPayload, z.object({ password: withRule(z.string(), required) }));
const jsErrorInput = z.preprocess(
  cleanPayload,
  z.object({
    type: z.union([z.literal(1), z.literal(2)]).default(1),
    error: z.string().max(4000).default(''),
    route: z.string().max(500).default(''),
    path: z.string().max(1000).default(''),
    userAgent: z.string().max(500).default(''),
  }),
);

type UserFact = UserEvent;

/** A block that ends by itself names the minutes left; one recorded without an end waits for a manager. */
const blockedError = (minutes: number | null) =>
  minutes === null
    ? new DomainError('auth.ip_blocked', 403)
    : new DomainError('auth.sign_in_paused', 403, undefined, { minutes });

/** Shared by the sign-in and account handlers: finding users, the IP guard, session replies. */
abstract class IdentityHandler {
  constructor(
    @Inject(Aggregates) protected readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) protected readonly models: ReadModels,
    @Inject(TOKENS.mailSender) protected readonly mailSender: MailSender | null,
    @Inject(TOKENS.linkTokens) protected readonly links: LinkTokens,
    @Inject(TOKENS.authenticator) protected readonly authenticator: Authenticator,
  ) {}

  protected async guardState(v: Visitor): Promise<IpGuardState> {
    return (await this.aggregates.load(v, ipStream(v.ip), initialIpGuardState, evolveIpGuard as never))
      .state as IpGuardState;
  }

  /**
   * Records a failed sign-in against the address and the name tried; answers how many attempts the
   * name has left there, or the block this failure caused.
   */
  protected async recordFailure(
    v: Visitor,
    failure: Omit<IpGuardEvent & { type: 'LoginFailed' }, 'type'>['data'],
  ) {
    const settings = (
      await this.aggregates.load(v, platformSettingsStream, initialPlatformSettings, evolvePlatformSettings)
    ).state;
    const outcome = await this.aggregates.handle<IpGuardState, IpGuardEvent>(
      ipStream(v.ip),
      visitorContext(v, PLATFORM_TENANT, 'anonymous', 'system'),
      {
        initial: initialIpGuardState,
        evolve: evolveIpGuard,
        decide: (s) =>
          decideIpGuard(
            {
              type: 'RecordFailure',
              ip: v.ip,
              now: v.now.toISOString(),
              blockMinutes: settings.sign_in_block_minutes,
              failure: {
                identifier: failure.identifier,
                account_id: failure.account_id,
                failure_type: failure.failure_type,
                realm: failure.realm,
              },
            },
            s,
          ),
      },
      // the sign-in is refused right after, yet the failure must count towards the IP block
      { keepIfRefused: true },
    );
    return failureVerdict(outcome.state, outcome.events);
  }

  /** The refusal of a wrong name or password: how many attempts are left, or for how long it is paused. */
  protected async refuse(
    v: Visitor,
    failure: Omit<IpGuardEvent & { type: 'LoginFailed' }, 'type'>['data'],
    key: string,
    errors?: Record<string, string>,
  ): Promise<never> {
    const verdict = await this.recordFailure(v, failure);
    if (verdict.blockedUntil !== undefined)
      throw blockedError(minutesLeft({ who: null, until: verdict.blockedUntil }, v.now.toISOString()));
    throw new DomainError(
      key === 'auth.wrong_credentials' ? 'auth.wrong_credentials_remaining' : key,
      401,
      errors,
      { remaining: verdict.remaining },
    );
  }

  protected async failIfBlocked(
    v: Visitor,
    identifier: string,
    realm: 'merchant' | 'manager',
    accountId: number | null,
  ) {
    const block = activeBlock(await this.guardState(v), identifier, v.now.toISOString());
    if (block) {
      await this.recordFailure(v, { ip: v.ip, identifier, account_id: accountId, failure_type: 3, realm });
      throw blockedError(minutesLeft(block, v.now.toISOString()));
    }
  }

  /**
   * A signed-in user's password given again (the lock screen, the current password of a change): the
   * same guard as a sign-in, against the same name from the same address, so a token left on an open
   * screen is no way round the limit on guesses. A block answers 429 here: the session itself stands.
   */
  protected async checkPasswordAgain(
    v: Visitor,
    auth: AuthContext,
    password: string,
    passwordHash: string | undefined,
    refusal: { key: string; field: string },
  ): Promise<void> {
    const realm = auth.realm;
    const person =
      realm === 'manager'
        ? await this.models.get('managers', auth.userId)
        : await this.models.get('users', auth.userId);
    const identifier =
      realm === 'manager'
        ? String(person?.email ?? auth.userId)
        : `${auth.accountId}/${String(person?.username ?? '')}`;
    const tooMany = (e: unknown) => {
      if (e instanceof DomainError && e.status === 403)
        return new DomainError(e.key, 429, e.errors, e.params);
      return e;
    };
    await this.failIfBlocked(v, identifier, realm, auth.accountId).catch((e: unknown) => {
      throw tooMany(e);
    });
    if (passwordHash !== undefined && (await bcrypt.compare(password, passwordHash))) return;
    const verdict = await this.recordFailure(v, {
      ip: v.ip,
      identifier,
      account_id: auth.accountId,
      failure_type: 2,
      realm,
    });
    if (verdict.blockedUntil !== undefined)
      throw tooMany(
        blockedError(minutesLeft({ who: null, until: verdict.blockedUntil }, v.now.toISOString())),
      );
    throw new DomainError(
      refusal.key,
      422,
      {
        [refusal.field]:
          refusal.key === 'auth.wrong_credentials_remaining' ? 'auth.wrong_credentials' : refusal.key,
      },
      {
        remaining: verdict.remaining,
      },
    );
  }

  protected runUser(stream: string, ctx: CommandContext, command: UserCommand) {
    return this.aggregates.handle<UserState, UserFact>(stream, ctx, {
      initial: initialUserState,
      evolve: evolveUser,
      decide: (state) => decideUser(command, state),
    });
  }

  /** A new session for someone whose password was just checked; only the token's hash is recorded. */
  protected async startSession(stream: string, ctx: CommandContext, v: Visitor, force?: boolean) {
    const token = newSessionToken();
    // a session that ended by time (idle, or too old) is no other session to ask about
    const { state } = await this.aggregates.load(ctx, stream, initialUserState, evolveUser);
    const previousEnded =
      state.exists && state.session !== undefined && (await this.authenticator.ended(state.session));
    const outcome = await this.runUser(stream, ctx, {
      type: 'SignIn',
      session: hashToken(token),
      ip: v.ip,
      userAgent: v.userAgent,
      passwordMatches: true,
      force: force === true || previousEnded,
    });
    return { token, position: outcome.position };
  }

  protected async signedInUser(user: Doc): Promise<SignedInUser> {
    const role = await this.models.get('roles', user.role_id as string);
    return {
      id: user.id,
      account_id: user.account_id as number,
      name: user.name as string,
      username: user.username as string,
      email: user.email as string,
      role: (role?.name as string) ?? '',
      locale: (user.locale as 'en' | 'ar') ?? 'ar',
      permissions: permissionMap(rolePermissions(role)),
    };
  }
}

@CommandHandler(MerchantLogin)
export class MerchantLoginHandler extends IdentityHandler implements ICommandHandler<MerchantLogin> {
  async execute({ visitor: v, body }: MerchantLogin): Promise<Answer> {
    const input = parseInput(merchantLoginSchema(body), body);
    const identifier = 'email' in input ? input.email : `${input.accountId}/${input.username}`;
    const accountId = 'accountId' in input ? input.accountId : null;
    await this.failIfBlocked(v, identifier, 'merchant', accountId);

    let user: Doc | undefined;
    if ('accountId' in input) {
      const [account] = await this.models.find('accounts', {
        filter: { account_id: input.accountId },
        limit: 1,
      });
      if (!account) {
        return this.refuse(
          v,
          {
            ip: v.ip,
            identifier,
            account_id: accountId,
            failure_type: 1,
            realm: 'merchant',
          },
          'auth.account_not_found',
          { accountId: 'auth.account_not_found' },
        );
      }
      if (account.status !== 1) throw new DomainError('auth.account_disabled', 403);
      [user] = await this.models.find('users', {
        filter: { tenantId: account.id, username_lc: input.username.toLowerCase() },
        limit: 1,
      });
    } else {
      const users = await this.models.find('users', {
        filter: { email_lc: input.email.toLowerCase() },
        limit: 2,
      });
      if (users.length > 1) throw rejected('auth.email_in_several_accounts', 'email');
      user = users[0];
    }
    if (!user) {
      return this.refuse(
        v,
        {
          ip: v.ip,
          identifier,
          account_id: accountId,
          failure_type: 1,
          realm: 'merchant',
        },
        'auth.wrong_credentials',
      );
    }
    if (user.status !== 1) throw new DomainError('auth.user_not_active', 401);

    const stream = userStream(user.tenantId as string, user.id);
    const { state } = await this.aggregates.load(v, stream, initialUserState, evolveUser);
    const passwordMatches = state.exists && (await bcrypt.compare(input.password, state.passwordHash));
    if (!passwordMatches) {
      return this.refuse(
        v,
        {
          ip: v.ip,
          identifier,
          account_id: user.account_id as number,
          failure_type: 2,
          realm: 'merchant',
        },
        'auth.wrong_credentials',
      );
    }
    const { token, position } = await this.startSession(
      stream,
      visitorContext(v, user.tenantId as string, user.id),
      v,
      input.force,
    );
    return new Answer({ api_token: token, user: await this.signedInUser(user) }, position);
  }
}

@CommandHandler(ManagerLogin)
export class ManagerLoginHandler extends IdentityHandler implements ICommandHandler<ManagerLogin> {
  async execute({ visitor: v, body }: ManagerLogin): Promise<Answer> {
    const input = parseInput(managerLoginInput, body);
    await this.failIfBlocked(v, input.email, 'manager', null);
    const [manager] = await this.models.find('managers', {
      filter: { email_lc: input.email.toLowerCase() },
      limit: 1,
    });
    const stream = manager ? managerStream(manager.id) : undefined;
    const state = stream
      ? (await this.aggregates.load(v, stream, initialUserState, evolveUser)).state
      : initialUserState;
    const passwordMatches =
      state.exists && manager?.status === 1 && (await bcrypt.compare(input.password, state.passwordHash));
    if (!manager || !passwordMatches) {
      return this.refuse(
        v,
        {
          ip: v.ip,
          identifier: input.email,
          account_id: null,
          failure_type: manager ? 2 : 1,
          realm: 'manager',
        },
        'auth.wrong_credentials',
      );
    }
    const { token, position } = await this.startSession(
      stream!,
      visitorContext(v, PLATFORM_TENANT, manager.id, 'manager'),
      v,
      input.force,
    );
    return new Answer(
      { api_token: token, manager: { id: manager.id, name: manager.name, email: manager.email } },
      position,
    );
  }
}

const streamOf = (auth: AuthContext) =>
  auth.realm === 'manager' ? managerStream(auth.userId) : userStream(auth.tenantId, auth.userId);

@CommandHandler(Logout)
export class LogoutHandler extends IdentityHandler implements ICommandHandler<Logout> {
  async execute({ ctx, auth }: Logout): Promise<Answer> {
    const outcome = await this.runUser(
      streamOf(auth),
      ctx,
      auth.supportBy
        ? { type: 'SupportSignOut', session: auth.session }
        : { type: 'SignOut', session: auth.session },
    );
    return new Answer(null, outcome.position, 204);
  }
}

@CommandHandler(Unlock)
export class UnlockHandler extends IdentityHandler implements ICommandHandler<Unlock> {
  async execute({ auth, visitor, body }: Unlock): Promise<Answer> {
    const { password } = parseInput(unlockInput, body);
    const { state } = await this.aggregates.load(visitor, streamOf(auth), initialUserState, evolveUser);
    await this.checkPasswordAgain(visitor, auth, password, state.exists ? state.passwordHash : undefined, {
      key: 'auth.wrong_credentials_remaining',
      field: 'password',
    });
    return new Answer({ unlocked: true });
  }
}

@CommandHandler(ChangePassword)
export class ChangePasswordHandler extends IdentityHandler implements ICommandHandler<ChangePassword> {
  async execute({ ctx, auth, visitor, body }: ChangePassword): Promise<Answer> {
    const input = parseInput(changePasswordInput, body);
    const stream = streamOf(auth);
    const { state } = await this.aggregates.load(ctx, stream, initialUserState, evolveUser);
    await this.checkPasswordAgain(
      visitor,
      auth,
      input.current_password,
      state.exists ? state.passwordHash : undefined,
      { key: 'auth.current_password_incorrect', field: 'current_password' },
    );
    const newHash = await hashPassword(input.password);
    const outcome = await this.runUser(stream, ctx, {
      type: 'ChangePassword',
      currentMatches: true,
      newHash,
    });
    return new Answer({ message: 'auth.password_changed' }, outcome.position);
  }
}

@CommandHandler(ChangeProfile)
export class ChangeProfileHandler extends IdentityHandler implements ICommandHandler<ChangeProfile> {
  async execute({ ctx, auth, body }: ChangeProfile): Promise<Answer> {
    const input = parseInput(profileInput, body);
    if (auth.realm === 'merchant') {
      const others = await this.models.find('users', {
        filter: { email_lc: input.email.toLowerCase(), tenantId: auth.tenantId },
        limit: 2,
      });
      if (others.some((u) => u.id !== auth.userId)) throw rejected('auth.email_taken', 'email');
    }
    // a merchant's new address counts once she follows the link sent to it (another salon's owner
    // must not be able to claim someone's address and so change how that person signs in)
    const link = auth.realm === 'merchant' ? this.links.issue() : undefined;
    const outcome = await this.runUser(streamOf(auth), ctx, {
      type: 'ChangeProfile',
      ...input,
      verification: link && { tokenHash: hashToken(link.token), now: ctx.now.toISOString() },
    });
    const toVerify = outcome.events.some((e) => e.type === 'EmailVerificationRequested');
    let position = outcome.position;
    if (toVerify && link) {
      const mail = verifyEmailMail(input.locale, input.name);
      position = await queueMail(this.aggregates, ctx, this.mailSender, {
        to: input.email,
        locale: input.locale,
        subject: mail.subject,
        body: mail.body,
        link: { path: mail.path, nonce: link.nonce },
      });
    }
    const user = await this.models.get('users', auth.userId);
    const current = user ? { ...(await this.signedInUser(user)), ...input } : input;
    return new Answer(
      {
        ...current,
        ...(auth.realm === 'merchant' && { email_verified: !toVerify }),
        // the profile screen says a link is on its way
        ...(toVerify && { message: 'auth.verify_link_sent' }),
      },
      position,
    );
  }
}

@CommandHandler(ForgotPassword)
export class ForgotPasswordHandler extends IdentityHandler implements ICommandHandler<ForgotPassword> {
  async execute({ visitor: v, body, realm }: ForgotPassword): Promise<Answer> {
    const { email: address } = parseInput(forgotPasswordInput, body);
    if (realm === 'manager') {
      await this.mailManagerLink(v, address);
      return new Answer({ message: 'auth.reset_link_sent' }, undefined, 200, true);
    }
    const users = await this.models.find('users', {
      filter: { email_lc: address.toLowerCase(), status: 1 },
      limit: 10,
    });
    for (const user of users) {
      // the token is derived from a nonce and a key kept outside the event log: the events hold the
      // nonce and the token's hash, the mail is written in full only when it is sent
      const link = this.links.issue();
      const ctx = visitorContext(v, user.tenantId as string, user.id);
      const outcome = await this.runUser(userStream(user.tenantId as string, user.id), ctx, {
        type: 'RequestPasswordReset',
        tokenHash: hashToken(link.token),
        now: v.now.toISOString(),
      });
      if (outcome.events.length === 0) continue;
      const locale = (user.locale as 'en' | 'ar') ?? 'ar';
      const mail = resetPasswordMail(locale, user.name as string);
      await queueMail(this.aggregates, ctx, this.mailSender, {
        // the address that counts: a verified one (the read model's email_lc is only ever that)
        to: (user.verified_email as string | undefined) ?? (user.email as string),
        locale,
        subject: mail.subject,
        body: mail.body,
        link: { path: mail.path, nonce: link.nonce },
      });
    }
    // the same answer whether or not the e-mail is known, asked too soon or not: sign-in names are
    // not for guessing
    return new Answer({ message: 'auth.reset_link_sent' }, undefined, 200, true);
  }

  /** A platform staff member's forgotten password: the link to the console's own reset page. */
  private async mailManagerLink(v: Visitor, address: string) {
    const [manager] = await this.models.find('managers', {
      filter: { email_lc: address.toLowerCase(), status: 1 },
      limit: 1,
    });
    if (!manager) return;
    const link = this.links.issue();
    const ctx = visitorContext(v, PLATFORM_TENANT, manager.id, 'manager');
    const outcome = await this.runUser(managerStream(manager.id), ctx, {
      type: 'RequestPasswordReset',
      tokenHash: hashToken(link.token),
      now: v.now.toISOString(),
    });
    if (outcome.events.length === 0) return;
    // her own language (a member added in the console chose one); the platform's first manager: English,
    // as her stream says (evolveUser)
    const locale = (manager.locale as 'en' | 'ar' | undefined) ?? 'en';
    const mail = resetPasswordMail(locale, manager.name as string, 'manager');
    await queueMail(this.aggregates, ctx, this.mailSender, {
      to: manager.email as string,
      locale,
      subject: mail.subject,
      body: mail.body,
      link: { path: mail.path, nonce: link.nonce },
    });
  }
}

/**
 * "Forgot account ID" (spec doc1 §2): each user of that (verified) address gets her salon's account ID
 * and her username by mail, one message per salon (a salon's mail says nothing of another). The
 * answer is the same whether or not the address is known.
 */
@CommandHandler(ForgotAccountId)
export class ForgotAccountIdHandler extends IdentityHandler implements ICommandHandler<ForgotAccountId> {
  async execute({ visitor: v, body }: ForgotAccountId): Promise<Answer> {
    const { email: address } = parseInput(forgotAccountIdInput, body);
    const users = await this.models.find('users', {
      filter: { email_lc: address.toLowerCase(), status: 1 },
      limit: 10,
    });
    for (const user of users) {
      const tenantId = user.tenantId as string;
      const ctx = visitorContext(v, tenantId, user.id);
      const outcome = await this.runUser(userStream(tenantId, user.id), ctx, {
        type: 'RequestAccountId',
        now: v.now.toISOString(),
      });
      if (outcome.events.length === 0) continue;
      const account = await this.models.get('accounts', tenantId);
      const locale = (user.locale as 'en' | 'ar') ?? 'ar';
      const mail = accountIdMail(locale, user.name as string, {
        accountId: user.account_id as number,
        salon: String((locale === 'ar' ? account?.name_ar : account?.name_en) ?? account?.name_en ?? ''),
        username: user.username as string,
      });
      await queueMail(this.aggregates, ctx, this.mailSender, {
        to: (user.verified_email as string | undefined) ?? (user.email as string),
        locale,
        subject: mail.subject,
        body: mail.body,
      });
    }
    return new Answer({ message: 'auth.account_id_sent' }, undefined, 200, true);
  }
}

@CommandHandler(ResetPassword)
export class ResetPasswordHandler extends IdentityHandler implements ICommandHandler<ResetPassword> {
  async execute({ visitor: v, body, realm }: ResetPassword): Promise<Answer> {
    const input = parseInput(resetPasswordInput, body);
    const tokenHash = hashToken(input.token);
    const reset = await this.models.get('password_resets', tokenHash);
    // a salon user's link does not open the console's page, nor a manager's the back office's
    if (!reset || ((reset.realm as string | undefined) ?? 'merchant') !== realm)
      throw new DomainError('auth.reset_token_invalid', 404);
    const newHash = await hashPassword(input.password);
    const userId = reset.user_id as string;
    const outcome = await this.runUser(
      realm === 'manager' ? managerStream(userId) : userStream(reset.tenantId as string, userId),
      visitorContext(v, reset.tenantId as string, userId, realm === 'manager' ? 'manager' : 'user'),
      { type: 'ResetPassword', tokenHash, newHash, now: v.now.toISOString() },
    );
    return new Answer({ message: 'auth.password_changed' }, outcome.position);
  }
}

/** The link sent to a new e-mail address: following it makes the address count. */
@CommandHandler(VerifyEmail)
export class VerifyEmailHandler extends IdentityHandler implements ICommandHandler<VerifyEmail> {
  async execute({ visitor: v, body }: VerifyEmail): Promise<Answer> {
    const { token } = parseInput(verifyEmailInput, body);
    const tokenHash = hashToken(token);
    const pending = await this.models.get('email_verifications', tokenHash);
    if (!pending) throw new DomainError('auth.verify_token_invalid', 404);
    const outcome = await this.runUser(
      userStream(pending.tenantId as string, pending.user_id as string),
      visitorContext(v, pending.tenantId as string, pending.user_id as string),
      { type: 'VerifyEmail', tokenHash, now: v.now.toISOString() },
    );
    return new Answer({ message: 'auth.email_verified', email: pending.email }, outcome.position);
  }
}

@CommandHandler(ReportJsError)
export class ReportJsErrorHandler extends IdentityHandler implements ICommandHandler<ReportJsError> {
  async execute({ visitor: v, auth, body }: ReportJsError): Promise<Answer> {
    const input = parseInput(jsErrorInput, body);
    const tenantId = auth?.tenantId ?? PLATFORM_TENANT;
    const ctx = visitorContext(
      v,
      tenantId,
      auth?.userId ?? 'anonymous',
      auth ? (auth.realm === 'manager' ? 'manager' : 'user') : 'system',
    );
    const event: JsErrorReported = {
      type: 'JsErrorReported',
      data: {
        error_id: idFor(ctx, 'js-error'),
        type: input.type,
        error: input.error,
        route: input.route,
        path: input.path,
        user_agent: input.userAgent || v.userAgent,
      },
    };
    const position = await this.aggregates.create(streamName('jserror', tenantId, event.data.error_id), ctx, [
      event,
    ]);
    return new Answer({ id: event.data.error_id }, position, 201);
  }
}

@CommandHandler(UnblockIp)
export class UnblockIpHandler extends IdentityHandler implements ICommandHandler<UnblockIp> {
  async execute({ ctx, ip }: UnblockIp): Promise<Answer> {
    // only an address can have been blocked: anything else is a mistake, said as one
    if (!isIP(ip)) throw rejected('validation.invalid_value', 'ip');
    const outcome = await this.aggregates.handle<IpGuardState, IpGuardEvent>(ipStream(ip), ctx, {
      initial: initialIpGuardState,
      evolve: evolveIpGuard,
      decide: (s) => decideIpGuard({ type: 'Unblock', ip }, s),
    });
    return new Answer({ id: ip }, outcome.position);
  }
}

@CommandHandler(EndSession)
export class EndSessionHandler extends IdentityHandler implements ICommandHandler<EndSession> {
  async execute({ ctx, sessionId }: EndSession): Promise<Answer> {
    // a session is known by its token's hash: 64 hex characters, never the token itself
    const session = /^[0-9a-f]{64}$/.test(sessionId)
      ? await this.models.get('sessions', sessionId)
      : undefined;
    if (!session) throw notFound('not_found.record');
    if (session.status !== 'active') throw conflict('auth.session_already_ended');
    const userId = session.user_id as string;
    const stream =
      session.realm === 'manager' ? managerStream(userId) : userStream(session.tenantId as string, userId);
    const outcome = await this.runUser(stream, ctx, { type: 'EndSession', session: sessionId });
    return new Answer({ id: sessionId, status: 'ended' }, outcome.position);
  }
}

@CommandHandler(LiftStaffSignInPauses)
export class LiftStaffSignInPausesHandler
  extends IdentityHandler
  implements ICommandHandler<LiftStaffSignInPauses>
{
  async execute({ ctx, employeeId }: LiftStaffSignInPauses): Promise<Answer> {
    // the salon's own employee and her login: another salon's are not found
    const employee = await this.models.get('employees', employeeId);
    if (!employee || employee.tenantId !== ctx.tenantId) throw notFound('not_found.employee');
    const user =
      typeof employee.user_id === 'string' ? await this.models.get('users', employee.user_id) : undefined;
    if (!user || user.tenantId !== ctx.tenantId) throw rejected('staff.no_login');
    let position: string | undefined;
    let lifted = 0;
    for (const pause of await signInPausesOf(this.models, user, ctx.now)) {
      const ip = pause.ip as string;
      const identifier = pause.who as string;
      const outcome = await this.aggregates.handle<IpGuardState, IpGuardEvent>(
        ipStream(ip),
        { ...ctx, tenantId: PLATFORM_TENANT },
        {
          initial: initialIpGuardState,
          evolve: evolveIpGuard,
          decide: (s) =>
            decideIpGuard({ type: 'LiftNamePause', ip, identifier, now: ctx.now.toISOString() }, s),
        },
      );
      if (outcome.events.length === 0) continue;
      lifted += 1;
      // the salon's own record of it, in its audit log
      position = (
        await this.runUserEvent(userStream(ctx.tenantId, user.id), ctx, {
          type: 'UserSignInPauseLifted',
          data: { user_id: user.id, ip, identifier },
        })
      ).position;
    }
    return new Answer({ id: employeeId, lifted }, position);
  }

  private runUserEvent(stream: string, ctx: CommandContext, event: UserEvent) {
    return this.aggregates.handle<UserState, UserFact>(stream, ctx, {
      initial: initialUserState,
      evolve: evolveUser,
      decide: () => [event],
    });
  }
}

// ---- platform support: sign in as the owner, her password reset, a new owner ----

export class SupportSignInAsOwner {
  constructor(
    readonly ctx: CommandContext,
    readonly manager: AuthContext,
    readonly accountId: string,
    readonly visitor: Visitor,
    readonly body: unknown,
  ) {}
}
export class ResetOwnerPassword {
  constructor(
    readonly ctx: CommandContext,
    readonly accountId: string,
  ) {}
}
export class ChangeOwner {
  constructor(
    readonly ctx: CommandContext,
    readonly accountId: string,
    readonly body: unknown,
  ) {}
}
export class ChangeSupportAccess {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}

const supportReasonInput = z.preprocess(
  cleanPayload,
  z.object({ reason: withRule(z.string(), required, maxLength(500)) }),
);
const changeOwnerInput = z.preprocess(
  cleanPayload,
  z.object({
    name: withRule(z.string(), required, maxLength(100)),
    email: withRule(z.string(), required, email, maxLength(100)),
    reason: withRule(z.string(), required, maxLength(500)),
  }),
);
const supportAccessInput = z.preprocess(cleanPayload, z.object({ allowed: z.boolean() }));

/** The owner of a salon named in a manager's path (the account ID, as the console's lists show it). */
const ownerOf = async (models: ReadModels, accountId: string) => {
  if (!/^[1-9][0-9]{0,9}$/.test(accountId)) throw notFound('not_found.record');
  const account = await models.get('accounts', accountId);
  const owner = account && (await models.get('users', account.owner_user_id as string));
  if (!account || !owner) throw notFound('not_found.record');
  return { account, owner, tenantId: accountId };
};

/**
 * "Sign in as the owner" (issue 27, support): a session of its own, beside hers, for the manager who
 * asked, with the reason she gave. The owner's audit log shows it; she may forbid it.
 */
@CommandHandler(SupportSignInAsOwner)
export class SupportSignInAsOwnerHandler
  extends IdentityHandler
  implements ICommandHandler<SupportSignInAsOwner>
{
  async execute({ ctx, manager, accountId, visitor: v, body }: SupportSignInAsOwner): Promise<Answer> {
    const { reason } = parseInput(supportReasonInput, body);
    const { owner, tenantId } = await ownerOf(this.models, accountId);
    const token = newSessionToken();
    const outcome = await this.runUser(
      userStream(tenantId, owner.id),
      { ...ctx, tenantId },
      {
        type: 'SupportSignIn',
        session: hashToken(token),
        managerId: manager.userId,
        managerName: manager.name,
        reason,
        ip: v.ip,
        userAgent: v.userAgent,
      },
    );
    return new Answer(
      {
        api_token: token,
        user: { ...(await this.signedInUser(owner)), support_by: { id: manager.userId, name: manager.name } },
      },
      outcome.position,
      201,
    );
  }
}

/** The manager mails the owner a link to choose a new password (she lost hers, or never chose one). */
@CommandHandler(ResetOwnerPassword)
export class ResetOwnerPasswordHandler
  extends IdentityHandler
  implements ICommandHandler<ResetOwnerPassword>
{
  async execute({ ctx, accountId }: ResetOwnerPassword): Promise<Answer> {
    const { owner, tenantId } = await ownerOf(this.models, accountId);
    const link = this.links.issue();
    const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const ownerCtx = { ...ctx, tenantId };
      const outcome = await this.runUser(userStream(tenantId, owner.id), ownerCtx, {
        type: 'RequestPasswordReset',
        tokenHash: hashToken(link.token),
        now: ctx.now.toISOString(),
      });
      // one mail a minute at most: a second click changes nothing
      if (outcome.events.length === 0) throw new DomainError('support.reset_sent_recently', 409);
      const locale = (owner.locale as 'en' | 'ar') ?? 'ar';
      const mail = resetPasswordMail(locale, owner.name as string);
      await queueMail(this.aggregates, ownerCtx, this.mailSender, {
        to: (owner.verified_email as string | undefined) ?? (owner.email as string),
        locale,
        subject: mail.subject,
        body: mail.body,
        link: { path: mail.path, nonce: link.nonce },
      });
    });
    return new Answer({ message: 'support.reset_link_sent' }, position);
  }
}

/**
 * The salon changed hands: its owner account becomes the new owner's (name, address, a password nobody
 * knows), everyone signed in as the old one is signed out, and the new owner is mailed the link to
 * choose her password.
 */
@CommandHandler(ChangeOwner)
export class ChangeOwnerHandler extends IdentityHandler implements ICommandHandler<ChangeOwner> {
  async execute({ ctx, accountId, body }: ChangeOwner): Promise<Answer> {
    const input = parseInput(changeOwnerInput, body);
    const { owner, tenantId } = await ownerOf(this.models, accountId);
    const passwordHash = await hashPassword(newSessionToken());
    const link = this.links.issue();
    const stream = userStream(tenantId, owner.id);
    const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const ownerCtx = { ...ctx, tenantId };
      await this.runUser(stream, ownerCtx, {
        type: 'ChangeOwner',
        name: input.name,
        email: input.email,
        reason: input.reason,
        passwordHash,
      });
      await this.runUser(stream, ownerCtx, {
        type: 'RequestPasswordReset',
        // (SalonOwnerReplaced dropped any link of the previous owner: this one is sent whatever she asked)
        tokenHash: hashToken(link.token),
        now: ctx.now.toISOString(),
      });
      const locale = (owner.locale as 'en' | 'ar') ?? 'ar';
      const mail = resetPasswordMail(locale, input.name);
      await queueMail(this.aggregates, ownerCtx, this.mailSender, {
        to: input.email,
        locale,
        subject: mail.subject,
        body: mail.body,
        link: { path: mail.path, nonce: link.nonce },
      });
    });
    return new Answer({ id: owner.id, name: input.name, email: input.email }, position);
  }
}

/** The owner allows or forbids platform support to sign in as her (her say, no one else's). */
@CommandHandler(ChangeSupportAccess)
export class ChangeSupportAccessHandler
  extends IdentityHandler
  implements ICommandHandler<ChangeSupportAccess>
{
  async execute({ ctx, auth, body }: ChangeSupportAccess): Promise<Answer> {
    const { allowed } = parseInput(supportAccessInput, body);
    const account = await this.models.get('accounts', auth.tenantId);
    // the owner herself, in her own session: not a colleague, not support signed in as her
    if (!account || account.owner_user_id !== auth.userId || auth.supportBy)
      throw new DomainError('auth.no_permission', 403);
    const outcome = await this.runUser(userStream(auth.tenantId, auth.userId), ctx, {
      type: 'ChangeSupportAccess',
      allowed,
    });
    return new Answer({ allowed }, outcome.position);
  }
}

export const identityHandlers = [
  SupportSignInAsOwnerHandler,
  ResetOwnerPasswordHandler,
  ChangeOwnerHandler,
  ChangeSupportAccessHandler,
  MerchantLoginHandler,
  ManagerLoginHandler,
  LogoutHandler,
  UnlockHandler,
  ChangePasswordHandler,
  ChangeProfileHandler,
  ForgotPasswordHandler,
  ForgotAccountIdHandler,
  ResetPasswordHandler,
  VerifyEmailHandler,
  ReportJsErrorHandler,
  UnblockIpHandler,
  EndSessionHandler,
  LiftStaffSignInPausesHandler,
];
