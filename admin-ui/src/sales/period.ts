import { addDays, type BusinessDate } from '@rawnaq/contracts';

/** The periods a sales screen offers; `custom` leaves the dates to the user. */
export type DayPreset = 'today' | 'yesterday' | 'this_month' | 'last_month' | 'custom';
export const DAY_PRESETS: readonly DayPreset[] = ['today', 'yesterday', 'this_month', 'last_month', 'custom'];

export type MonthPreset = 'this_month' | 'last_month' | 'this_year' | 'last_year' | 'custom';
export const MONTH_PRESETS: readonly MonthPreset[] = [
  'this_month',
  'last_month',
  'this_year',
  'last_year',
  'custom',
];

export type Period = { from: string; to: string };

const firstOfMonth = (date: BusinessDate) => `${date.slice(0, 8)}01` as BusinessDate;
const lastOfPreviousMonth = (date: BusinessDate) => addDays(firstOfMonth(date), -1);

/** From and to (business dates) of a preset, in the salon's calendar; `custom` has none. */
export const dayPeriod = (preset: DayPreset, today: BusinessDate): Period | null => {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'this_month':
      // to today: no invoice is issued in the future
      return { from: firstOfMonth(today), to: today };
    case 'last_month': {
      const last = lastOfPreviousMonth(today);
      return { from: firstOfMonth(last), to: last };
    }
    default:
      return null;
  }
};

/** From and to (YYYY-MM) of a monthly report's preset. */
export const monthPeriod = (preset: MonthPreset, today: BusinessDate): Period | null => {
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
  switch (preset) {
    case 'this_month':
      return { from: month, to: month };
    case 'last_month': {
      const last = lastOfPreviousMonth(today).slice(0, 7);
      return { from: last, to: last };
    }
    case 'this_year':
      return { from: `${year}-01`, to: month };
    case 'last_year': {
      const previous = String(Number(year) - 1);
      return { from: `${previous}-01`, to: `${previous}-12` };
    }
    default:
      return null;
  }
};

/** The preset a period is, so a list opened with dates in its address shows the right one. */
export const dayPresetOf = (period: Partial<Period>, today: BusinessDate): DayPreset =>
  DAY_PRESETS.find((p) => {
    const range = dayPeriod(p, today);
    return range !== null && range.from === period.from && range.to === period.to;
  }) ?? 'custom';
