import {
  addDays,
  businessDate,
  openingOn,
  startOfBusinessDay,
  weekdayOf,
  type AppointmentLine,
  type BusinessDate,
  type EmployeePeriod,
  type ErrorDetail,
  type OpeningDay,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import type { Period } from '../settings/account-settings';
import type { EmployeeState } from '../staff/employee';

type Interval = { from: number; to: number };

export type ScheduleQuestion = {
  lines: AppointmentLine[];
  /** the visit's lines before this change: those not moved keep their time even if it has passed */
  previous: AppointmentLine[];
  now: number;
  timeZone: TenantTimeZone;
  salon: { week: OpeningDay[]; periods: Period[] };
  employees: ReadonlyMap<string, EmployeeState>;
};

const QUARTER = 15 * 60_000;

const covering = <T extends { from_date: string; to_date: string }>(periods: T[], date: BusinessDate) =>
  periods.find((p) => p.from_date <= date && date <= p.to_date);

/** An opening as an interval, or none (closed). */
const interval = (day: OpeningDay | undefined, date: BusinessDate, timeZone: TenantTimeZone) => {
  const o = openingOn(day, date, timeZone);
  return o ? { from: Date.parse(o.from), to: Date.parse(o.to) } : undefined;
};

/** The salon's opening of a business date: a custom period's hours replace the week's. */
const salonOpening = (q: ScheduleQuestion, date: BusinessDate) => {
  const period = covering(q.salon.periods, date);
  return interval(period ?? q.salon.week[weekdayOf(date)], date, q.timeZone);
};

const employeeOpening = (
  e: Extract<EmployeeState, { added: true }>,
  date: BusinessDate,
  q: ScheduleQuestion,
) => {
  const custom = covering(
    [...e.periods.values()].filter((p) => p.kind === 'custom_hours'),
    date,
  );
  if (custom) return interval({ is_open: true, from: custom.from, to: custom.to }, date, q.timeZone);
  if (e.details.holidays.includes(weekdayOf(date))) return undefined;
  return interval(e.details.working_hours[weekdayOf(date)], date, q.timeZone);
};

const inside = (line: Interval, open: Interval | undefined) =>
  open !== undefined && open.from <= line.from && line.to <= open.to;

/** An opening that holds the line: the line's own date, or the day before when it runs past midnight. */
const openingFor = (
  line: Interval,
  timeZone: TenantTimeZone,
  opening: (date: BusinessDate) => Interval | undefined,
) => {
  const date = businessDate(line.from, timeZone);
  return [date, addDays(date, -1)].map(opening).find((o) => inside(line, o));
};

/** A block period as intervals, one per date of the period: its own times, or the whole day. */
export const blockIntervals = (
  p: EmployeePeriod,
  timeZone: TenantTimeZone,
): Array<Interval & { date: BusinessDate }> => {
  const out: Array<Interval & { date: BusinessDate }> = [];
  for (let date = p.from_date; date <= p.to_date; date = addDays(date, 1)) {
    const block =
      p.from && p.to
        ? interval({ is_open: true, from: p.from, to: p.to }, date, timeZone)
        : {
            from: Date.parse(startOfBusinessDay(date, timeZone)),
            to: Date.parse(startOfBusinessDay(addDays(date, 1), timeZone)),
          };
    if (block) out.push({ ...block, date });
  }
  return out;
};

const blocksOf = (e: Extract<EmployeeState, { added: true }>, line: Interval, timeZone: TenantTimeZone) =>
  [...e.periods.values()]
    .filter((p) => p.kind === 'block')
    .find((p) => blockIntervals(p, timeZone).some((b) => b.from < line.to && line.from < b.to));

/**
 * Every rule of the salon's and the employee's time that a visit's lines break, each named on its
 * line: a start before now (for a line that is new or moved), outside the salon's hours, on the
 * employee's day off or outside her hours, in one of her blocks. Overlaps with other visits are the
 * day books' business (they are the consistency boundary).
 */
export const scheduleConflicts = (q: ScheduleQuestion): ErrorDetail[] => {
  const problems: ErrorDetail[] = [];
  const nowQuarter = Math.floor(q.now / QUARTER) * QUARTER;
  const before = new Map(q.previous.map((l) => [l.line_id, l]));
  for (const [i, l] of q.lines.entries()) {
    const line = { from: Date.parse(l.start), to: Date.parse(l.end) };
    const old = before.get(l.line_id);
    const moved = !old || old.start !== l.start || old.end !== l.end;
    const field = `lines.${i}.start`;
    if (moved && line.from < nowQuarter) {
      problems.push({ field, key: 'appointments.start_in_past' });
      continue;
    }
    if (!openingFor(line, q.timeZone, (d) => salonOpening(q, d))) {
      problems.push({ field, key: 'appointments.outside_salon_hours' });
      continue;
    }
    const e = q.employees.get(l.employee_id);
    if (!e?.added) continue; // refused with the line's employee already
    const names = { employee_en: e.details.name_en, employee_ar: e.details.name_ar };
    if (!openingFor(line, q.timeZone, (d) => employeeOpening(e, d, q))) {
      const date = businessDate(line.from, q.timeZone);
      const dayOff =
        e.details.holidays.includes(weekdayOf(date)) &&
        !covering(
          [...e.periods.values()].filter((p) => p.kind === 'custom_hours'),
          date,
        );
      problems.push({
        field,
        key: dayOff ? 'appointments.employee_day_off' : 'appointments.outside_employee_hours',
        params: names,
      });
      continue;
    }
    const block = blocksOf(e, line, q.timeZone);
    if (block)
      problems.push({
        field,
        key: 'appointments.employee_blocked',
        params: { ...names, reason: block.reason ?? '' },
      });
  }
  return problems;
};
