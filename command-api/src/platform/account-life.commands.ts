import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  approveTrialRequestInput,
  conflict,
  DEFAULT_VAT,
  DomainError,
  enableAccountInput,
  freeTrialRequestInput,
  MAIL_LINK_PLACEHOLDER,
  newId,
  notFound,
  planStream,
  PLATFORM_TENANT,
  reasonInput,
  renewAccountInput,
  STANDARD_ROLE_NAMES,
  streamName,
  subscriptionStream,
  timeZoneOfCountry,
  today,
  trialRequestStream,
  trialValidTill,
  verifyTrialRequestInput,
  type StandardRole,
  type SubscriptionEvent,
  type TrialRequestEvent,
  pendingTrialRequestsFilter,
  trialRequestPending,
} from '@rawnaq/contracts';
import {
  Auth,
  ClientIp,
  hashToken,
  parseInput,
  Public,
  Realm,
  TOKENS,
  type AuthContext,
  type Clock,
  type LinkTokens,
  type MailSender,
  type ReadModels,
} from '@rawnaq/platform';
import { randomBytes } from 'node:crypto';
import { queueMail, requestPasswordLink } from '../identity/mail';
import { openAccount } from '../seed/demo-salon';
import { Answer } from '../shared/answer';
import { type CommandContext, UNIT } from '../shared/command-context';
import { commandContext, RequestUnit, unitOfRequest } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { PublicRateLimit } from '../sales/surveys.commands';
import {
  decideSubscription,
  decideTrialRequest,
  evolveSubscription,
  evolveTrialRequest,
  initialSubscription,
  initialTrialRequest,
  type Subscription,
  type SubscriptionCommand,
  type TrialRequest,
  type TrialRequestCommand,
} from './account-life';
import { evolvePlan, type PlanState } from './billing';
import type { UnitOfWork } from '../shared/unit-of-work';
import { UniqueValues } from '../shared/unique-values';

/** How long the e-mail link of a free-trial request stays good. */
const VERIFY_HOURS = 24;
/** A new trial salon's employees (the manager sets another when she renews it). */
const TRIAL_MAX_EMPLOYEES = 5;

type Request = { headers: Record<string, string | string[] | undefined> };

const L = MAIL_LINK_PLACEHOLDER;
const verifyRequestMail = (locale: 'en' | 'ar', name: string, requestId: string) => ({
  subject: locale === 'ar' ? 'أكّدي طلب التجربة المجانية' : 'Confirm your free trial request',
  body:
    locale === 'ar'
      ? `مرحبًا ${name}،\nلتأكيد طلب التجربة المجانية لرونق افتحي الرابط التالي خلال 24 ساعة:\n${L}\nإذا لم تطلبي ذلك فتجاهلي هذه الرسالة.`
      : `Hello ${name},\nTo confirm your Rawnaq free trial request, open this link within 24 hours:\n${L}\nIf you did not ask for this, ignore this message.`,
  path: `/${locale}/merchant/free-trial/verify/${requestId}/`,
});
const welcomeMail = (
  locale: 'en' | 'ar',
  name: string,
  accountId: number,
  username: string,
  validTill: string,
) => ({
  subject: locale === 'ar' ? 'تمت الموافقة على تجربتك المجانية في رونق' : 'Your Rawnaq free trial is ready',
  body:
    locale === 'ar'
      ? `مرحبًا ${name}،\nتمت الموافقة على طلبك. تجربتك المجانية صالحة حتى ${validTill}.\nرقم الحساب: ${accountId}\nاسم المستخدم: ${username}\nاختاري كلمة المرور من الرابط التالي خلال 60 دقيقة (وبعدها من "نسيت كلمة المرور"):\n${L}`
      : `Hello ${name},\nYour request is approved. Your free trial is valid till ${validTill}.\nAccount ID: ${accountId}\nUsername: ${username}\nChoose your password with this link within 60 minutes (later, with "Forgot password"):\n${L}`,
  path: `/${locale}/merchant/reset-password/`,
});

const systemContext = (now: Date, correlationId: string, unit: UnitOfWork | undefined): CommandContext => ({
  tenantId: PLATFORM_TENANT,
  actor: { kind: 'system', id: 'website' },
  correlationId,
  now,
  [UNIT]: unit,
});

