import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  endOfBusinessDay,
  isBusinessDate,
  notFound,
  Page,
  Permission,
  rejected,
  startOfBusinessDay,
  toDecimalString,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequireAnyPermission,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { pricingOf, priced } from '../shared/pricing';
import { accountOf } from '../shared/account';
import { idsOf, intFilter, page, parseFilter, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Query = Record<string, unknown>;

@Controller('api/merchant')
@Realm('merchant')
export class ProductsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** A date range of the account's business days (from/to, inclusive) as instants. */
  private async period(
    tenantId: string,
    f: Record<string, unknown>,
  ): Promise<{ $gte?: string; $lte?: string } | undefined> {
    const { timeZone } = await accountOf(this.models, tenantId);
    const range: { $gte?: string; $lte?: string } = {};
    for (const [field, op] of [
      ['from', '$gte'],
      ['to', '$lte'],
    ] as const) {
      const v = f[field];
      if (v === undefined || v === '') continue;
      if (!isBusinessDate(v)) throw rejected('validation.should_be_a_date', field);
      range[op] = field === 'from' ? startOfBusinessDay(v, timeZone) : endOfBusinessDay(v, timeZone);
    }
    return range.$gte || range.$lte ? range : undefined;
  }

  @Get('products')
  @RequirePermission(Page.products, Permission.viewProducts)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name_en', 'name_ar', 'price', 'quantity', 'created_at'],
      defaultSort: ['name_en', 'asc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    const ids = idsOf(q.filter);
    if (ids) filter.id = { $in: ids };
    for (const field of ['status', 'usage_type', 'vat_type'] as const) {
      const v = intFilter(q.filter, field);
      if (v !== undefined) filter[field] = v;
    }
    if (q.filter.low_stock === true || q.filter.low_stock === 'true') filter.low_stock = true;
    const search = typeof q.filter.q === 'string' ? q.filter.q.trim() : '';
    if (search)
      filter.$or = /^\d+$/.test(search)
        ? [{ barcode: { $prefix: search } }]
        : [{ name_en: { $contains: search } }, { name_ar: { $contains: search } }];
    const [docs, total, pricing] = await Promise.all([
      this.models.find('products', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('products', filter),
      pricingOf(this.models, auth.tenantId),
    ]);
    return page(
      res,
      'products',
      q,
      docs.map((d) => priced(d, pricing)),
      total,
    );
  }

  @Get('products/:id')
  @RequirePermission(Page.products, Permission.viewProducts)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = await this.models.get('products', id);
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.product');
    return priced(doc, await pricingOf(this.models, auth.tenantId));
  }

  /** Every stock movement (the stock-operations screen and the inventory-movements report). */
  @Get('stock-operations')
  @RequireAnyPermission(
    [Page.products, Permission.viewProducts],
    [Page.products, Permission.inventoryReports],
  )
  async operations(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['at'],
      defaultSort: ['at', 'desc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    if (typeof q.filter.product_id === 'string' && q.filter.product_id)
      filter.product_id = q.filter.product_id;
    const operation = intFilter(q.filter, 'operation');
    if (operation !== undefined) filter.operation = operation;
    const at = await this.period(auth.tenantId, q.filter);
    if (at) filter.at = at;
    const [docs, total, pricing] = await Promise.all([
      this.models.find('stock_operations', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('stock_operations', filter),
      pricingOf(this.models, auth.tenantId),
    ]);
    const money = (amount: unknown) =>
      typeof amount === 'number' ? toDecimalString({ amount, currency: pricing.currency }) : null;
    return page(
      res,
      'stock-operations',
      q,
      docs.map(({ tenantId: _t, ...d }) => ({
        ...d,
        id: d.id,
        unit_cost: money(d.unit_cost),
        average_cost: money(d.average_cost),
      })),
      total,
    );
  }

  /** Inventory status: what is on the shelf and its value at average cost, with the totals. */
  @Get('reports/inventory-status')
  @RequirePermission(Page.products, Permission.inventoryReports)
  async status(@Auth() auth: AuthContext) {
    const pricing = await pricingOf(this.models, auth.tenantId);
    const filter = { tenantId: auth.tenantId, status: 1 };
    const [rows, [totals]] = await Promise.all([
      this.models.find('products', { filter, sort: [['name_en', 'asc']] }),
      this.models.aggregate('products', { filter, sum: ['quantity', 'stock_value'] }),
    ]);
    return {
      id: 'inventory-status',
      currency: pricing.currency,
      products: rows.map((d) => priced(d, pricing)),
      total_quantity: totals?.sums.quantity ?? 0,
      total_value: toDecimalString({
        amount: Math.round(totals?.sums.stock_value ?? 0),
        currency: pricing.currency,
      }),
      low_stock: rows.filter((r) => r.low_stock === true).length,
    };
  }

  /** Internal use: what was taken from the shelf for the salon's own work, per product, in a period. */
  @Get('reports/internal-use')
  @RequirePermission(Page.products, Permission.inventoryReports)
  async internalUse(@Auth() auth: AuthContext, @Query('filter') raw: string | undefined) {
    const f = parseFilter(raw);
    const filter: Filter = { tenantId: auth.tenantId, operation: 3 };
    const at = await this.period(auth.tenantId, f);
    if (at) filter.at = at;
    const rows = await this.models.aggregate('stock_operations', {
      filter,
      groupBy: ['product_id', 'product_name_en', 'product_name_ar'],
      sum: ['quantity'],
    });
    return {
      id: 'internal-use',
      rows: rows
        .map((r) => ({
          product_id: r.key.product_id,
          name_en: r.key.product_name_en,
          name_ar: r.key.product_name_ar,
          times: r.count,
          quantity: -r.sums.quantity,
        }))
        .sort((a, b) => b.quantity - a.quantity),
    };
  }
}
