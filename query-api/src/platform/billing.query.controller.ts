import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { PAID_PLANS, PLATFORM_TIME_ZONE, toDecimalString, today, type Currency } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Public,
  Realm,
  TOKENS,
  type AuthContext,
  type Clock,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { intFilter, notFoundRecord, page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/** The platform's invoices, payments and requests are a few per salon a year: read in memory when joined. */
const ALL = 100_000;

/** What an invoice's public page and the salon see: the invoice, what is paid and what is due. */
const invoiceView = (d: Doc) => ({ ...d, due: (d.total as number) - ((d.paid as number) ?? 0) });

/** A price as the plan's form shows it: decimal text in its currency's decimals. */
const decimal = (minor: number, currency: string) =>
  toDecimalString({ amount: minor, currency: currency as Currency });
const planView = (d: Doc) => ({
  id: d.id,
  // the form's fields: the features one a line, and each country's prices
  features_en_text: ((d.features_en as string[] | undefined) ?? []).join('\n'),
  features_ar_text: ((d.features_ar as string[] | undefined) ?? []).join('\n'),
  ...Object.fromEntries(
    (
      (d.prices as Array<{ country_id: number; currency: string; monthly: number; yearly: number }>) ?? []
    ).flatMap((p) => [
      [`monthly_${p.country_id}`, decimal(p.monthly, p.currency)],
      [`yearly_${p.country_id}`, decimal(p.yearly, p.currency)],
    ]),
  ),
  plan: d.plan,
  name_en: d.name_en,
  name_ar: d.name_ar,
  max_employees: d.max_employees,
  features_en: d.features_en,
  features_ar: d.features_ar,
  prices: d.prices,
});

/** The plans in their order (basic, advanced, premium), only those the manager has defined. */
const orderedPlans = async (models: ReadModels) => {
  const docs = await models.find('plans', { limit: 10 });
  return PAID_PLANS.map((p) => docs.find((d) => d.id === p)).filter((d): d is Doc => !!d);
};
/** The manager's list: the three plans always, those not priced yet empty (to be priced). */
const emptyPlan = (id: string) => ({
  id,
  plan: id,
  prices: [],
  features_en: [],
  features_ar: [],
  features_en_text: '',
  features_ar_text: '',
});

@Controller('api/manager')
@Realm('manager')
export class BillingQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Get('plans')
  async plans(@Res({ passthrough: true }) res: Response) {
    const defined = await orderedPlans(this.models);
    const rows = PAID_PLANS.map((p) => {
      const doc = defined.find((d) => d.id === p);
      return doc ? planView(doc) : emptyPlan(p);
    });
    res.setHeader('Content-Range', `plans 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    return rows;
  }

  @Get('plans/:id')
  async plan(@Param('id') id: string) {
    if (!(PAID_PLANS as readonly string[]).includes(id)) throw notFoundRecord();
    const doc = await this.models.get('plans', id);
    // a plan not defined yet is shown empty, ready to be priced
    return doc ? planView(doc) : emptyPlan(id);
  }

  @Get('billing-seller/platform')
  async seller() {
    return { id: 'platform', ...((await this.models.get('billing_seller', 'platform')) ?? {}) };
  }

  @Get('account-invoices')
  async invoices(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['number', 'issue_date', 'total', 'status', 'account_id'],
      defaultSort: ['number', 'desc'],
    });
    const filter: Filter = {};
    const account = intFilter(q.filter, 'account_id');
    if (account !== undefined) filter.account_id = account;
    if (typeof q.filter.status === 'string') filter.status = q.filter.status;
    const [docs, total] = await Promise.all([
      this.models.find('account_invoices', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('account_invoices', filter),
    ]);
    return page(res, 'account-invoices', q, docs.map(invoiceView), total);
  }

  @Get('account-invoices/:id')
  async invoice(@Param('id') id: string) {
    const doc = /^[0-9a-f-]{36}$/.test(id) ? await this.models.get('account_invoices', id) : undefined;
    if (!doc) throw notFoundRecord();
    const payments = await this.models.find('account_payments', {
      filter: { invoice_id: id },
      sort: [['paid_at', 'asc']],
      limit: 100,
    });
    return { ...invoiceView(doc), payments };
  }

  @Get('account-payments')
  async payments(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['paid_at', 'amount', 'invoice_number'],
      defaultSort: ['paid_at', 'desc'],
    });
    const filter: Filter = {};
    const account = intFilter(q.filter, 'account_id');
    if (account !== undefined) filter.account_id = account;
    const [docs, total] = await Promise.all([
      this.models.find('account_payments', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('account_payments', filter),
    ]);
    return page(res, 'account-payments', q, docs, total);
  }

  @Get('payment-requests')
  async requests(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['number', 'sent_at'],
      defaultSort: ['number', 'desc'],
    });
    const [docs, total] = await Promise.all([
      this.models.find('account_payment_requests', { sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('account_payment_requests', {}),
    ]);
    return page(res, 'payment-requests', q, await this.withInvoiceStatus(docs), total);
  }

  @Get('payment-requests/:id')
  async request(@Param('id') id: string) {
    const doc = /^[0-9a-f-]{36}$/.test(id)
      ? await this.models.get('account_payment_requests', id)
      : undefined;
    if (!doc) throw notFoundRecord();
    return (await this.withInvoiceStatus([doc]))[0];
  }

  /** A request is paid or cancelled as its invoice is. */
  private async withInvoiceStatus(docs: Doc[]) {
    return Promise.all(
      docs.map(async (d) => {
        const invoice = await this.models.get('account_invoices', String(d.invoice_id));
        return { ...d, status: invoice?.status ?? 'unpaid' };
      }),
    );
  }

  /**
   * `advanced-accounting` (manager): the salons with the advanced accounting add-on switched on (1, or
   * 2 once their books are opened), with the last add-on invoice each was sent (its price and status).
   */
  @Get('advanced-accounting')
  async advancedAccounting(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['account_id', 'name_en', 'name_ar'],
      defaultSort: ['account_id', 'asc'],
    });
    const filter: Filter = { advanced_accounting_status: { $in: [1, 2] } };
    const [docs, total] = await Promise.all([
      this.models.find('accounts', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('accounts', filter),
    ]);
    const rows = await Promise.all(
      docs.map(async (a) => {
        const [last] = await this.models.find('account_invoices', {
          filter: { account_id: a.account_id as number, addon: 'advanced_accounting' },
          sort: [['number', 'desc']],
          limit: 1,
        });
        return {
          id: a.id,
          account_id: a.account_id,
          name_en: a.name_en,
          name_ar: a.name_ar,
          advanced_accounting_status: a.advanced_accounting_status,
          last_invoice: last
            ? {
                id: last.id,
                number: last.number,
                total: last.total,
                currency: last.currency,
                status: last.status,
              }
            : null,
        };
      }),
    );
    return page(res, 'advanced-accounting', q, rows, total);
  }

  /**
   * The platform's paid revenue by month of payment, per currency: net and VAT in minor units (the
   * dashboard's chart). `months` back from this month, 12 by default.
   */
  @Get('accounting/revenue-by-month')
  async revenue(@Query('months') monthsText?: string) {
    const months = Math.min(Math.max(Number(monthsText) || 12, 1), 60);
    const thisMonth = today(this.clock.now(), PLATFORM_TIME_ZONE).slice(0, 7);
    const [y, m] = thisMonth.split('-').map(Number);
    const first = new Date(Date.UTC(y, m - 1 - (months - 1), 1)).toISOString().slice(0, 7);
    const payments = await this.models.find('account_payments', { limit: ALL });
    const rows = new Map<
      string,
      { id: string; month: string; currency: string; net: number; vat: number; total: number }
    >();
    for (const p of payments) {
      const month = String(p.paid_on).slice(0, 7);
      if (month < first || month > thisMonth) continue;
      const id = `${month}|${String(p.currency)}`;
      const row = rows.get(id) ?? { id, month, currency: String(p.currency), net: 0, vat: 0, total: 0 };
      row.net += p.net as number;
      row.vat += p.vat as number;
      row.total += p.amount as number;
      rows.set(id, row);
    }
    return [...rows.values()].sort((a, b) => a.id.localeCompare(b.id));
  }
}

/** A salon's own invoices from the platform (`setting/general-setting`), and the pricing page's plans. */
@Controller('api/merchant/account-invoices')
@Realm('merchant')
export class MerchantAccountInvoicesController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get()
  async list(@Auth() auth: AuthContext, @Res({ passthrough: true }) res: Response) {
    const docs = await this.models.find('account_invoices', {
      filter: { account_id: Number(auth.tenantId) },
      sort: [['number', 'desc']],
      limit: 500,
    });
    res.setHeader('Content-Range', `account-invoices 0-${Math.max(docs.length - 1, 0)}/${docs.length}`);
    return docs.map(invoiceView);
  }

  @Get(':uniqueId')
  async one(@Auth() auth: AuthContext, @Param('uniqueId') uniqueId: string) {
    const [doc] = /^[\w-]{10,40}$/.test(uniqueId)
      ? await this.models.find('account_invoices', { filter: { unique_id: uniqueId }, limit: 1 })
      : [];
    if (!doc || doc.account_id !== Number(auth.tenantId)) throw notFoundRecord();
    return { ...invoiceView(doc), id: doc.unique_id };
  }
}

@Controller('api/public')
export class PublicBillingController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** The plans as the manager sets them, for the website's pricing page. */
  @Get('plans')
  @Public()
  async plans() {
    return (await orderedPlans(this.models)).map(planView);
  }

  /** An invoice of the platform by its link (the owner's mail): both languages, what is due. */
  @Get('account-invoices/:uniqueId')
  @Public()
  async invoice(@Param('uniqueId') uniqueId: string) {
    const [doc] = /^[\w-]{10,40}$/.test(uniqueId)
      ? await this.models.find('account_invoices', { filter: { unique_id: uniqueId }, limit: 1 })
      : [];
    if (!doc) throw notFoundRecord();
    const { id: _id, ...rest } = invoiceView(doc);
    return { ...rest, id: doc.unique_id };
  }
}