export class RequestFreeTrial {
  constructor(
    readonly now: Date,
    readonly body: unknown,
    readonly locale: 'en' | 'ar',
    /** the request's unit of work (see `RequestUnit`); none from the website's own form */
    readonly unit?: UnitOfWork,
  ) {}
}
export class VerifyFreeTrialRequest {
  constructor(
    readonly now: Date,
    readonly body: unknown,
    /** the request's unit of work (see `RequestUnit`) */
    readonly unit?: UnitOfWork,
  ) {}
}
export class DecideTrialRequest {
  constructor(
    readonly ctx: CommandContext,
    readonly requestId: string,
    readonly decision: 'approve' | 'reject',
    readonly body: unknown,
  ) {}
}
export class ChangeSubscription {
  constructor(
    readonly ctx: CommandContext,
    readonly tenantId: string,
    readonly change: 'renew' | 'disable' | 'enable',
    readonly body: unknown,
  ) {}
}

const runRequest = (aggregates: Aggregates, id: string, ctx: CommandContext, c: TrialRequestCommand) =>
  aggregates.handle<TrialRequest, TrialRequestEvent>(trialRequestStream(id), ctx, {
    initial: initialTrialRequest,
    evolve: evolveTrialRequest,
    decide: (s) => decideTrialRequest(c, s),
  });
const runSubscription = (
  aggregates: Aggregates,
  tenantId: string,
  ctx: CommandContext,
  c: SubscriptionCommand,
) =>
  aggregates.handle<Subscription, SubscriptionEvent>(
    subscriptionStream(tenantId),
    { ...ctx, tenantId },
    {
      initial: initialSubscription,
      evolve: evolveSubscription,
      decide: (s) => decideSubscription(c, s),
    },
  );

/** A visitor asks for a free trial: recorded, waiting for the link mailed to her address. */
@CommandHandler(RequestFreeTrial)
export class RequestFreeTrialHandler implements ICommandHandler<RequestFreeTrial> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.mailSender) private readonly mailSender: MailSender | null,
    @Inject(TOKENS.linkTokens) private readonly links: LinkTokens,
    @Inject(UniqueValues) private readonly unique: UniqueValues,
  ) {}

  async execute({ now, body, locale, unit }: RequestFreeTrial): Promise<Answer> {
    const i = parseInput(freeTrialRequestInput, body);
    // one request at a time per address: a second one while the first is pending is a mistake (the
    // read model answers for every request, those made before addresses were claimed too; the claim
    // below also for the ones it does not show yet)
    const pending = await this.models.find('trial_requests', {
      filter: { email_lc: i.email.toLowerCase(), ...pendingTrialRequestsFilter(now) },
      limit: 1,
    });
    if (pending.length) throw conflict('trial.email_in_use', 'email');
    // the manager's platform-setting/allowed-countries: free trials only where the platform sells
    const allowed = await this.models.get('platform_records', 'allowed-countries');
    if (allowed && !(allowed.country_ids as number[]).includes(i.country_id))
      throw new DomainError('platform_lists.country_not_allowed', 422, {
        country_id: 'platform_lists.country_not_allowed',
      });
    const requestId = newId();
    const ctx = systemContext(now, requestId, unit);
    const link = this.links.issue();
    const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
      // the address held by its pending request in the event store itself: a form sent twice at once,
      // or again before the list of requests shows the first, is refused all the same
      await this.unique.claim(
        ctx,
        {
          kind: 'trial-email',
          value: i.email.toLowerCase(),
          owner: requestId,
          field: 'email',
          duplicateKey: 'trial.email_in_use',
        },
        async (holder) => {
          const { state } = await this.aggregates.load(
            ctx,
            trialRequestStream(holder),
            initialTrialRequest,
            evolveTrialRequest,
          );
          return state.exists && trialRequestPending(state.state, state.request.expires_at, now);
        },
      );
      await runRequest(this.aggregates, requestId, ctx, {
        type: 'RequestFreeTrial',
        request: {
          request_id: requestId,
          name_en: i.name_en,
          name_ar: i.name_ar,
          owner_name: i.owner_name,
          email: i.email,
          mobile: i.mobile,
          country_id: i.country_id,
          ...(i.city && { city: i.city }),
          ...(i.utm_source && { utm_source: i.utm_source }),
          ...(i.utm_campaign && { utm_campaign: i.utm_campaign }),
          token_hash: hashToken(link.token),
          expires_at: new Date(now.getTime() + VERIFY_HOURS * 3_600_000).toISOString(),
        },
      });
      const mail = verifyRequestMail(locale, i.owner_name, requestId);
      await queueMail(this.aggregates, ctx, this.mailSender, {
        to: i.email,
        locale,
        subject: mail.subject,
        body: mail.body,
        link: { path: mail.path, nonce: link.nonce },
      });
    });
    return new Answer({ message: 'trial.request_sent', id: requestId }, position, 201);
  }
}

