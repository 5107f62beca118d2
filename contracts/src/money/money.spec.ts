import {
  add,
  compare,
  CurrencyMismatchError,
  currencyOfCountry,
  decimalsOf,
  isNegative,
  isZero,
  money,
  MoneySchema,
  negate,
  subtract,
  sum,
  zeroMoney,
} from './index';

describe('currencies', () => {
  it('knows the decimals of each currency', () => {
    expect(decimalsOf('SAR')).toBe(2);
    expect(decimalsOf('AED')).toBe(2);
    expect(decimalsOf('KWD')).toBe(3);
    expect(decimalsOf('OMR')).toBe(3);
    expect(decimalsOf('BHD')).toBe(3);
  });

  it('knows the currency of each country of settings', () => {
    expect([1, 2, 3, 4, 6].map(currencyOfCountry)).toEqual(['SAR', 'AED', 'KWD', 'OMR', 'BHD']);
    expect(() => currencyOfCountry(5)).toThrow(RangeError);
  });
});

describe('money arithmetic', () => {
  const sar = (amount: number) => money(amount, 'SAR');

  it('adds and subtracts minor units exactly (0.1 + 0.2 is 0.3)', () => {
    expect(add(sar(10), sar(20))).toEqual(sar(30));
    expect(subtract(sar(30), sar(10))).toEqual(sar(20));
    expect(sum([sar(10), sar(20), sar(-5)], 'SAR')).toEqual(sar(25));
  });

  it('sums an empty list to zero of the given currency', () => {
    expect(sum([], 'KWD')).toEqual({ amount: 0, currency: 'KWD' });
  });

  it('throws on mixed currencies', () => {
    expect(() => add(sar(1), money(1, 'AED'))).toThrow(CurrencyMismatchError);
    expect(() => subtract(sar(1), money(1, 'KWD'))).toThrow(CurrencyMismatchError);
    expect(() => sum([sar(1), money(1, 'BHD')], 'SAR')).toThrow('Cannot combine SAR with BHD');
    expect(() => compare(sar(1), money(1, 'OMR'))).toThrow(CurrencyMismatchError);
  });

  it('refuses floats and amounts beyond exact integers', () => {
    expect(() => money(0.5, 'SAR')).toThrow(RangeError);
    expect(() => money(Number.NaN, 'SAR')).toThrow(RangeError);
    expect(() => add(sar(Number.MAX_SAFE_INTEGER), sar(1))).toThrow(RangeError);
    expect(add(sar(Number.MAX_SAFE_INTEGER - 1), sar(1)).amount).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('answers zero and sign questions without a negative zero', () => {
    expect(isZero(zeroMoney('SAR'))).toBe(true);
    expect(isZero(sar(1))).toBe(false);
    expect(isNegative(sar(-1))).toBe(true);
    expect(Object.is(negate(sar(0)).amount, 0)).toBe(true);
    expect(Object.is(money(-0, 'SAR').amount, 0)).toBe(true);
    expect(compare(sar(1), sar(2))).toBe(-1);
    expect(compare(sar(2), sar(2))).toBe(0);
  });

  it('validates money with its schema', () => {
    expect(MoneySchema.safeParse({ amount: 12345, currency: 'SAR' }).success).toBe(true);
    expect(MoneySchema.safeParse({ amount: 123.45, currency: 'SAR' }).success).toBe(false);
    expect(MoneySchema.safeParse({ amount: 1, currency: 'USD' }).success).toBe(false);
    expect(MoneySchema.safeParse({ amount: 2 ** 53, currency: 'SAR' }).success).toBe(false);
  });
});
