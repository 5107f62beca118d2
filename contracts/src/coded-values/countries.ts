import { z } from 'zod';

/** Country codes of the settings screen (the numbers are the product's own, not ISO; 5 is unused). */
export const CountryId = { ksa: 1, uae: 2, kuwait: 3, oman: 4, bahrain: 6 } as const;
export type CountryId = (typeof CountryId)[keyof typeof CountryId];
export const CountryIdSchema = z.enum(CountryId);

export const CURRENCIES = ['SAR', 'AED', 'KWD', 'OMR', 'BHD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES);

export const TENANT_TIME_ZONES = [
  'Asia/Riyadh',
  'Asia/Dubai',
  'Asia/Kuwait',
  'Asia/Muscat',
  'Asia/Bahrain',
] as const;
export type TenantTimeZone = (typeof TENANT_TIME_ZONES)[number];
export const TenantTimeZoneSchema = z.enum(TENANT_TIME_ZONES);

export type CurrencyInfo = {
  code: Currency;
  /** Minor-unit digits: halalas and fils of SAR/AED are hundredths, KWD/OMR/BHD fils and baisa thousandths. */
  decimals: 2 | 3;
  arabicSymbol: string;
};

export const CURRENCY_INFO: Readonly<Record<Currency, CurrencyInfo>> = {
  SAR: { code: 'SAR', decimals: 2, arabicSymbol: 'ر.س' },
  AED: { code: 'AED', decimals: 2, arabicSymbol: 'د.إ' },
  KWD: { code: 'KWD', decimals: 3, arabicSymbol: 'د.ك' },
  OMR: { code: 'OMR', decimals: 3, arabicSymbol: 'ر.ع.' },
  BHD: { code: 'BHD', decimals: 3, arabicSymbol: 'د.ب' },
};

export type CountryInfo = {
  id: CountryId;
  key: keyof typeof CountryId;
  /** ISO 3166-1 alpha-2. */
  isoCode: 'SA' | 'AE' | 'KW' | 'OM' | 'BH';
  currency: Currency;
  currencyDecimals: 2 | 3;
  arabicCurrencySymbol: string;
  timeZone: TenantTimeZone;
  /** International dialling code without '+' or '00'. */
  diallingPrefix: string;
  /** Digits of a mobile number after the dialling prefix (doc2 §5.2). */
  mobileDigits: 8 | 9;
  englishName: string;
  arabicName: string;
};

const country = (
  key: keyof typeof CountryId,
  isoCode: CountryInfo['isoCode'],
  currency: Currency,
  timeZone: TenantTimeZone,
  diallingPrefix: string,
  mobileDigits: 8 | 9,
  englishName: string,
  arabicName: string,
): CountryInfo => ({
  id: CountryId[key],
  key,
  isoCode,
  currency,
  currencyDecimals: CURRENCY_INFO[currency].decimals,
  arabicCurrencySymbol: CURRENCY_INFO[currency].arabicSymbol,
  timeZone,
  diallingPrefix,
  mobileDigits,
  englishName,
  arabicName,
});

export const COUNTRIES: Readonly<Record<CountryId, CountryInfo>> = {
  1: country('ksa', 'SA', 'SAR', 'Asia/Riyadh', '966', 9, 'Saudi Arabia', 'المملكة العربية السعودية'),
  2: country('uae', 'AE', 'AED', 'Asia/Dubai', '971', 9, 'United Arab Emirates', 'الإمارات العربية المتحدة'),
  3: country('kuwait', 'KW', 'KWD', 'Asia/Kuwait', '965', 8, 'Kuwait', 'الكويت'),
  4: country('oman', 'OM', 'OMR', 'Asia/Muscat', '968', 8, 'Oman', 'سلطنة عُمان'),
  6: country('bahrain', 'BH', 'BHD', 'Asia/Bahrain', '973', 8, 'Bahrain', 'البحرين'),
};

/** Countries in the order of the settings select. */
export const COUNTRY_LIST: readonly CountryInfo[] = Object.values(CountryId).map((id) => COUNTRIES[id]);

export const isCountryId = (value: unknown): value is CountryId =>
  typeof value === 'number' && Object.prototype.hasOwnProperty.call(COUNTRIES, value);

/** Throws on an unknown id: a tenant's country is validated when it is saved, so an unknown one is a bug. */
export const countryOf = (id: number): CountryInfo => {
  if (!isCountryId(id)) throw new RangeError(`Unknown country id: ${id}`);
  return COUNTRIES[id];
};
