import {
  basisPointsToPercent,
  divideRoundHalfUp,
  multiplyByRate,
  percentOf,
  percentRatio,
  percentToBasisPoints,
} from './index';

describe('divideRoundHalfUp', () => {
  it('rounds exact halves away from zero, both signs', () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfUp(15n, 10n)).toBe(2n);
    expect(divideRoundHalfUp(-15n, 10n)).toBe(-2n);
    expect(divideRoundHalfUp(5n, -2n)).toBe(-3n);
    expect(divideRoundHalfUp(-5n, -2n)).toBe(3n);
  });

  it('rounds below and above a half to the nearest', () => {
    expect(divideRoundHalfUp(149n, 100n)).toBe(1n);
    expect(divideRoundHalfUp(151n, 100n)).toBe(2n);
    expect(divideRoundHalfUp(-149n, 100n)).toBe(-1n);
    expect(divideRoundHalfUp(-151n, 100n)).toBe(-2n);
    expect(divideRoundHalfUp(0n, 7n)).toBe(0n);
    expect(divideRoundHalfUp(6n, 3n)).toBe(2n);
  });

  it('refuses a zero divisor', () => {
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('multiplyByRate', () => {
  it('multiplies by a rational rate with half-up rounding', () => {
    expect(multiplyByRate(1001, 1, 2)).toBe(501); // 500.5
    expect(multiplyByRate(-1001, 1, 2)).toBe(-501);
    expect(multiplyByRate(1000, 1, 3)).toBe(333);
    expect(multiplyByRate(2000, 1, 3)).toBe(667);
    expect(multiplyByRate(100, 3, -4)).toBe(-75);
  });

  it('stays exact where floating point would not', () => {
    expect(multiplyByRate(1005, 1, 10)).toBe(101); // 100.5 rounds up
  });

  it('computes with large amounts without losing digits', () => {
    const big = 9_000_000_000_000_00; // 9 trillion SAR in halalas
    expect(multiplyByRate(big, 15, 100)).toBe(1_350_000_000_000_00);
    expect(() => multiplyByRate(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });

  it('refuses non-integers and a zero denominator', () => {
    expect(() => multiplyByRate(10.5, 1, 2)).toThrow(RangeError);
    expect(() => multiplyByRate(10, 0.15, 1)).toThrow(RangeError);
    expect(() => multiplyByRate(10, 1, 0)).toThrow(RangeError);
  });
});

describe('percentages', () => {
  it('reads percentages exactly from numbers and text', () => {
    expect(percentRatio(15)).toEqual({ numerator: 15n, denominator: 100n });
    expect(percentRatio(12.5)).toEqual({ numerator: 125n, denominator: 1000n });
    expect(percentRatio('12.5')).toEqual({ numerator: 125n, denominator: 1000n });
    expect(percentRatio(0.1)).toEqual({ numerator: 1n, denominator: 1000n });
    expect(percentRatio(1e-7)).toEqual({ numerator: 1n, denominator: 1000000000n });
    expect(() => percentRatio(Number.NaN)).toThrow(RangeError);
    expect(() => percentRatio('15%')).toThrow(RangeError);
  });

  it('takes a percentage of an amount with half-up rounding', () => {
    expect(percentOf(1000, 15)).toBe(150);
    expect(percentOf(333, 15)).toBe(50); // 49.95
    expect(percentOf(10, 5)).toBe(1); // 0.5
    expect(percentOf(-10, 5)).toBe(-1);
    expect(percentOf(1000, 12.5)).toBe(125);
    expect(percentOf(4, 12.5)).toBe(1); // 0.5
    expect(percentOf(3, 12.5)).toBe(0); // 0.375
    expect(percentOf(1000, 33.333)).toBe(333);
  });

  it('converts to and from basis points', () => {
    expect(percentToBasisPoints(15)).toBe(1500);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints('0.01')).toBe(1);
    expect(() => percentToBasisPoints(0.005)).toThrow(RangeError);
    expect(basisPointsToPercent(1500)).toBe('15');
    expect(basisPointsToPercent(1250)).toBe('12.5');
    expect(basisPointsToPercent(5)).toBe('0.05');
    expect(basisPointsToPercent(0)).toBe('0');
    for (let bp = 0; bp <= 10000; bp += 13) expect(percentToBasisPoints(basisPointsToPercent(bp))).toBe(bp);
  });
});
