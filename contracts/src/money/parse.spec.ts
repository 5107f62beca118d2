import fc from 'fast-check';
import { MoneyParseError, parseMoney, parseMoneyOrThrow, toDecimalString } from './index';

describe('parseMoney', () => {
  it('reads decimals exactly into minor units', () => {
    expect(parseMoney('0.1', 'SAR')).toEqual({ ok: true, money: { amount: 10, currency: 'SAR' } });
    expect(parseMoney('0.2', 'SAR')).toEqual({ ok: true, money: { amount: 20, currency: 'SAR' } });
    expect(parseMoney('1234.5', 'SAR')).toEqual({ ok: true, money: { amount: 123450, currency: 'SAR' } });
    expect(parseMoney('1.15', 'AED')).toEqual({ ok: true, money: { amount: 115, currency: 'AED' } });
    expect(parseMoney('4.35', 'SAR')).toEqual({ ok: true, money: { amount: 435, currency: 'SAR' } });
    expect(parseMoney('-0.05', 'SAR')).toEqual({ ok: true, money: { amount: -5, currency: 'SAR' } });
    expect(parseMoney('  7 ', 'SAR')).toEqual({ ok: true, money: { amount: 700, currency: 'SAR' } });
  });

  it('reads three-decimal currencies in thousandths', () => {
    expect(parseMoney('1.005', 'KWD')).toEqual({ ok: true, money: { amount: 1005, currency: 'KWD' } });
    expect(parseMoney('0.1', 'OMR')).toEqual({ ok: true, money: { amount: 100, currency: 'OMR' } });
    expect(parseMoney('12', 'BHD')).toEqual({ ok: true, money: { amount: 12000, currency: 'BHD' } });
  });

  it('reads large amounts up to the largest exact integer', () => {
    expect(parseMoney('90071992547409.91', 'SAR')).toEqual({
      ok: true,
      money: { amount: Number.MAX_SAFE_INTEGER, currency: 'SAR' },
    });
    expect(parseMoney('90071992547409.92', 'SAR')).toEqual({ ok: false, error: 'out_of_range' });
    expect(parseMoney('9007199254740.991', 'KWD')).toEqual({
      ok: true,
      money: { amount: Number.MAX_SAFE_INTEGER, currency: 'KWD' },
    });
  });

  it('reads Arabic-Indic and Persian digits and the Arabic decimal separator', () => {
    expect(parseMoney('١٢٣٫٤٥', 'SAR')).toEqual({ ok: true, money: { amount: 12345, currency: 'SAR' } });
    expect(parseMoney('۱۲.۵', 'AED')).toEqual({ ok: true, money: { amount: 1250, currency: 'AED' } });
  });

  it('rejects more decimals than the currency has', () => {
    expect(parseMoney('1.005', 'SAR')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseMoney('1.500', 'AED')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseMoney('1.0005', 'KWD')).toEqual({ ok: false, error: 'too_many_decimals' });
  });

  it('rejects what is not a plain decimal', () => {
    for (const text of ['abc', '1,234.50', '1e3', '.5', '5.', '--1', '0x10', 'NaN', '1 000']) {
      expect(parseMoney(text, 'SAR')).toEqual({ ok: false, error: 'should_be_a_number' });
    }
    expect(parseMoney('   ', 'SAR')).toEqual({ ok: false, error: 'is_required' });
  });

  it('never produces a negative zero', () => {
    const result = parseMoney('-0.00', 'SAR');
    expect(result.ok && Object.is(result.money.amount, 0)).toBe(true);
  });

  it('reads every digit string exactly as integer arithmetic does, at every length (fast path and BigInt)', () => {
    const decimalsOf = { SAR: 2, KWD: 3 } as const;
    fc.assert(
      fc.property(
        fc.constantFrom('SAR', 'KWD') as fc.Arbitrary<'SAR' | 'KWD'>,
        fc.constantFrom('', '-', '+'),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 19 }),
        fc.option(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 3 })),
        (currency, sign, whole, fraction) => {
          const decimals = decimalsOf[currency];
          const text = `${sign}${whole}${fraction === null ? '' : `.${fraction}`}`;
          const exact =
            BigInt(whole) * 10n ** BigInt(decimals) + BigInt((fraction ?? '').padEnd(decimals, '0'));
          const expected =
            (fraction ?? '').length > decimals
              ? { ok: false, error: 'too_many_decimals' }
              : exact > BigInt(Number.MAX_SAFE_INTEGER)
                ? { ok: false, error: 'out_of_range' }
                : {
                    ok: true,
                    money: { amount: (sign === '-' && exact !== 0n ? -1 : 1) * Number(exact), currency },
                  };
          expect(parseMoney(text, currency)).toEqual(expected);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('has a throwing variant for trusted input', () => {
    expect(parseMoneyOrThrow('2.5', 'BHD')).toEqual({ amount: 2500, currency: 'BHD' });
    expect(() => parseMoneyOrThrow('2.555', 'SAR')).toThrow(MoneyParseError);
  });
});

describe('toDecimalString', () => {
  it('prints the full decimals exactly', () => {
    expect(toDecimalString({ amount: 123450, currency: 'SAR' })).toBe('1234.50');
    expect(toDecimalString({ amount: 5, currency: 'SAR' })).toBe('0.05');
    expect(toDecimalString({ amount: -5, currency: 'SAR' })).toBe('-0.05');
    expect(toDecimalString({ amount: 0, currency: 'AED' })).toBe('0.00');
    expect(toDecimalString({ amount: 1500, currency: 'KWD' })).toBe('1.500');
    expect(toDecimalString({ amount: 7, currency: 'OMR' })).toBe('0.007');
    expect(toDecimalString({ amount: Number.MAX_SAFE_INTEGER, currency: 'BHD' })).toBe('9007199254740.991');
  });

  it('round-trips with parseMoney for many amounts', () => {
    for (const currency of ['SAR', 'KWD'] as const) {
      for (let amount = -2000; amount <= 2000; amount += 7) {
        const text = toDecimalString({ amount, currency });
        expect(parseMoney(text, currency)).toEqual({ ok: true, money: { amount: amount + 0, currency } });
      }
    }
  });
});
