import { epochOf, toInstant, type Instant, type InstantInput } from './instants';

export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;
/** A year of quarters: more than any calendar view asks for, so a wrong range fails instead of hanging. */
export const MAX_SLOTS = 366 * 24 * 4;

/*
 * Quarters are computed on UTC milliseconds. That equals quarters of the salon's wall clock because every
 * tenant zone is a whole number of hours from UTC (+03:00 or +04:00).
 */

/** "Now" for the calendar: rounded down to the quarter hour (10:14:59 -> 10:00). */
export const roundDownToQuarter = (instant: InstantInput): Instant =>
  toInstant(Math.floor(epochOf(instant) / SLOT_MS) * SLOT_MS);

export const roundUpToQuarter = (instant: InstantInput): Instant =>
  toInstant(Math.ceil(epochOf(instant) / SLOT_MS) * SLOT_MS);

export const isQuarterAligned = (instant: InstantInput): boolean => epochOf(instant) % SLOT_MS === 0;

/** Every quarter-hour instant t with from <= t < to, starting at the first quarter not before from. */
export const quarterSlots = (from: InstantInput, to: InstantInput): Instant[] => {
  const start = Math.ceil(epochOf(from) / SLOT_MS) * SLOT_MS;
  const end = epochOf(to);
  const count = Math.max(0, Math.ceil((end - start) / SLOT_MS));
  if (count > MAX_SLOTS) throw new RangeError(`Too many slots between ${String(from)} and ${String(to)}`);
  return Array.from({ length: count }, (_, i) => toInstant(start + i * SLOT_MS));
};
