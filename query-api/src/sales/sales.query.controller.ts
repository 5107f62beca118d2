import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  addDays,
  currencyOfCountry,
  DomainError,
  invoiceNoteRefusal,
  isCountryId,
  isUuid,
  notFound,
  Page,
  Permission,
  phase1Qr,
  rejected,
  toDecimalString,
  type BusinessDate,
  type Currency,
  type DocumentEInvoicing,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Public,
  Realm,
  RequireAnyPermission,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type FileStore,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { withMergedCustomers } from '../shared/customer-ids';
import { accountOf } from '../shared/account';
import { invoicePrint } from '../shared/invoice-print';
import { priced, pricingOf } from '../shared/pricing';
import { generalSummary } from './general-summary';
import {
  dateFilter,
  dateRangeFilter,
  idsOf,
  intFilter,
  page,
  parseListQuery,
  textFilters,
  type ListQuery,
  withoutTenant,
} from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type ImageResponse = Response & { send: (b: Buffer) => void };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Reports read at most this many days or months at once (a year and a month of days). */
const MAX_DAYS = 400;

/**
 * The till's reads (issue 11): invoices and payments (page 3, view invoices 14), and the daily and
 * monthly summaries (sales reports 15), read from the totals kept per day and month, never by adding
 * up invoices.
 */
