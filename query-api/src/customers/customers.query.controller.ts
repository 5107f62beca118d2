import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  businessDate,
  customerSearch,
  customerType,
  CUSTOMER_CATEGORY,
  DomainError,
  isUuid,
  mobileSearchDigits,
  notFound,
  Page,
  Permission,
  recentSince,
  rejected,
  startOfBusinessDay,
  streamName,
  type RecordedEvent,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type EventStore,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { customersProjection, projectBatch } from '@rawnaq/projections';
import { accountOf } from '../shared/account';
import { idsOf, intFilter, page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const TYPES = ['new', 'frequent', 'missed'] as const;

/**
 * The customer type is worked out against today (it changes as days pass without any event), from the
 * day she joined while she has no invoice yet.
 */
export const withType = (
  { tenantId: _tenant, ...doc }: Doc,
  { today, timeZone }: { today: string; timeZone: TenantTimeZone },
): Doc => ({
  ...doc,
  type: customerType(
    (doc.invoices_count as number) ?? 0,
    (doc.last_invoice_date as string | null) ?? undefined,
    today,
    typeof doc.created_at === 'string' ? businessDate(doc.created_at, timeZone) : undefined,
  ),
});

@Controller('api/merchant/customers')
@Realm('merchant')
export class CustomersQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.eventStore) private readonly events: EventStore,
  ) {}

  @Get()
  @RequirePermission(Page.customers, Permission.viewCustomers)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['serial', 'name', 'created_at', 'last_invoice_date', 'mobile'],
      defaultSort: ['serial', 'desc'],
    });
    const account = await accountOf(this.models, auth.tenantId);
    const { today } = account;
    const and: Filter[] = [];
    const filter: Filter = { tenantId: auth.tenantId };
    const ids = idsOf(q.filter);
    if (ids) filter.id = { $in: ids };
    const search = typeof q.filter.q === 'string' ? q.filter.q.trim() : '';
    if (search) {
      const mixed = customerSearch(search);
      if (mixed) throw rejected(mixed.key, 'q');
      // a number finds the customer however it is written (+966…, 00966…, 05…, 5…): the search is
      // normalised as the mobiles are (`mobile_key`)
      const digits = mobileSearchDigits(search);
      and.push(
        digits !== undefined
          ? { mobile_key: { $contains: digits } }
          : { $or: [{ name: { $contains: search } }, { email: { $contains: search } }] },
      );
    }
    for (const field of ['status', 'gender', 'nationality_id'] as const) {
      const v = intFilter(q.filter, field);
      if (v !== undefined) filter[field] = v;
    }
    const type = q.filter.type;
    if (type !== undefined && type !== '') {
      if (!TYPES.includes(type as never)) throw rejected('errors.invalid_input', 'type');
      const since = recentSince(today);
      // without an invoice, the day she joined counts as her last (`customerType`)
      const joinedSince = startOfBusinessDay(since, account.timeZone);
      if (type === 'missed')
        and.push({
          $or: [
            { invoices_count: 0, created_at: { $lt: joinedSince } },
            { invoices_count: { $gt: 0 }, last_invoice_date: { $lt: since } },
          ],
        });
      else if (type === 'new')
        and.push({
          $or: [
            { invoices_count: 0, created_at: { $gte: joinedSince } },
            { invoices_count: 1, last_invoice_date: { $gte: since } },
          ],
        });
      else and.push({ invoices_count: { $gt: 1 }, last_invoice_date: { $gte: since } });
    }
    if (and.length) filter.$and = and;
    const [docs, total] = await Promise.all([
      this.models.find('customers', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('customers', filter),
    ]);
    return page(
      res,
      'customers',
      q,
      docs.map((d) => withType(d, account)),
      total,
    );
  }

  @Get(':id')
  @RequirePermission(Page.customers, Permission.viewCustomers)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('customers', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.customer');
    return withType(doc, await accountOf(this.models, auth.tenantId));
  }

  /** An auditor's view: the customer replayed from its events up to an instant. */
  @Get(':id/as-of')
  @RequirePermission(Page.advancedAccounting, Permission.viewRecordsAsOf)
  async asOf(@Auth() auth: AuthContext, @Param('id') id: string, @Query('at') at: string | undefined) {
    if (!at || Number.isNaN(Date.parse(at)) || !/^\d{4}-\d{2}-\d{2}T/.test(at))
      throw rejected('errors.invalid_instant', 'at');
    const current = isUuid(id) ? await this.models.get('customers', id) : undefined;
    if (!current || current.tenantId !== auth.tenantId) throw notFound('not_found.customer');
    const events = await this.events.readStream(streamName(CUSTOMER_CATEGORY, auth.tenantId, id), {
      asOf: new Date(at).toISOString(),
    });
    if (events.length === 0) throw new DomainError('not_found.customer', 404);
    const doc = await replay(events, id);
    // the serial is the salon's running number, fixed at registration: take it from today's record
    return withType(
      { ...doc, serial: current.serial, as_of: new Date(at).toISOString() },
      await accountOf(this.models, auth.tenantId),
    );
  }
}

/** Runs the customers projection over one customer's events, in memory. */
const replay = async (events: RecordedEvent[], id: string): Promise<Doc> => {
  const changes = await projectBatch(customersProjection, 0, events, async () => new Map());
  const upsert = changes.find((c) => c.kind === 'upsert' && c.doc.id === id);
  if (!upsert || upsert.kind !== 'upsert') throw notFound('not_found.customer');
  const { _pos: _ignored, ...doc } = upsert.doc;
  return doc as Doc;
};
