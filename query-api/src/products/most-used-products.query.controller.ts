import { Controller, Get, Inject, Query } from '@nestjs/common';
import { endOfBusinessDay, Page, Permission, startOfBusinessDay } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { choiceParam, reportPeriod } from '../shared/report-period';

/** Stock operation 3 (doc1 §4): taken from the shelf for the salon's own work. */
const INTERNAL_USE = 3;

/**
 * `reports/most-used-products?from=&to=&sort=quantity|cost`: the products the salon consumed itself
 * (internal use) in a period, most used first — by quantity, or by what they cost at the average cost
 * of each use — with how many times, and the period's totals. Read from the stock movements, which
 * the inventory projection keeps with their cost.
 */
@Controller('api/merchant')
@Realm('merchant')
export class MostUsedProductsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('reports/most-used-products')
  @RequirePermission(Page.products, Permission.inventoryReports)
  async mostUsed(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await reportPeriod(this.models, auth.tenantId, query);
    const sort = choiceParam(query, 'sort', ['quantity', 'cost'] as const) ?? 'quantity';
    const { timeZone } = await accountOf(this.models, auth.tenantId);
    const groups = await this.models.aggregate('stock_operations', {
      filter: {
        tenantId: auth.tenantId,
        operation: INTERNAL_USE,
        at: {
          $gte: startOfBusinessDay(period.from as never, timeZone),
          $lte: endOfBusinessDay(period.to as never, timeZone),
        },
      },
      groupBy: ['product_id'],
      sum: ['quantity', 'cost'],
    });
    const ids = groups.map((g) => g.key.product_id as string);
    const products = new Map(
      (ids.length ? await this.models.getMany('products', ids) : [])
        .filter((p) => p.tenantId === auth.tenantId)
        .map((p) => [p.id, p]),
    );
    // an outflow is a negative movement: the salon used its opposite
    const rows = groups.map((g) => {
      const id = g.key.product_id as string;
      const p = products.get(id);
      return {
        id,
        product_id: id,
        name_en: String(p?.name_en ?? ''),
        name_ar: String(p?.name_ar ?? ''),
        barcode: (p?.barcode as string | undefined) ?? null,
        times: g.count,
        quantity: -Math.round(g.sums.quantity ?? 0),
        cost: -Math.round(g.sums.cost ?? 0),
      };
    });
    rows.sort((a, b) =>
      sort === 'cost'
        ? b.cost - a.cost || b.quantity - a.quantity || a.id.localeCompare(b.id)
        : b.quantity - a.quantity || b.cost - a.cost || a.id.localeCompare(b.id),
    );
    return {
      from: period.from,
      to: period.to,
      sort,
      rows: rows.map((r, i) => ({ rank: i + 1, ...r })),
      totals: {
        products: rows.length,
        times: rows.reduce((s, r) => s + r.times, 0),
        quantity: rows.reduce((s, r) => s + r.quantity, 0),
        cost: rows.reduce((s, r) => s + r.cost, 0),
      },
    };
  }
}
