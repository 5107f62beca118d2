import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { isUuid, notFound, Page, Permission } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type ReadModels,
} from '@rawnaq/platform';
import { page, parseListQuery, withoutTenant } from '../shared/list-query';
import { billsFilter } from './expenses.query.controller';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Query = Record<string, unknown>;

/** Purchases (issue 25): the supplier's invoices for stock, what each brought and what it still owes. Read with 62. */
@Controller('api/merchant')
@Realm('merchant')
export class PurchasesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('purchases')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['number', 'date', 'due_date', 'total', 'owed'],
      defaultSort: ['number', 'desc'],
    });
    const where = billsFilter(auth.tenantId, q.filter, ['supplier_id']);
    const [docs, total] = await Promise.all([
      this.models.find('purchases', { filter: where, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('purchases', where),
    ]);
    return page(res, 'purchases', q, docs.map(withoutTenant), total);
  }

  /**
   * The products a purchase may bring (the active ones), with what is on the shelf and its average cost
   * (minor units): read by whoever keeps the books, who need not manage the products.
   */
  @Get('purchase-products')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async products(@Auth() auth: AuthContext) {
    const docs = await this.models.find('products', {
      filter: { tenantId: auth.tenantId, status: 1 },
      sort: [['name_en', 'asc']],
      limit: 1000,
    });
    return docs.map((p) => ({
      id: p.id,
      name_en: p.name_en,
      name_ar: p.name_ar,
      quantity: p.quantity,
      average_cost: p.average_cost,
    }));
  }

  @Get('purchases/:id')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('purchases', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('accounting.purchase_not_found');
    return withoutTenant(doc);
  }
}
