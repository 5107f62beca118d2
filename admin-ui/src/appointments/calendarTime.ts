import { inZone, instantAt, type BusinessDate, type TenantTimeZone } from '@rawnaq/contracts';

/**
 * The calendar draws the salon's wall clock, whatever zone the browser is in: an instant becomes a
 * "floating" Date whose local fields are the salon's date and time (a receptionist abroad, or a test
 * browser in UTC, sees 10:00 where the salon opens at 10:00), and a Date picked on the calendar goes
 * back to the instant of that wall-clock time in the salon's zone.
 */
export const toFloating = (instant: string | number, tz: TenantTimeZone): Date => {
  const t = inZone(instant, tz);
  return new Date(t.year(), t.month(), t.date(), t.hour(), t.minute(), t.second());
};

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a floating Date (its local fields). */
export const floatingDate = (d: Date): BusinessDate =>
  `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}` as BusinessDate;

/** 'HH:mm' of a floating Date. */
export const floatingTime = (d: Date): string => `${two(d.getHours())}:${two(d.getMinutes())}`;

export const fromFloating = (d: Date, tz: TenantTimeZone): string =>
  instantAt(floatingDate(d), `${floatingTime(d)}:00`, tz);

/** A business date as the floating Date of its midnight. */
export const floatingDay = (date: BusinessDate): Date => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/** Now on the salon's clock, rounded down to the quarter (doc2 §9): earlier starts cannot be booked. */
export const floatingNowQuarter = (tz: TenantTimeZone, now = Date.now()): Date => {
  const f = toFloating(now, tz);
  f.setMinutes(f.getMinutes() - (f.getMinutes() % 15), 0, 0);
  return f;
};

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

const QUARTER_MS = 15 * 60_000;

/**
 * The salon's openings of a date as the times its pickers offer ('HH:mm' on its clock): starts, each
 * a quarter at least before the opening closes; ends, each a quarter after the opening began, up to its
 * close (a close at midnight reads 00:00).
 */
export const openingTimes = (
  open: ReadonlyArray<{ from: string; to: string }>,
  tz: TenantTimeZone,
): { starts: string[]; ends: string[] } => {
  const starts: string[] = [];
  const ends: string[] = [];
  for (const o of open) {
    const from = Math.ceil(Date.parse(o.from) / QUARTER_MS) * QUARTER_MS;
    const to = Date.parse(o.to);
    for (let t = from; t + QUARTER_MS <= to; t += QUARTER_MS) {
      starts.push(floatingTime(toFloating(t, tz)));
      ends.push(floatingTime(toFloating(t + QUARTER_MS, tz)));
    }
  }
  return { starts, ends };
};
