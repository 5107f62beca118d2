import { COUNTRIES, isCountryId } from '../coded-values/countries';
import { fromArabicDigits } from '../money/digits';
import { asText, isEmpty, issue, type ValidationIssue, type Validator } from './core';

export type MobileCountryCode = 'SA' | 'AE' | 'JO' | 'PS' | 'KW' | 'QA' | 'BH' | 'OM';

export type MobileCountry = {
  country: MobileCountryCode;
  /** The country option's dialling prefix: 970 for Palestine even when the number uses 972. */
  prefix: string;
  /** The code the number itself starts with. */
  dialCode: string;
  /** Digits after the code, not counting a national leading zero. */
  nationalDigits: 8 | 9;
  /** Whether a national leading zero may follow the code (it then adds one digit). */
  leadingZero: boolean;
};

type CountryEntry = Omit<MobileCountry, 'dialCode'>;

const nineDigits = (country: MobileCountryCode, prefix: string): CountryEntry => ({
  country,
  prefix,
  nationalDigits: 9,
  leadingZero: true,
});
const eightDigits = (country: MobileCountryCode, prefix: string): CountryEntry => ({
  country,
  prefix,
  nationalDigits: 8,
  leadingZero: false,
});

const BY_DIAL_CODE: Readonly<Record<string, CountryEntry>> = {
  '966': nineDigits('SA', '966'),
  '971': nineDigits('AE', '971'),
  '962': nineDigits('JO', '962'),
  '970': nineDigits('PS', '970'),
  // Palestinian mobiles also run on 972; the Palestine option (970) matches them.
  '972': nineDigits('PS', '970'),
  '965': eightDigits('KW', '965'),
  '974': eightDigits('QA', '974'),
  '973': eightDigits('BH', '973'),
  '968': eightDigits('OM', '968'),
};

const COUNTRY_CODE_LENGTH = 3;
const NUMERIC_MOBILE_RE = /^\+?\d*$/;

/** Splits off a leading '+' or '00' international prefix. */
const splitPrefix = (text: string): { prefixLength: 0 | 1 | 2; rest: string } => {
  if (text.startsWith('+')) return { prefixLength: 1, rest: text.slice(1) };
  if (text.startsWith('00')) return { prefixLength: 2, rest: text.slice(2) };
  return { prefixLength: 0, rest: text };
};

const read = (raw: unknown) => {
  const text = asText(raw);
  if (text === undefined) return undefined;
  const { prefixLength, rest } = splitPrefix(text);
  const dialCode = rest.slice(0, COUNTRY_CODE_LENGTH);
  const entry = BY_DIAL_CODE[dialCode];
  if (!entry) return { text, prefixLength, rest, country: undefined };
  return { text, prefixLength, rest, country: { ...entry, dialCode } satisfies MobileCountry };
};

/** The country a mobile number belongs to, from its dialling code after any '+' or '00'. */
export const detectMobileCountry = (raw: unknown): MobileCountry | undefined => read(raw)?.country;

/**
 * Full expected length of the number as typed: the 3-digit code, plus 1 for '+' or 2 for '00', plus
 * 9 or 8 national digits, plus 1 when a national leading zero follows a code that allows one.
 */
export const expectedMobileLength = (raw: unknown): number | undefined => {
  const parsed = read(raw);
  if (!parsed?.country) return undefined;
  const { prefixLength, rest, country } = parsed;
  const zero = country.leadingZero && rest.charAt(COUNTRY_CODE_LENGTH) === '0' ? 1 : 0;
  return COUNTRY_CODE_LENGTH + prefixLength + country.nationalDigits + zero;
};

export type MobileOptions = {
  /** Accept numbers shorter than the country's length (at most it), e.g. while searching. */
  maxLengthMode?: boolean;
};

/** Always required; digits with an optional leading '+'; a known country; the country's length. */
export const validateMobile = (
  raw: unknown,
  { maxLengthMode = false }: MobileOptions = {},
): ValidationIssue | undefined => {
  if (isEmpty(raw)) return issue('is_required');
  const parsed = read(raw);
  if (!parsed || !NUMERIC_MOBILE_RE.test(parsed.text)) return issue('should_be_a_number');
  const expected = expectedMobileLength(raw);
  if (expected === undefined) return issue('mobile_prefix_required');
  const length = parsed.text.length;
  // said as the person types it, beside a code selector: the digits after the code
  const params = {
    digits: parsed.country!.nationalDigits,
    code: `+${parsed.country!.dialCode}`,
  };
  if (maxLengthMode) return length <= expected ? undefined : issue('mobile_max_length', params);
  return length === expected ? undefined : issue('mobile_length', params);
};

export const mobile =
  (options: MobileOptions = {}): Validator =>
  (value) =>
    validateMobile(value, options);

/** Drives the "valid" badge beside the input: the number is complete, at its exact length. */
export const isMobileComplete = (raw: unknown): boolean => validateMobile(raw) === undefined;

