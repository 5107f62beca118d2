import {
  countryOf,
  inclusiveFromExclusive,
  isCountryId,
  toDecimalString,
  type Currency,
} from '@rawnaq/contracts';
import type { Doc, ReadModels } from '@rawnaq/platform';
import { accountOf } from './account';

export type Pricing = { currency: Currency; vat: number };

/** The account's currency and today's VAT percentage, for prices leaving the query API. */
export const pricingOf = async (models: ReadModels, tenantId: string): Promise<Pricing> => {
  const { doc } = await accountOf(models, tenantId);
  const countryId = doc.country_id as number;
  return {
    currency: isCountryId(countryId) ? countryOf(countryId).currency : 'SAR',
    vat: (doc.vat_percentage as number) ?? 0,
  };
};

/**
 * Prices leave as exact decimal text in the account's currency, with the price including today's VAT
 * (so a VAT change reprices every list at once). Products outside VAT (VAT types 2-4: no tax, exempt,
 * zero rated) carry none; services always do.
 */
export const priced = ({ tenantId: _t, ...doc }: Doc, p: Pricing): Doc => {
  if (typeof doc.price !== 'number') return doc;
  const money = (amount: number) => toDecimalString({ amount, currency: p.currency });
  const vat = doc.vat_type === undefined || doc.vat_type === 1 ? p.vat : 0;
  const withVat = inclusiveFromExclusive(doc.price, vat);
  return {
    ...doc,
    price_minor: doc.price,
    price: money(doc.price),
    price_with_vat: money(withVat),
    price_with_vat_minor: withVat,
    ...(typeof doc.offer_price === 'number' && {
      offer_price: money(doc.offer_price),
      offer_price_with_vat: money(inclusiveFromExclusive(doc.offer_price, vat)),
    }),
    ...(typeof doc.average_cost === 'number' && {
      average_cost: money(doc.average_cost),
      average_cost_minor: doc.average_cost,
    }),
    ...(typeof doc.stock_value === 'number' && {
      stock_value: money(doc.stock_value),
      stock_value_minor: doc.stock_value,
    }),
    currency: p.currency,
    vat_percentage: vat,
  };
};
