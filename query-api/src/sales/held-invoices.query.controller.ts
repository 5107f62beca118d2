import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { isUuid, notFound, Page, Permission } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type ReadModels,
} from '@rawnaq/platform';
import {
  dateRangeFilter,
  idsOf,
  page,
  parseListQuery,
  textFilters,
  withoutTenant,
} from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/**
 * `on-hold-report` (issue 11): the baskets held at the till, for whoever may sell (page 3, 13) — the
 * ones to resume or cancel (`status=on_hold`), and what became of the others — with the names of who
 * held them.
 */
@Controller('api/merchant')
@Realm('merchant')
export class HeldInvoicesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** who held each basket, by name (the users of this salon only) */
  private async named(auth: AuthContext, docs: Doc[]) {
    const users = await this.models.getMany('users', [...new Set(docs.map((d) => d.held_by as string))]);
    const names = new Map(
      users.filter((u) => u.tenantId === auth.tenantId).map((u) => [u.id, u.name ?? null]),
    );
    return docs.map((d) => ({ ...withoutTenant(d), held_by_name: names.get(d.held_by as string) ?? null }));
  }

  @Get('held-invoices')
  @RequirePermission(Page.pos, Permission.sell)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['held_at', 'total', 'business_date'],
      defaultSort: ['held_at', 'desc'],
    });
    const ids = idsOf(q.filter);
    const filter = {
      tenantId: auth.tenantId,
      ...dateRangeFilter(q.filter, 'business_date'),
      ...textFilters(q.filter, ['status', 'customer_id', 'held_by']),
      ...(ids && { id: { $in: ids } }),
    };
    const [docs, total] = await Promise.all([
      this.models.find('held_invoices', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('held_invoices', filter),
    ]);
    return page(res, 'held-invoices', q, await this.named(auth, docs), total);
  }

  @Get('held-invoices/:id')
  @RequirePermission(Page.pos, Permission.sell)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('held_invoices', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.held_invoice');
    const [named] = await this.named(auth, [doc]);
    return named;
  }
}