/**
 * The canonical form for duplicate checks: digits only, country code first, no '+'/'00' and no
 * national leading zero ('+9660501234567', '00966501234567' and '966501234567' give '966501234567').
 * Undefined when the value is not digits or the country is not recognised; length is not checked.
 */
export const normalizeMobile = (raw: unknown): string | undefined => {
  const parsed = read(raw);
  if (!parsed?.country || !NUMERIC_MOBILE_RE.test(parsed.text)) return undefined;
  const { rest, country } = parsed;
  const afterCode = rest.slice(COUNTRY_CODE_LENGTH);
  const national = country.leadingZero && afterCode.startsWith('0') ? afterCode.slice(1) : afterCode;
  return country.dialCode + national;
};

/**
 * The one form a mobile is kept in, everywhere (forms, imports, employees, search results): E.164 with
 * the plus, no national zero ('+966551234567'). A number written the local way ('0551234567',
 * '551234567') takes the salon's country code when `countryId` is given. Undefined when the number is
 * not digits or its country is not recognised.
 */
export const canonicalMobile = (raw: unknown, countryId?: number): string | undefined => {
  const digits = normalizeMobile(mobileWithCountryCode(raw, countryId));
  return digits === undefined ? undefined : `+${digits}`;
};

/** Whether digits start with a recognised code and are long enough to be a whole international number. */
const hasWholeCode = (digits: string): boolean => {
  const expected = expectedMobileLength(digits);
  return expected !== undefined && digits.length >= expected;
};

/**
 * Text typed into a number field beside a country-code selector, as the number with its code: a number
 * with '+' or '00' is taken as it is; digits that already start with a whole international number
 * ('966551234567', what a spreadsheet keeps) likewise; anything else is the local part and follows
 * `dialCode`, its national zero kept ('0551234567' gives '9660551234567'; the rules allow that zero
 * and `canonicalMobile` drops it). Spaces, dashes, dots and brackets are dropped; Arabic-keyboard
 * digits read as digits.
 */
export const withDialCode = (typed: string, dialCode: string): string => {
  const text = fromArabicDigits(typed).replace(/[\s\-.()\u200e\u200f\u2066-\u2069]/g, '');
  if (text === '' || text.startsWith('+') || text.startsWith('00') || !/^\d+$/.test(text)) return text;
  return hasWholeCode(text) ? text : `${dialCode}${text}`;
};

/**
 * A mobile as an API or a spreadsheet gives it, with its country code: digits without one take the
 * salon's (`countryId`); anything else (a '+', '00', not digits, no salon country) is left for the rule.
 */
export const mobileWithCountryCode = (raw: unknown, countryId?: number): unknown => {
  const text = typeof raw === 'number' ? asText(raw) : raw;
  if (typeof text !== 'string' || countryId === undefined || !isCountryId(countryId)) return raw;
  if (!/^\d+$/.test(text) || text.startsWith('00')) return text;
  return withDialCode(text, COUNTRIES[countryId].diallingPrefix);
};

/** The country-code choices of a number field: the countries whose mobiles the rules know. */
export const MOBILE_DIAL_CODES: ReadonlyArray<{ dialCode: string; country: MobileCountryCode }> =
  Object.entries(BY_DIAL_CODE).map(([dialCode, entry]) => ({ dialCode, country: entry.country }));

/** A number split for its field: the dial code it carries (if recognised) and the rest, as typed. */
export const splitDialCode = (raw: unknown): { dialCode?: string; rest: string } => {
  const parsed = read(raw);
  if (!parsed) return { rest: '' };
  if (!parsed.country) return { rest: parsed.text };
  return { dialCode: parsed.country.dialCode, rest: parsed.rest.slice(COUNTRY_CODE_LENGTH) };
};

/**
 * What a customer search looks for in the normalised mobiles (`mobile_key`), whichever way the number
 * is written: '+966559876543', '00966559876543', '9660559876543', '0559876543' and '559876543' (and
 * the same on an Arabic keyboard) all find 966559876543, as does any part of it. Undefined when the
 * search is not a number.
 */
export const mobileSearchDigits = (query: unknown): string | undefined => {
  const text = asText(query);
  if (text === undefined) return undefined;
  const typed = fromArabicDigits(text.trim());
  if (!/^(\+|00)?\d+$/.test(typed)) return undefined;
  const international = typed.startsWith('+') || typed.startsWith('00');
  const digits = typed.replace(/^(\+|00)/, '');
  if (digits === '') return undefined;
  // a code and then a national zero: the zero is not in the key
  const normalised = normalizeMobile(digits) ?? digits;
  if (international || normalised !== digits) return normalised;
  // the local way: the national zero is not in the key either
  return typed.startsWith('0') && typed.length > 1 ? typed.replace(/^0/, '') : typed;
};

/**
 * A mobile from an event of any age, in the canonical form when it has one: events keep what was
 * written then ('966…' from an import, '+966…' from the form); readers (projections, aggregates) show
 * and compare one form. A value without a recognised code is left as it was written.
 */
export const canonicalMobileOrAsIs = <T>(raw: T): T | string =>
  typeof raw === 'string' ? (canonicalMobile(raw) ?? raw) : raw;
