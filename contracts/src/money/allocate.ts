import { assertMinorUnits } from './money';
import { toSafeNumber } from './rounding';

/**
 * Splits totalMinor in proportion to weights (e.g. an invoice discount across its lines by line totals) so
 * that the parts add up to the total exactly. Each part is its exact share rounded down, then the leftover
 * minor units go one each to the largest remainders (the earlier line on a tie). A zero weight gets 0.
 * A negative total is split as its magnitude and negated.
 */
export const allocate = (totalMinor: number, weights: readonly number[]): number[] => {
  assertMinorUnits(totalMinor, 'total');
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0)
      throw new RangeError(`Weights must be non-negative integers: ${w}`);
  }
  const weightSum = weights.reduce((acc, w) => acc + BigInt(w), 0n);
  if (weightSum === 0n) throw new RangeError('allocate needs at least one positive weight');

  const negative = totalMinor < 0;
  const total = BigInt(Math.abs(totalMinor));
  const shares = weights.map((w, index) => {
    const exact = total * BigInt(w);
    return { index, part: exact / weightSum, remainder: exact % weightSum };
  });
  let leftover = total - shares.reduce((acc, s) => acc + s.part, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (leftover === 0n) break;
    share.part += 1n;
    leftover -= 1n;
  }
  return shares.map((s) => toSafeNumber(negative ? -s.part : s.part));
};
