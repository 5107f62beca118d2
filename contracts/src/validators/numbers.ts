import { asText, isEmpty, issue, type ValidationIssue, type Validator } from './core';
import { priceDecimals } from './countries';
import type { MessageName } from './messages';

/** A number written out in plain decimal digits, kept as text so no float rounding creeps in. */
export type DecimalParts = { negative: boolean; int: string; frac: string };

const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Reads '-12.50'-style text or a finite number. Signs other than a leading minus, exponents in text,
 * surrounding spaces and bare points ('.5', '5.') are not numbers here.
 */
export const parseDecimal = (value: unknown): DecimalParts | undefined => {
  const text = asText(value);
  if (text === undefined) return undefined;
  const m = DECIMAL_RE.exec(text);
  if (!m) return undefined;
  return { negative: m[1] === '-', int: m[2], frac: m[3] ?? '' };
};

const hasLeadingZeros = (d: DecimalParts): boolean => d.int.length > 1 && d.int.startsWith('0');

const toNumber = (d: DecimalParts): number => Number(`${d.negative ? '-' : ''}${d.int}.${d.frac || '0'}`);

type Bounds = { min?: number; max?: number };

const checkBounds = (
  n: number,
  { min, max }: Bounds,
  maxName: MessageName = 'should_be_less_than_or_equal_to',
): ValidationIssue | undefined => {
  if (min !== undefined && n < min) return issue('should_be_more_than_or_equal_to', { min });
  if (max !== undefined && n > max) return issue(maxName, { max });
  return undefined;
};

type IntegerRule = Bounds & { optional: boolean; maxName?: MessageName };

const integerRule =
  ({ optional, maxName, ...bounds }: IntegerRule): Validator =>
  (value) => {
    if (isEmpty(value)) return optional ? undefined : issue('is_required');
    const d = parseDecimal(value);
    if (!d) return issue('should_be_a_number');
    if (d.frac !== '') return issue('should_be_an_integer');
    if (hasLeadingZeros(d)) return issue('no_leading_zeros');
    return checkBounds(toNumber(d), bounds, maxName);
  };

/** A whole number written as plain digits ('0' yes, '007' no), with optional bounds. Empty is missing. */
export const integer = (bounds: Bounds = {}): Validator => integerRule({ ...bounds, optional: false });

/** As `integer`, but an empty value is fine. */
export const optionalInteger = (bounds: Bounds = {}): Validator => integerRule({ ...bounds, optional: true });

/** A quantity taken out of stock: a whole number no greater than what is there now. */
export const quantity = (currentQuantity: number, options: { min?: number } = {}): Validator =>
  integerRule({
    min: options.min,
    max: currentQuantity,
    optional: false,
    maxName: 'less_than_or_equal_current_quantity',
  });

export type PriceOptions = { countryId?: number | null; min?: number; max?: number };

/** A money amount: empty allowed, at most 2 decimals (3 in Kuwait, Oman, Bahrain), no leading zeros, min 0. */
export const price =
  ({ countryId, min = 0, max }: PriceOptions = {}): Validator =>
  (value) => {
    if (isEmpty(value)) return undefined;
    const d = parseDecimal(value);
    if (!d) return issue('should_be_a_number');
    if (hasLeadingZeros(d)) return issue('no_leading_zeros');
    const decimals = priceDecimals(countryId);
    if (d.frac.length > decimals) return issue('max_decimals', { decimals });
    return checkBounds(toNumber(d), { min, max });
  };

const scaled = (d: DecimalParts, scale: number): bigint =>
  BigInt(`${d.negative ? '-' : ''}${d.int}${d.frac.padEnd(scale, '0')}`);

/** The value must be a whole multiple of `step`, computed on scaled integers (0.3 is a multiple of 0.1). */
export const multipleOf = (step: number | string): Validator => {
  const s = parseDecimal(step);
  if (!s || /^0*$/.test(s.int + s.frac))
    throw new RangeError(`multipleOf needs a non-zero decimal step, got ${step}`);
  return (value) => {
    if (isEmpty(value)) return undefined;
    const d = parseDecimal(value);
    if (!d) return issue('should_be_a_number');
    const scale = Math.max(d.frac.length, s.frac.length);
    return scaled(d, scale) % scaled(s, scale) === 0n ? undefined : issue('multiple_of', { value: step });
  };
};

/** A percentage switched on cannot be zero; switched off it must be zero. Empty is left to Required. */
export const percentage =
  ({ active }: { active: boolean }): Validator =>
  (value) => {
    if (isEmpty(value)) return undefined;
    const d = parseDecimal(value);
    if (!d) return issue('should_be_a_number');
    const zero = /^0*$/.test(d.int + d.frac);
    if (active && zero) return issue('percentage_cannot_be_zero_when_active');
    if (!active && !zero) return issue('percentage_must_be_zero_when_disabled');
    return undefined;
  };
