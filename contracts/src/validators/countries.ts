import { CURRENCY_INFO, countryOf, isCountryId } from '../coded-values/countries';

/** Money rounding and price decimals follow the country's currency: 3 for Kuwait, Oman and Bahrain, otherwise 2. */
export const priceDecimals = (countryId?: number | null): 2 | 3 =>
  countryId != null && isCountryId(countryId) ? CURRENCY_INFO[countryOf(countryId).currency].decimals : 2;
