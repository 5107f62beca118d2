import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  addDays,
  codeRefusal,
  DomainError,
  isUuid,
  normalizeDiscountCode,
  notFound,
  Page,
  Permission,
  rejected,
  type DiscountCodeDetails,
} from '@rawnaq/contracts';
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
import { accountOf } from '../shared/account';
import { dateFilter, page, parseListQuery, withoutTenant } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const MAX_DAYS = 400;

/** A code's state today: switched off, not yet valid, expired, used up (single use), or usable. */
const stateOf = (doc: Doc, today: string) =>
  !doc.active
    ? 'inactive'
    : (doc.valid_from as string) > today
      ? 'scheduled'
      : (doc.valid_to as string) < today
        ? 'expired'
        : doc.single_use && (doc.uses as number) > 0
          ? 'used'
          : 'valid';

/** The salon's discount codes (page 8, with its menu) and the customers' discount report (15). */
@Controller('api/merchant')
@Realm('merchant')
export class DiscountCodesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('discount-codes')
  @RequirePermission(Page.menu, Permission.viewMenu)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { today } = await accountOf(this.models, auth.tenantId);
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['code', 'valid_to', 'uses', 'created_at'],
      defaultSort: ['created_at', 'desc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    const typed = q.filter.q;
    if (typeof typed === 'string' && typed.trim()) filter.code = { $prefix: typed.trim().toUpperCase() };
    const [docs, total] = await Promise.all([
      this.models.find('discount_codes', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('discount_codes', filter),
    ]);
    return page(
      res,
      'discount-codes',
      q,
      docs.map((d) => ({ ...withoutTenant(d), state: stateOf(d, today) })),
      total,
    );
  }

  @Get('discount-codes/:id')
  @RequirePermission(Page.menu, Permission.viewMenu)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('discount_codes', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.discount_code');
    const { today } = await accountOf(this.models, auth.tenantId);
    return { ...withoutTenant(doc), state: stateOf(doc, today) };
  }

  /**
   * `billing/discount-code?code=`: a code as the till needs it to show what it takes off (whoever may
   * sell, without the menu's permission); the invoice command decides again when it is issued.
   */
  @Get('billing/discount-code')
  @RequirePermission(Page.pos, Permission.sell)
  async forTill(@Auth() auth: AuthContext, @Query('code') typed: unknown) {
    const code = typeof typed === 'string' ? normalizeDiscountCode(typed) : undefined;
    const [doc] = code
      ? await this.models.find('discount_codes', { filter: { tenantId: auth.tenantId, code }, limit: 1 })
      : [];
    if (!doc) throw notFound('discount_codes.not_found');
    const { today } = await accountOf(this.models, auth.tenantId);
    const refused = codeRefusal(
      { details: doc as unknown as DiscountCodeDetails, uses: (doc.uses as number) ?? 0 },
      today,
    );
    return {
      id: doc.id,
      code: doc.code,
      name: doc.name ?? null,
      category: doc.category,
      service_ids: doc.service_ids,
      product_ids: doc.product_ids,
      kind: doc.kind,
      value: doc.value,
      valid_from: doc.valid_from,
      valid_to: doc.valid_to,
      single_use: doc.single_use,
      active: doc.active,
      refused: refused ?? null,
    };
  }

  /** `reports/customers-discount-report?from=&to=`: per customer, the discounts the period's invoices gave. */
  @Get('reports/customers-discount-report')
  @RequirePermission(Page.pos, Permission.salesReports)
  async customers(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const { today } = await accountOf(this.models, auth.tenantId);
    const from = dateFilter(query, 'from') ?? today;
    const to = dateFilter(query, 'to') ?? from;
    if (to < from) throw rejected('sales.period_reversed', 'to');
    if (addDays(from, MAX_DAYS) < to)
      throw new DomainError('sales.period_too_long', 422, { to: 'sales.period_too_long' }, { max: MAX_DAYS });
    const days = await this.models.find('customer_discount_days', {
      filter: { tenantId: auth.tenantId, date: { $gte: from, $lte: to } },
    });
    const rows = new Map<
      string,
      {
        customer_id: string | null;
        customer_name: string | null;
        invoices: number;
        gross: number;
        discount: number;
        code_discount: number;
      }
    >();
    for (const d of days) {
      const key = (d.customer_id as string | null) ?? '';
      const row = rows.get(key) ?? {
        customer_id: (d.customer_id as string | null) ?? null,
        customer_name: (d.customer_name as string | null) ?? null,
        invoices: 0,
        gross: 0,
        discount: 0,
        code_discount: 0,
      };
      row.invoices += d.invoices as number;
      row.gross += d.gross as number;
      row.discount += d.discount as number;
      row.code_discount += d.code_discount as number;
      rows.set(key, row);
    }
    const list = [...rows.values()].sort((a, b) => b.discount - a.discount);
    const totals = list.reduce(
      (t, r) => ({
        invoices: t.invoices + r.invoices,
        gross: t.gross + r.gross,
        discount: t.discount + r.discount,
        code_discount: t.code_discount + r.code_discount,
      }),
      { invoices: 0, gross: 0, discount: 0, code_discount: 0 },
    );
    return { from, to, rows: list.map((r) => ({ id: r.customer_id ?? 'walk-in', ...r })), totals };
  }
}
