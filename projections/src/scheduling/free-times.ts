import {
  addDays,
  availability,
  DEFAULT_WEEK,
  doesService,
  epochOf,
  lineOffsets,
  startOfBusinessDay,
  toInstant,
  type BusyInterval,
  type EmployeePeriod,
  type EmployeeSchedule,
  type OpeningDay,
  type SalonHoursPeriod,
  type TenantTimeZone,
  type WantedService,
} from '@rawnaq/contracts';
import type { Doc, Filter, ReadModels } from '@rawnaq/platform';

/**
 * The free starts of a visit, read from the read models: the salon's hours and custom hours, the
 * employees of the appointment table with their weeks, holidays and periods, and what is already
 * booked, given to the availability engine. The desk's calendar (signed in, maybe one column only)
 * and the salon's online pages (every employee shown in the appointment table) ask the same
 * question; the command that books checks again, atomically, at the moment it writes.
 */
export type FreeTimesQuestion = {
  tenantId: string;
  timeZone: TenantTimeZone;
  /** the salon's week (account `business_hours`) */
  week: OpeningDay[] | undefined;
  /** the services of the visit, in order: read from `services` by the caller (checked as its own) */
  services: Doc[];
  date: string;
  days: number;
  /** only these employees (a user who sees her own column); all shown in the table otherwise */
  employeeIds?: string[];
  preferred?: string;
  customerId?: string;
  /**
   * The visit's lines as the desk has them, in the services' order: who does each (absent: anyone of
   * the table) and for how long (absent: the service's job time).
   */
  lines?: ReadonlyArray<{ employeeId?: string; duration?: number; offset?: number }>;
  /** a visit being changed: its own lines are not busy time */
  exceptAppointment?: string;
  /** the salon takes parallel services (lines at once, by their offsets, with different employees) */
  parallel?: boolean;
  now: number;
};

export type FreeTimes = {
  timeZone: TenantTimeZone;
  employees: Doc[];
  durations: number[];
  /** when each line starts, in minutes after the visit's start */
  offsets: number[];
  answer: ReturnType<typeof availability>;
};

const iso = (ms: number) => toInstant(ms);

/** Lines that take time (not cancelled, not a no-show) starting in [from, to). */
const busyLines = async (
  models: ReadModels,
  tenantId: string,
  from: number,
  to: number,
  extra: Filter,
  except: string | undefined,
): Promise<Doc[]> => {
  const lines = await models.find('appointment_lines', {
    filter: { tenantId, start: { $gte: iso(from), $lt: iso(to) }, ...extra },
  });
  return lines.filter((l) => l.status !== 0 && !l.no_show && l.appointment_id !== except);
};

const interval = (l: Doc): BusyInterval => ({
  from: Date.parse(l.start as string),
  to: Date.parse(l.end as string),
  ref: l.appointment_id as string,
});

/** The employees of the appointment table (active, shown), by English name. */
export const bookableEmployees = (models: ReadModels, tenantId: string, only?: string[]) => {
  const filter: Filter = { tenantId, show_in_appointments: true, status: 1 };
  if (only) filter.id = only.length === 1 ? only[0] : { $in: only };
  return models.find('employees', { filter, sort: [['name_en', 'asc']] });
};

export const freeTimes = async (models: ReadModels, q: FreeTimesQuestion): Promise<FreeTimes> => {
  const last = addDays(q.date, q.days - 1);
  const [employees, customHours] = await Promise.all([
    bookableEmployees(models, q.tenantId, q.employeeIds),
    models.find('custom_business_hours', {
      filter: { tenantId: q.tenantId, to_date: { $gte: addDays(q.date, -1) }, from_date: { $lte: last } },
    }),
  ]);
  const ids = employees.map((e) => e.id);
  // lines and periods that may reach into the range: from the day before (a visit past midnight) to the day after
  const from = epochOf(startOfBusinessDay(addDays(q.date, -1), q.timeZone));
  const to = epochOf(startOfBusinessDay(addDays(last, 2), q.timeZone));
  const [periods, lines, customerLines] = await Promise.all([
    ids.length
      ? models.find('employee_periods', {
          filter: {
            tenantId: q.tenantId,
            employee_id: { $in: ids },
            to_date: { $gte: addDays(q.date, -1) },
            from_date: { $lte: addDays(last, 1) },
          },
        })
      : [],
    ids.length
      ? busyLines(models, q.tenantId, from, to, { employee_id: { $in: ids } }, q.exceptAppointment)
      : [],
    q.customerId
      ? busyLines(models, q.tenantId, from, to, { customer_id: q.customerId }, q.exceptAppointment)
      : [],
  ]);
  const schedules: EmployeeSchedule[] = employees.map((e) => ({
    id: e.id,
    week: (e.working_hours as OpeningDay[] | undefined) ?? DEFAULT_WEEK,
    holidays: (e.holidays as number[] | undefined) ?? [],
    periods: periods
      .filter((p) => p.employee_id === e.id)
      .map((p) => ({ ...(p as unknown as EmployeePeriod), period_id: p.id })),
    busy: lines.filter((l) => l.employee_id === e.id).map(interval),
  }));
  const durations = q.services.map((s, i) => q.lines?.[i]?.duration ?? Number(s.job_time));
  // each line by whom the desk chose, else by anyone of the table who does its service (her skills)
  const qualified = (serviceId: string) =>
    employees.filter((e) => doesService(e, serviceId)).map((e) => e.id);
  const services: WantedService[] = durations.map((duration, i) => {
    const line = q.lines?.[i];
    const able = qualified(q.services[i].id);
    return {
      duration,
      employees: line?.employeeId ? able.filter((id) => id === line.employeeId) : able,
      ...(line?.offset !== undefined && { offset: line.offset }),
    };
  });
  const answer = availability({
    timeZone: q.timeZone,
    salon: { week: q.week ?? DEFAULT_WEEK, periods: customHours as unknown as SalonHoursPeriod[] },
    employees: schedules,
    customerBusy: customerLines.map(interval),
    services,
    from: q.date,
    days: q.days,
    now: q.now,
    preferred: q.preferred,
    parallel: q.parallel,
  });
  return { timeZone: q.timeZone, employees, durations, offsets: lineOffsets(services), answer };
};
