import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  accountState,
  DomainError,
  own,
  pendingTrialRequestsFilter,
  trialRequestPending,
  type AccountState,
} from '@rawnaq/contracts';
import { header, Realm, TOKENS, type Clock, type Doc, type Filter, type ReadModels } from '@rawnaq/platform';
import { page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/** The salons by state (doc1 manager `merchants/*`): the state is derived from valid till and now. */
const BY_STATE: Record<string, AccountState> = {
  'active-merchants': 'active',
  'trial-merchants': 'trial',
  'expired-merchants': 'expired',
  'disabled-merchants': 'disabled',
};
/** The free-trial requests by where they stand, now. */
const REQUESTS: Record<string, (now: Date) => Filter> = {
  'trial-requests': pendingTrialRequestsFilter,
  'rejected-merchants': () => ({ state: 'rejected' }),
  'all-merchants-requests': () => ({}),
};
/** The platform's salons are a few thousand at most: their state is judged in memory. */
const ALL_SALONS = 100_000;

const salonRow = (a: Doc, state: AccountState) => ({
  id: a.id,
  account_id: a.account_id,
  name_en: a.name_en,
  name_ar: a.name_ar,
  alias: a.alias,
  country_id: a.country_id,
  plan: (a.plan as string | undefined) ?? null,
  valid_till: (a.valid_till as string | undefined) ?? null,
  max_employees: a.max_employees,
  state,
  disabled_reason: (a.disabled_reason as string | null | undefined) ?? null,
  created_at: a.created_at,
});

@Controller('api/manager/merchants')
@Realm('manager')
export class MerchantsQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Get(':list')
  async list(
    @Param('list') name: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const range = header(req as never, 'range');
    const wanted = own(BY_STATE, name);
    if (wanted) {
      const q = parseListQuery(query, range, {
        sortable: ['account_id', 'name_en', 'name_ar', 'valid_till', 'created_at'],
        defaultSort: ['account_id', 'asc'],
      });
      const now = this.clock.now();
      const rows = (await this.models.find('accounts', { sort: q.sort, limit: ALL_SALONS }))
        .map((a) => salonRow(a, accountState(a, now)))
        .filter((r) => r.state === wanted);
      return page(res, name, q, rows.slice(q.skip, q.skip + q.limit), rows.length);
    }
    const requests = own(REQUESTS, name);
    if (!requests) throw new DomainError('not_found.page', 404);
    const q = parseListQuery(query, range, {
      sortable: ['requested_at', 'name_en', 'name_ar', 'state'],
      defaultSort: ['requested_at', 'desc'],
    });
    const now = this.clock.now();
    const filter = requests(now);
    const [docs, total] = await Promise.all([
      this.models.find('trial_requests', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('trial_requests', filter),
    ]);
    // a request whose link lapsed unconfirmed is not waiting for anything any more: it says so
    const shown = docs.map((d) =>
      d.state === 'waiting_verification' && !trialRequestPending(d.state, d.link_expires_at as string, now)
        ? { ...d, state: 'link_expired' }
        : d,
    );
    return page(res, name, q, shown, total);
  }
}
