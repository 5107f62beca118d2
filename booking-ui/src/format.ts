import { CURRENCIES, formatMoney, parseMoney, type Currency, type Locale } from '@rawnaq/contracts';

const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

/** Digits as the salon's documents print them (Latin), words in the page's language. */
const tag = (locale: Locale) => (locale === 'ar' ? 'ar-u-nu-latn' : 'en');

/**
 * '85.50' SAR as "SAR 85.50" / "85.50 ر.س": the API's exact decimal text, never recomputed, written as
 * the back office and the salon's documents write money (one formatter, so the currency's symbol is
 * the same everywhere; the browser's own gave "ر.س." against "ر.س").
 */
export const money = (locale: Locale, amount: string, currency: string): string => {
  const parsed = isCurrency(currency) ? parseMoney(amount, currency) : undefined;
  return parsed?.ok ? formatMoney(parsed.money, { locale }) : `${amount} ${currency}`;
};

/** Minor units summed on the page (a basket's total) back to the currency's decimal text. */
export const minorToText = (minor: number, decimals: number): string =>
  (minor / 10 ** decimals).toFixed(decimals);

export const timeOf = (locale: Locale, instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat(tag(locale), { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );

export const dayOf = (locale: Locale, instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat(tag(locale), { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(instant),
  );

/** A business date ('2026-12-01') as "Tue 1" in the page's language (noon UTC: the same date everywhere). */
export const dateChip = (locale: Locale, date: string): { weekday: string; day: string } => {
  const at = new Date(`${date}T12:00:00Z`);
  return {
    weekday: new Intl.DateTimeFormat(tag(locale), { weekday: 'short', timeZone: 'UTC' }).format(at),
    day: new Intl.DateTimeFormat(tag(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(at),
  };
};

/** Today's date on the salon's clock. */
export const todayIn = (timeZone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

export const plusDays = (date: string, days: number): string => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** The name in the page's language, or the other one when it was left empty. */
export const nameIn = (
  locale: Locale,
  named: { name_en?: string | null; name_ar?: string | null },
): string => {
  const [first, second] = locale === 'ar' ? [named.name_ar, named.name_en] : [named.name_en, named.name_ar];
  return (first ?? '').trim() || (second ?? '').trim();
};

/** An .ics file of a visit, for "add to my calendar". */
export const calendarFile = (title: string, start: string, end: string, uid: string): string => {
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const escape = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rawnaq//Online booking//EN',
    'BEGIN:VEVENT',
    `UID:${uid}@rawnaq`,
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escape(title)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
};

/** A business date ('2026-12-01') in full in the page's language: "1 December 2026". */
export const longDate = (locale: Locale, date: string): string =>
  new Intl.DateTimeFormat(tag(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
