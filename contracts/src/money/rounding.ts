import { assertMinorUnits } from './money';

/** A rational number as two bigints; the denominator is always positive. */
export type Ratio = { numerator: bigint; denominator: bigint };

/** n / d rounded half up, i.e. to the nearest integer and away from zero at exactly .5. */
export const divideRoundHalfUp = (n: bigint, d: bigint): bigint => {
  if (d === 0n) throw new RangeError('Division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const quotient = n / d; // truncates towards zero
  const remainder = n % d; // has the sign of n
  const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
  if (twiceRemainder < d) return quotient;
  return n < 0n ? quotient - 1n : quotient + 1n;
};

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export const toSafeNumber = (value: bigint): number => {
  if (value < MIN_SAFE || value > MAX_SAFE)
    throw new RangeError(`Result out of the safe integer range: ${value}`);
  return Number(value);
};

const integer = (value: number, what: string): bigint => BigInt(assertMinorUnits(value, what));

/** amountMinor x numerator / denominator, rounded half up. All three must be safe integers. */
export const multiplyByRate = (
  amountMinor: number,
  rateNumerator: number,
  rateDenominator: number,
): number => {
  if (rateDenominator === 0) throw new RangeError('Rate denominator must not be zero');
  return toSafeNumber(
    divideRoundHalfUp(
      integer(amountMinor, 'amount') * integer(rateNumerator, 'rate numerator'),
      integer(rateDenominator, 'rate denominator'),
    ),
  );
};

/**
 * A percentage as written: 15, 5, 12.5 or the text '12.5'. A number is read through its shortest decimal
 * text (what JavaScript prints), which is what the user typed, so 12.5 is exactly 125/10 and 0.1 is 1/10.
 */
export type Percent = number | string;

const PERCENT_RE = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** The exact value of a percentage as a fraction of 100: 12.5 -> 125/1000 of the whole. */
export const percentRatio = (percent: Percent): Ratio => {
  const text = typeof percent === 'number' ? String(percent) : percent.trim();
  if (typeof percent === 'number' && !Number.isFinite(percent))
    throw new RangeError(`Invalid percent: ${percent}`);
  const m = PERCENT_RE.exec(text);
  if (!m) throw new RangeError(`Invalid percent: ${percent}`);
  const [, sign, whole, fraction = '', exponentText = '0'] = m;
  const exponent = Number(exponentText) - fraction.length;
  let numerator = BigInt(whole + fraction) * (sign === '-' ? -1n : 1n);
  let denominator = 100n;
  if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
  else denominator *= 10n ** BigInt(-exponent);
  return { numerator, denominator };
};

/** amountMinor x percent / 100, rounded half up. Works for discounts as well as VAT. */
export const percentOf = (amountMinor: number, percent: Percent): number => {
  const { numerator, denominator } = percentRatio(percent);
  return toSafeNumber(divideRoundHalfUp(integer(amountMinor, 'amount') * numerator, denominator));
};

/**
 * A percentage as an integer of hundredths of a percent (15 -> 1500, 12.5 -> 1250), the form events store
 * rates in since events carry no floats. Throws when the percentage is finer than 0.01.
 */
export const percentToBasisPoints = (percent: Percent): number => {
  const { numerator, denominator } = percentRatio(percent);
  const scaled = numerator * 10000n;
  if (scaled % denominator !== 0n) throw new RangeError(`Percent finer than a basis point: ${percent}`);
  return toSafeNumber(scaled / denominator);
};

/** Decimal text of a basis-point rate: 1250 -> '12.5', 1500 -> '15'. A Percent, exact. */
export const basisPointsToPercent = (basisPoints: number): string => {
  const bp = integer(basisPoints, 'basis points');
  const negative = bp < 0n;
  const digits = (negative ? -bp : bp).toString().padStart(3, '0');
  const fraction = digits.slice(-2).replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}${fraction ? `.${fraction}` : ''}`;
};
