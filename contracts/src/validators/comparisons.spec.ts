import { after, afterOrEqual, beforeOrEqual, sameAs } from './comparisons';

describe('sameAs', () => {
  it('passes equal values and reports the other field', () => {
    expect(sameAs('secret1', 'password')('secret1')).toBeUndefined();
    expect(sameAs('secret1', 'password')('secret2')).toEqual({
      key: 'validation.same_as',
      params: { other: 'password' },
    });
  });

  it('is exact about case and spaces', () => {
    expect(sameAs('Secret', 'password')('secret')).toBeDefined();
    expect(sameAs('secret', 'password')('secret ')).toBeDefined();
  });

  it('fails an empty confirmation of a filled value, and compares numbers with their text', () => {
    expect(sameAs('secret', 'password')('')).toBeDefined();
    expect(sameAs('secret', 'password')(undefined)).toBeDefined();
    expect(sameAs(null, 'password')('')).toBeUndefined();
    expect(sameAs(5, 'count')('5')).toBeUndefined();
  });
});

describe('after', () => {
  it('compares dates', () => {
    expect(after('2024-05-01', 'start_date')('2024-05-02')).toBeUndefined();
    expect(after('2024-05-01', 'start_date')('2024-05-01')).toEqual({
      key: 'validation.after',
      params: { other: 'start_date' },
    });
    expect(after('2024-05-01', 'start_date')('2024-04-30')).toBeDefined();
  });

  it('compares date-times, with offsets', () => {
    expect(after('2024-05-01 10:00:00', 'start')('2024-05-01 10:00:01')).toBeUndefined();
    expect(after('2024-05-01T10:00:00Z', 'start')('2024-05-01T12:30:00+03:00')).toBeDefined();
    expect(after('2024-05-01T10:00:00Z', 'start')('2024-05-01T13:30:00+03:00')).toBeUndefined();
    expect(
      after(new Date('2024-05-01T10:00:00Z'), 'start')(new Date('2024-05-01T10:00:01Z')),
    ).toBeUndefined();
  });

  it('compares times of day, in 24-hour and view formats', () => {
    expect(after('09:00', 'from')('09:15')).toBeUndefined();
    expect(after('09:00', 'from')('08:59:59')).toBeDefined();
    expect(after('11:30 AM', 'from')('12:00 PM')).toBeUndefined();
    expect(after('12:00 AM', 'from')('12:30 AM')).toBeUndefined();
    expect(after('01:00 PM', 'from')('12:59:00')).toBeDefined();
    expect(after('9:00 AM', 'from')('21:00')).toBeUndefined();
  });

  it('compares numbers as numbers, not as text', () => {
    expect(after('9', 'min')('10')).toBeUndefined();
    expect(after(10, 'min')('9.5')).toBeDefined();
  });

  it('fails values that cannot be compared with the other value', () => {
    expect(after('2024-05-01', 'start')('tomorrow')).toBeDefined();
    expect(after('2024-05-01', 'start')('10:00')).toBeDefined();
    expect(after('2024-02-28', 'start')('2024-02-30')).toBeDefined();
    expect(after('09:00', 'from')('25:00')).toBeDefined();
  });

  it('skips when either side is empty or the other value is unreadable', () => {
    expect(after('2024-05-01', 'start')('')).toBeUndefined();
    expect(after('', 'start')('2024-05-01')).toBeUndefined();
    expect(after(null, 'start')('2024-05-01')).toBeUndefined();
    expect(after('someday', 'start')('2024-05-01')).toBeUndefined();
  });
});

describe('afterOrEqual', () => {
  it('accepts equal values', () => {
    expect(afterOrEqual('2024-05-01', 'start')('2024-05-01')).toBeUndefined();
    expect(afterOrEqual('2024-05-01', 'start')('2024-05-02')).toBeUndefined();
    expect(afterOrEqual('2024-05-01', 'start')('2024-04-30')).toEqual({
      key: 'validation.after_or_equal',
      params: { other: 'start' },
    });
  });
});

describe('beforeOrEqual', () => {
  it('accepts equal and earlier values', () => {
    expect(beforeOrEqual('18:00', 'to')('18:00')).toBeUndefined();
    expect(beforeOrEqual('18:00', 'to')('17:45')).toBeUndefined();
    expect(beforeOrEqual('18:00', 'to')('18:15')).toEqual({
      key: 'validation.before_or_equal',
      params: { other: 'to' },
    });
  });

  it('can report a custom message key', () => {
    expect(beforeOrEqual('100', 'total', { key: 'validation.package_price_less_than_total' })('150')).toEqual(
      {
        key: 'validation.package_price_less_than_total',
        params: { other: 'total' },
      },
    );
  });
});
