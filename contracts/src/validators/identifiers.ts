import { asText, isEmpty, issue, type Validator } from './core';
import { textLength } from './text';

export const TRN_LENGTH = 15;

/**
 * Saudi VAT numbers begin and end with 3. `applicable` is for the caller to decide (for instance when
 * the account's country is Saudi Arabia); values of 1 or 2 characters are not judged yet.
 */
export const saudiTaxNumber =
  ({ applicable = true }: { applicable?: boolean } = {}): Validator =>
  (value) => {
    if (!applicable || isEmpty(value)) return undefined;
    const text = asText(value);
    if (text !== undefined && text.length <= 2) return undefined;
    return text?.startsWith('3') && text.endsWith('3') ? undefined : issue('saudi_tax_number');
  };

/** Tax registration number (TRN): exactly 15 characters. */
export const trn: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  const text = asText(value);
  return text !== undefined && textLength(text) === TRN_LENGTH
    ? undefined
    : issue('trn_length', { length: TRN_LENGTH });
};

const INTERNATIONAL_PREFIX_RE = /^(\+|00)/;

/** A telephone number is written in international form, starting with + or 00. */
export const telephone: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  const text = asText(value);
  return text !== undefined && INTERNATIONAL_PREFIX_RE.test(text) ? undefined : issue('telephone_prefix');
};

/** A WhatsApp number is stored bare (country code first), so + or 00 are refused. */
export const whatsappNumber: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  const text = asText(value);
  return text !== undefined && !INTERNATIONAL_PREFIX_RE.test(text) ? undefined : issue('whatsapp_no_prefix');
};
