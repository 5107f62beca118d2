import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import {
  addDays,
  customerOfferStatus,
  daysToExpiry,
  isUuid,
  notFound,
  Page,
  Permission,
  rejected,
} from '@rawnaq/contracts';
import {
  Auth,
  Public,
  Realm,
  RequireAnyPermission,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { customerIdCondition } from '../shared/customer-ids';
import { accountOf } from '../shared/account';
import { dateFilter, intFilter, textFilters, withoutTenant } from '../shared/list-query';

/** At most this many purchases in one answer (a salon's open ones fit many times over). */
const MAX_ROWS = 5000;
const STATUSES = ['active', 'expired', 'all'] as const;

/** A purchase as the salon's screens read it: its status and days to its last day, worked out for today. */
const shown = (
  doc: Doc,
  today: string,
): Record<string, unknown> & {
  id: string;
  status: ReturnType<typeof customerOfferStatus>;
  days_left: number;
} => ({
  ...(withoutTenant(doc) as Record<string, unknown> & { id: string }),
  status: customerOfferStatus(
    doc as unknown as { closed?: boolean; sessions_left: number; expires_on: string },
    today,
  ),
  days_left: daysToExpiry(doc.expires_on as string, today),
});

/**
 * The offers and packages customers bought (issue 11): a customer's (her card, and the till when it
 * pays a line by a session), one purchase, and the unused-offers report.
 */
@Controller('api/merchant')
@Realm('merchant')
export class CustomerOffersQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** `customers/:id/offers`: what she bought, the usable ones first, each with its sessions left. */
  @Get('customers/:id/offers')
  @RequireAnyPermission([Page.customers, Permission.viewCustomers], [Page.pos, Permission.sell])
  async ofCustomer(@Auth() auth: AuthContext, @Param('id') id: string) {
    const customer = isUuid(id) ? await this.models.get('customers', id) : undefined;
    if (!customer || customer.tenantId !== auth.tenantId) throw notFound('not_found.customer');
    const { today } = await accountOf(this.models, auth.tenantId);
    const docs = await this.models.find('customer_offers', {
      // hers, and those of customers merged into her
      filter: {
        tenantId: auth.tenantId,
        customer_id: await customerIdCondition(this.models, auth.tenantId, id),
      },
      sort: [['expires_on', 'asc']],
      limit: 500,
    });
    const rows = docs.map((d) => shown(d, today));
    const order = { active: 0, expired: 1, used: 2, closed: 3 } as const;
    rows.sort((a, b) => order[a.status] - order[b.status]);
    return { id, customer_id: id, customer_name: customer.name, today, offers: rows };
  }

  @Get('customer-offers/:id')
  @RequireAnyPermission([Page.customers, Permission.viewCustomers], [Page.pos, Permission.sell])
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('customer_offers', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.customer_offer');
    return shown(doc, (await accountOf(this.models, auth.tenantId)).today);
  }

  /**
   * `reports/unused-customers-offers-report?from=&to=&customer_id=&expiring_within=&status=`: per
   * customer and purchase, the sessions left and what they are worth (docs/api.md), sold between
   * `from` and `to` (any time when not given); `active` (the default) those still usable, `expired`
   * those that ran out with sessions left, `all` both; `expiring_within` days from today.
   */
  @Get('reports/unused-customers-offers-report')
  @RequirePermission(Page.pos, Permission.salesReports)
  async report(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const { today } = await accountOf(this.models, auth.tenantId);
    const from = dateFilter(query, 'from');
    const to = dateFilter(query, 'to');
    if (from && to && to < from) throw rejected('sales.period_reversed', 'to');
    const status = query.status === undefined || query.status === '' ? 'active' : query.status;
    if (!STATUSES.includes(status as never)) throw rejected('validation.invalid_value', 'status');
    const within = intFilter(query, 'expiring_within');
    if (within !== undefined && within > 3650) throw rejected('validation.invalid_value', 'expiring_within');
    const expiry: Record<string, string> = {};
    if (status === 'active') expiry.$gte = today;
    if (status === 'expired') expiry.$lt = today;
    if (within !== undefined) {
      expiry.$gte = today;
      expiry.$lte = addDays(today, within);
      if (status === 'expired') expiry.$lt = '0000-00-00';
    }
    const filter: Filter = {
      tenantId: auth.tenantId,
      closed: false,
      sessions_left: { $gt: 0 },
      ...textFilters(query, ['customer_id']),
      ...((from || to) && { business_date: { ...(from && { $gte: from }), ...(to && { $lte: to }) } }),
      ...(Object.keys(expiry).length && { expires_on: expiry }),
    };
    const docs = await this.models.find('customer_offers', {
      filter,
      sort: [['expires_on', 'asc']],
      limit: MAX_ROWS,
    });
    const rows = docs
      .map((d) => shown(d, today))
      .sort(
        (a, b) =>
          String(a.customer_name).localeCompare(String(b.customer_name)) ||
          String(a.expires_on).localeCompare(String(b.expires_on)),
      )
      .map((r) => ({
        id: r.id,
        customer_id: r.customer_id,
        customer_name: r.customer_name,
        kind: r.kind,
        name_en: r.name_en,
        name_ar: r.name_ar,
        unique_id: r.unique_id,
        invoice_id: r.invoice_id,
        invoice_number: r.invoice_number,
        business_date: r.business_date,
        expires_on: r.expires_on,
        days_left: r.days_left,
        status: r.status,
        services: r.services,
        sessions_total: r.allowance,
        sessions_used: r.sessions_used,
        sessions_left: r.sessions_left,
        price: r.price,
        value_left: r.value_left,
      }));
    const totals = rows.reduce(
      (t, r) => ({
        purchases: t.purchases + 1,
        customers: t.customers,
        sessions_total: t.sessions_total + (r.sessions_total as number),
        sessions_used: t.sessions_used + (r.sessions_used as number),
        sessions_left: t.sessions_left + (r.sessions_left as number),
        price: t.price + (r.price as number),
        value_left: t.value_left + (r.value_left as number),
      }),
      {
        purchases: 0,
        customers: new Set(rows.map((r) => r.customer_id)).size,
        sessions_total: 0,
        sessions_used: 0,
        sessions_left: 0,
        price: 0,
        value_left: 0,
      },
    );
    return { from: from ?? null, to: to ?? null, today, status, rows, totals };
  }
}