@Controller('api/merchant')
@Realm('merchant')
export class SalesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /**
   * A list of the till's records (invoices, payments, credit notes): the salon's, by business date
   * (`date` or `from`/`to`), `filters` on ids and codes, and each list's own.
   */
  private async list(
    auth: AuthContext,
    query: Record<string, unknown>,
    req: Request,
    res: Response,
    spec: {
      collection: string;
      resource: string;
      sortable: string[];
      defaultSort: [string, 'asc' | 'desc'];
      filters: readonly string[];
      more?: (q: ListQuery) => Filter;
    },
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), spec);
    // a customer's documents under any of her ids (customers merged into her)
    const filter = await withMergedCustomers(this.models, auth.tenantId, {
      tenantId: auth.tenantId,
      ...dateRangeFilter(q.filter, 'business_date'),
      ...textFilters(q.filter, spec.filters),
      ...spec.more?.(q),
    });
    const [docs, total] = await Promise.all([
      this.models.find(spec.collection, { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count(spec.collection, filter),
    ]);
    return page(res, spec.resource, q, docs.map(withoutTenant), total);
  }

  /**
   * What the till needs to sell, for whoever may sell (13) without the products', staff's or
   * settings' own permissions: the salon's VAT and sales rules, the products it sells (not the
   * salon's own supplies), and who can be named on a line (active employees shown in billing: names and the services each does).
   */
  @Get('billing/context')
  @RequirePermission(Page.pos, Permission.sell)
  async billingContext(@Auth() auth: AuthContext) {
    const { doc: account, today } = await accountOf(this.models, auth.tenantId);
    const pricing = await pricingOf(this.models, auth.tenantId);
    const [products, employees, offers, packages] = await Promise.all([
      this.models.find('products', {
        filter: { tenantId: auth.tenantId, status: 1, usage_type: { $in: [1, 2] } },
        sort: [['name_en', 'asc']],
        limit: 2000,
      }),
      this.models.find('employees', {
        filter: { tenantId: auth.tenantId, status: 1, show_in_billing: true },
        sort: [['name_en', 'asc']],
        limit: 500,
      }),
      // what a customer can buy to use later: the active offers not yet expired, the active packages
      this.models.find('offers', {
        filter: { tenantId: auth.tenantId, status: 'active', expiry_date: { $gte: today } },
        sort: [['name_en', 'asc']],
        limit: 500,
      }),
      this.models.find('packages', {
        filter: { tenantId: auth.tenantId, status: 'active' },
        sort: [['name_en', 'asc']],
        limit: 500,
      }),
    ]);
    return {
      id: 'billing',
      vat: {
        // as the invoice command reads them (settings/vat)
        vat_enabled: (account.vat_enabled as boolean | undefined) ?? true,
        vat_percentage: (account.vat_percentage as number) ?? 0,
      },
      invoice: {
        allow_price_change: account.allow_price_change === true,
        allow_debt: account.allow_debt === true,
        allow_selling_without_stock: account.allow_selling_without_stock === true,
      },
      products: products.map((p) => priced(p, pricing)),
      // with the services each does (none recorded: every one), so a line offers only those who do it
      employees: employees.map((e) => ({
        id: e.id,
        name_en: e.name_en,
        name_ar: e.name_ar,
        ...(Array.isArray(e.service_ids) && { service_ids: e.service_ids as string[] }),
      })),
      offers: offers.map((o) => priced(o, pricing)),
      packages: packages.map((p) => priced(p, pricing)),
    };
  }

  @Get('invoices')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async invoices(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(auth, query, req, res, {
      collection: 'invoices',
      resource: 'invoices',
      sortable: ['number', 'issued_at', 'business_date', 'total', 'owed'],
      defaultSort: ['number', 'desc'],
      filters: ['customer_id', 'cashier_id', 'appointment_id', 'state', 'einvoicing'],
      more: (q) => {
        const ids = idsOf(q.filter);
        const number = intFilter(q.filter, 'number');
        // `owed=true`: the receivables, invoices with an amount still owed
        const owed = q.filter.owed === true || q.filter.owed === 'true';
        return {
          ...(ids && { id: { $in: ids } }),
          ...(number !== undefined && { number }),
          ...(owed && { owed: { $gt: 0 } }),
        };
      },
    });
  }

  /**
   * `receivables`: what invoices and debit notes left owed (`owed=true`: still owed), each with its
   * document (`invoice` or `debit_note`), number, invoice and customer.
   */
  @Get('receivables')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async receivables(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(auth, query, req, res, {
      collection: 'receivables',
      resource: 'receivables',
      sortable: ['owed', 'total', 'issued_at', 'number'],
      defaultSort: ['owed', 'desc'],
      filters: ['customer_id', 'invoice_id', 'document'],
      more: (q) => {
        const ids = idsOf(q.filter);
        const owed = q.filter.owed === true || q.filter.owed === 'true';
        return { ...(ids && { id: { $in: ids } }), ...(owed && { owed: { $gt: 0 } }) };
      },
    });
  }

  @Get('invoices/:id')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async invoice(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('invoices', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.invoice');
    // who did each line and who issued it, by name: whoever may see the invoice may see that much
    const ids = (doc.employee_ids as string[] | undefined) ?? [];
    const [employees, cashier, account] = await Promise.all([
      this.models.getMany('employees', ids),
      this.models.get('users', doc.cashier_id as string),
      this.models.get('accounts', auth.tenantId),
    ]);
    return {
      ...withoutTenant(doc),
      print: invoicePrint(account),
      employee_names: Object.fromEntries(
        employees
          .filter((e) => e.tenantId === auth.tenantId)
          .map((e) => [e.id, { name_en: e.name_en, name_ar: e.name_ar }]),
      ),
      cashier_name: cashier && cashier.tenantId === auth.tenantId ? (cashier.name ?? null) : null,
    };
  }

  /**
   * `invoices/:id/note-eligibility`: whether a credit note and a debit note may be issued on the
   * invoice now, by the rule the note commands decide on (`invoiceNoteRefusal`), judged on the invoice
   * as its read model shows it (its e-invoicing following its e-invoice): each `{ allowed: true }` or
   * `{ allowed: false, key, params }`. The note pages ask it rather than judge the invoice themselves.
   */
  @Get('invoices/:id/note-eligibility')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async noteEligibility(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('invoices', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.invoice');
    const { today } = await accountOf(this.models, auth.tenantId);
    const invoice = {
      cancelled: doc.state === 'cancelled',
      owed: Number(doc.owed ?? 0),
      einvoicing: doc.einvoicing as DocumentEInvoicing,
      business_date: doc.business_date as BusinessDate,
    };
    const answer = (kind: 'credit' | 'debit') => {
      const refused = invoiceNoteRefusal(kind, invoice, today as BusinessDate);
      return refused ? { allowed: false, key: refused.key, params: refused.params ?? {} } : { allowed: true };
    };
    return { credit_note: answer('credit'), debit_note: answer('debit') };
  }

  @Get('payments')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async payments(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(auth, query, req, res, {
      collection: 'payments',
      resource: 'payments',
      sortable: ['paid_at', 'amount', 'invoice_number'],
      defaultSort: ['paid_at', 'desc'],
      filters: ['invoice_id', 'customer_id', 'cashier_id'],
      more: (q) => {
        const method = intFilter(q.filter, 'method');
        return method !== undefined ? { method } : {};
      },
    });
  }

  @Get('credit-notes')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async creditNotes(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(auth, query, req, res, {
      collection: 'credit_notes',
      resource: 'credit-notes',
      sortable: ['number', 'issued_at', 'business_date', 'total'],
      defaultSort: ['number', 'desc'],
      filters: ['invoice_id', 'customer_id', 'einvoicing'],
    });
  }

  @Get('credit-notes/:id')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async creditNote(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('credit_notes', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.credit_note');
    return withoutTenant(doc);
  }

  /**
   * `reports/daily-general-summary?from=&to=`: one row per business day that had sales, with the
   * period's totals; `reports/monthly-general-summary?from=YYYY-MM&to=YYYY-MM` the same per month.
   */
  @Get('reports/daily-general-summary')
  @RequireAnyPermission([Page.pos, Permission.salesReports], [Page.dashboard, Permission.viewDashboard])
  async daily(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const { today } = await accountOf(this.models, auth.tenantId);
    const from = dateFilter(query, 'from') ?? today;
    const to = dateFilter(query, 'to') ?? from;
    if (to < from) throw rejected('sales.period_reversed', 'to');
    if (addDays(from, MAX_DAYS) < to)
      throw new DomainError('sales.period_too_long', 422, { to: 'sales.period_too_long' }, { max: MAX_DAYS });
    const rows = await this.models.find('sales_days', {
      filter: { tenantId: auth.tenantId, date: { $gte: from, $lte: to } },
      sort: [['date', 'asc']],
    });
    return { from, to, ...generalSummary(rows) };
  }

  @Get('reports/monthly-general-summary')
  @RequireAnyPermission([Page.pos, Permission.salesReports], [Page.dashboard, Permission.viewDashboard])
  async monthly(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const { today } = await accountOf(this.models, auth.tenantId);
    const month = (field: string, fallback: string) => {
      const v = query[field];
      if (v === undefined || v === '') return fallback;
      if (typeof v !== 'string' || !MONTH.test(v)) throw rejected('sales.should_be_a_month', field);
      return v;
    };
    const from = month('from', today.slice(0, 7));
    const to = month('to', from);
    if (to < from) throw rejected('sales.period_reversed', 'to');
    const rows = await this.models.find('sales_months', {
      filter: { tenantId: auth.tenantId, month: { $gte: from, $lte: to } },
      sort: [['month', 'asc']],
      limit: MAX_DAYS,
    });
    return { from, to, ...generalSummary(rows) };
  }
}

/** The QR a (cleared) ZATCA document carries: the authority stamps a standard one with its own. */
const qrOfXml = (xml: string): string | undefined =>
  /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(xml)?.[1];

/** The customer's documents, opened from a link or a QR code without signing in. */
@Controller('api/public')
export class PublicSalesController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
  ) {}

  /** The salon's logo on the customer's e-invoice: only through an invoice's link, only when it is shown. */
  @Get('e-invoice/:uniqueId/logo')
  @Public()
  async eInvoiceLogo(@Param('uniqueId') uniqueId: string, @Res() res: ImageResponse) {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(uniqueId)) throw notFound('not_found.record');
    const [doc] = await this.models.find('invoices', { filter: { unique_id: uniqueId }, limit: 1 });
    const tenantId = doc?.tenantId as string | undefined;
    const logo = tenantId ? invoicePrint(await this.models.get('accounts', tenantId)).logo_file_id : null;
    const file = tenantId && logo ? await this.files.get(tenantId, logo) : undefined;
    if (!file || !file.meta.contentType.startsWith('image/')) throw notFound('not_found.record');
    res.setHeader('Content-Type', file.meta.contentType);
    res.setHeader('Content-Length', String(file.bytes.length));
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(file.bytes);
  }

  /** `e-invoice/{uniqueId}`: the invoice as issued, the salon's names, and the first-phase QR code. */
  @Get('e-invoice/:uniqueId')
  @Public()
  async eInvoice(@Param('uniqueId') uniqueId: string) {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(uniqueId)) throw notFound('not_found.invoice');
    const [doc] = await this.models.find('invoices', { filter: { unique_id: uniqueId }, limit: 1 });
    if (!doc) throw notFound('not_found.invoice');
    const account = await this.models.get('accounts', doc.tenantId as string);
    const countryId = account?.country_id;
    const currency =
      (doc.currency as Currency) ?? (isCountryId(countryId) ? currencyOfCountry(countryId) : 'SAR');
    const seller = doc.seller as { name_en: string; name_ar: string; vat_number: string | null };
    const text = (minor: number) => toDecimalString({ amount: minor, currency });
    const {
      tenantId: _t,
      cashier_id: _c,
      customer_id: _cu,
      appointment_id: _a,
      employee_ids: _e,
      ...visible
    } = doc;
    // a signed invoice carries the phase-2 QR (with its hash, signature and key); others the first phase's
    const [signed] = await this.models.find('einvoices', {
      filter: { tenantId: doc.tenantId as string, document_id: doc.id as string },
      limit: 1,
    });
    const salon = {
      name_en: account?.name_en ?? seller.name_en,
      name_ar: account?.name_ar ?? seller.name_ar,
    };
    // a standard (B2B) tax invoice is shown only once ZATCA cleared it
    if (signed?.standard && signed.state !== 'cleared')
      return {
        awaiting_clearance: true,
        salon,
        number: doc.number,
        issued_at: doc.issued_at,
        currency,
        einvoice_state: signed.state,
      };
    const { logo_file_id: logo, ...notes } = invoicePrint(account);
    return {
      ...visible,
      salon,
      // the logo is read from this invoice's own address (`e-invoice/{uniqueId}/logo`)
      print: { logo: logo !== null, ...notes },
      einvoice_state: signed ? signed.state : null,
      standard: !!signed?.standard,
      qr: signed
        ? (signed.cleared_xml &&
            qrOfXml(Buffer.from(String(signed.cleared_xml), 'base64').toString('utf8'))) ||
          (signed.qr as string)
        : seller.vat_number
          ? phase1Qr({
              sellerName: seller.name_ar || seller.name_en,
              vatNumber: seller.vat_number,
              timestamp: `${(doc.issued_at as string).slice(0, 19)}Z`,
              total: text(doc.total as number),
              vat: text(doc.vat as number),
            })
          : null,
    };
  }
}
