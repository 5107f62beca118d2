import { conflict, type EmployeePeriod, type TenantTimeZone } from '@rawnaq/contracts';
import type { CommandContext } from '../shared/command-context';
import type { Aggregates } from '../shared/repository';
import { employeeDayStream } from './booking-context';
import { evolveDayBook, initialDayBook, type DayBookState } from './day-book';
import { blockIntervals } from './schedule-rules';

/**
 * A block over a booked visit is refused (move or cancel the visit first). The employee's days it
 * covers are held: a visit booked into the block at the same instant makes one of the two commands
 * run again and be refused.
 */
export const refuseBlockOverVisits = async (
  aggregates: Aggregates,
  ctx: CommandContext,
  timeZone: TenantTimeZone,
  employeeId: string,
  period: EmployeePeriod,
): Promise<void> => {
  if (period.kind !== 'block') return;
  for (const block of blockIntervals(period, timeZone)) {
    const { state } = await aggregates.loadHeld<DayBookState, Parameters<typeof evolveDayBook>[1]>(
      ctx,
      employeeDayStream(ctx.tenantId, employeeId, block.date),
      initialDayBook(),
      evolveDayBook,
    );
    // a visit of the day before may run past midnight into this block, and is held by this day too
    if ([...state.values()].some((r) => r.from < block.to && block.from < r.to))
      throw conflict('appointments.block_over_visit', 'from_date');
  }
};