/** The link of the request's mail: the address is hers, the request goes to the manager. */
@CommandHandler(VerifyFreeTrialRequest)
export class VerifyFreeTrialRequestHandler implements ICommandHandler<VerifyFreeTrialRequest> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ now, body, unit }: VerifyFreeTrialRequest): Promise<Answer> {
    const { request_id: requestId, token } = parseInput(verifyTrialRequestInput, body);
    const tokenHash = hashToken(token);
    // the request named by the link itself: no read model to wait for
    const { state } = await this.aggregates.load(
      undefined,
      trialRequestStream(requestId),
      initialTrialRequest,
      evolveTrialRequest,
    );
    if (!state.exists) throw notFound('trial.token_invalid');
    const outcome = await runRequest(this.aggregates, requestId, systemContext(now, newId(), unit), {
      type: 'VerifyEmail',
      tokenHash,
      now: now.toISOString(),
    });
    return new Answer({ message: 'trial.email_verified' }, outcome.position);
  }
}

/** A web address free on the platform, made from the salon's English name (lulusalon, lulusalon2...). */
const freeAlias = async (models: ReadModels, name: string) => {
  const base = (name.replace(/[^A-Za-z0-9]/g, '').toLowerCase() || 'salon').slice(0, 30).padEnd(3, '0');
  for (let n = 1; ; n++) {
    const alias = n === 1 ? base : `${base}${n}`;
    if (!(await models.find('accounts', { filter: { alias_lc: alias }, limit: 1 })).length) return alias;
  }
};

/**
 * The manager approves a confirmed request (the salon is opened on a 7-day trial and its owner mailed a
 * link to choose her password) or rejects it with a reason.
 */
@CommandHandler(DecideTrialRequest)
export class DecideTrialRequestHandler implements ICommandHandler<DecideTrialRequest> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.eventStore) private readonly store: ConstructorParameters<typeof Aggregates>[0],
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.mailSender) private readonly mailSender: MailSender | null,
    @Inject(TOKENS.linkTokens) private readonly links: LinkTokens,
    @Inject(Sequences) private readonly sequences: Sequences,
  ) {}

  async execute({ ctx, requestId, decision, body }: DecideTrialRequest): Promise<Answer> {
    if (!/^[0-9a-f-]{36}$/.test(requestId)) throw notFound('not_found.record');
    const platformCtx = { ...ctx, tenantId: PLATFORM_TENANT };
    if (decision === 'reject') {
      const { reason } = parseInput(reasonInput, body);
      const outcome = await runRequest(this.aggregates, requestId, platformCtx, { type: 'Reject', reason });
      return new Answer({ id: requestId, state: 'rejected' }, outcome.position);
    }
    const input = parseInput(approveTrialRequestInput, body);
    const { state } = await this.aggregates.load(
      ctx,
      trialRequestStream(requestId),
      initialTrialRequest,
      evolveTrialRequest,
    );
    // the rule is judged before anything is opened (and again when the approval is appended)
    decideTrialRequest({ type: 'Approve', accountId: 0, alias: '', validTill: '' }, state);
    if (!state.exists) throw notFound('not_found.record');
    const r = state.request;
    const alias = input.alias ?? (await freeAlias(this.models, r.name_en));
    const validTill = trialValidTill(ctx.now, r.country_id);
    const { position, result } = await this.aggregates.transaction(ctx, async (ctx) => {
      const platformCtx = { ...ctx, tenantId: PLATFORM_TENANT };
      const [last] = await this.models.find('accounts', { sort: [['account_id', 'desc']], limit: 1 });
      const accountId = await this.sequences.next(
        platformCtx,
        'account',
        (last?.account_id as number | undefined) ?? 0,
      );
      const tenantId = String(accountId);
      const ownerId = idFor(ctx, 'owner', accountId);
      const username = 'owner';
      await openAccount(
        this.store,
        {
          accountId,
          nameEn: r.name_en,
          nameAr: r.name_ar,
          alias,
          countryId: r.country_id,
          vatPercentage: DEFAULT_VAT[r.country_id] ?? 0,
          maxEmployees: TRIAL_MAX_EMPLOYEES,
          owner: {
            userId: ownerId,
            username,
            email: r.email,
            name: r.owner_name,
            // nobody knows it: she chooses hers with the link mailed below
            password: randomBytes(24).toString('base64url'),
            locale: 'ar',
          },
          roleIds: Object.fromEntries(
            STANDARD_ROLE_NAMES.map((name) => [name, idFor(ctx, `${name}-role`, accountId)]),
          ) as Record<StandardRole, string>,
          ownerEmployeeId: idFor(ctx, 'owner-employee', accountId),
        },
        ctx.now,
        ctx.actor,
        ctx,
      );
      await runRequest(this.aggregates, requestId, platformCtx, {
        type: 'Approve',
        accountId,
        alias,
        validTill,
      });
      await runSubscription(this.aggregates, tenantId, ctx, {
        type: 'StartTrial',
        validTill,
        maxEmployees: TRIAL_MAX_EMPLOYEES,
        requestId,
      });
      // the set-password link is the password-reset link of the product
      const ownerCtx = { ...ctx, tenantId };
      const link = await requestPasswordLink(
        this.aggregates,
        this.links,
        streamName('user', tenantId, ownerId),
        ownerCtx,
      );
      const locale = 'ar' as const;
      const mail = welcomeMail(locale, r.owner_name, accountId, username, validTill);
      await queueMail(this.aggregates, ownerCtx, this.mailSender, {
        to: r.email,
        locale,
        subject: mail.subject,
        body: mail.body,
        link: { path: mail.path, nonce: link.nonce },
      });
      return { accountId };
    });
    return new Answer(
      { id: requestId, state: 'approved', account_id: result.accountId, alias, valid_till: validTill },
      position,
    );
  }
}

