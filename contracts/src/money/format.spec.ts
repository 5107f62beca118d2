import { formatMoney, fromArabicDigits, toArabicDigits } from './index';

describe('formatMoney in English', () => {
  it('prints the code, grouped thousands and full decimals', () => {
    expect(formatMoney({ amount: 123450, currency: 'SAR' }, { locale: 'en' })).toBe('SAR 1,234.50');
    expect(formatMoney({ amount: 5, currency: 'AED' }, { locale: 'en' })).toBe('AED 0.05');
    expect(formatMoney({ amount: 1500, currency: 'KWD' }, { locale: 'en' })).toBe('KWD 1.500');
    expect(formatMoney({ amount: 1234567891, currency: 'OMR' }, { locale: 'en' })).toBe('OMR 1,234,567.891');
    expect(formatMoney({ amount: 0, currency: 'BHD' }, { locale: 'en' })).toBe('BHD 0.000');
    expect(formatMoney({ amount: 100000000, currency: 'SAR' }, { locale: 'en' })).toBe('SAR 1,000,000.00');
  });

  it('puts the minus before the code and can leave the code out', () => {
    expect(formatMoney({ amount: -123450, currency: 'SAR' }, { locale: 'en' })).toBe('-SAR 1,234.50');
    expect(formatMoney({ amount: 123450, currency: 'SAR' }, { locale: 'en', withSymbol: false })).toBe(
      '1,234.50',
    );
    expect(formatMoney({ amount: -1, currency: 'KWD' }, { locale: 'en', withSymbol: false })).toBe('-0.001');
  });

  it('is exact for the largest amounts', () => {
    expect(formatMoney({ amount: Number.MAX_SAFE_INTEGER, currency: 'SAR' }, { locale: 'en' })).toBe(
      'SAR 90,071,992,547,409.91',
    );
  });
});

describe('formatMoney in Arabic', () => {
  it('prints the Arabic symbol after the amount', () => {
    expect(formatMoney({ amount: 123450, currency: 'SAR' }, { locale: 'ar' })).toBe('1,234.50 ر.س');
    expect(formatMoney({ amount: 1500, currency: 'KWD' }, { locale: 'ar' })).toBe('1.500 د.ك');
    expect(formatMoney({ amount: 2500, currency: 'OMR' }, { locale: 'ar' })).toBe('2.500 ر.ع.');
    expect(formatMoney({ amount: 99, currency: 'AED' }, { locale: 'ar' })).toBe('0.99 د.إ');
    expect(formatMoney({ amount: 10, currency: 'BHD' }, { locale: 'ar' })).toBe('0.010 د.ب');
  });

  it('uses Arabic-Indic digits and Arabic separators when asked', () => {
    expect(formatMoney({ amount: 123450, currency: 'SAR' }, { locale: 'ar', arabicDigits: true })).toBe(
      '١٬٢٣٤٫٥٠ ر.س',
    );
    expect(formatMoney({ amount: 1234567891, currency: 'KWD' }, { locale: 'ar', arabicDigits: true })).toBe(
      '١٬٢٣٤٬٥٦٧٫٨٩١ د.ك',
    );
    expect(
      formatMoney(
        { amount: 123450, currency: 'SAR' },
        { locale: 'ar', arabicDigits: true, withSymbol: false },
      ),
    ).toBe('١٬٢٣٤٫٥٠');
  });

  it('marks the minus so it stays with the number in right-to-left text', () => {
    expect(formatMoney({ amount: -123450, currency: 'SAR' }, { locale: 'ar', arabicDigits: true })).toBe(
      '\u061c-١٬٢٣٤٫٥٠ ر.س',
    );
    expect(formatMoney({ amount: -123450, currency: 'SAR' }, { locale: 'ar' })).toBe('\u200e-1,234.50 ر.س');
  });
});

describe('digits', () => {
  it('converts Western digits to Arabic-Indic', () => {
    expect(toArabicDigits('2024-05-01 10:30')).toBe('٢٠٢٤-٠٥-٠١ ١٠:٣٠');
    expect(toArabicDigits('0123456789')).toBe('٠١٢٣٤٥٦٧٨٩');
  });

  it('normalises Arabic-Indic and Persian digits typed by users', () => {
    expect(fromArabicDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(fromArabicDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(fromArabicDigits('٠٥٠١٢٣٤٥٦٧')).toBe('0501234567');
    expect(fromArabicDigits('١٬٢٣٤٫٥')).toBe('1,234.5');
    expect(fromArabicDigits('abc 12')).toBe('abc 12');
    expect(fromArabicDigits(toArabicDigits('9876543210'))).toBe('9876543210');
  });
});
