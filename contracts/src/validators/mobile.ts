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
  if (maxLengthMode) return length <= expected ? undefined : issue('mobile_max_length', { length: expected });
  return length === expected ? undefined : issue('mobile_length', { length: expected });
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