/** `e-offer/{uniqueId}`: a purchased offer or package as its customer sees it, from its link. */
@Controller('api/public')
export class PublicCustomerOffersController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('e-offer/:uniqueId')
  @Public()
  async eOffer(@Param('uniqueId') uniqueId: string) {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(uniqueId)) throw notFound('not_found.customer_offer');
    const [doc] = await this.models.find('customer_offers', { filter: { unique_id: uniqueId }, limit: 1 });
    if (!doc) throw notFound('not_found.customer_offer');
    const { doc: account, today } = await accountOf(this.models, doc.tenantId as string);
    const r = shown(doc, today);
    return {
      kind: r.kind,
      name_en: r.name_en,
      name_ar: r.name_ar,
      description_en: r.description_en ?? null,
      description_ar: r.description_ar ?? null,
      customer_name: r.customer_name,
      services: r.services,
      sessions_total: r.allowance,
      sessions_used: r.sessions_used,
      sessions_left: r.sessions_left,
      total: r.total,
      currency: r.currency,
      invoice_number: r.invoice_number,
      business_date: r.business_date,
      expires_on: r.expires_on,
      days_left: r.days_left,
      status: r.status,
      uses: (r.uses as Array<Record<string, unknown>>)
        .filter((u) => !u.returned)
        .map((u) => ({
          service_id: u.service_id,
          business_date: u.business_date,
          invoice_number: u.invoice_number,
        })),
      salon: { name_en: account.name_en ?? '', name_ar: account.name_ar ?? '' },
    };
  }
}
