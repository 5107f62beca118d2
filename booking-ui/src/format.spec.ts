import { formatMoney } from '@rawnaq/contracts';
import { money } from './format';

describe('money on the public pages', () => {
  it('is written as the back office writes it: the same Arabic symbol, the ISO code in English', () => {
    expect(money('ar', '85.50', 'SAR')).toBe(
      formatMoney({ amount: 8550, currency: 'SAR' }, { locale: 'ar' }),
    );
    expect(money('ar', '85.50', 'SAR')).toBe('85.50 ر.س');
    expect(money('en', '1234.50', 'SAR')).toBe('SAR 1,234.50');
    expect(money('ar', '1.500', 'KWD')).toBe('1.500 د.ك');
  });

  it('shows an amount it cannot read as it came, never as a wrong figure', () => {
    expect(money('en', '1.5000', 'SAR')).toBe('1.5000 SAR');
    expect(money('en', '10.00', 'XYZ')).toBe('10.00 XYZ');
  });
});
