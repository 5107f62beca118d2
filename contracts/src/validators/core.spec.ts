import { asText, compose, isEmpty, issue, plainNumberText, required } from './core';

describe('required', () => {
  it.each([null, undefined, '', '   ', '\n\t', []])('fails on %p', (value) => {
    expect(required(value)).toEqual({ key: 'validation.is_required' });
  });

  it.each(['a', ' a ', 0, '0', false, [0], {}])('passes %p', (value) => {
    expect(required(value)).toBeUndefined();
  });
});

describe('isEmpty', () => {
  it('treats exactly what Required rejects as empty', () => {
    expect([null, undefined, '', ' ', []].every(isEmpty)).toBe(true);
    expect([0, '0', 'x', [''], NaN].some(isEmpty)).toBe(false);
  });
});

describe('issue', () => {
  it('prefixes the key and leaves params out when there are none', () => {
    expect(issue('is_required')).toEqual({ key: 'validation.is_required' });
    expect(issue('is_required')).not.toHaveProperty('params');
    expect(issue('max_length', { max: 3 })).toEqual({ key: 'validation.max_length', params: { max: 3 } });
  });
});

describe('compose', () => {
  it('reports the first failing rule only', () => {
    const rule = compose(required, (v) => (v === 'x' ? issue('digits_only') : undefined));
    expect(rule('')).toEqual({ key: 'validation.is_required' });
    expect(rule('x')).toEqual({ key: 'validation.digits_only' });
    expect(rule('1')).toBeUndefined();
  });
});

describe('asText / plainNumberText', () => {
  it('spells numbers without exponent notation', () => {
    expect(plainNumberText(1e21)).toBe('1000000000000000000000');
    expect(plainNumberText(1.5e-7)).toBe('0.00000015');
    expect(plainNumberText(-2.5e-7)).toBe('-0.00000025');
    expect(plainNumberText(12.5)).toBe('12.5');
  });

  it('has no text for non-finite numbers and non-primitive values', () => {
    expect(asText(NaN)).toBeUndefined();
    expect(asText(Infinity)).toBeUndefined();
    expect(asText({})).toBeUndefined();
    expect(asText(['1'])).toBeUndefined();
    expect(asText(true)).toBeUndefined();
    expect(asText('x')).toBe('x');
  });
});
