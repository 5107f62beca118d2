import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { isUuid, notFound, Page, Permission, rejected } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { dateFilter, idsOf, page, parseListQuery, textFilters, withoutTenant } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Query = Record<string, unknown>;

const STATUSES = ['paid', 'partially_paid', 'unpaid'];

/**
 * A list of bills (expenses or purchases) as its screens filter it: the salon's own, by ids, by the
 * fields named, by date, by what each still owes (`status`), or only those owing something (`owed`).
 */
export const billsFilter = (tenantId: string, filter: Record<string, unknown>, fields: string[]): Filter => {
  const where: Filter = { tenantId, ...textFilters(filter, fields) };
  const ids = idsOf(filter);
  if (ids) where.id = { $in: ids };
  const from = dateFilter(filter, 'from');
  const to = dateFilter(filter, 'to');
  if (from || to) where.date = { ...(from && { $gte: from }), ...(to && { $lte: to }) };
  const status = filter.status;
  if (status !== undefined && status !== '') {
    if (typeof status !== 'string' || !STATUSES.includes(status))
      throw rejected('errors.invalid_input', 'status');
    where.status = status;
  }
  if (filter.owed === true || filter.owed === 'true') where.owed = { $gt: 0 };
  return where;
};

/** Money going out (issue 25): suppliers and their statements, expense types, expenses. Read with 62. */
@Controller('api/merchant')
@Realm('merchant')
export class ExpensesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('suppliers')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async suppliers(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name', 'owed'],
      defaultSort: ['name', 'asc'],
    });
    const ids = idsOf(q.filter);
    const where: Filter = { tenantId: auth.tenantId, ...(ids && { id: { $in: ids } }) };
    const search = q.filter.q;
    if (typeof search === 'string' && search.trim()) where.name = { $contains: search.trim().slice(0, 60) };
    if (q.filter.status !== undefined && q.filter.status !== '') {
      if (!['0', '1'].includes(String(q.filter.status))) throw rejected('errors.invalid_input', 'status');
      where.status = Number(q.filter.status);
    }
    const [docs, total] = await Promise.all([
      this.models.find('suppliers', { filter: where, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('suppliers', where),
    ]);
    return page(res, 'suppliers', q, docs.map(withoutTenant), total);
  }

  @Get('suppliers/:id')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async supplier(@Auth() auth: AuthContext, @Param('id') id: string) {
    return withoutTenant(await this.own('suppliers', auth, id, 'accounting.supplier_not_found'));
  }

  /**
   * A supplier's statement: the opening balance, each expense and purchase (owed more) and each payment
   * (owed less), running.
   */
  @Get('suppliers/:id/statement')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async statement(@Auth() auth: AuthContext, @Param('id') id: string) {
    const supplier = await this.own('suppliers', auth, id, 'accounting.supplier_not_found');
    const bills = async (collection: 'expenses' | 'purchases') =>
      this.models.find(collection, {
        filter: { tenantId: auth.tenantId, supplier_id: id },
        sort: [
          ['date', 'asc'],
          ['number', 'asc'],
        ],
        limit: 2000,
      });
    const [expenses, purchases] = await Promise.all([bills('expenses'), bills('purchases')]);
    type Line = {
      id: string;
      date: string;
      kind: 'expense' | 'purchase' | 'payment';
      /** the bill it is, or that the payment paid */
      expense_id?: string;
      purchase_id?: string;
      number: number;
      amount: number;
    };
    const lines: Line[] = [];
    const add = (kind: 'expense' | 'purchase', x: Doc) => {
      const bill = kind === 'expense' ? { expense_id: x.id } : { purchase_id: x.id };
      lines.push({
        id: x.id,
        date: x.date as string,
        kind,
        ...bill,
        number: x.number as number,
        amount: x.total as number,
      });
      for (const p of (x.payments as Array<{ payment_id: string; amount: number; date?: string }>) ?? [])
        lines.push({
          id: p.payment_id,
          date: p.date ?? (x.date as string),
          kind: 'payment',
          ...bill,
          number: x.number as number,
          amount: -p.amount,
        });
    };
    for (const x of expenses) add('expense', x);
    for (const x of purchases) add('purchase', x);
    lines.sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (a.kind === b.kind ? 0 : a.kind === 'payment' ? 1 : b.kind === 'payment' ? -1 : 0),
    );
    let balance = supplier.opening_balance as number;
    const rows = lines.map((l) => ({ ...l, balance: (balance += l.amount) }));
    return {
      supplier: withoutTenant(supplier),
      opening: supplier.opening_balance,
      rows,
      totals: {
        purchased: lines.filter((l) => l.kind !== 'payment').reduce((s, l) => s + l.amount, 0),
        paid: -lines.filter((l) => l.kind === 'payment').reduce((s, l) => s + l.amount, 0),
        owed: balance,
      },
    };
  }

  @Get('expense-types')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async types(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name_en', 'name_ar'],
      defaultSort: ['name_en', 'asc'],
    });
    const ids = idsOf(q.filter);
    const where: Filter = { tenantId: auth.tenantId, ...(ids && { id: { $in: ids } }) };
    const [docs, total] = await Promise.all([
      this.models.find('expense_types', { filter: where, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('expense_types', where),
    ]);
    return page(res, 'expense-types', q, docs.map(withoutTenant), total);
  }

  @Get('expense-types/:id')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async type(@Auth() auth: AuthContext, @Param('id') id: string) {
    return withoutTenant(await this.own('expense_types', auth, id, 'accounting.expense_type_not_found'));
  }

  @Get('expenses')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async expenses(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['number', 'date', 'due_date', 'total', 'owed'],
      defaultSort: ['number', 'desc'],
    });
    const where = billsFilter(auth.tenantId, q.filter, ['supplier_id', 'expense_type_id']);
    const [docs, total] = await Promise.all([
      this.models.find('expenses', { filter: where, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('expenses', where),
    ]);
    return page(res, 'expenses', q, docs.map(withoutTenant), total);
  }

  @Get('expenses/:id')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async expense(@Auth() auth: AuthContext, @Param('id') id: string) {
    return withoutTenant(await this.own('expenses', auth, id, 'accounting.expense_not_found'));
  }

  private async own(collection: string, auth: AuthContext, id: string, key: string): Promise<Doc> {
    const doc = isUuid(id) ? await this.models.get(collection, id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound(key);
    return doc;
  }
}
