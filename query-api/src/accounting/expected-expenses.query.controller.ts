import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { isUuid, notFound, Page, Permission, rejected } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { dateFilter, idsOf, page, parseListQuery, textFilters, withoutTenant } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Query = Record<string, unknown>;

/** Expected expenses (issue 25): pending ones by due date first; read with the books (62). */
@Controller('api/merchant')
@Realm('merchant')
export class ExpectedExpensesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('expected-expenses')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['due_date', 'amount', 'name'],
      defaultSort: ['due_date', 'asc'],
    });
    const where: Filter = {
      tenantId: auth.tenantId,
      ...textFilters(q.filter, ['supplier_id', 'expense_type_id', 'recurrence']),
    };
    const ids = idsOf(q.filter);
    if (ids) where.id = { $in: ids };
    const status = q.filter.status;
    if (status !== undefined && status !== '') {
      const n = Number(status);
      if (n !== 1 && n !== 2) throw rejected('errors.invalid_input', 'status');
      where.status = n;
    }
    // due by a date: what is coming up (`to`), or in a span
    const from = dateFilter(q.filter, 'from');
    const to = dateFilter(q.filter, 'to');
    if (from || to) where.due_date = { ...(from && { $gte: from }), ...(to && { $lte: to }) };
    const [docs, total] = await Promise.all([
      this.models.find('expected_expenses', { filter: where, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('expected_expenses', where),
    ]);
    return page(res, 'expected-expenses', q, docs.map(withoutTenant), total);
  }

  @Get('expected-expenses/:id')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('expected_expenses', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('accounting.expected_expense_not_found');
    return withoutTenant(doc);
  }
}
