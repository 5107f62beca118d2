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
import { dateRangeFilter, page, parseListQuery, textFilters, withoutTenant } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/** `accounting/debit-note` (issue 11): the debit notes as issued, for whoever sees invoices (page 3, 14). */
@Controller('api/merchant')
@Realm('merchant')
export class DebitNotesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('debit-notes')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['number', 'issued_at', 'business_date', 'total'],
      defaultSort: ['number', 'desc'],
    });
    const filter = {
      tenantId: auth.tenantId,
      ...dateRangeFilter(q.filter, 'business_date'),
      ...textFilters(q.filter, ['invoice_id', 'customer_id', 'einvoicing']),
    };
    const [docs, total] = await Promise.all([
      this.models.find('debit_notes', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('debit_notes', filter),
    ]);
    return page(res, 'debit-notes', q, docs.map(withoutTenant), total);
  }

  @Get('debit-notes/:id')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('debit_notes', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.debit_note');
    return withoutTenant(doc);
  }
}
