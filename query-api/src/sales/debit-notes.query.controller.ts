import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { isUuid, notFound, Page, Permission, rejected } from '@rawnaq/contracts';
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

  /**
   * `accounting/accounting-notes` (spec doc1 §2): the credit and debit notes together, newest first,
   * each with its `kind`; the filters of both lists and `kind` (credit or debit). Notes are few beside
   * invoices: each page is read from both lists up to its end and merged.
   */
  @Get('accounting-notes')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async notes(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['issued_at'],
      defaultSort: ['issued_at', 'desc'],
    });
    const kind = q.filter.kind;
    if (kind !== undefined && kind !== 'credit' && kind !== 'debit')
      throw rejected('errors.invalid_input', 'kind');
    const filter = {
      tenantId: auth.tenantId,
      ...dateRangeFilter(q.filter, 'business_date'),
      ...textFilters(q.filter, ['invoice_id', 'customer_id', 'einvoicing']),
    };
    const sort: Array<[string, 'asc' | 'desc']> = [
      ['issued_at', q.sort[0]?.[1] ?? 'desc'],
      ['number', q.sort[0]?.[1] ?? 'desc'],
    ];
    const kinds = (['credit', 'debit'] as const).filter((k) => kind === undefined || kind === k);
    const read = await Promise.all(
      kinds.map(async (k) => {
        const collection = k === 'credit' ? 'credit_notes' : 'debit_notes';
        const [docs, total] = await Promise.all([
          this.models.find(collection, { filter, sort, limit: q.skip + q.limit }),
          this.models.count(collection, filter),
        ]);
        return {
          docs: docs.map(
            (d) => ({ ...withoutTenant(d), kind: k }) as { id: string; kind: string; issued_at?: unknown },
          ),
          total,
        };
      }),
    );
    const direction = sort[0][1] === 'asc' ? 1 : -1;
    const merged = read
      .flatMap((r) => r.docs)
      .sort((a, b) => direction * String(a.issued_at).localeCompare(String(b.issued_at)));
    const total = read.reduce((sum, r) => sum + r.total, 0);
    return page(res, 'accounting-notes', q, merged.slice(q.skip, q.skip + q.limit), total);
  }

  @Get('debit-notes/:id')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('debit_notes', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.debit_note');
    return withoutTenant(doc);
  }
}
