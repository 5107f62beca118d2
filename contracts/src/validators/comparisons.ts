import { asText, isEmpty, issue, type Validator } from './core';
import type { MessageName } from './messages';
import { parseDecimal } from './numbers';

/** Numbers compare with numbers, times of day with times, dates (and date-times) with dates. */
type Comparable = { kind: 'number' | 'time' | 'date'; at: number };

const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s?([AaPp])[Mm])?$/;
const DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** 'HH:mm', 'HH:mm:ss' or the view format 'hh:mm A', as seconds after midnight. */
const parseTime = (text: string): number | undefined => {
  const m = TIME_RE.exec(text);
  if (!m) return undefined;
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  const seconds = Number(m[3] ?? 0);
  if (minutes > 59 || seconds > 59) return undefined;
  if (m[4]) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (m[4].toLowerCase() === 'p' ? 12 : 0);
  } else if (hours > 23) return undefined;
  return hours * 3600 + minutes * 60 + seconds;
};

/** 'YYYY-MM-DD' with an optional time and offset; values without an offset are all read as UTC alike. */
const parseDate = (text: string): number | undefined => {
  const m = DATE_RE.exec(text);
  if (!m) return undefined;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = m.slice(1, 7).map((p) => Number(p ?? 0));
  const millis = Number((m[7] ?? '0').padEnd(3, '0'));
  if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const at = Date.UTC(year, month - 1, day, hours, minutes, seconds, millis);
  if (new Date(at).getUTCDate() !== day) return undefined;
  const zone = m[8];
  if (!zone || zone === 'Z') return at;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.replace(/[^0-9]/g, '');
  const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return at - sign * offsetMinutes * 60_000;
};

const toComparable = (value: unknown): Comparable | undefined => {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : { kind: 'date', at: value.getTime() };
  const d = parseDecimal(value);
  if (d) return { kind: 'number', at: Number(`${d.negative ? '-' : ''}${d.int}.${d.frac || '0'}`) };
  if (typeof value !== 'string') return undefined;
  const time = parseTime(value);
  if (time !== undefined) return { kind: 'time', at: time };
  const date = parseDate(value);
  return date === undefined ? undefined : { kind: 'date', at: date };
};

const ordered =
  (holds: (difference: number) => boolean, name: MessageName) =>
  (otherValue: unknown, other: string, options: { key?: string } = {}): Validator =>
  (value) => {
    if (isEmpty(value) || isEmpty(otherValue)) return undefined;
    const b = toComparable(otherValue);
    if (!b) return undefined; // the other field's own rules report its problem
    const a = toComparable(value);
    if (a && a.kind === b.kind && holds(a.at - b.at)) return undefined;
    return options.key ? { key: options.key, params: { other } } : issue(name, { other });
  };

/*
 * Order rules: `(otherValue, other, { key? })`. Values are numbers, times ('HH:mm[:ss]', 'hh:mm A'),
 * dates or ISO date-times, compared only with their own kind; `other` names the other field in the
 * message; `key` swaps in a screen-specific message (the spec's custom message for before-or-equal).
 */
export const after = ordered((diff) => diff > 0, 'after');
export const afterOrEqual = ordered((diff) => diff >= 0, 'after_or_equal');
export const beforeOrEqual = ordered((diff) => diff <= 0, 'before_or_equal');

const sameText = (value: unknown): string => (value == null ? '' : (asText(value) ?? JSON.stringify(value)));

/** The value must equal the other field's value exactly (e.g. password confirmation). */
export const sameAs =
  (otherValue: unknown, other: string): Validator =>
  (value) =>
    sameText(value) === sameText(otherValue) ? undefined : issue('same_as', { other });