/** The manager renews (activates) a salon to a plan and a valid till, disables it with a reason, or enables it. */
@CommandHandler(ChangeSubscription)
export class ChangeSubscriptionHandler implements ICommandHandler<ChangeSubscription> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, tenantId, change, body }: ChangeSubscription): Promise<Answer> {
    const account = /^\d{1,9}$/.test(tenantId) ? await this.models.get('accounts', tenantId) : undefined;
    if (!account) throw notFound('not_found.account');
    const command: SubscriptionCommand =
      change === 'renew'
        ? await (async () => {
            const i = parseInput(renewAccountInput, body);
            // the plan's employees apply unless the manager gives another number
            const maxEmployees =
              i.max_employees ??
              (await this.aggregates.load(ctx, planStream(i.plan), null as PlanState, evolvePlan)).state
                ?.max_employees;
            return {
              type: 'Renew' as const,
              plan: i.plan,
              validTill: i.valid_till,
              today: today(ctx.now, timeZoneOfCountry(account.country_id)),
              ...(maxEmployees !== undefined && { maxEmployees }),
            };
          })()
        : change === 'disable'
          ? { type: 'Disable', reason: parseInput(reasonInput, body).reason }
          : { type: 'Enable', ...parseInput(enableAccountInput, body) };
    const outcome = await runSubscription(this.aggregates, tenantId, ctx, command);
    return new Answer(
      {
        id: tenantId,
        plan: outcome.state.plan ?? null,
        valid_till: outcome.state.validTill,
        disabled: outcome.state.disabled,
      },
      outcome.position,
    );
  }
}

/** The public website's free-trial form and its e-mail link: a few requests a minute per address. */
@Controller('api/public/free-trial-requests')
export class FreeTrialRequestsController {
  private readonly limit = new PublicRateLimit(5);

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post()
  @Public()
  request(@ClientIp() ip: string, @Req() req: Request, @Body() body: unknown) {
    const now = this.clock.now();
    this.limit.check(ip, now.getTime());
    const lang = String(req.headers['accept-language'] ?? '');
    return this.commands.execute(
      new RequestFreeTrial(now, body, lang.startsWith('en') ? 'en' : 'ar', unitOfRequest(req)),
    );
  }

  @Post('verify')
  @Public()
  @HttpCode(200)
  verify(@ClientIp() ip: string, @Body() body: unknown, @RequestUnit() unit: UnitOfWork | undefined) {
    const now = this.clock.now();
    this.limit.check(ip, now.getTime());
    return this.commands.execute(new VerifyFreeTrialRequest(now, body, unit));
  }
}

@Controller('api/manager')
@Realm('manager')
export class AccountLifeController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post('trial-requests/:id/approve')
  @HttpCode(200)
  approve(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new DecideTrialRequest(commandContext(auth, req, this.clock.now()), id, 'approve', body),
    );
  }

  @Post('trial-requests/:id/reject')
  @HttpCode(200)
  reject(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new DecideTrialRequest(commandContext(auth, req, this.clock.now()), id, 'reject', body),
    );
  }

  @Post('accounts/:id/renew')
  @HttpCode(200)
  renew(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new ChangeSubscription(commandContext(auth, req, this.clock.now()), id, 'renew', body),
    );
  }

  @Post('accounts/:id/disable')
  @HttpCode(200)
  disable(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new ChangeSubscription(commandContext(auth, req, this.clock.now()), id, 'disable', body),
    );
  }

  @Post('accounts/:id/enable')
  @HttpCode(200)
  enable(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new ChangeSubscription(commandContext(auth, req, this.clock.now()), id, 'enable', body),
    );
  }
}

export const accountLifeHandlers = [
  RequestFreeTrialHandler,
  VerifyFreeTrialRequestHandler,
  DecideTrialRequestHandler,
  ChangeSubscriptionHandler,
];
