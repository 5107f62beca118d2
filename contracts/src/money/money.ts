import { z } from 'zod';
import { CURRENCY_INFO, CurrencySchema, countryOf, type Currency } from '../coded-values/countries';

/** An amount in integer minor units (halalas, fils, baisa) with its currency. Never a float. */
export type Money = { amount: number; currency: Currency };

export const MinorUnitsSchema = z.int();
export const MoneySchema = z.object({ amount: MinorUnitsSchema, currency: CurrencySchema });

export const decimalsOf = (currency: Currency): 2 | 3 => CURRENCY_INFO[currency].decimals;

export const currencyOfCountry = (countryId: number): Currency => countryOf(countryId).currency;

export class CurrencyMismatchError extends Error {
  constructor(
    readonly left: Currency,
    readonly right: Currency,
  ) {
    super(`Cannot combine ${left} with ${right}`);
    this.name = 'CurrencyMismatchError';
  }
}

/** Guards every result: beyond 2^53 integers stop being exact, so an overflow must fail loudly. */
export const assertMinorUnits = (amount: number, what = 'amount'): number => {
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`${what} must be a safe integer of minor units: ${amount}`);
  return amount;
};

export const money = (amount: number, currency: Currency): Money => ({
  amount: assertMinorUnits(amount) + 0, // + 0 turns -0 into 0
  currency,
});

export const zeroMoney = (currency: Currency): Money => ({ amount: 0, currency });

const sameCurrency = (a: Money, b: Money): Currency => {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return a.currency;
};

export const add = (a: Money, b: Money): Money => money(a.amount + b.amount, sameCurrency(a, b));

export const subtract = (a: Money, b: Money): Money => money(a.amount - b.amount, sameCurrency(a, b));

/** The currency is required so that the sum of an empty list still has one. */
export const sum = (items: readonly Money[], currency: Currency): Money =>
  items.reduce((acc, item) => add(acc, item), zeroMoney(currency));

export const negate = (a: Money): Money => money(-a.amount, a.currency);

export const isZero = (a: Money): boolean => a.amount === 0;

export const isNegative = (a: Money): boolean => a.amount < 0;

export const equals = (a: Money, b: Money): boolean => a.currency === b.currency && a.amount === b.amount;

export const compare = (a: Money, b: Money): -1 | 0 | 1 => {
  sameCurrency(a, b);
  return a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0;
};
