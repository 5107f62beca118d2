import type { TenantTimeZone } from '../coded-values/countries';
import type { Locale } from '../coded-values/locale';
import { toArabicDigits } from '../money/digits';
import {
  DATE_FORMAT,
  inZone,
  isBusinessDate,
  type BusinessDate,
  type InstantInput,
  type TimeOfDay,
} from './instants';

export type FormatDateOptions = {
  locale: Locale;
  /** Needed when the value is an instant: the day and time shown are the salon's. */
  tz?: TenantTimeZone;
  /** Arabic-Indic digits; Arabic locale only. */
  arabicDigits?: boolean;
};

const TIME_OF_DAY_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** The meridiem words of the view time, the one part of these formats that is language-dependent. */
export const MERIDIEM: Readonly<Record<Locale, { am: string; pm: string }>> = {
  en: { am: 'AM', pm: 'PM' },
  ar: { am: 'ص', pm: 'م' },
};

const digits = (text: string, { locale, arabicDigits }: FormatDateOptions): string =>
  locale === 'ar' && arabicDigits ? toArabicDigits(text) : text;

const requireZone = (tz: TenantTimeZone | undefined, value: InstantInput): TenantTimeZone => {
  if (!tz) throw new RangeError(`A time zone is needed to format the instant ${String(value)}`);
  return tz;
};

/** Hours, minutes and seconds of a time of day, or of an instant seen from the tenant's zone. */
const clockParts = (value: TimeOfDay | InstantInput, tz: TenantTimeZone | undefined) => {
  const m = typeof value === 'string' ? TIME_OF_DAY_RE.exec(value) : null;
  if (m) return { hours: Number(m[1]), minutes: Number(m[2]), seconds: Number(m[3] ?? 0) };
  const local = inZone(value, requireZone(tz, value));
  return { hours: local.hour(), minutes: local.minute(), seconds: local.second() };
};

const two = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a business date, or of an instant's business day. */
export const formatDate = (value: BusinessDate | InstantInput, options: FormatDateOptions): string => {
  const text = isBusinessDate(value)
    ? value
    : inZone(value, requireZone(options.tz, value)).format(DATE_FORMAT);
  return digits(text, options);
};

/** 'HH:mm:ss' (24 hours) of a time of day or an instant. */
export const formatTime = (value: TimeOfDay | InstantInput, options: FormatDateOptions): string => {
  const { hours, minutes, seconds } = clockParts(value, options.tz);
  return digits(`${two(hours)}:${two(minutes)}:${two(seconds)}`, options);
};

/** 'hh:mm A' (12 hours): '09:15 PM' in English, '09:15 م' in Arabic. */
export const formatViewTime = (value: TimeOfDay | InstantInput, options: FormatDateOptions): string => {
  const { hours, minutes } = clockParts(value, options.tz);
  const meridiem = hours < 12 ? MERIDIEM[options.locale].am : MERIDIEM[options.locale].pm;
  return `${digits(`${two(hours % 12 === 0 ? 12 : hours % 12)}:${two(minutes)}`, options)} ${meridiem}`;
};

/** 'YYYY-MM-DD hh:mm A' of an instant, as lists of payments and appointments show it. */
export const formatViewDateTime = (value: InstantInput, options: FormatDateOptions): string =>
  `${formatDate(value, options)} ${formatViewTime(value, options)}`;
