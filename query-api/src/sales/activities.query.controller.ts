import { Controller, Get, Inject, Query } from '@nestjs/common';
import { Page, Permission } from '@rawnaq/contracts';
import {
  Auth,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { dateFilter } from '../shared/list-query';
import { choiceParam, idParam, MAX_REPORT_ROWS, reportPeriod } from '../shared/report-period';

const KINDS = ['service', 'product'] as const;
/** What an employee's work adds up to, from the `employee_item` day documents. */
const FIGURES = ['lines', 'quantity', 'sales', 'returned_quantity', 'returned'];
type Figures = Record<string, number>;

const activityRow = (f: Figures): Figures & { net_quantity: number; net_sales: number } => ({
  ...f,
  net_quantity: (f.quantity ?? 0) - (f.returned_quantity ?? 0),
  net_sales: (f.sales ?? 0) - (f.returned ?? 0),
});

const sumOf = (rows: ReadonlyArray<Figures>): Figures =>
  Object.fromEntries(FIGURES.map((f) => [f, rows.reduce((s, r) => s + (r[f] ?? 0), 0)]));

/**
 * What each employee did (issue 11, doc1 §2 management reports): `reports/acitivities-report` (the
 * route's spelling is the spec's) lists every invoice line an employee did, with its day's totals;
 * `reports/activities-report-summary` adds them up per employee and service or product. Both read the
 * sales-reports projection's documents (its line list and its `employee_item` day documents), net of
 * credit notes and without cancelled invoices. And the cashier's `pos/rate-us-for-issued-invoices`.
 */
@Controller('api/merchant')
@Realm('merchant')
export class ActivitiesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async figures(tenantId: string, query: Record<string, unknown>, groupBy: string[]) {
    const period = await reportPeriod(this.models, tenantId, query);
    const employee = idParam(query, 'employee_id');
    const kind = choiceParam(query, 'kind', KINDS);
    const filter: Filter = {
      tenantId,
      dimension: 'employee_item',
      date: { $gte: period.from, $lte: period.to },
      ...(employee && { employee_id: employee }),
      ...(kind && { kind }),
    };
    const sums = await this.models.aggregate('sales_report_days', { filter, groupBy, sum: FIGURES });
    return {
      period,
      employee,
      kind,
      sums: sums.map((r) => ({
        key: r.key as Record<string, string>,
        figures: Object.fromEntries(FIGURES.map((f) => [f, Math.round(r.sums[f] ?? 0)])),
      })),
    };
  }

  /** The employees who did something in the period (whatever the filters): the employee filter's choices. */
  private async employeeChoices(tenantId: string, period: { from: string; to: string }) {
    const groups = await this.models.aggregate('sales_report_days', {
      filter: { tenantId, dimension: 'employee_item', date: { $gte: period.from, $lte: period.to } },
      groupBy: ['employee_id'],
      sum: ['lines'],
    });
    const ids = groups
      .filter((g) => Math.round(g.sums.lines ?? 0) !== 0)
      .map((g) => g.key.employee_id as string);
    const names = await this.employeeNames(tenantId, ids);
    return ids
      .map((id) => ({ id, name_en: names.get(id)?.name_en ?? '', name_ar: names.get(id)?.name_ar ?? '' }))
      .sort((a, b) => a.name_en.localeCompare(b.name_en) || a.id.localeCompare(b.id));
  }

  private async employeeNames(tenantId: string, ids: string[]) {
    const docs = ids.length ? await this.models.getMany('employees', [...new Set(ids)]) : [];
    return new Map(
      docs
        .filter((d) => d.tenantId === tenantId)
        .map((d) => [d.id, { name_en: String(d.name_en ?? ''), name_ar: String(d.name_ar ?? '') }]),
    );
  }

  /**
   * `reports/acitivities-report?from=&to=&employee_id=&kind=`: each line done by an employee in the
   * period (the first MAX_REPORT_ROWS, oldest first), each day's totals and the period's.
   */
  @Get('reports/acitivities-report')
  @RequirePermission(Page.pos, Permission.salesReports)
  async activities(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const t = auth.tenantId;
    const { period, employee, kind, sums } = await this.figures(t, query, ['date']);
    const lines = await this.models.find('activity_lines', {
      filter: {
        tenantId: t,
        date: { $gte: period.from, $lte: period.to },
        ...(employee && { employee_id: employee }),
        ...(kind && { kind }),
      },
      sort: [
        ['date', 'asc'],
        ['invoice_number', 'asc'],
      ],
      limit: MAX_REPORT_ROWS + 1,
    });
    const names = await this.employeeNames(
      t,
      lines.map((l) => l.employee_id as string),
    );
    const days = sums
      .filter(({ figures }) => figures.lines !== 0 || figures.returned !== 0)
      .sort((a, b) => a.key.date.localeCompare(b.key.date));
    const totals = activityRow(sumOf(days.map((d) => d.figures)));
    return {
      from: period.from,
      to: period.to,
      rows: lines.slice(0, MAX_REPORT_ROWS).map((l) => ({
        id: l.id,
        date: l.date,
        issued_at: l.issued_at,
        invoice_id: l.invoice_id,
        invoice_number: l.invoice_number,
        customer_name: l.customer_name ?? null,
        employee_id: l.employee_id,
        employee_name_en: names.get(l.employee_id as string)?.name_en ?? '',
        employee_name_ar: names.get(l.employee_id as string)?.name_ar ?? '',
        kind: l.kind,
        item_id: l.item_id,
        name_en: l.name_en,
        name_ar: l.name_ar,
        quantity: l.quantity,
        net: l.net,
        returned_quantity: l.returned_quantity ?? 0,
        returned: l.returned ?? 0,
        net_sales: (l.net as number) - ((l.returned as number | undefined) ?? 0),
      })),
      truncated: lines.length > MAX_REPORT_ROWS,
      days: days.map(({ key, figures }) => ({ date: key.date, ...activityRow(figures) })),
      totals,
      employee_choices: await this.employeeChoices(t, period),
    };
  }

  /** `reports/activities-report-summary?from=&to=&employee_id=&kind=`: per employee and service or product. */
  @Get('reports/activities-report-summary')
  @RequirePermission(Page.pos, Permission.salesReports)
  async summary(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const t = auth.tenantId;
    const { period, sums } = await this.figures(t, query, ['employee_id', 'kind', 'item_id']);
    const kept = sums.filter((s) => s.figures.lines !== 0 || s.figures.returned !== 0);
    const names = await this.employeeNames(
      t,
      kept.map((s) => s.key.employee_id),
    );
    // the item's name as its latest line named it
    const items = kept.length
      ? await this.models.find('sales_report_days', {
          filter: {
            tenantId: t,
            dimension: 'employee_item',
            date: { $gte: period.from, $lte: period.to },
            key: { $in: kept.map((s) => `${s.key.employee_id}|${s.key.kind}|${s.key.item_id}`) },
          },
          sort: [['date', 'desc']],
          limit: kept.length * 4,
        })
      : [];
    const itemName = new Map<string, { name_en: string; name_ar: string }>();
    for (const d of items)
      if (!itemName.has(d.item_id as string))
        itemName.set(d.item_id as string, {
          name_en: String(d.name_en ?? ''),
          name_ar: String(d.name_ar ?? ''),
        });
    const rows = kept.map(({ key, figures }) => ({
      id: `${key.employee_id}|${key.kind}|${key.item_id}`,
      employee_id: key.employee_id,
      employee_name_en: names.get(key.employee_id)?.name_en ?? '',
      employee_name_ar: names.get(key.employee_id)?.name_ar ?? '',
      kind: key.kind,
      item_id: key.item_id,
      name_en: itemName.get(key.item_id)?.name_en ?? '',
      name_ar: itemName.get(key.item_id)?.name_ar ?? '',
      ...activityRow(figures),
    }));
    rows.sort(
      (a, b) =>
        a.employee_name_en.localeCompare(b.employee_name_en) ||
        a.employee_id.localeCompare(b.employee_id) ||
        b.net_sales - a.net_sales ||
        a.item_id.localeCompare(b.item_id),
    );
    const totals = activityRow(sumOf(kept.map((k) => k.figures)));
    const employees = [...new Set(rows.map((r) => r.employee_id))].map((id) => {
      const mine = rows.filter((r) => r.employee_id === id);
      return {
        employee_id: id,
        name_en: mine[0].employee_name_en,
        name_ar: mine[0].employee_name_ar,
        ...activityRow(sumOf(kept.filter((k) => k.key.employee_id === id).map((k) => k.figures))),
      };
    });
    return {
      from: period.from,
      to: period.to,
      rows,
      employees,
      totals,
      employee_choices: await this.employeeChoices(t, period),
    };
  }

  /**
   * `pos/rate-us-for-issued-invoices?date=`: the day's issued invoices (today by default) of a customer
   * who has not rated them yet, with what the cashier's WhatsApp message needs (the customer's mobile
   * and language, and the invoice's e-survey link id).
   */
  @Get('pos/rate-us-for-issued-invoices')
  @RequirePermission(Page.pos, Permission.sell)
  async rateUs(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const t = auth.tenantId;
    const date = dateFilter(query, 'date') ?? (await accountOf(this.models, t)).today;
    const invoices = (
      await this.models.find('invoices', {
        filter: { tenantId: t, business_date: date },
        sort: [['number', 'asc']],
        limit: MAX_REPORT_ROWS,
      })
    ).filter((i) => i.customer_id && i.state !== 'cancelled');
    const ids = invoices.map((i) => i.id);
    const [ratings, customers] = await Promise.all([
      ids.length ? this.models.getMany('invoice_ratings', ids) : [],
      ids.length
        ? this.models.getMany('customers', [...new Set(invoices.map((i) => i.customer_id as string))])
        : [],
    ]);
    const rated = new Set(ratings.filter((r) => r.tenantId === t).map((r) => r.id));
    const customerOf = new Map(customers.filter((c) => c.tenantId === t).map((c) => [c.id, c]));
    return {
      date,
      rows: invoices
        .filter((i) => !rated.has(i.id))
        .map((i) => {
          const c = customerOf.get(i.customer_id as string);
          return {
            id: i.id,
            number: i.number,
            issued_at: i.issued_at,
            unique_id: i.unique_id,
            total: i.total,
            customer_id: i.customer_id,
            customer_name: c?.name ?? i.customer_name ?? '',
            mobile: c?.mobile ?? null,
            preferred_language: c?.preferred_language ?? null,
            whatsapp_allowed: c?.whatsapp_allowed ?? null,
          };
        }),
    };
  }
}
