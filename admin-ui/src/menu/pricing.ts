import {
  CURRENCIES,
  fromArabicDigits,
  inclusiveFromExclusive,
  parseMoney,
  splitInclusive,
  toDecimalString,
  type Currency,
  type Percent,
} from '@rawnaq/contracts';

export const asCurrency = (value: unknown): Currency =>
  CURRENCIES.includes(value as Currency) ? (value as Currency) : 'SAR';

/** Minor units of a typed price; undefined while it is not one (empty, unreadable, negative). */
export const priceMinor = (text: unknown, currency: Currency): number | undefined => {
  if (typeof text !== 'string' && typeof text !== 'number') return undefined;
  const parsed = parseMoney(String(text), currency);
  return parsed.ok && parsed.money.amount >= 0 ? parsed.money.amount : undefined;
};

const vatOf = (vat: Percent | null | undefined): Percent => (vat === null || vat === undefined ? 0 : vat);

/** The price including VAT of a typed price before VAT, as decimal text ('' while there is none). */
export const withVatText = (beforeVat: unknown, vat: Percent | null | undefined, currency: Currency) => {
  const net = priceMinor(beforeVat, currency);
  if (net === undefined) return '';
  return toDecimalString({ amount: inclusiveFromExclusive(net, vatOf(vat)), currency });
};

/**
 * The price before VAT of a typed price including VAT. Salons in the Gulf think in prices with VAT; the
 * menu keeps the price before it, so the typed one is split (contracts' `splitInclusive`).
 */
export const beforeVatText = (withVat: unknown, vat: Percent | null | undefined, currency: Currency) => {
  const gross = priceMinor(withVat, currency);
  if (gross === undefined) return '';
  return toDecimalString({ amount: splitInclusive(gross, vatOf(vat)).net, currency });
};

/**
 * Not every price with VAT can be reached from a price before VAT in whole halalas (at 15%, 0.11 cannot):
 * the price the customer will actually pay when it differs from the typed one, else undefined.
 */
export const reachableWithVat = (
  withVat: unknown,
  vat: Percent | null | undefined,
  currency: Currency,
): number | undefined => {
  const gross = priceMinor(withVat, currency);
  if (gross === undefined) return undefined;
  const paid = inclusiveFromExclusive(splitInclusive(gross, vatOf(vat)).net, vatOf(vat));
  return paid === gross ? undefined : paid;
};

/** What an input's text becomes in the form: Arabic-Indic digits and separators typed on Arabic keyboards read as ASCII. */
export const parseTypedNumber = (value: unknown) =>
  typeof value === 'string' ? fromArabicDigits(value) : value;
