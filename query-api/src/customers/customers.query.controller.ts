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
    // a customer merged into another has left the lists (her card stays readable by its id)
    const filter: Filter = { tenantId: auth.tenantId, merged_into: { $exists: false } };
    // the likely duplicates the front desk has to look at: registered online with a mobile on file
    if (q.filter.likely_duplicate === true || q.filter.likely_duplicate === 'true')
      filter.likely_duplicate = true;
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

  /**
   * A customer's card, with the customers she may be the same person as (`likely_duplicates`: those she
   * was flagged a likely duplicate of, and those flagged a likely duplicate of her, each as she is
   * today) and, for a customer merged into another, that one (`merged_into_customer`).
   */
  @Get(':id')
  @RequirePermission(Page.customers, Permission.viewCustomers)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('customers', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.customer');
    const [likely, mergedInto] = await Promise.all([
      this.likelyDuplicates(doc),
      typeof doc.merged_into === 'string' ? this.current(auth.tenantId, doc.merged_into) : undefined,
    ]);
    return {
      ...withType(doc, await accountOf(this.models, auth.tenantId)),
      likely_duplicates: likely.map(card),
      ...(mergedInto && { merged_into_customer: card(mergedInto) }),
    };
  }

  /**
   * What merging this customer into `into` would move, for the desk to confirm: her visits (to come and
   * past), invoices, gift cards, offers and packages, wallet balance, loyalty points and penalties.
   */
  @Get(':id/merge-preview')
  @RequirePermission(Page.customers, Permission.editCustomer)
  async mergePreview(@Auth() auth: AuthContext, @Param('id') id: string, @Query('into') into: unknown) {
    const doc = isUuid(id) ? await this.models.get('customers', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.customer');
    if (typeof doc.merged_into === 'string') throw new DomainError('customers.merged', 409);
    const kept =
      typeof into === 'string' && isUuid(into) ? await this.models.get('customers', into) : undefined;
    if (!kept || kept.tenantId !== auth.tenantId) throw rejected('not_found.customer', 'into');
    if (kept.id === doc.id) throw rejected('customers.merge_into_itself', 'into');
    if (typeof kept.merged_into === 'string') throw rejected('customers.merged', 'into');
    const ids = [doc.id, ...((doc.merged_ids as string[] | undefined) ?? [])];
    const mine = { tenantId: auth.tenantId, customer_id: { $in: ids } };
    const now = new Date().toISOString();
    const { today } = await accountOf(this.models, auth.tenantId);
    const [upcoming, visits, invoices, giftCards, offers] = await Promise.all([
      this.models.count('appointments', { ...mine, status: { $in: [1, 2] }, end: { $gte: now } }),
      this.models.count('appointments', mine),
      this.models.count('invoices', mine),
      this.models.count('gift_cards', { ...mine, remaining: { $gt: 0 }, expires_on: { $gte: today } }),
      this.models.count('customer_offers', { ...mine, closed: false, sessions_left: { $gt: 0 } }),
    ]);
    return {
      customer: card(doc),
      into: card(kept),
      moves: {
        visits,
        upcoming_visits: upcoming,
        invoices,
        gift_cards: giftCards,
        offers,
        wallet_balance: (doc.wallet_balance as number | undefined) ?? 0,
        loyalty_points: (doc.loyalty_points as number | undefined) ?? 0,
        penalties: (doc.penalties as number | undefined) ?? 0,
      },
    };
  }

  /** The customer an id stands for today (merged into another since: that one). */
  private async current(tenantId: string, id: string): Promise<Doc | undefined> {
    let doc = await this.models.get('customers', id);
    for (let hops = 0; doc && typeof doc.merged_into === 'string' && hops < 20; hops += 1)
      doc = await this.models.get('customers', doc.merged_into);
    return doc && doc.tenantId === tenantId ? doc : undefined;
  }

  private async likelyDuplicates(doc: Doc): Promise<Doc[]> {
    if (typeof doc.merged_into === 'string') return [];
    const tenantId = doc.tenantId as string;
    const of = (doc.likely_duplicate_of as string[] | undefined) ?? [];
    // those flagged a likely duplicate of her share her mobile
    const sameMobile =
      typeof doc.mobile_key === 'string'
        ? await this.models.find('customers', {
            filter: { tenantId, mobile_key: doc.mobile_key, likely_duplicate: true },
            limit: 50,
          })
        : [];
    const flaggedOfHer = sameMobile.filter((c) =>
      ((c.likely_duplicate_of as string[] | undefined) ?? []).includes(doc.id),
    );
    const found = [
      ...(await Promise.all(of.map((id) => this.current(tenantId, id)))),
      ...flaggedOfHer.filter((c) => typeof c.merged_into !== 'string'),
    ];
    const seen = new Set([doc.id]);
    return found.filter((c): c is Doc => !!c && !seen.has(c.id) && !!seen.add(c.id));
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

/** A customer as another customer's card names her: enough to recognise and open her. */
const card = (doc: Doc) => ({
  id: doc.id,
  name: doc.name,
  mobile: doc.mobile,
  email: doc.email ?? null,
  serial: doc.serial,
  created_at: doc.created_at,
  invoices_count: doc.invoices_count ?? 0,
  last_invoice_date: doc.last_invoice_date ?? null,
});

/** Runs the customers projection over one customer's events, in memory. */
const replay = async (events: RecordedEvent[], id: string): Promise<Doc> => {
  const changes = await projectBatch(customersProjection, 0, events, async () => new Map());
  const upsert = changes.find((c) => c.kind === 'upsert' && c.doc.id === id);
  if (!upsert || upsert.kind !== 'upsert') throw notFound('not_found.customer');
  const { _pos: _ignored, ...doc } = upsert.doc;
  return doc as Doc;
};
