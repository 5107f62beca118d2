import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  accountState,
  DomainError,
  PENDING_TRIAL_REQUEST_STATES,
  type AccountState,
} from '@rawnaq/contracts';
import { header, Realm, TOKENS, type Clock, type Doc, type ReadModels } from '@rawnaq/platform';
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
/** The free-trial requests by where they stand. */
const REQUESTS: Record<string, string[] | undefined> = {
  'trial-requests': [...PENDING_TRIAL_REQUEST_STATES],
  'rejected-merchants': ['rejected'],
  'all-merchants-requests': undefined,
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
    const wanted = BY_STATE[name];
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
    if (!(name in REQUESTS)) throw new DomainError('not_found.page', 404);
    const states = REQUESTS[name];
    const q = parseListQuery(query, range, {
      sortable: ['requested_at', 'name_en', 'name_ar', 'state'],
      defaultSort: ['requested_at', 'desc'],
    });
    const filter = states ? { state: { $in: states } } : {};
    const [docs, total] = await Promise.all([
      this.models.find('trial_requests', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('trial_requests', filter),
    ]);
    return page(res, name, q, docs, total);
  }
}
