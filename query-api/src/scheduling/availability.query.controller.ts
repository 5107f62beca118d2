import { Controller, Get, Inject, Query } from '@nestjs/common';
import {
  addDays,
  APPOINTMENT_CATEGORY,
  appointmentCalendarQuery,
  availabilityQuery,
  EMPLOYEE_CATEGORY,
  EMPLOYEE_DAY_CATEGORY,
  employeeDays,
  epochOf,
  Page,
  Permission,
  rejected,
  salonDayQuery,
  salonDays,
  startOfBusinessDay,
  streamName,
  toInstant,
  DEFAULT_WEEK,
  type EmployeePeriod,
  type EmployeeSchedule,
  type OpeningDay,
  type SalonHours,
  type SalonHoursPeriod,
  type TenantTimeZone,
  type TimeInterval,
} from '@rawnaq/contracts';
import {
  Auth,
  hasRight,
  parseInput,
  Realm,
  RequirePermission,
  requirePermission,
  TOKENS,
  userScope,
  type AuthContext,
  type Doc,
  type EventStore,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { appointmentsProjection, freeTimes, identityProjection, staffProjection } from '@rawnaq/projections';
import { freeTimesAnswer, servicesOf } from './free-times-answer';
import { replayAsOf } from '../shared/as-of';
import { accountOf } from '../shared/account';
import { stateOf } from './appointments.query.controller';

const DAY_MS = 86_400_000;
const iso = (ms: number) => toInstant(ms);
const span = (i: TimeInterval) => ({ from: iso(i.from), to: iso(i.to) });

/** The salon's hours and the employees of the appointment table a user may see, with their periods. */
type Book = {
  timeZone: TenantTimeZone;
  salon: SalonHours;
  employees: Doc[];
  schedules: Map<string, EmployeeSchedule>;
};

/**
 * The appointment book's time: free starts for a visit (the availability engine over the read
 * models) and the appointment table of a day or a week (employees' hours, blocks, custom hours and
 * the lines), also as it was at an instant. A user without "view all employees' appointments" sees
 * her own column only.
 */
@Controller('api/merchant')
@Realm('merchant')
export class AvailabilityQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.eventStore) private readonly events: EventStore,
  ) {}

  /** The employees shown in the appointment table (active) that this user may see, and the salon's hours. */
  private async book(auth: AuthContext, from: string, to: string, asOf?: string): Promise<Book> {
    const account = await accountOf(this.models, auth.tenantId);
    const scope = await userScope(this.models, auth);
    const mayShow = (e: Doc) =>
      e.show_in_appointments === true &&
      e.status === 1 &&
      (hasRight(scope, 'view_all_appointments') || e.id === (scope.employeeId ?? 'none'));
    const overlapping = (p: Doc) =>
      (p.to_date as string) >= addDays(from, -1) && (p.from_date as string) <= addDays(to, 1);
    let employees: Doc[];
    let customHours: Doc[];
    let periods: Doc[];
    let week = account.doc.business_hours as OpeningDay[] | undefined;
    if (asOf) {
      // the salon's hours, its staff, their weeks and blocks as they were then (an employee added
      // since has no events before the instant, so no column)
      const all = await this.models.find('employees', { filter: { tenantId: auth.tenantId } });
      const then = await replayAsOf(
        this.events,
        [
          streamName('account', auth.tenantId, auth.tenantId),
          ...all.map((e) => streamName(EMPLOYEE_CATEGORY, auth.tenantId, e.id)),
        ],
        [identityProjection, staffProjection],
        asOf,
      );
      employees = then
        .docs('employees')
        .filter(mayShow)
        .sort((a, b) => String(a.name_en).localeCompare(String(b.name_en)));
      customHours = then.docs('custom_business_hours').filter(overlapping);
      periods = then.docs('employee_periods').filter(overlapping);
      week = then.docs('accounts').find((a) => a.id === auth.tenantId)?.business_hours as
        OpeningDay[] | undefined;
    } else {
      const filter: Filter = { tenantId: auth.tenantId, show_in_appointments: true, status: 1 };
      if (!hasRight(scope, 'view_all_appointments')) filter.id = scope.employeeId ?? 'none';
      [employees, customHours] = await Promise.all([
        this.models.find('employees', { filter, sort: [['name_en', 'asc']] }),
        this.models.find('custom_business_hours', {
          filter: { tenantId: auth.tenantId, to_date: { $gte: addDays(from, -1) }, from_date: { $lte: to } },
        }),
      ]);
      periods = employees.length
        ? await this.models.find('employee_periods', {
            filter: {
              tenantId: auth.tenantId,
              employee_id: { $in: employees.map((e) => e.id) },
              to_date: { $gte: addDays(from, -1) },
              from_date: { $lte: addDays(to, 1) },
            },
          })
        : [];
    }
    const schedules = new Map(
      employees.map((e): [string, EmployeeSchedule] => [
        e.id,
        {
          id: e.id,
          week: (e.working_hours as OpeningDay[] | undefined) ?? DEFAULT_WEEK,
          holidays: (e.holidays as number[] | undefined) ?? [],
          periods: periods
            .filter((p) => p.employee_id === e.id)
            .map((p) => ({ ...(p as unknown as EmployeePeriod), period_id: p.id })),
          busy: [],
        },
      ]),
    );
    return {
      timeZone: account.timeZone,
      salon: { week: week ?? DEFAULT_WEEK, periods: customHours as unknown as SalonHoursPeriod[] },
      employees,
      schedules,
    };
  }

  @Get('availability')
  @RequirePermission(Page.appointments, Permission.viewAppointments)
  async availability(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const input = parseInput(availabilityQuery, query);
    const services = await servicesOf(this.models, auth.tenantId, input.service_ids, 'service_ids');
    const account = await accountOf(this.models, auth.tenantId);
    const scope = await userScope(this.models, auth);
    const only = hasRight(scope, 'view_all_appointments') ? undefined : [scope.employeeId ?? 'none'];
    const days = input.days ? Number(input.days) : 1;
    const free = await freeTimes(this.models, {
      tenantId: auth.tenantId,
      timeZone: account.timeZone,
      week: account.doc.business_hours as OpeningDay[] | undefined,
      services,
      date: input.date,
      days,
      employeeIds: only,
      preferred: input.employee_id,
      customerId: input.customer_id,
      lines: services.map((_, i) => ({
        employeeId: input.employee_ids?.[i] || undefined,
        duration: input.durations?.[i] ? Number(input.durations[i]) : undefined,
        offset: input.offsets?.[i] ? Number(input.offsets[i]) : undefined,
      })),
      exceptAppointment: input.appointment_id,
      // as the command decides it (settings/invoice)
      parallel: account.doc.allow_parallel_services === true,
      now: Date.now(),
    });
    const inBook = (id: string) => free.employees.some((e) => e.id === id);
    if (input.employee_id && !inBook(input.employee_id))
      throw rejected('appointments.employee_not_in_book', 'employee_id');
    const outside = (input.employee_ids ?? []).findIndex((id) => id && !inBook(id));
    if (outside >= 0) throw rejected('appointments.employee_not_in_book', `employee_ids.${outside}`);
    return { id: 'availability', date: input.date, days, ...freeTimesAnswer(services, free) };
  }

  /**
   * The salon's day as the booking panel needs it: when it is open on the date (its time pickers offer
   * those quarters) and whether it takes parallel services (lines of one visit at once).
   */
  @Get('salon-day')
  @RequirePermission(Page.appointments, Permission.viewAppointments)
  async salonDay(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const input = parseInput(salonDayQuery, query);
    const account = await accountOf(this.models, auth.tenantId);
    const periods = await this.models.find('custom_business_hours', {
      filter: {
        tenantId: auth.tenantId,
        to_date: { $gte: addDays(input.date, -1) },
        from_date: { $lte: input.date },
      },
    });
    const [day] = salonDays({
      timeZone: account.timeZone,
      salon: {
        week: (account.doc.business_hours as OpeningDay[] | undefined) ?? DEFAULT_WEEK,
        periods: periods as unknown as SalonHoursPeriod[],
      },
      from: input.date,
      days: 1,
    });
    return {
      id: 'salon-day',
      date: input.date,
      time_zone: account.timeZone,
      open: day.open.map(span),
      parallel_services: account.doc.allow_parallel_services === true,
    };
  }

  @Get('appointment-calendar')
  @RequirePermission(Page.appointments, Permission.viewAppointments)
  async calendar(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const input = parseInput(appointmentCalendarQuery, query);
    const days = input.days ? Number(input.days) : 1;
    const last = addDays(input.date, days - 1);
    // the day as it was: an auditor's replay, the same right as the other as-of views
    if (input.as_of) requirePermission(auth, Page.advancedAccounting, Permission.viewRecordsAsOf);
    const asOf = input.as_of ? iso(epochOf(input.as_of)) : undefined;
    const book = await this.book(auth, input.date, last, asOf);
    const from = epochOf(startOfBusinessDay(input.date, book.timeZone));
    const to = epochOf(startOfBusinessDay(addDays(last, 1), book.timeZone));
    const ids = [...book.schedules.keys()];
    const lines = !ids.length
      ? []
      : asOf
        ? await this.linesAsOf(auth.tenantId, ids, input.date, days, from, to, asOf)
        : await this.models.find('appointment_lines', {
            filter: {
              tenantId: auth.tenantId,
              employee_id: { $in: ids },
              start: { $gte: iso(from), $lt: iso(to) },
            },
            sort: [['start', 'asc']],
          });
    const customers = new Map(
      (await this.models.getMany('customers', [...new Set(lines.map((l) => l.customer_id as string))])).map(
        (c) => [c.id, c],
      ),
    );
    const now = asOf ?? new Date().toISOString();
    return {
      id: 'appointment-calendar',
      date: input.date,
      days,
      time_zone: book.timeZone,
      from: iso(from),
      to: iso(to),
      as_of: asOf ?? null,
      employees: book.employees.map((e) => ({
        employee_id: e.id,
        name_en: e.name_en,
        name_ar: e.name_ar,
        // the services she does (absent: every one), for the booking panel's choice of employee
        ...(Array.isArray(e.service_ids) && { service_ids: e.service_ids as string[] }),
        days: employeeDays({
          timeZone: book.timeZone,
          salon: book.salon,
          employee: book.schedules.get(e.id)!,
          from: input.date,
          days,
        }).map((d) => ({
          date: d.date,
          working: d.working.map(span),
          day_off: d.day_off,
          custom_hours: d.custom_hours
            ? {
                from_date: d.custom_hours.from_date,
                to_date: d.custom_hours.to_date,
                from: d.custom_hours.from ?? null,
                to: d.custom_hours.to ?? null,
              }
            : null,
          blocks: d.blocks.map((b) => ({
            period_id: (b.period as EmployeePeriod & { period_id?: string }).period_id ?? null,
            ...span(b),
            reason: b.period.reason ?? null,
          })),
        })),
      })),
      lines: lines.map((l) => ({
        line_id: l.id,
        appointment_id: l.appointment_id,
        booking_no: l.booking_no,
        employee_id: l.employee_id,
        service_id: l.service_id,
        service_name_en: l.service_name_en,
        service_name_ar: l.service_name_ar,
        start: l.start,
        end: l.end,
        duration: l.duration,
        price: l.price,
        customer_id: l.customer_id,
        customer_name: (customers.get(l.customer_id as string)?.name as string | undefined) ?? null,
        status: l.status,
        confirmed: l.confirmed ?? false,
        no_show: l.no_show ?? false,
        labels: l.labels ?? [],
        source: l.source,
        state: stateOf(l, now),
      })),
    };
  }

  /**
   * The lines of the range as they were at `asOf`: the visits that held time in those employees' days
   * then (their days of bookings read as of the instant) or hold it now, each replayed from its own
   * events up to the instant through the appointments projection.
   */
  private async linesAsOf(
    tenantId: string,
    employeeIds: string[],
    date: string,
    days: number,
    from: number,
    to: number,
    asOf: string,
  ): Promise<Doc[]> {
    const visits = new Set<string>();
    for (const employeeId of employeeIds)
      for (let i = -1; i < days; i++) {
        const stream = streamName(EMPLOYEE_DAY_CATEGORY, tenantId, `${employeeId}:${addDays(date, i)}`);
        for (const e of await this.events.readStream(stream, { asOf }))
          visits.add((e.data as { appointment_id: string }).appointment_id);
      }
    const now = await this.models.find('appointment_lines', {
      filter: { tenantId, start: { $gte: iso(from - DAY_MS), $lt: iso(to) } },
    });
    for (const l of now) visits.add(l.appointment_id as string);
    const then = await replayAsOf(
      this.events,
      [...visits].map((id) => streamName(APPOINTMENT_CATEGORY, tenantId, id)),
      [appointmentsProjection],
      asOf,
    );
    return then
      .docs('appointment_lines')
      .filter((l) => {
        const start = Date.parse(l.start as string);
        return employeeIds.includes(l.employee_id as string) && start >= from && start < to;
      })
      .sort((a, b) => (a.start as string).localeCompare(b.start as string));
  }
}
