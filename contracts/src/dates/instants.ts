import { z } from 'zod';
import type { TenantTimeZone } from '../coded-values/countries';
import { dayjs, type Dayjs } from './dayjs';

export type { TenantTimeZone } from '../coded-values/countries';

/** A moment in time as a UTC ISO string with milliseconds: '2024-05-14T22:30:00.000Z'. */
export type Instant = string;
/** A calendar day in the tenant's time zone: 'YYYY-MM-DD'. */
export type BusinessDate = string;
/** A wall-clock time of day: 'HH:mm:ss'. */
export type TimeOfDay = string;

/** Same shape as the platform clock, so a service passes its own clock straight in. */
export type Clock = { now: () => Date };

/** What callers may hand in for an instant: ISO text with a zone, a Date, or epoch milliseconds. */
export type InstantInput = string | Date | number;
/** "Now", given explicitly: an instant or a clock to ask. */
export type NowInput = InstantInput | Clock;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm:ss';
export const VIEW_TIME_FORMAT = 'hh:mm A';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/i;

export const isBusinessDate = (value: unknown): value is BusinessDate =>
  typeof value === 'string' && DATE_RE.test(value) && dayjs.utc(value, DATE_FORMAT, true).isValid();

export const isTimeOfDay = (value: unknown): value is TimeOfDay =>
  typeof value === 'string' && TIME_RE.test(value);

export const BusinessDateSchema = z.string().refine(isBusinessDate, { message: 'should_be_a_date' });
export const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'should_be_a_time');
export const InstantSchema = z.iso.datetime({ offset: false });

const epochOfIsoText = (text: string): number | undefined => {
  const m = ISO_RE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '0', fraction = '', zulu, sign, oh, om] = m;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(local);
  // Date.UTC rolls 31 April over to 1 May; a real timestamp must come back with the same fields.
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59 ||
    Number(oh ?? 0) > 23 ||
    Number(om ?? 0) > 59
  ) {
    return undefined;
  }
  const offsetMinutes = zulu ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  return local - offsetMinutes * 60_000;
};

/**
 * Epoch milliseconds of an instant. Text must carry 'Z' or an offset: a bare '2024-05-14 10:00' would be
 * read in whatever zone the machine runs in, which is the bug this guards against.
 */
export const epochOf = (input: InstantInput): number => {
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) throw new RangeError(`Invalid epoch milliseconds: ${input}`);
    return input;
  }
  if (input instanceof Date) {
    const ms = input.getTime();
    if (Number.isNaN(ms)) throw new RangeError('Invalid Date');
    return ms;
  }
  const ms = epochOfIsoText(input.trim());
  if (ms === undefined) throw new RangeError(`Not an ISO instant with a time zone: ${input}`);
  return ms;
};

/** Normalises any instant input to UTC ISO text with milliseconds. */
export const toInstant = (input: InstantInput): Instant => new Date(epochOf(input)).toISOString();

const isClock = (now: NowInput): now is Clock =>
  typeof now === 'object' && !(now instanceof Date) && typeof (now as Clock).now === 'function';

export const resolveNow = (now: NowInput): Instant => toInstant(isClock(now) ? now.now() : now);

export const nowIso = (clock: Clock): Instant => toInstant(clock.now());

/** @internal the dayjs of an instant seen from the tenant's zone. */
export const inZone = (instant: InstantInput, tz: TenantTimeZone): Dayjs => dayjs(epochOf(instant)).tz(tz);

