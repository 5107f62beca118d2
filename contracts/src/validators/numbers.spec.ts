import { CountryId as COUNTRY_ID } from '../coded-values/countries';
import { priceDecimals } from './countries';
import { integer, multipleOf, optionalInteger, parseDecimal, percentage, price, quantity } from './numbers';

const key = (found: { key: string } | undefined) => found?.key;

describe('parseDecimal', () => {
  it('reads plain decimal text and finite numbers', () => {
    expect(parseDecimal('-12.50')).toEqual({ negative: true, int: '12', frac: '50' });
    expect(parseDecimal(0.1)).toEqual({ negative: false, int: '0', frac: '1' });
    expect(parseDecimal(1e-7)).toEqual({ negative: false, int: '0', frac: '0000001' });
  });

  it.each(['', ' 1', '1 ', '+1', '1e3', '.5', '5.', '1,5', '١٢', 'abc', '--1'])('rejects %p', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });

  it.each([NaN, Infinity, null, undefined, [], {}, true])('rejects non-numbers %p', (value) => {
    expect(parseDecimal(value)).toBeUndefined();
  });
});

describe('integer', () => {
  const rule = integer();

  it.each(['0', '7', '120', 7, 0, -3, '-3'])('accepts %p', (value) => {
    expect(rule(value)).toBeUndefined();
  });

  it.each([null, undefined, '', '  '])('requires a value: %p', (value) => {
    expect(key(rule(value))).toBe('validation.is_required');
  });

  it.each(['abc', '1a', '+5', ' 5', '1e3', NaN, true, {}])('is not a number: %p', (value) => {
    expect(key(rule(value))).toBe('validation.should_be_a_number');
  });

  it.each(['1.5', '1.0', 2.5])('is not an integer: %p', (value) => {
    expect(key(rule(value))).toBe('validation.should_be_an_integer');
  });

  it.each(['007', '00', '01', '-03'])('refuses leading zeros: %p', (value) => {
    expect(key(rule(value))).toBe('validation.no_leading_zeros');
  });

  it('checks the minimum and maximum with their values', () => {
    const bounded = integer({ min: 1, max: 10 });
    expect(bounded('0')).toEqual({ key: 'validation.should_be_more_than_or_equal_to', params: { min: 1 } });
    expect(bounded('-3')).toEqual({ key: 'validation.should_be_more_than_or_equal_to', params: { min: 1 } });
    expect(bounded('11')).toEqual({ key: 'validation.should_be_less_than_or_equal_to', params: { max: 10 } });
    expect(bounded('1')).toBeUndefined();
    expect(bounded('10')).toBeUndefined();
  });

  it('lets negative numbers through when no minimum says otherwise', () => {
    expect(integer({ max: 5 })('-3')).toBeUndefined();
    expect(integer({ min: -5 })('-3')).toBeUndefined();
    expect(key(integer({ min: -2 })('-3'))).toBe('validation.should_be_more_than_or_equal_to');
  });
});

describe('optionalInteger', () => {
  it('accepts empty values but keeps every other check', () => {
    const rule = optionalInteger({ min: 1 });
    expect(rule('')).toBeUndefined();
    expect(rule(null)).toBeUndefined();
    expect(rule(undefined)).toBeUndefined();
    expect(key(rule('007'))).toBe('validation.no_leading_zeros');
    expect(key(rule('0'))).toBe('validation.should_be_more_than_or_equal_to');
    expect(key(rule('x'))).toBe('validation.should_be_a_number');
  });
});

describe('quantity', () => {
  it('states the maximum as the current quantity', () => {
    const rule = quantity(5, { min: 1 });
    expect(rule('6')).toEqual({ key: 'validation.less_than_or_equal_current_quantity', params: { max: 5 } });
    expect(rule('5')).toBeUndefined();
    expect(key(rule('0'))).toBe('validation.should_be_more_than_or_equal_to');
    expect(key(rule('2.5'))).toBe('validation.should_be_an_integer');
    expect(key(rule(''))).toBe('validation.is_required');
  });
});

describe('priceDecimals', () => {
  it('is 3 for Kuwait, Oman and Bahrain and 2 elsewhere', () => {
    expect(priceDecimals(COUNTRY_ID.kuwait)).toBe(3);
    expect(priceDecimals(3)).toBe(3);
    expect(priceDecimals(4)).toBe(3);
    expect(priceDecimals(6)).toBe(3);
    expect(priceDecimals(COUNTRY_ID.ksa)).toBe(2);
    expect(priceDecimals(2)).toBe(2);
    expect(priceDecimals(5)).toBe(2);
    expect(priceDecimals(undefined)).toBe(2);
    expect(priceDecimals(null)).toBe(2);
  });
});

