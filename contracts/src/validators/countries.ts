/** Country ids of the account settings (doc1 "Coded values"). */
export const COUNTRY_ID = { saudiArabia: 1, uae: 2, kuwait: 3, oman: 4, bahrain: 6 } as const;

const THREE_DECIMAL_COUNTRIES: ReadonlySet<number> = new Set([
  COUNTRY_ID.kuwait,
  COUNTRY_ID.oman,
  COUNTRY_ID.bahrain,
]);

/** Money rounding and price decimals: 3 for Kuwait, Oman and Bahrain, otherwise 2. */
export const priceDecimals = (countryId?: number | null): 2 | 3 =>
  countryId != null && THREE_DECIMAL_COUNTRIES.has(countryId) ? 3 : 2;