/** @internal a business date as a zone-free calendar day, for calendar arithmetic. */
export const calendarDay = (date: BusinessDate): Dayjs => {
  if (!isBusinessDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return dayjs.utc(date, DATE_FORMAT, true);
};

/**
 * A zone's offset from UTC at an instant, in milliseconds. Asking the zone database (Intl, through
 * dayjs) costs microseconds and a booking asks it hundreds of times, so each answer is kept for its
 * quarter hour: every zone's offsets are whole quarter hours and its changes fall on local hours or
 * half hours, so one quarter hour of UTC never straddles a change and the kept answer is exact.
 */
const offsets = new Map<string, number>();
const QUARTER_MS = 15 * 60_000;
export const zoneOffsetMs = (epoch: number, tz: TenantTimeZone): number => {
  const key = `${tz}|${Math.floor(epoch / QUARTER_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size >= 100_000) offsets.clear();
    offset = dayjs(epoch).tz(tz).utcOffset() * 60_000;
    offsets.set(key, offset);
  }
  return offset;
};

/** The salon's wall clock at an instant, as ISO text of that local time ('2026-11-25T10:00:00.000'). */
const wallClock = (instant: InstantInput, tz: TenantTimeZone): string => {
  const epoch = epochOf(instant);
  return new Date(epoch + zoneOffsetMs(epoch, tz)).toISOString();
};

/** The day the salon is living at that instant: 22:30 UTC is already tomorrow in Riyadh. */
export const businessDate = (instant: InstantInput, tz: TenantTimeZone): BusinessDate =>
  wallClock(instant, tz).slice(0, 10);

/** The salon's wall-clock time at that instant, 'HH:mm:ss'. */
export const businessTime = (instant: InstantInput, tz: TenantTimeZone): TimeOfDay =>
  wallClock(instant, tz).slice(11, 19);

/** The instant of a wall-clock date and time in the tenant's zone ('HH:mm' or 'HH:mm:ss'). */
export const instantAt = (date: BusinessDate, time: TimeOfDay, tz: TenantTimeZone): Instant => {
  calendarDay(date);
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`Not a HH:mm[:ss] time: ${time}`);
  const local = `${date} ${m[1]}:${m[2]}:${m[3] ?? '00'}`;
  return dayjs.tz(local, `${DATE_FORMAT} ${TIME_FORMAT}`, tz).toISOString();
};

/** The first instant of a business day, as UTC ISO. */
export const startOfBusinessDay = (date: BusinessDate, tz: TenantTimeZone): Instant =>
  instantAt(date, '00:00:00', tz);

/** The last millisecond of a business day (inclusive); for half-open ranges use the next day's start. */
export const endOfBusinessDay = (date: BusinessDate, tz: TenantTimeZone): Instant =>
  toInstant(epochOf(instantAt(addDays(date, 1), '00:00:00', tz)) - 1);

export const today = (now: NowInput, tz: TenantTimeZone): BusinessDate => businessDate(resolveNow(now), tz);

/**
 * The platform's own day, for the manager console's reports across salons (its fees are in AED):
 * the UAE's, the Gulf's easternmost zone, so every salon's today has begun by then. UTC's date would
 * leave out the first hours of a Gulf day (after 21:00 UTC in Riyadh).
 */
export const PLATFORM_TIME_ZONE: TenantTimeZone = 'Asia/Dubai';

export const addDays = (date: BusinessDate, days: number): BusinessDate => {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Days must be an integer: ${days}`);
  return calendarDay(date).add(days, 'day').format(DATE_FORMAT);
};

/** Calendar months, clamped to the month's last day (31 March - 1 month = 29 February in a leap year). */
export const addMonths = (date: BusinessDate, months: number): BusinessDate => {
  if (!Number.isSafeInteger(months)) throw new RangeError(`Months must be an integer: ${months}`);
  return calendarDay(date).add(months, 'month').format(DATE_FORMAT);
};

/**
 * Whole days from a to b (negative when b is earlier): daysBetween('2024-01-01', '2024-03-01') is 60. For
 * the 60-day customer type and the 30-day credit note window, compare business dates, not instants.
 */
export const daysBetween = (a: BusinessDate, b: BusinessDate): number =>
  Math.round((calendarDay(b).valueOf() - calendarDay(a).valueOf()) / 86_400_000);