describe('price', () => {
  it('allows an empty price', () => {
    const rule = price();
    expect(rule('')).toBeUndefined();
    expect(rule(null)).toBeUndefined();
    expect(rule(undefined)).toBeUndefined();
  });

  it.each(['0', '0.5', '0.05', '10', '10.5', '10.25', 10.25, 0])('accepts %p', (value) => {
    expect(price()(value)).toBeUndefined();
  });

  it.each(['abc', '1,5', '.5', '5.', '+1', '1e2'])('is not a number: %p', (value) => {
    expect(key(price()(value))).toBe('validation.should_be_a_number');
  });

  it.each(['00.5', '05', '00', '012.50'])('refuses leading zeros: %p', (value) => {
    expect(key(price()(value))).toBe('validation.no_leading_zeros');
  });

  it('allows 2 decimals in Saudi Arabia and the UAE, 3 in Kuwait, Oman and Bahrain', () => {
    for (const countryId of [undefined, COUNTRY_ID.ksa, COUNTRY_ID.uae]) {
      expect(price({ countryId })('1.25')).toBeUndefined();
      expect(price({ countryId })('1.255')).toEqual({
        key: 'validation.max_decimals',
        params: { decimals: 2 },
      });
    }
    for (const countryId of [COUNTRY_ID.kuwait, COUNTRY_ID.oman, COUNTRY_ID.bahrain]) {
      expect(price({ countryId })('1.255')).toBeUndefined();
      expect(price({ countryId })('1.2555')).toEqual({
        key: 'validation.max_decimals',
        params: { decimals: 3 },
      });
    }
  });

  it('has a minimum of 0 by default, and takes other bounds', () => {
    expect(price()('-1')).toEqual({ key: 'validation.should_be_more_than_or_equal_to', params: { min: 0 } });
    expect(price()(-0.01)).toEqual({ key: 'validation.should_be_more_than_or_equal_to', params: { min: 0 } });
    expect(price({ min: 1 })('0.99')).toEqual({
      key: 'validation.should_be_more_than_or_equal_to',
      params: { min: 1 },
    });
    expect(price({ max: 100 })('100.01')).toEqual({
      key: 'validation.should_be_less_than_or_equal_to',
      params: { max: 100 },
    });
    expect(price({ max: 100 })('100')).toBeUndefined();
    expect(price({ min: -10 })('-5')).toBeUndefined();
  });
});

describe('multipleOf', () => {
  it('uses exact decimal arithmetic', () => {
    expect(multipleOf(0.1)('0.3')).toBeUndefined();
    expect(multipleOf(0.1)(0.3)).toBeUndefined();
    expect(multipleOf('0.05')('1.15')).toBeUndefined();
    expect(multipleOf(0.25)('1.5')).toBeUndefined();
    expect(multipleOf(0.25)('-0.75')).toBeUndefined();
    expect(multipleOf(5)('0')).toBeUndefined();
  });

  it('reports the step it expected', () => {
    expect(multipleOf(0.1)('0.35')).toEqual({ key: 'validation.multiple_of', params: { value: 0.1 } });
    expect(multipleOf(15)('20')).toEqual({ key: 'validation.multiple_of', params: { value: 15 } });
    expect(multipleOf('0.5')('1.25')).toEqual({ key: 'validation.multiple_of', params: { value: '0.5' } });
  });

  it('leaves empty values to Required and refuses non-numbers', () => {
    expect(multipleOf(2)('')).toBeUndefined();
    expect(key(multipleOf(2)('x'))).toBe('validation.should_be_a_number');
  });

  it('refuses a zero or malformed step when the rule is built', () => {
    expect(() => multipleOf(0)).toThrow(RangeError);
    expect(() => multipleOf('0.00')).toThrow(RangeError);
    expect(() => multipleOf('x')).toThrow(RangeError);
  });
});

describe('percentage', () => {
  it('cannot be zero when active', () => {
    const active = percentage({ active: true });
    for (const zero of ['0', 0, '0.00', '-0']) {
      expect(key(active(zero))).toBe('validation.percentage_cannot_be_zero_when_active');
    }
    expect(active('15')).toBeUndefined();
    expect(active('0.5')).toBeUndefined();
  });

  it('must be zero when disabled', () => {
    const disabled = percentage({ active: false });
    expect(key(disabled('15'))).toBe('validation.percentage_must_be_zero_when_disabled');
    expect(key(disabled('0.01'))).toBe('validation.percentage_must_be_zero_when_disabled');
    expect(disabled('0')).toBeUndefined();
    expect(disabled(0)).toBeUndefined();
    expect(disabled('0.0')).toBeUndefined();
  });

  it('leaves empty values to Required and refuses non-numbers', () => {
    expect(percentage({ active: true })('')).toBeUndefined();
    expect(percentage({ active: false })(null)).toBeUndefined();
    expect(key(percentage({ active: true })('ten'))).toBe('validation.should_be_a_number');
  });
});
