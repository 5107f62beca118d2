import { percentageText, vatExample, vatPayload } from './vat';

describe('the VAT setting', () => {
  it('sends a percentage of zero when VAT is off, and trimmed names', () => {
    expect(
      vatPayload({ vat_enabled: false, vat_percentage: '15', vat_name_en: ' VAT ', vat_name_ar: 'ضريبة' }),
    ).toEqual({ vat_enabled: false, vat_name_en: 'VAT', vat_name_ar: 'ضريبة', vat_percentage: '0' });
    expect(
      vatPayload({ vat_enabled: true, vat_percentage: 5, vat_name_en: 'VAT', vat_name_ar: 'ض' }),
    ).toMatchObject({
      vat_enabled: true,
      vat_percentage: '5',
    });
  });

  it('reads only percentages a salon may type: 0-100, up to two decimals', () => {
    expect(percentageText('15')).toBe('15');
    expect(percentageText(12.5)).toBe('12.5');
    expect(percentageText(' 5 ')).toBe('5');
    for (const bad of ['', 'abc', '101', '1.555', '-5', null]) expect(percentageText(bad)).toBeUndefined();
  });

  it('shows what 100 becomes with the VAT being typed, in the currency’s minor units', () => {
    expect(vatExample('15', 'SAR')).toEqual({ before: 10000, after: 11500 });
    expect(vatExample('5', 'KWD')).toEqual({ before: 100000, after: 105000 });
    expect(vatExample('0', 'SAR')).toEqual({ before: 10000, after: 10000 });
    expect(vatExample('x', 'SAR')).toBeUndefined();
  });
});
