import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import {
  addDays,
  addMonths,
  rejected,
  CustomerPenaltyType,
  endOfBusinessDay,
  Page,
  Permission,
  startOfBusinessDay,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { withMergedCustomers } from '../shared/customer-ids';
import { accountOf } from '../shared/account';
import { dateFilter, intFilter, page, parseListQuery, textFilters } from '../shared/list-query';
import { monthPeriod } from '../shared/report-period';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/** The history reads at most three years of months at once. */
const MAX_MONTHS = 36;
const TYPES = ['new', 'frequent', 'missed'] as const;
const PENALTY_TYPES: readonly number[] = Object.values(CustomerPenaltyType);

/** The last day of a month (YYYY-MM), and the month after it. */
const lastDayOf = (month: string) => addDays(addMonths(`${month}-01` as never, 1), -1);
const nextMonth = (month: string) => addMonths(`${month}-01` as never, 1).slice(0, 7);

/**
 * The customers' reports: `reports/historical-data-for-customers-types` (how many customers were new,
 * frequent and missed at the end of each month, doc2 §9's 60-day rule) from the customer-types
 * projection's day documents, and `accounting/customers-penalties` (the penalties on customers'
 * records) from the customer-penalties projection.
 */
@Controller('api/merchant')
@Realm('merchant')
export class CustomerReportsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /**
   * `?from=YYYY-MM&to=YYYY-MM` (the last 12 months by default): per month, the customers of each type
   * on its last day (today for the current month; months after it are not told).
   */
  @Get('reports/historical-data-for-customers-types')
  @RequirePermission(Page.pos, Permission.salesReports)
  async customerTypes(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const { today } = await accountOf(this.models, auth.tenantId);
    const thisMonth = today.slice(0, 7);
    const period = monthPeriod(
      query,
      { from: addMonths(`${thisMonth}-01` as never, -11).slice(0, 7), to: thisMonth },
      MAX_MONTHS,
    );
    const until = period.to < thisMonth ? lastDayOf(period.to) : today;
    // every day document up to the period's end, summed per month (a few per day of the salon's life)
    const sums = await this.models.aggregate('customer_type_days', {
      filter: { tenantId: auth.tenantId, date: { $lte: until } },
      groupBy: ['month'],
      sum: [...TYPES],
    });
    const byMonth = new Map(sums.map((s) => [s.key.month as string, s.sums]));
    const running = { new: 0, frequent: 0, missed: 0 };
    for (const [month, s] of [...byMonth].sort(([a], [b]) => a.localeCompare(b)))
      if (month < period.from) for (const t of TYPES) running[t] += Math.round(s[t] ?? 0);
    const rows: Array<{
      month: string;
      as_of: string;
      new: number;
      frequent: number;
      missed: number;
      total: number;
    }> = [];
    for (let month = period.from; month <= period.to && month <= thisMonth;) {
      const s = byMonth.get(month) ?? {};
      for (const t of TYPES) running[t] += Math.round(s[t] ?? 0);
      rows.push({
        month,
        as_of: month === thisMonth ? today : lastDayOf(month),
        ...running,
        total: running.new + running.frequent + running.missed,
      });
      month = nextMonth(month);
    }
    return { from: period.from, to: period.to, rows };
  }

  /**
   * `customers-penalties`: the penalties, newest first, filtered by `penalty_type` (1 no-show, 2 others),
   * `customer_id` and `from`/`to` (business dates of the salon); each with its customer and appointment.
   */
  @Get('customers-penalties')
  @RequirePermission(Page.customers, Permission.viewCustomers)
  async penalties(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['at'],
      defaultSort: ['at', 'desc'],
    });
    const { timeZone } = await accountOf(this.models, auth.tenantId);
    // a customer's penalties under any of her ids (customers merged into her)
    const filter: Filter = await withMergedCustomers(this.models, auth.tenantId, {
      tenantId: auth.tenantId,
      ...textFilters(q.filter, ['customer_id']),
    });
    const type = intFilter(q.filter, 'penalty_type');
    if (type !== undefined) {
      if (!PENALTY_TYPES.includes(type)) throw rejected('errors.invalid_input', 'penalty_type');
      filter.penalty_type = type;
    }
    const from = dateFilter(q.filter, 'from');
    const to = dateFilter(q.filter, 'to');
    if (from && to && to < from) throw rejected('sales.period_reversed', 'to');
    if (from || to)
      filter.at = {
        ...(from && { $gte: startOfBusinessDay(from as never, timeZone) }),
        ...(to && { $lte: endOfBusinessDay(to as never, timeZone) }),
      };
    const [docs, total] = await Promise.all([
      this.models.find('customer_penalties', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('customer_penalties', filter),
    ]);
    const customerIds = [...new Set(docs.map((d) => d.customer_id as string))];
    const appointmentIds = [...new Set(docs.map((d) => d.appointment_id as string | null).filter(Boolean))];
    const [customers, appointments] = await Promise.all([
      customerIds.length ? this.models.getMany('customers', customerIds) : [],
      appointmentIds.length ? this.models.getMany('appointments', appointmentIds as string[]) : [],
    ]);
    const mine = <T extends { tenantId?: unknown; id: string }>(list: T[]) =>
      new Map(list.filter((d) => d.tenantId === auth.tenantId).map((d) => [d.id, d]));
    const customerOf = mine(customers);
    const appointmentOf = mine(appointments);
    return page(
      res,
      'customers-penalties',
      q,
      docs.map((d) => {
        const c = customerOf.get(d.customer_id as string);
        const a = d.appointment_id ? appointmentOf.get(d.appointment_id as string) : undefined;
        return {
          id: d.id,
          customer_id: d.customer_id,
          customer_name: c?.name ?? null,
          customer_mobile: c?.mobile ?? null,
          penalty_type: d.penalty_type,
          appointment_id: d.appointment_id ?? null,
          appointment: a ? { booking_no: a.booking_no ?? null, date: a.date, start: a.start ?? null } : null,
          notes: d.notes ?? null,
          at: d.at,
          by: d.by,
        };
      }),
      total,
    );
  }
}
