import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { isUuid, notFound, Page, Permission, rejected } from '@rawnaq/contracts';
import {
  Auth,
  hasRight,
  header,
  Realm,
  RequireAnyPermission,
  RequirePermission,
  TOKENS,
  userScope,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { customerIdCondition } from '../shared/customer-ids';
import { accountOf } from '../shared/account';
import { dateFilter, idsOf, intFilter, page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/**
 * The label a visit shows first (doc1 §4 label states): cancelled, no show, checked in, missed (a
 * scheduled visit whose time passed), confirmed, or scheduled. Worked out when read, as "missed"
 * changes with the clock and not with any event.
 */
export const stateOf = (doc: Doc, now: string): string =>
  doc.status === 0
    ? 'cancelled'
    : doc.no_show
      ? 'no_show'
      : doc.status === 2
        ? 'checked_in'
        : (doc.end as string) < now
          ? 'missed'
          : doc.confirmed
            ? 'confirmed'
            : 'scheduled';

/**
 * The appointment book's reads: visits (lists, the drawer, the day's work lists), the salon's
 * cancellation reasons, and the three appointment reports. A user without "view all employees'
 * appointments" sees only the visits she works on.
 */
@Controller('api/merchant')
@Realm('merchant')
export class AppointmentsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** The tenant, the employee scope and the filters every list of visits shares. */
  private async visitFilter(auth: AuthContext, raw: Record<string, unknown>): Promise<Filter> {
    const filter: Filter = { tenantId: auth.tenantId };
    const and: Filter[] = [];
    const scope = await userScope(this.models, auth);
    if (!hasRight(scope, 'view_all_appointments'))
      and.push({ employee_key: { $contains: `|${scope.employeeId ?? 'none'}|` } });
    const ids = idsOf(raw);
    if (ids) filter.id = { $in: ids };
    const date = dateFilter(raw, 'date');
    const from = dateFilter(raw, 'from');
    const to = dateFilter(raw, 'to');
    if (date) filter.date = date;
    else if (from || to) filter.date = { ...(from && { $gte: from }), ...(to && { $lte: to }) };
    for (const field of ['status', 'source', 'booking_no'] as const) {
      const v = intFilter(raw, field);
      if (v !== undefined) filter[field] = v;
    }
    for (const field of ['no_show', 'reminded', 'confirmed'] as const) {
      const v = raw[field];
      if (v === undefined || v === '') continue;
      if (typeof v !== 'boolean' && v !== 'true' && v !== 'false')
        throw rejected('errors.invalid_input', field);
      filter[field] = v === true || v === 'true';
    }
    for (const field of ['customer_id', 'employee_id', 'reason_id'] as const) {
      const v = raw[field];
      if (v === undefined || v === '') continue;
      if (typeof v !== 'string' || v.length > 60) throw rejected('errors.invalid_input', field);
      if (field === 'employee_id') and.push({ employee_key: { $contains: `|${v}|` } });
      // a customer's visits under any of her ids (customers merged into her)
      else if (field === 'customer_id')
        filter.customer_id = await customerIdCondition(this.models, auth.tenantId, v);
      else filter[field === 'reason_id' ? 'cancel_reason_id' : field] = v;
    }
    if (raw.rebooked === false || raw.rebooked === 'false') filter.rebooked_as = { $exists: false };
    if (and.length) filter.$and = and;
    return filter;
  }

  /**
   * Visits with their customer's name and mobile as they are now (a customer merged into another since
   * she booked: the one kept), and the label they show.
   */
  private async withCustomers(docs: Doc[]): Promise<Doc[]> {
    const found = await this.models.getMany('customers', [
      ...new Set(docs.map((d) => d.customer_id as string)),
    ]);
    const kept = await this.models.getMany('customers', [
      ...new Set(found.flatMap((c) => (typeof c.merged_into === 'string' ? [c.merged_into] : []))),
    ]);
    const byId = new Map([...found, ...kept].map((c) => [c.id, c]));
    const customers = new Map(
      found.map((c) => [c.id, (typeof c.merged_into === 'string' && byId.get(c.merged_into)) || c]),
    );
    const now = new Date().toISOString();
    return docs.map(({ tenantId: _t, employee_key: _k, ...d }) => {
      const c = customers.get(d.customer_id as string);
      return {
        ...d,
        customer_name: c?.name ?? null,
        customer_mobile: c?.mobile ?? null,
        customer_no_shows: c?.no_shows ?? 0,
        state: stateOf(d as Doc, now),
      } as Doc;
    });
  }

  @Get('appointments')
  @RequirePermission(Page.appointments, Permission.viewAppointments)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['start', 'date', 'booking_no', 'created_at', 'total'],
      defaultSort: ['start', 'asc'],
    });
    const filter = await this.visitFilter(auth, q.filter);
    const [docs, total] = await Promise.all([
      this.models.find('appointments', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('appointments', filter),
    ]);
    return page(res, 'appointments', q, await this.withCustomers(docs), total);
  }

  @Get('appointments/:id')
  @RequirePermission(Page.appointments, Permission.viewAppointments)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('appointments', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.appointment');
    const scope = await userScope(this.models, auth);
    if (
      !hasRight(scope, 'view_all_appointments') &&
      !(doc.employee_ids as string[]).includes(scope.employeeId ?? '')
    )
      throw notFound('not_found.appointment');
    return (await this.withCustomers([doc]))[0];
  }

  @Get('cancellation-reasons')
  @RequireAnyPermission(
    [Page.appointments, Permission.viewAppointments],
    [Page.settings, Permission.viewSettings],
  )
  async reasons(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name_en', 'name_ar'],
      defaultSort: ['name_en', 'asc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    const ids = idsOf(q.filter);
    if (ids) filter.id = { $in: ids };
    const [docs, total] = await Promise.all([
      this.models.find('cancellation_reasons', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('cancellation_reasons', filter),
    ]);
    return page(
      res,
      'cancellation-reasons',
      q,
      docs.map(({ tenantId: _t, ...d }) => d),
      total,
    );
  }

  /**
   * reports/appointments-report: the visits of a period (filters: employee, status, source) and
   * their totals, which add up the rows exactly (counts by label, value of the services booked).
   */
  @Get('reports/appointments')
  @RequirePermission(Page.appointments, Permission.appointmentReports)
  async appointmentsReport(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['start', 'date', 'booking_no', 'total'],
      defaultSort: ['start', 'asc'],
    });
    const filter = await this.visitFilter(auth, q.filter);
    const [docs, total] = await Promise.all([
      this.models.find('appointments', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('appointments', filter),
    ]);
    return page(res, 'reports/appointments', q, await this.withCustomers(docs), total);
  }

  @Get('reports/appointments-summary')
  @RequirePermission(Page.appointments, Permission.appointmentReports)
  async appointmentsSummary(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const q = parseListQuery(query, undefined, { sortable: [], defaultSort: ['id', 'asc'] });
    const filter = await this.visitFilter(auth, q.filter);
    const rows = await this.models.aggregate('appointments', {
      filter,
      groupBy: ['status', 'no_show'],
      sum: ['total'],
    });
    const { today } = await accountOf(this.models, auth.tenantId);
    // "missed" depends on the clock: counted from the scheduled rows whose end has passed
    const missed = await this.models.count('appointments', {
      ...filter,
      $and: [
        ...((filter.$and as Filter[] | undefined) ?? []),
        { status: 1, no_show: false, end: { $lt: new Date().toISOString() } },
      ],
    });
    const count = (status: number, noShow = false) =>
      rows
        .filter((r) => r.key.status === status && Boolean(r.key.no_show) === noShow)
        .reduce((n, r) => n + r.count, 0);
    return {
      id: 'summary',
      today,
      visits: rows.reduce((n, r) => n + r.count, 0),
      scheduled: count(1) - missed,
      missed,
      checked_in: count(2),
      cancelled: count(0) + count(0, true),
      no_show: count(1, true) + count(2, true),
      value: rows.filter((r) => r.key.status !== 0).reduce((n, r) => n + (r.sums.total ?? 0), 0),
    };
  }

  /** reports/checkin-checkout-report: when each visit of the period checked in (and, with sales, out). */
  @Get('reports/checkin-checkout')
  @RequirePermission(Page.appointments, Permission.appointmentReports)
  async checkinReport(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['start', 'checked_in_at'],
      defaultSort: ['start', 'asc'],
    });
    const filter = await this.visitFilter(auth, { ...q.filter, status: 2 });
    const [docs, total] = await Promise.all([
      this.models.find('appointments', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('appointments', filter),
    ]);
    return page(res, 'reports/checkin-checkout', q, await this.withCustomers(docs), total);
  }

  /** reports/appointments-cancellation-reasons: cancellations of the period by reason. */
  @Get('reports/cancellation-reasons')
  @RequirePermission(Page.appointments, Permission.appointmentReports)
  async cancellationReport(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const q = parseListQuery(query, undefined, { sortable: [], defaultSort: ['id', 'asc'] });
    const filter = await this.visitFilter(auth, { ...q.filter, status: 0 });
    const rows = await this.models.aggregate('appointments', {
      filter,
      groupBy: ['cancel_reason_id', 'cancel_reason_en', 'cancel_reason_ar'],
      sum: ['total'],
    });
    const reasons = rows
      .map((r) => ({
        id: (r.key.cancel_reason_id as string | null) ?? `other:${String(r.key.cancel_reason_en ?? '')}`,
        reason_id: r.key.cancel_reason_id ?? null,
        name_en: r.key.cancel_reason_en ?? null,
        name_ar: r.key.cancel_reason_ar ?? null,
        count: r.count,
        value: r.sums.total ?? 0,
      }))
      .sort((a, b) => b.count - a.count);
    return { id: 'cancellation-reasons', total: reasons.reduce((n, r) => n + r.count, 0), reasons };
  }
}
