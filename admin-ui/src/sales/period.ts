import {
  addDays,
  addMonths,
  calendarDay,
  fromArabicDigits,
  RANGE_PICKER_MIN_DAYS,
  type BusinessDate,
} from '@rawnaq/contracts';

/**
 * The periods a sales screen or report offers (spec doc 1's presets: the week, the month, the quarter,
 * the last quarter, the last 3 and 12 months, the year); `custom` leaves the dates to the user. A
 * current period runs to today: nothing is sold in the future.
 */
export const DAY_PRESETS = [
  'today',
  'yesterday',
  'this_week',
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'last_3_months',
  'last_12_months',
  'this_year',
  'custom',
] as const;
export type DayPreset = (typeof DAY_PRESETS)[number];

export const MONTH_PRESETS = [
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'last_3_months',
  'last_12_months',
  'this_year',
  'last_year',
  'custom',
] as const;
export type MonthPreset = (typeof MONTH_PRESETS)[number];

export type Period = { from: string; to: string };

const firstOfMonth = (date: BusinessDate) => `${date.slice(0, 8)}01` as BusinessDate;
const lastOfPreviousMonth = (date: BusinessDate) => addDays(firstOfMonth(date), -1);
/** The first day of the date's quarter (January, April, July, October). */
const firstOfQuarter = (date: BusinessDate) => {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 5)}${String(month - ((month - 1) % 3)).padStart(2, '0')}-01` as BusinessDate;
};
/** Sunday, the first day of the week in the Gulf's calendar. */
const firstOfWeek = (date: BusinessDate) => addDays(date, -calendarDay(date).day());
/** The rolling months that end today: 15 May, 3 months -> 16 Feb to 15 May. */
const lastMonths = (today: BusinessDate, months: number): Period => ({
  from: addDays(addMonths(today, -months), 1),
  to: today,
});

/** From and to (business dates) of a preset, in the salon's calendar; `custom` has none. */
export const dayPeriod = (preset: DayPreset, today: BusinessDate): Period | null => {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'this_week':
      return { from: firstOfWeek(today), to: today };
    case 'this_month':
      // to today: no invoice is issued in the future
      return { from: firstOfMonth(today), to: today };
    case 'last_month': {
      const last = lastOfPreviousMonth(today);
      return { from: firstOfMonth(last), to: last };
    }
    case 'this_quarter':
      return { from: firstOfQuarter(today), to: today };
    case 'last_quarter': {
      const last = addDays(firstOfQuarter(today), -1);
      return { from: firstOfQuarter(last), to: last };
    }
    case 'last_3_months':
      return lastMonths(today, 3);
    case 'last_12_months':
      return lastMonths(today, 12);
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    default:
      return null;
  }
};

/** From and to (YYYY-MM) of a monthly report's preset: the months the day preset touches. */
export const monthPeriod = (preset: MonthPreset, today: BusinessDate): Period | null => {
  const year = today.slice(0, 4);
  if (preset === 'last_year') {
    const previous = String(Number(year) - 1);
    return { from: `${previous}-01`, to: `${previous}-12` };
  }
  if (preset === 'custom') return null;
  // the rolling months are whole months here: the last 3 of them, this one included
  if (preset === 'last_3_months' || preset === 'last_12_months') {
    const months = preset === 'last_3_months' ? 3 : 12;
    return { from: addMonths(firstOfMonth(today), 1 - months).slice(0, 7), to: today.slice(0, 7) };
  }
  const days = dayPeriod(preset, today);
  return days && { from: days.from.slice(0, 7), to: days.to.slice(0, 7) };
};

/** The preset a period is, so a list opened with dates in its address shows the right one. */
export const dayPresetOf = (period: Partial<Period>, today: BusinessDate): DayPreset =>
  DAY_PRESETS.find((p) => {
    const range = dayPeriod(p, today);
    return range !== null && range.from === period.from && range.to === period.to;
  }) ?? 'custom';

/**
 * The earliest day a date range picker offers (spec doc 2 section 9: 400 days ago, as the contracts'
 * `rangePickerMinimum` from the salon's today); older dates are the archive's, which the pickers
 * open on demand, so the server still answers for them.
 */
export const earliestDay = (today: BusinessDate, lastArchiveDate?: string | null): BusinessDate => {
  const byAge = addDays(today, -RANGE_PICKER_MIN_DAYS);
  // the salon's archive date (set by the platform, database-management/archive-database): the days up
  // to it are the archive's too, so the pickers start the day after it when that is later
  if (typeof lastArchiveDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(lastArchiveDate)) return byAge;
  const afterArchive = addDays(lastArchiveDate as BusinessDate, 1);
  return afterArchive > byAge ? afterArchive : byAge;
};

/** A whole date (YYYY-MM-DD) earlier than a range picker's earliest day: only the archive has it. */
export const beforeEarliest = (
  date: unknown,
  today: BusinessDate,
  lastArchiveDate?: string | null,
): boolean =>
  typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && date < earliestDay(today, lastArchiveDate);

/**
 * A typed date (`day`: YYYY-MM-DD), month (YYYY-MM) or time (HH:mm) as its field keeps it: Arabic-Indic
 * digits become ASCII ones, and the digits alone are given their separators, since a phone's number pad
 * (an iPhone's, which these fields ask for) has no '-' or ':' key: 20261201 is 2026-12-01, 202612 is
 * 2026-12 and 1430 is 14:30. Anything else is kept as typed, for the field's own check to refuse.
 */
export const typedDateText = (text: string, kind: 'day' | 'month' | 'time'): string => {
  const typed = fromArabicDigits(text).trim();
  if (!/^\d+$/.test(typed)) return typed;
  if (kind === 'day' && typed.length === 8)
    return `${typed.slice(0, 4)}-${typed.slice(4, 6)}-${typed.slice(6)}`;
  if (kind === 'month' && typed.length === 6) return `${typed.slice(0, 4)}-${typed.slice(4)}`;
  if (kind === 'time' && typed.length === 4) return `${typed.slice(0, 2)}:${typed.slice(2)}`;
  return typed;
};
