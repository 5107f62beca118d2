import { divideRoundHalfUp, percentOf, percentRatio, toSafeNumber, type Percent } from './rounding';
import { assertMinorUnits } from './money';

const vatRatio = (vatPercent: Percent) => {
  const ratio = percentRatio(vatPercent);
  if (ratio.numerator < 0n) throw new RangeError(`VAT percent cannot be negative: ${vatPercent}`);
  return ratio;
};

/** VAT on a price before VAT, rounded half up to the minor unit (ZATCA rounds per line the same way). */
export const vatOnExclusive = (netMinor: number, vatPercent: Percent): number => {
  vatRatio(vatPercent);
  return percentOf(netMinor, vatPercent);
};

/** The price including VAT of a price before VAT: net + its rounded VAT. */
export const inclusiveFromExclusive = (netMinor: number, vatPercent: Percent): number =>
  assertMinorUnits(assertMinorUnits(netMinor, 'net') + vatOnExclusive(netMinor, vatPercent), 'gross');

/**
 * Splits a price that includes VAT. The net is gross / (1 + rate) rounded half up and the VAT is whatever
 * remains, so net + vat is always exactly the gross the customer pays.
 */
export const splitInclusive = (grossMinor: number, vatPercent: Percent): { net: number; vat: number } => {
  const { numerator, denominator } = vatRatio(vatPercent);
  const gross = BigInt(assertMinorUnits(grossMinor, 'gross'));
  const net = toSafeNumber(divideRoundHalfUp(gross * denominator, denominator + numerator));
  return { net, vat: grossMinor - net };
};
