import type { TenantTimeZone } from '../coded-values/countries';
import { Weekday } from '../coded-values/enumerations';
import {
  addDays,
  addMonths,
  calendarDay,
  DATE_FORMAT,
  today,
  type BusinessDate,
  type NowInput,
} from './instants';

/** Both ends inclusive, business dates in the tenant's zone. */
export type DateRange = { from: BusinessDate; to: BusinessDate };

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'this_month',
  'last_month',
  'last_quarter',
  'this_year',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const REPORT_PERIODS = [
  'week',
  'month',
  'quarter',
  'year',
  'last_3_months',
  'last_12_months',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const RANGE_PICKER_MIN_DAYS = 400;
export const DATE_PICKER_MIN_YEARS = 1;

const format = (d: ReturnType<typeof calendarDay>): BusinessDate => d.format(DATE_FORMAT);

const monthOf = (date: BusinessDate): DateRange => {
  const day = calendarDay(date);
  return { from: format(day.startOf('month')), to: format(day.endOf('month')) };
};

const quarterOf = (date: BusinessDate): DateRange => {
  const day = calendarDay(date);
  const first = day.startOf('month').month(day.month() - (day.month() % 3));
  return { from: format(first), to: format(first.add(2, 'month').endOf('month')) };
};

const yearOf = (date: BusinessDate): DateRange => {
  const day = calendarDay(date);
  return { from: format(day.startOf('year')), to: format(day.endOf('year')) };
};

/** Rolling months ending today: 15 May -> 16 Feb..15 May; on a month's last day, whole calendar months. */
const lastMonths = (date: BusinessDate, months: number): DateRange => ({
  from: addDays(addMonths(date, -months), 1),
  to: date,
});

/** Ranges of the date range picker; calendar periods are whole (this month runs to its last day). */
export const presetRange = (preset: DatePreset, now: NowInput, tz: TenantTimeZone): DateRange => {
  const day = today(now, tz);
  switch (preset) {
    case 'today':
      return { from: day, to: day };
    case 'yesterday': {
      const yesterday = addDays(day, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'this_month':
      return monthOf(day);
    case 'last_month':
      return monthOf(addMonths(monthOf(day).from, -1));
    case 'last_quarter':
      return quarterOf(addMonths(quarterOf(day).from, -3));
    case 'this_year':
      return yearOf(day);
  }
};

export const presetRanges = (now: NowInput, tz: TenantTimeZone): Record<DatePreset, DateRange> =>
  Object.fromEntries(DATE_PRESETS.map((p) => [p, presetRange(p, now, tz)])) as Record<DatePreset, DateRange>;

export type ReportPeriodOptions = {
  /** First day of the week; Sunday in the Gulf calendar (Weekday 0) unless the tenant says otherwise. */
  weekStart?: Weekday;
};

/** Report periods: the current week, month, quarter or year (whole), or the rolling last 3 or 12 months. */
export const reportPeriodRange = (
  period: ReportPeriod,
  now: NowInput,
  tz: TenantTimeZone,
  options: ReportPeriodOptions = {},
): DateRange => {
  const day = today(now, tz);
  switch (period) {
    case 'week': {
      const weekStart = options.weekStart ?? Weekday.sunday;
      const from = addDays(day, -((calendarDay(day).day() - weekStart + 7) % 7));
      return { from, to: addDays(from, 6) };
    }
    case 'month':
      return monthOf(day);
    case 'quarter':
      return quarterOf(day);
    case 'year':
      return yearOf(day);
    case 'last_3_months':
      return lastMonths(day, 3);
    case 'last_12_months':
      return lastMonths(day, 12);
  }
};

/** Earliest day a date range picker offers before its archive toggle: 400 days before today. */
export const rangePickerMinimum = (now: NowInput, tz: TenantTimeZone): BusinessDate =>
  addDays(today(now, tz), -RANGE_PICKER_MIN_DAYS);

/** Earliest day a single date picker offers: the same day a year ago (29 Feb -> 28 Feb). */
export const datePickerMinimum = (now: NowInput, tz: TenantTimeZone): BusinessDate =>
  addMonths(today(now, tz), -12 * DATE_PICKER_MIN_YEARS);

export const isDateInRange = (date: BusinessDate, range: DateRange): boolean =>
  calendarDay(date).valueOf() >= calendarDay(range.from).valueOf() &&
  calendarDay(date).valueOf() <= calendarDay(range.to).valueOf();
