import { COUNTRY_LIST } from '../coded-values/countries';
import {
  GCC_NATIONALITY_IDS,
  isNationalityId,
  NATIONALITIES,
  nationalityById,
  nationalityName,
  nationalityOptions,
} from './index';

/** Arabic letters and marks (U+0600-U+06FF), spaces between words; no Latin letters or digits. */
const ARABIC_NAME = /^[\u0600-\u06FF]+( [\u0600-\u06FF]+)*$/;

describe('nationalities', () => {
  it('has every UN member and observer state plus Hong Kong, Macao and Taiwan', () => {
    expect(NATIONALITIES).toHaveLength(198);
  });

  it('has unique ISO numeric ids and unique ISO alpha-2 codes', () => {
    const ids = NATIONALITIES.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isInteger(id) && id > 0 && id < 1000).toBe(true);
    const codes = NATIONALITIES.map((n) => n.iso2);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('names every entry in English and, in Arabic script, in Arabic', () => {
    for (const n of NATIONALITIES) {
      expect(n.english_name.trim()).toBe(n.english_name);
      expect(n.english_name).toMatch(/^[A-Z]/);
      expect(n.arabic_name).toMatch(ARABIC_NAME);
    }
    const arabicNames = NATIONALITIES.map((n) => n.arabic_name);
    expect(new Set(arabicNames).size).toBe(arabicNames.length);
  });

  it('keeps known codes and names', () => {
    expect(nationalityById(818)).toEqual({ id: 818, iso2: 'EG', english_name: 'Egypt', arabic_name: 'مصر' });
    expect(nationalityById(356)?.arabic_name).toBe('الهند');
    expect(nationalityById(608)?.arabic_name).toBe('الفلبين');
    expect(nationalityById(586)?.iso2).toBe('PK');
  });

  it('contains the five settings countries with the same names as the settings select', () => {
    const settings: [number, string][] = [
      [682, 'SA'],
      [784, 'AE'],
      [414, 'KW'],
      [512, 'OM'],
      [48, 'BH'],
    ];
    for (const [id, iso2] of settings) {
      const n = nationalityById(id);
      const country = COUNTRY_LIST.find((c) => c.isoCode === iso2);
      expect(n?.iso2).toBe(iso2);
      expect([n?.english_name, n?.arabic_name]).toEqual([country?.englishName, country?.arabicName]);
    }
  });

  it('lists the GCC first, and the list starts with them', () => {
    expect(GCC_NATIONALITY_IDS).toEqual([682, 784, 414, 512, 48, 634]);
    expect(NATIONALITIES.slice(0, 6).map((n) => n.id)).toEqual(GCC_NATIONALITY_IDS);
    const rest = NATIONALITIES.slice(6).map((n) => n.english_name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en').compare));
  });

  it('names an id in a language, and nothing for an unknown id', () => {
    expect(nationalityName(682, 'en')).toBe('Saudi Arabia');
    expect(nationalityName(682, 'ar')).toBe('المملكة العربية السعودية');
    expect(nationalityName(5, 'en')).toBeUndefined();
    expect(isNationalityId(48)).toBe(true);
    expect(isNationalityId(5)).toBe(false);
    expect(isNationalityId('48')).toBe(false);
  });

  it('offers the GCC first, then the rest sorted in the language of the select', () => {
    for (const locale of ['en', 'ar'] as const) {
      const options = nationalityOptions(locale);
      expect(options).toHaveLength(NATIONALITIES.length);
      expect(options.slice(0, 6).map((o) => o.id)).toEqual(GCC_NATIONALITY_IDS);
      const rest = options.slice(6).map((o) => o.name);
      expect(rest).toEqual([...rest].sort(new Intl.Collator(locale).compare));
    }
    expect(nationalityOptions('en')[6].name).toBe('Afghanistan');
    expect(nationalityOptions('ar').map((o) => o.name)).toContain('الفلبين');
  });
});
