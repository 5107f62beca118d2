import {
  conflictsOf,
  type AppointmentLine,
  type Conflict,
  type EmployeeSchedule,
  type ErrorDetail,
  type OpeningDay,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import type { Period } from '../settings/account-settings';
import type { EmployeeState } from '../staff/employee';

export { blockIntervals } from '@rawnaq/contracts';

export type ScheduleQuestion = {
  lines: AppointmentLine[];
  /** the visit's lines before this change: those not moved keep their time even if it has passed */
  previous: AppointmentLine[];
  now: number;
  timeZone: TenantTimeZone;
  salon: { week: OpeningDay[]; periods: Period[] };
  employees: ReadonlyMap<string, EmployeeState>;
};

/** An employee as the availability engine reads her: week, holidays, custom hours and blocks. */
export const employeeSchedule = (
  id: string,
  e: Extract<EmployeeState, { added: true }>,
  busy: EmployeeSchedule['busy'] = [],
): EmployeeSchedule => ({
  id,
  week: e.details.working_hours,
  holidays: e.details.holidays,
  periods: [...e.periods.values()],
  busy,
});

/**
 * Every rule of the salon's and the employee's time that a visit's lines break, each named on its
 * line: a start before now (for a line that is new or moved), outside the salon's hours, on the
 * employee's day off or outside her hours, in one of her blocks. The rules are the availability
 * engine's (`conflictsOf`), so a start the engine offers is never refused here; only the first,
 * most telling conflict of a line is named. Overlaps with other visits are the day books' business
 * (they are the consistency boundary).
 */
export const scheduleConflicts = (q: ScheduleQuestion): ErrorDetail[] => {
  const problems: ErrorDetail[] = [];
  const before = new Map(q.previous.map((l) => [l.line_id, l]));
  for (const [i, l] of q.lines.entries()) {
    const old = before.get(l.line_id);
    const moved = !old || old.start !== l.start || old.end !== l.end;
    const e = q.employees.get(l.employee_id);
    // an employee who is not bookable is refused with the line's employee already
    const employee = e?.added ? e : undefined;
    const [first] = conflictsOf(
      {
        timeZone: q.timeZone,
        salon: q.salon,
        employee: employee && employeeSchedule(l.employee_id, employee),
        ...(moved && { now: q.now }),
      },
      { from: Date.parse(l.start), to: Date.parse(l.end) },
    );
    if (!first) continue;
    const names = employee && {
      employee_en: employee.details.name_en,
      employee_ar: employee.details.name_ar,
    };
    problems.push(detailOf(first, `lines.${i}.start`, names ?? {}));
  }
  return problems;
};

const detailOf = (c: Conflict, field: string, names: Record<string, string>): ErrorDetail => {
  switch (c.kind) {
    case 'start_in_past':
    case 'outside_salon_hours':
      return { field, key: `appointments.${c.kind}` };
    case 'employee_day_off':
    case 'outside_employee_hours':
      return { field, key: `appointments.${c.kind}`, params: names };
    case 'employee_blocked':
      return {
        field,
        key: 'appointments.employee_blocked',
        params: { ...names, reason: c.period.reason ?? '' },
      };
    case 'employee_busy':
    case 'customer_busy':
      return { field, key: `appointments.${c.kind}`, params: names };
  }
};
