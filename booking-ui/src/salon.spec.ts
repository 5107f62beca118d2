import { countryLabel, currencyLabel, salonName, salonTypeLabel } from './salon';

describe('salon labels', () => {
  it('names the settings countries and the salon types in both languages, from the contracts catalogue', () => {
    expect(countryLabel('en', 1)).toBe('Saudi Arabia');
    expect(countryLabel('ar', 1)).toBe('المملكة العربية السعودية');
    expect(countryLabel('en', 6)).toBe('Bahrain');
    expect(countryLabel('ar', 2)).toBe('الإمارات العربية المتحدة');
    expect(salonTypeLabel('en', 1)).toBe('Women');
    expect(salonTypeLabel('ar', 2)).toBe('رجالي');
  });

  it('says "unknown" rather than showing a number or a key', () => {
    expect(countryLabel('en', 5)).toBe('Unknown');
    expect(salonTypeLabel('ar', 9)).toBe('غير معروف');
  });

  it('shows the name in the page language, or the other one when it is empty', () => {
    const salon = { name_en: 'Demo Salon', name_ar: 'صالون تجريبي' };
    expect(salonName('en', salon)).toBe('Demo Salon');
    expect(salonName('ar', salon)).toBe('صالون تجريبي');
    expect(salonName('ar', { name_en: 'Demo Salon', name_ar: ' ' })).toBe('Demo Salon');
  });

  it('names the currency in the page language', () => {
    expect(currencyLabel('en', 'SAR')).toMatch(/Saudi riyal/i);
    expect(currencyLabel('ar', 'SAR')).toMatch(/ريال سعودي/);
    expect(currencyLabel('en', 'not a code')).toBe('not a code');
  });
});
