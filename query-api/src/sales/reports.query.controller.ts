import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { addDays, DomainError, isUuid, notFound, Page, Permission, rejected } from '@rawnaq/contracts';
import {
  Auth,
  EMPLOYEE_FIGURES,
  employeeFigures,
  employeeRow,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { dateFilter, withoutTenant } from '../shared/list-query';

/** Reports read at most this many days at once (a year and a month of days). */
const MAX_DAYS = 400;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The lists a report shows beside its totals stop here (the totals never do: they are the day documents'). */
const MAX_ROWS = 1000;

type Period = { from: string; to: string };
type Figures = Record<string, number>;

/** A credit or debit note as its report lists it: the note, its invoice, why, and its amounts. */
const noteRow = (d: Doc) => ({
  id: d.id,
  number: d.number,
  invoice_id: d.invoice_id,
  invoice_number: d.invoice_number,
  business_date: d.business_date,
  customer_name: d.customer_name,
  reason: d.reason,
  net: d.net,
  vat: d.vat,
  total: d.total,
});

/** `received`: money taken besides the invoices issued (what was owed, debit notes, wallets, deposits). */
const CASHIER = [
  'invoices',
  'net',
  'vat',
  'total',
  'paid',
  'owed',
  'credit_notes',
  'credited',
  'refunded',
  'received',
];
const CASHIER_METHOD = ['payments', 'paid', 'refunds', 'refunded'];
const METHOD = ['payments', 'paid', 'refunds', 'refunded'];
const EMPLOYEE = EMPLOYEE_FIGURES;
const ITEM = ['lines', 'quantity', 'sales', 'returned_quantity', 'returned'];
const VAT = ['taxable', 'vat', 'debited_taxable', 'debited_vat', 'credited_taxable', 'credited_vat'];

const sumOf = (rows: ReadonlyArray<object>, fields: readonly string[]): Figures =>
  Object.fromEntries(
    fields.map((f) => [
      f,
      rows.reduce((s, r) => s + (((r as Record<string, unknown>)[f] as number | undefined) ?? 0), 0),
    ]),
  );

/** What a method row adds up to once refunds are taken off. */
const methodRow = (f: Figures) => ({ ...f, net: (f.paid ?? 0) - (f.refunded ?? 0) });
/** An item's figures net of what credit notes took back. */
const itemRow = (f: Figures) => ({
  ...f,
  net_quantity: (f.quantity ?? 0) - (f.returned_quantity ?? 0),
  net_sales: (f.sales ?? 0) - (f.returned ?? 0),
});
/** A VAT category's figures: sales and debit notes, less credit notes. */
const vatRow = (f: Figures) => ({
  ...f,
  net_taxable: (f.taxable ?? 0) + (f.debited_taxable ?? 0) - (f.credited_taxable ?? 0),
  net_vat: (f.vat ?? 0) + (f.debited_vat ?? 0) - (f.credited_vat ?? 0),
});

type Names = { name_en: string; name_ar: string };

/**
 * The money reports, the dashboard and the cashier's day (issue 11), read from the day documents the
 * sales-reports projection keeps per (salon, business date, dimension, key): a period sums those of
 * its days, never the invoices. Reports need "sales reports" (15), the cashier's pages "sell" (13),
 * the dashboard "view dashboard" (1).
 */
@Controller('api/merchant')
@Realm('merchant')
export class SalesReportsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** `from`/`to` business dates (today by default), in order, at most MAX_DAYS apart. */
  private async period(
    auth: AuthContext,
    query: Record<string, unknown>,
  ): Promise<Period & { today: string }> {
    const { today } = await accountOf(this.models, auth.tenantId);
    const from = dateFilter(query, 'from') ?? today;
    const to = dateFilter(query, 'to') ?? from;
    if (to < from) throw rejected('sales.period_reversed', 'to');
    if (addDays(from as never, MAX_DAYS) < to)
      throw new DomainError('sales.period_too_long', 422, { to: 'sales.period_too_long' }, { max: MAX_DAYS });
    return { from, to, today };
  }

  /** One business date (`date`, today by default): the cashier's pages. */
  private async day(auth: AuthContext, query: Record<string, unknown>): Promise<Period> {
    const date = dateFilter(query, 'date') ?? (await accountOf(this.models, auth.tenantId)).today;
    return { from: date, to: date };
  }

  /** The sums of a dimension's day documents over a period, per `groupBy` (key, date or month). */
  private async sums(
    tenantId: string,
    dimension: string,
    period: Period,
    fields: readonly string[],
    groupBy: string[] = ['key'],
    more: Filter = {},
  ): Promise<Array<{ key: Record<string, string>; figures: Figures }>> {
    const rows = await this.models.aggregate('sales_report_days', {
      filter: { tenantId, dimension, date: { $gte: period.from, $lte: period.to }, ...more },
      groupBy,
      sum: [...fields],
    });
    return rows.map((r) => ({
      key: r.key as Record<string, string>,
      figures: Object.fromEntries(fields.map((f) => [f, Math.round(r.sums[f] ?? 0)])),
    }));
  }

  private async namesOf(collection: string, tenantId: string, ids: string[]): Promise<Map<string, Names>> {
    const docs = ids.length ? await this.models.getMany(collection, ids) : [];
    const out = new Map<string, Names>();
    for (const d of docs)
      if (d.tenantId === tenantId)
        out.set(
          d.id,
          collection === 'users'
            ? { name_en: String(d.name ?? ''), name_ar: String(d.name ?? '') }
            : { name_en: String(d.name_en ?? ''), name_ar: String(d.name_ar ?? '') },
        );
    return out;
  }

  /** Names of items as the invoices named them, for those the catalogue no longer has. */
  private async soldNames(tenantId: string, dimension: string, keys: string[]): Promise<Map<string, Names>> {
    const names = await this.namesOf(dimension === 'service' ? 'services' : 'products', tenantId, keys);
    const missing = keys.filter((k) => !names.has(k));
    if (missing.length) {
      const docs = await this.models.find('sales_report_days', {
        filter: { tenantId, dimension, key: { $in: missing } },
        sort: [['date', 'desc']],
        limit: missing.length * 4,
      });
      for (const d of docs)
        if (!names.has(d.key as string))
          names.set(d.key as string, { name_en: String(d.name_en ?? ''), name_ar: String(d.name_ar ?? '') });
    }
    return names;
  }

  private async cashierRows(tenantId: string, period: Period, only?: string) {
    const more = only ? { key: only } : {};
    const [figures, byMethod] = await Promise.all([
      this.sums(tenantId, 'cashier', period, CASHIER, ['key'], more),
      this.sums(tenantId, 'cashier_method', period, CASHIER_METHOD, ['cashier_id', 'method'], {
        ...(only && { cashier_id: only }),
      }),
    ]);
    const names = await this.namesOf(
      'users',
      tenantId,
      figures.map((f) => f.key.key),
    );
    const rows = figures.map(({ key, figures: f }) => {
      const methods = byMethod.filter((m) => m.key.cashier_id === key.key);
      return {
        id: key.key,
        cashier_id: key.key,
        cashier_name: names.get(key.key)?.name_en ?? null,
        total: f.total,
        ...f,
        by_method: Object.fromEntries(methods.map((m) => [String(m.key.method), m.figures.paid])),
        refunds_by_method: Object.fromEntries(
          methods.filter((m) => m.figures.refunded).map((m) => [String(m.key.method), m.figures.refunded]),
        ),
      };
    });
    rows.sort((a, b) => b.total - a.total || a.id.localeCompare(b.id));
    return rows;
  }

  private async methodRows(tenantId: string, period: Period) {
    const rows = (await this.sums(tenantId, 'method', period, METHOD)).map(({ key, figures }) => ({
      id: key.key,
      method: Number(key.key),
      ...methodRow(figures),
    }));
    rows.sort((a, b) => a.method - b.method);
    return { rows, totals: methodRow(sumOf(rows, METHOD)) };
  }

  private async employeeRows(tenantId: string, period: Period) {
    const sums = await employeeFigures(this.models, tenantId, period);
    const names = await this.namesOf(
      'employees',
      tenantId,
      sums.map((s) => s.key.key),
    );
    const rows = sums.map(({ key, figures }) => ({
      id: key.key,
      employee_id: key.key,
      name_en: names.get(key.key)?.name_en ?? '',
      name_ar: names.get(key.key)?.name_ar ?? '',
      ...employeeRow(figures),
    }));
    rows.sort((a, b) => b.net_sales - a.net_sales || a.id.localeCompare(b.id));
    return { rows, totals: employeeRow(sumOf(rows, EMPLOYEE)) };
  }

  private async itemRows(tenantId: string, dimension: 'service' | 'product', period: Period) {
    const sums = await this.sums(tenantId, dimension, period, ITEM);
    const names = await this.soldNames(
      tenantId,
      dimension,
      sums.map((s) => s.key.key),
    );
    const rows = sums.map(({ key, figures }) => ({
      id: key.key,
      item_id: key.key,
      name_en: names.get(key.key)?.name_en ?? '',
      name_ar: names.get(key.key)?.name_ar ?? '',
      ...itemRow(figures),
    }));
    return { rows, totals: itemRow(sumOf(rows, ITEM)) };
  }

  /** Visits of a period from the appointment book: booked (not cancelled), checked in, no-shows. */
  private async visits(tenantId: string, period: Period) {
    const rows = await this.models.aggregate('appointments', {
      filter: { tenantId, date: { $gte: period.from, $lte: period.to } },
      groupBy: ['status', 'no_show'],
    });
    const count = (p: (r: (typeof rows)[number]) => boolean) =>
      rows.filter(p).reduce((n, r) => n + r.count, 0);
    return {
      visits: count((r) => r.key.status !== 0),
      checked_in: count((r) => r.key.status === 2),
      no_show: count((r) => r.key.status !== 0 && Boolean(r.key.no_show)),
      cancelled: count((r) => r.key.status === 0),
    };
  }

  /** A day's or a month's general figures as the daily and monthly summaries keep them. */
  private async salesFigures(collection: 'sales_days' | 'sales_months', id: string) {
    const doc = await this.models.get(collection, id);
    const figures = Object.fromEntries(
      [
        'invoices',
        'gross',
        'discount',
        'net',
        'vat',
        'total',
        'paid',
        'owed',
        'credit_notes',
        'credited',
      ].map((f) => [f, (doc?.[f] as number | undefined) ?? 0]),
    );
    return {
      ...figures,
      by_method: (doc?.by_method as Record<string, number> | undefined) ?? {},
      refunds_by_method: (doc?.refunds_by_method as Record<string, number> | undefined) ?? {},
    };
  }

  /**
   * `dashboard`: today's and this month's sales, payments by method, visits, each day of the month
   * (the chart), and the month's top services and employees.
   */
  @Get('dashboard')
  @RequirePermission(Page.dashboard, Permission.viewDashboard)
  async dashboard(@Auth() auth: AuthContext) {
    const { today } = await accountOf(this.models, auth.tenantId);
    const t = auth.tenantId;
    const month = { from: `${today.slice(0, 8)}01`, to: today };
    const day = { from: today, to: today };
    const [
      todayFigures,
      monthFigures,
      days,
      todayMethods,
      monthMethods,
      todayVisits,
      monthVisits,
      services,
      employees,
    ] = await Promise.all([
      this.salesFigures('sales_days', `${t}|${today}`),
      this.salesFigures('sales_months', `${t}|${today.slice(0, 7)}`),
      this.models.find('sales_days', {
        filter: { tenantId: t, date: { $gte: month.from, $lte: month.to } },
        sort: [['date', 'asc']],
      }),
      this.methodRows(t, day),
      this.methodRows(t, month),
      this.visits(t, day),
      this.visits(t, month),
      this.itemRows(t, 'service', month),
      this.employeeRows(t, month),
    ]);
    const top = <R extends { net_sales: number; id: string }>(rows: R[]) =>
      [...rows].sort((a, b) => b.net_sales - a.net_sales || a.id.localeCompare(b.id)).slice(0, 5);
    return {
      id: 'dashboard',
      today,
      month: month,
      sales: { today: todayFigures, month: monthFigures },
      payments: { today: todayMethods, month: monthMethods },
      visits: { today: todayVisits, month: monthVisits },
      days: days.map((d) => ({
        date: d.date,
        invoices: d.invoices ?? 0,
        net: d.net ?? 0,
        total: d.total ?? 0,
        credited: d.credited ?? 0,
      })),
      top_services: top(services.rows),
      top_employees: top(employees.rows),
    };
  }

  /** `dashboard/payments-details?from=&to=`: payments and refunds by method over a period. */
  @Get('dashboard/payments-details')
  @RequirePermission(Page.dashboard, Permission.viewDashboard)
  async paymentsDetails(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    return { from: period.from, to: period.to, ...(await this.methodRows(auth.tenantId, period)) };
  }

  /**
   * `pos/current-cashier-employee`: the signed-in cashier's day: her figures, what she took and
   * refunded by method, the invoices she issued and the credit notes she gave.
   */
  @Get('pos/current-cashier-employee')
  @RequirePermission(Page.pos, Permission.sell)
  async currentCashier(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.day(auth, query);
    const t = auth.tenantId;
    const [rows, invoices, creditNotes] = await Promise.all([
      this.cashierRows(t, period, auth.userId),
      this.models.find('invoices', {
        filter: { tenantId: t, business_date: period.from, cashier_id: auth.userId },
        sort: [['number', 'desc']],
        limit: MAX_ROWS,
      }),
      this.models.find('credit_notes', {
        filter: { tenantId: t, business_date: period.from, cashier_id: auth.userId },
        sort: [['number', 'desc']],
        limit: MAX_ROWS,
      }),
    ]);
    const empty = Object.fromEntries(CASHIER.map((f) => [f, 0]));
    return {
      id: auth.userId,
      date: period.from,
      cashier_name: auth.name,
      figures: rows[0] ?? { ...empty, by_method: {}, refunds_by_method: {} },
      invoices: invoices.map((d) => ({
        id: d.id,
        number: d.number,
        issued_at: d.issued_at,
        customer_name: d.customer_name,
        net: d.net,
        vat: d.vat,
        total: d.total,
        paid: d.paid,
        owed: d.owed,
        state: d.state,
      })),
      credit_notes: creditNotes.map((d) => ({
        id: d.id,
        number: d.number,
        invoice_number: d.invoice_number,
        issued_at: d.issued_at,
        customer_name: d.customer_name,
        total: d.total,
        refunded: ((d.payments as Array<{ amount: number }> | undefined) ?? []).reduce(
          (s, p) => s + p.amount,
          0,
        ),
      })),
    };
  }

  /**
   * `pos/daily-payments`: the day's money by method, and each payment and refund that stands (a
   * cancelled invoice's payments left it): the rows add up to the totals.
   */
  @Get('pos/daily-payments')
  @RequirePermission(Page.pos, Permission.sell)
  async dailyPayments(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.day(auth, query);
    const [methods, payments] = await Promise.all([
      this.methodRows(auth.tenantId, period),
      this.models.find('payments', {
        filter: { tenantId: auth.tenantId, business_date: period.from, status: 1 },
        sort: [['paid_at', 'desc']],
        limit: MAX_ROWS,
      }),
    ]);
    return { date: period.from, ...methods, payments: payments.map(withoutTenant) };
  }

  /** `pos/employees-activities`: per employee today: services and products done, sales and commission. */
  @Get('pos/employees-activities')
  @RequirePermission(Page.pos, Permission.sell)
  async employeesActivities(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.day(auth, query);
    return { date: period.from, ...(await this.employeeRows(auth.tenantId, period)) };
  }

  @Get('reports/general-summary-per-cashier-employees')
  @RequirePermission(Page.pos, Permission.salesReports)
  async perCashier(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    const rows = await this.cashierRows(auth.tenantId, period);
    const totals = {
      ...sumOf(rows, CASHIER),
      by_method: mergeMaps(rows.map((r) => r.by_method)),
      refunds_by_method: mergeMaps(rows.map((r) => r.refunds_by_method)),
    };
    return { from: period.from, to: period.to, rows, totals };
  }

  /** `reports/daily-payments-summary`: per day, what each method took and refunded. */
  @Get('reports/daily-payments-summary')
  @RequirePermission(Page.pos, Permission.salesReports)
  async dailyPaymentsSummary(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    return { from: period.from, to: period.to, ...(await this.paymentsBy(auth.tenantId, period, 'date')) };
  }

  /** `reports/monthly-payments-summary?from=YYYY-MM&to=YYYY-MM`: the same per month. */
  @Get('reports/monthly-payments-summary')
  @RequirePermission(Page.pos, Permission.salesReports)
  async monthlyPaymentsSummary(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
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
    const days = { from: `${from}-01`, to: `${to}-31` };
    if (addDays(days.from as never, MAX_DAYS) < days.to)
      throw new DomainError('sales.period_too_long', 422, { to: 'sales.period_too_long' }, { max: MAX_DAYS });
    return { from, to, ...(await this.paymentsBy(auth.tenantId, days, 'month')) };
  }

  private async paymentsBy(tenantId: string, period: Period, by: 'date' | 'month') {
    const sums = await this.sums(tenantId, 'method', period, METHOD, [by, 'key']);
    type Row = { id: string; figures: Figures; by_method: Figures; refunds_by_method: Figures };
    const rows = new Map<string, Row>();
    for (const { key, figures } of sums) {
      const at = key[by];
      const row: Row = rows.get(at) ?? {
        id: at,
        figures: { payments: 0, paid: 0, refunds: 0, refunded: 0 },
        by_method: {},
        refunds_by_method: {},
      };
      for (const f of METHOD) row.figures[f] += figures[f];
      if (figures.paid) row.by_method[key.key] = (row.by_method[key.key] ?? 0) + figures.paid;
      if (figures.refunded)
        row.refunds_by_method[key.key] = (row.refunds_by_method[key.key] ?? 0) + figures.refunded;
      rows.set(at, row);
    }
    const list = [...rows.values()]
      .sort((a, b) => a.id.localeCompare(b.id))
      // no `id`: a date is not a record (and must not read as one of the salon's ids)
      .map(({ id, figures, by_method, refunds_by_method }) => ({
        [by]: id,
        ...methodRow(figures),
        by_method,
        refunds_by_method,
      }));
    return {
      rows: list,
      totals: {
        ...methodRow(sumOf(list, METHOD)),
        by_method: mergeMaps(list.map((r) => r.by_method)),
        refunds_by_method: mergeMaps(list.map((r) => r.refunds_by_method)),
      },
    };
  }

  /** `reports/vat-report`: per VAT category and rate, the taxable amount and VAT: sales and debit notes, less credit notes. */
  @Get('reports/vat-report')
  @RequirePermission(Page.pos, Permission.salesReports)
  async vatReport(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    const sums = await this.sums(auth.tenantId, 'vat', period, VAT);
    const rows = sums.map(({ key, figures }) => {
      const [category, rate] = key.key.split('|');
      return { category, rate_bp: Number(rate), ...vatRow(figures) };
    });
    const order = 'SZEO';
    rows.sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category) || b.rate_bp - a.rate_bp);
    return { from: period.from, to: period.to, rows, totals: vatRow(sumOf(rows, VAT)) };
  }

  /** `reports/credit-notes`: the period's credit notes and their totals (the totals from the day documents). */
  @Get('reports/credit-notes')
  @RequirePermission(Page.pos, Permission.salesReports)
  async creditNotes(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    const t = auth.tenantId;
    const [docs, cashiers, vat] = await Promise.all([
      this.models.find('credit_notes', {
        filter: { tenantId: t, business_date: { $gte: period.from, $lte: period.to } },
        sort: [['number', 'asc']],
        limit: MAX_ROWS,
      }),
      this.sums(t, 'cashier', period, ['credit_notes', 'credited', 'notes_refunded'], []),
      this.sums(t, 'vat', period, ['credited_taxable', 'credited_vat'], []),
    ]);
    const c = cashiers[0]?.figures ?? {};
    const v = vat[0]?.figures ?? {};
    return {
      from: period.from,
      to: period.to,
      rows: docs.map((d) => ({
        ...noteRow(d),
        refunded: ((d.payments as Array<{ amount: number }> | undefined) ?? []).reduce(
          (s, p) => s + p.amount,
          0,
        ),
      })),
      totals: {
        credit_notes: c.credit_notes ?? 0,
        net: v.credited_taxable ?? 0,
        vat: v.credited_vat ?? 0,
        total: c.credited ?? 0,
        // the notes' refunds, not the deposits given back the cashier also refunded
        refunded: c.notes_refunded ?? 0,
      },
    };
  }

  /**
   * `reports/debit-notes`: the period's debit notes, each with its invoice, what it charged and what is
   * paid and still owed of it, and their totals (of every note of the period, not only those listed).
   */
  @Get('reports/debit-notes')
  @RequirePermission(Page.pos, Permission.salesReports)
  async debitNotes(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    const filter = { tenantId: auth.tenantId, business_date: { $gte: period.from, $lte: period.to } };
    const [docs, [sums]] = await Promise.all([
      this.models.find('debit_notes', { filter, sort: [['number', 'asc']], limit: MAX_ROWS }),
      this.models.aggregate('debit_notes', { filter, sum: ['net', 'vat', 'total', 'paid', 'owed'] }),
    ]);
    const sum = (f: string) => Math.round(sums?.sums[f] ?? 0);
    return {
      from: period.from,
      to: period.to,
      rows: docs.map((d) => ({
        ...noteRow(d),
        paid: d.paid,
        owed: d.owed,
      })),
      totals: {
        debit_notes: sums?.count ?? 0,
        net: sum('net'),
        vat: sum('vat'),
        total: sum('total'),
        paid: sum('paid'),
        owed: sum('owed'),
      },
    };
  }

  /** `reports/refunded-invoices`: the invoices credit notes took back from in the period. */
  @Get('reports/refunded-invoices')
  @RequirePermission(Page.pos, Permission.salesReports)
  async refundedInvoices(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    const filter = { tenantId: auth.tenantId, date: { $gte: period.from, $lte: period.to } };
    const [docs, [sums]] = await Promise.all([
      this.models.find('refunded_invoices', { filter, sort: [['date', 'asc']], limit: MAX_ROWS }),
      this.models.aggregate('refunded_invoices', { filter, sum: ['credit_notes', 'credited', 'refunded'] }),
    ]);
    return {
      from: period.from,
      to: period.to,
      rows: docs.map(withoutTenant),
      totals: {
        invoices: sums?.count ?? 0,
        credit_notes: Math.round(sums?.sums.credit_notes ?? 0),
        credited: Math.round(sums?.sums.credited ?? 0),
        refunded: Math.round(sums?.sums.refunded ?? 0),
      },
    };
  }

  /** `reports/employees-commissions-report`: per employee, sales and commission net of credit notes. */
  @Get('reports/employees-commissions-report')
  @RequirePermission(Page.pos, Permission.salesReports)
  async commissions(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    return { from: period.from, to: period.to, ...(await this.employeeRows(auth.tenantId, period)) };
  }

  /** `reports/employees-commissions-report/{employeeId}`: one employee's days. */
  @Get('reports/employees-commissions-report/:employeeId')
  @RequirePermission(Page.pos, Permission.salesReports)
  async employeeCommissions(
    @Auth() auth: AuthContext,
    @Param('employeeId') employeeId: string,
    @Query() query: Record<string, unknown>,
  ) {
    const employee = isUuid(employeeId) ? await this.models.get('employees', employeeId) : undefined;
    if (!employee || employee.tenantId !== auth.tenantId) throw notFound('not_found.employee');
    const period = await this.period(auth, query);
    const sums = await employeeFigures(this.models, auth.tenantId, period, { key: employeeId }, ['date']);
    const rows = sums
      .map(({ key, figures }) => ({ date: key.date, ...employeeRow(figures) }))
      .sort((a, b) => a.date.localeCompare(b.date));
    return {
      from: period.from,
      to: period.to,
      employee: { id: employeeId, name_en: employee.name_en, name_ar: employee.name_ar },
      rows,
      totals: employeeRow(sumOf(rows, EMPLOYEE)),
    };
  }

  /** `reports/services-report`: how many of each service and for how much. */
  @Get('reports/services-report')
  @RequirePermission(Page.pos, Permission.salesReports)
  async servicesReport(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    const result = await this.itemRows(auth.tenantId, 'service', period);
    result.rows.sort((a, b) => b.net_sales - a.net_sales || a.id.localeCompare(b.id));
    return { from: period.from, to: period.to, ...result };
  }

  /** `reports/most-sold-products`: products by quantity sold (net of returns), then sales. */
  @Get('reports/most-sold-products')
  @RequirePermission(Page.pos, Permission.salesReports)
  async mostSoldProducts(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await this.period(auth, query);
    const result = await this.itemRows(auth.tenantId, 'product', period);
    result.rows.sort(
      (a, b) => b.net_quantity - a.net_quantity || b.net_sales - a.net_sales || a.id.localeCompare(b.id),
    );
    return { from: period.from, to: period.to, ...result };
  }
}

const mergeMaps = (maps: Figures[]): Figures => {
  const out: Figures = {};
  for (const m of maps) for (const [k, v] of Object.entries(m)) out[k] = (out[k] ?? 0) + v;
  return out;
};
