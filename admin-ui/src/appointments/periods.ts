import { calendarDay, type BusinessDate } from '@rawnaq/contracts';
import { dayPeriod, type DayPreset } from '../sales/period';

/** The last day of the week (Saturday), month, quarter or year that holds the date. */
const endOf = (date: BusinessDate, unit: 'week' | 'month' | 'quarter' | 'year') => {
  const day = calendarDay(date);
  const end =
    unit === 'quarter'
      ? day
          .startOf('month')
          .month(day.month() - (day.month() % 3) + 2)
          .endOf('month')
      : day.endOf(unit);
  return end.format('YYYY-MM-DD');
};
const CURRENT = {
  this_week: 'week',
  this_month: 'month',
  this_quarter: 'quarter',
  this_year: 'year',
} as const;

/**
 * From and to of a period preset, in the salon's calendar: the sales screens' periods, except that a
 * current week, month, quarter or year runs to its last day (the visits still to come count too).
 */
export const presetRange = (preset: DayPreset, today: BusinessDate): { from?: string; to?: string } => {
  const range = preset === 'custom' ? null : dayPeriod(preset, today);
  if (!range) return {};
  const current = CURRENT[preset as keyof typeof CURRENT];
  return current ? { from: range.from, to: endOf(today, current) } : range;
};
