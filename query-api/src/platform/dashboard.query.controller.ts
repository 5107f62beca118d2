import { Controller, Get, Inject } from '@nestjs/common';
import {
  accountState,
  lastMonths,
  monthOf,
  pendingTrialRequestsFilter,
  type DashboardFigures,
  type DashboardMonth,
} from '@rawnaq/contracts';
import { Realm, TOKENS, type Clock, type ReadModels } from '@rawnaq/platform';

/** The platform's salons are a few thousand at most: they are counted in memory. */
const ALL = 100_000;

/**
 * The manager's dashboard (doc1 manager `dashboard`): salons by state, trials converting, e-invoicing
 * failures and new salons by month, all counted from the read models (no figure is stored apart).
 */
@Controller('api/manager/dashboard')
@Realm('manager')
export class DashboardQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Get('figures')
  async figures(): Promise<DashboardFigures> {
    const now = this.clock.now();
    const [accounts, subscriptions, pending, rejected, failures] = await Promise.all([
      this.models.find('accounts', { limit: ALL }),
      this.models.find('salon_subscriptions', { limit: ALL }),
      this.models.count('trial_requests', pendingTrialRequestsFilter(now)),
      this.models.count('trial_requests', { state: 'rejected' }),
      this.models.count('einvoices', { state: 'rejected' }),
    ]);
    const salons = { trial: 0, active: 0, expired: 0, disabled: 0, requests_pending: pending, rejected };
    for (const a of accounts) salons[accountState(a, now)] += 1;

    const months = new Map<string, DashboardMonth>(
      lastMonths(now).map((month) => [
        month,
        { month, new_salons: 0, trials_started: 0, trials_converted: 0 },
      ]),
    );
    const inMonth = (instant: unknown) =>
      typeof instant === 'string' ? months.get(monthOf(instant)) : undefined;
    for (const a of accounts) {
      const m = inMonth(a.created_at);
      if (m) m.new_salons += 1;
    }
    let started = 0;
    let converted = 0;
    for (const s of subscriptions) {
      if (!s.trial_started_at) continue;
      started += 1;
      const m = inMonth(s.trial_started_at);
      if (m) m.trials_started += 1;
      if (s.first_paid_at) {
        converted += 1;
        const paid = inMonth(s.first_paid_at);
        if (paid) paid.trials_converted += 1;
      }
    }
    return {
      salons,
      trials: {
        started,
        converted,
        conversion_percent: started ? Math.round((converted * 100) / started) : null,
      },
      einvoicing_failures: failures,
      months: [...months.values()],
    };
  }
}
