import { addDays, calendarDay, instantAt, type BusinessDate, type Instant } from '../dates/instants';
import type { TenantTimeZone } from '../coded-values/countries';
import { isEmpty, issue, type Validator } from '../validators/core';

/*
 * Opening hours that run past midnight. Many Gulf salons open 16:00-02:00, in Ramadan above all: an
 * interval whose close is earlier than its open ends the next day. Everything that reads hours (the
 * settings, an employee's week, the appointment book's availability) goes through these helpers.
 */

/** One day's hours as the settings keep them: a closed day has no times. */
export type OpeningDay = { is_open: boolean; from?: string; to?: string };

/** Minutes from a day's midnight: `to` is above 1440 when the interval ends the next day. */
export type MinuteInterval = { from: number; to: number };

export const MINUTES_PER_DAY = 24 * 60;

/** 'HH:mm' (or 'HH:mm:ss') as minutes since midnight. */
export const minuteOfDay = (time: string): number => {
  const m = /^(\d{2}):(\d{2})/.exec(time);
  if (!m) throw new RangeError(`Not a HH:mm time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
};

/** 16:00-02:00 closes the next day; 10:00-22:00 the same day. */
export const closesNextDay = (from: string, to: string): boolean => minuteOfDay(to) < minuteOfDay(from);

/**
 * A day's opening in minutes from its own midnight, the spill-over past midnight included
 * (16:00-02:00 is 960-1560). Undefined for a closed day, a day without both times, or a day that
 * opens and closes at the same minute (the rules refuse it).
 */
export const dayOpening = (day: OpeningDay | undefined): MinuteInterval | undefined => {
  if (!day?.is_open || !day.from || !day.to) return undefined;
  const from = minuteOfDay(day.from);
  const to = minuteOfDay(day.to);
  if (to === from) return undefined;
  return { from, to: to < from ? to + MINUTES_PER_DAY : to };
};

/**
 * When the salon is open on one weekday of the clock (0 Sunday ... 6 Saturday), in minutes 0-1440 of
 * that day: what the day before runs past midnight (Thursday 16:00-02:00 gives Friday 0-120), then the
 * day's own opening cut at midnight. The week is Sunday first; Saturday's spill-over lands on Sunday.
 */
export const openMinutesOnWeekday = (week: readonly OpeningDay[], weekday: number): MinuteInterval[] => {
  const intervals: MinuteInterval[] = [];
  const before = dayOpening(week[(weekday + 6) % 7]);
  if (before && before.to > MINUTES_PER_DAY) intervals.push({ from: 0, to: before.to - MINUTES_PER_DAY });
  const own = dayOpening(week[weekday]);
  if (own) intervals.push({ from: own.from, to: Math.min(own.to, MINUTES_PER_DAY) });
  return intervals;
};

/** The weekday of a business date, 0 Sunday ... 6 Saturday (the week of the settings). */
export const weekdayOf = (date: BusinessDate): number => calendarDay(date).day();

/**
 * A business date's opening as instants, [from, to): from the day's opening to its closing, on the
 * next date when it runs past midnight (2027-03-04 16:00-02:00 in Riyadh ends 2027-03-04T23:00Z).
 * `day` is that date's hours: its weekday of the week, or a custom period's hours.
 */
export const openingOn = (
  day: OpeningDay | undefined,
  date: BusinessDate,
  timeZone: TenantTimeZone,
): { from: Instant; to: Instant } | undefined => {
  const opening = dayOpening(day);
  if (!opening || !day?.from || !day.to) return undefined;
  // 20:00-00:00 closes at the next date's midnight, not this date's
  const closingDate = opening.to >= MINUTES_PER_DAY ? addDays(date, 1) : date;
  return { from: instantAt(date, day.from, timeZone), to: instantAt(closingDate, day.to, timeZone) };
};

/**
 * The weekdays whose hours run past midnight into the next day's opening (Thursday 16:00-11:00 with
 * Friday opening at 10:00): the week would be open twice at once.
 */
export const overlapsNextDay = (week: readonly OpeningDay[]): number[] =>
  week.flatMap((day, weekday) => {
    const own = dayOpening(day);
    const next = dayOpening(week[(weekday + 1) % week.length]);
    return own && next && own.to - MINUTES_PER_DAY > next.from ? [weekday] : [];
  });

/**
 * The closing time of hours that open at `from`: required once there is an opening time, and not the
 * same minute (earlier is fine: it closes the next day).
 */
export const closingTime =
  (from: unknown): Validator =>
  (value) => {
    if (typeof from !== 'string' || isEmpty(from)) return undefined;
    if (isEmpty(value)) return issue('is_required');
    if (typeof value !== 'string' || !/^\d{2}:\d{2}/.test(value) || !/^\d{2}:\d{2}/.test(from))
      return undefined;
    return minuteOfDay(value) === minuteOfDay(from) ? { key: 'settings.closes_when_it_opens' } : undefined;
  };
