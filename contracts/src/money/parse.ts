import type { Currency } from '../coded-values/countries';
import { fromArabicDigits } from './digits';
import { decimalsOf, type Money } from './money';

/** Message names, matching the shared validators' wording. */
export type ParseMoneyError = 'is_required' | 'should_be_a_number' | 'too_many_decimals' | 'out_of_range';

export type ParseMoneyResult = { ok: true; money: Money } | { ok: false; error: ParseMoneyError };

const DECIMAL_RE = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Reads a decimal amount ('1234.5', '-0.05', Arabic-Indic digits with ٫) into minor units through integer
 * arithmetic only, so '0.1' is exactly 10 halalas. More decimals than the currency has ('1.500' in SAR) is
 * an error even when they are zeros, as the price validator of the spec rules. No thousands separators.
 */
export const parseMoney = (text: string, currency: Currency): ParseMoneyResult => {
  const normalised = fromArabicDigits(text).trim();
  if (normalised === '') return { ok: false, error: 'is_required' };
  const m = DECIMAL_RE.exec(normalised);
  if (!m) return { ok: false, error: 'should_be_a_number' };
  const [, sign, whole, fraction = ''] = m;
  const decimals = decimalsOf(currency);
  if (fraction.length > decimals) return { ok: false, error: 'too_many_decimals' };
  let amount: number;
  if (whole.length + decimals <= 15) {
    // below 10^15, under 2^53: the same integer arithmetic, exact in doubles, without BigInts (a sale
    // reads every payment and price; a loop over sale amounts: 340 ns each through BigInt, 160 here)
    amount = Number(whole) * 10 ** decimals + (decimals ? Number(fraction.padEnd(decimals, '0')) : 0);
  } else {
    const magnitude = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
    if (magnitude > MAX_SAFE) return { ok: false, error: 'out_of_range' };
    amount = Number(magnitude);
  }
  return { ok: true, money: { amount: sign === '-' && amount !== 0 ? -amount : amount, currency } };
};

export class MoneyParseError extends Error {
  constructor(
    readonly text: string,
    readonly error: ParseMoneyError,
  ) {
    super(`Cannot read "${text}" as money: ${error}`);
    this.name = 'MoneyParseError';
  }
}

/** For trusted input (fixtures, configuration); user input goes through parseMoney. */
export const parseMoneyOrThrow = (text: string, currency: Currency): Money => {
  const result = parseMoney(text, currency);
  if (!result.ok) throw new MoneyParseError(text, result.error);
  return result.money;
};

/** Exact plain decimal text with the currency's full decimals: { 123450, 'SAR' } -> '1234.50'. */
export const toDecimalString = (value: Money): string => {
  const decimals = decimalsOf(value.currency);
  const digits = Math.abs(value.amount)
    .toString()
    .padStart(decimals + 1, '0');
  const sign = value.amount < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
};
