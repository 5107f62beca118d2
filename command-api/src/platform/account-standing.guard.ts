import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { accountClosure, DomainError, subscriptionStream, type SubscriptionEvent } from '@rawnaq/contracts';
import { TOKENS, type AuthContext, type Clock, type ReadModels } from '@rawnaq/platform';
import { Aggregates } from '../shared/repository';
import { evolveSubscription, initialSubscription, type Subscription } from './account-life';

/**
 * What an expired or disabled salon may still do: sign in and out, passwords and profile, say she saw
 * a platform update, send the platform a suggestion, clock in and out, preview an import. Everything else that writes (selling,
 * booking, changing the menu or the settings) waits for the manager to renew or enable the salon;
 * reading and exporting are the query API's, which this guard never sees. Nothing is deleted.
 */
const STILL_ALLOWED = new Set([
  'MerchantAuthController',
  'PlatformUpdatesSeenController',
  // a suggestion to the platform (an expired salon may well have one)
  'SalonSuggestionsController',
  'AttendanceController',
  'ImportsController.preview',
]);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one place where a salon's state stops its sales and bookings: every merchant write route and
 * every public write on a salon's online pages (`:alias`). Refused with 403 `account.expired` or
 * `account.disabled`. The state is derived from valid till and the clock, so a trial ends at the
 * salon's midnight with no worker.
 */
@Injectable()
export class AccountStandingGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context
      .switchToHttp()
      .getRequest<{ method: string; auth?: AuthContext; params?: Record<string, string> }>();
    if (READS.has(req.method)) return true;
    const controller = context.getClass().name;
    if (STILL_ALLOWED.has(controller) || STILL_ALLOWED.has(`${controller}.${context.getHandler().name}`))
      return true;
    const realm = this.reflector.getAllAndOverride<string | undefined>('rawnaq:realm', [
      context.getHandler(),
      context.getClass(),
    ]);
    let tenantId: string | undefined;
    if (realm === 'merchant' && req.auth && req.auth.realm === 'merchant') tenantId = req.auth.tenantId;
    else if (
      !realm &&
      typeof req.params?.alias === 'string' &&
      /^[A-Za-z0-9]{1,64}$/.test(req.params.alias)
    ) {
      const [salon] = await this.models.find('accounts', {
        filter: { alias_lc: req.params.alias.toLowerCase() },
        limit: 1,
      });
      tenantId = salon?.id;
    }
    if (!tenantId) return true;
    const { state } = await this.aggregates.load<Subscription, SubscriptionEvent>(
      undefined,
      subscriptionStream(tenantId),
      initialSubscription,
      evolveSubscription,
    );
    // a salon that never had a plan (the demo, one opened before plans) is active
    if (state.plan === undefined && !state.disabled) return true;
    const account = await this.models.get('accounts', tenantId);
    const closure = accountClosure(
      {
        plan: state.plan,
        valid_till: state.validTill,
        disabled: state.disabled,
        country_id: account?.country_id,
      },
      this.clock.now(),
    );
    if (closure) throw new DomainError(closure, 403);
    return true;
  }
}
