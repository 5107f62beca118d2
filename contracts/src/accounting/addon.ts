import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { PaymentMethod } from '../coded-values/enumerations';
import { required } from '../validators/core';
import { date } from '../validators/dates';
import { price } from '../validators/numbers';
import { perCountry, ruleField, withRule } from '../validators/zod';
import { AccountMainType, DEFAULT_CHART, PAYMENT_METHOD_ACCOUNT, accountCode } from './chart';
import type { LedgerLine } from './ledger';
import { isDisabled, type SalonChart } from './salon-chart';

/** A salon's advanced accounting add-on: one stream per salon. */
export const ADVANCED_ACCOUNTING_CATEGORY = 'advancedaccounting';

/** The platform switches the add-on on (1, or 2 again when the salon's books were opened before) or off (0). */
export type AdvancedAccountingSwitched = {
  type: 'AdvancedAccountingSwitched';
  data: { status: number; previous_status: number };
};

/**
 * The accounting wizard done: the day the books start, the opening balances (each account on its own
 * side, the difference to opening balance equity so the books balance), and which account each
 * payment method's money goes to.
 */
export type BooksOpened = {
  type: 'BooksOpened';
  data: {
    start_date: string;
    lines: LedgerLine[];
    /** payment method → the account its money posts to (where it differs from the default chart's) */
    method_accounts: Record<string, string>;
    opened_by: string;
  };
};
export type AdvancedAccountingEvent = AdvancedAccountingSwitched | BooksOpened;

export const advancedAccountingSwitchInput = z.preprocess(
  cleanPayload,
  z.object({
    status: ruleField((v) => (v === 0 || v === 1 ? undefined : { key: 'errors.invalid_input' })).transform(
      (v) => v as 0 | 1,
    ),
  }),
);

/** The accounts an opening balance may be given to: posting accounts of the balance sheet. */
export const OPENING_ACCOUNTS = DEFAULT_CHART.filter(
  (a) =>
    !a.group &&
    a.key !== 'opening_balance_equity' &&
    a.key !== 'retained_earnings' &&
    // the stock on hand at its cost is what the products' own quantities and costs post
    a.key !== 'inventory' &&
    (a.main_type === AccountMainType.assets ||
      a.main_type === AccountMainType.liabilities ||
      a.main_type === AccountMainType.equity),
);
/** The accounts a payment method's money may go to: the cash and bank accounts. */
export const METHOD_ACCOUNT_CHOICES = DEFAULT_CHART.filter((a) => !a.group && a.parent === '11');
/** The methods whose account the wizard asks (a customer's wallet is a liability, not money). */
export const WIZARD_METHODS = Object.values(PaymentMethod).filter((m) => m !== PaymentMethod.wallet);

const openingCodes = new Set(OPENING_ACCOUNTS.map((a) => a.code));
const defaultCodes = new Set(DEFAULT_CHART.map((a) => a.code));
const INVENTORY = DEFAULT_CHART.find((a) => a.key === 'inventory')?.code;
const BALANCE_SHEET: ReadonlySet<number> = new Set([
  AccountMainType.assets,
  AccountMainType.liabilities,
  AccountMainType.equity,
]);

/**
 * Why an account of the salon's chart takes no opening balance, if it takes none: one of the default
 * chart's that is not an opening account (`OPENING_ACCOUNTS`); one of the salon's own that is not there,
 * is a group, is not of the balance sheet (assets, liabilities, equity) or is disabled.
 */
export const openingRefusal = (chart: SalonChart, code: string): string | undefined => {
  const account = chart.get(code);
  if (!account) return 'accounting.account_not_found';
  if (code === INVENTORY) return 'accounting.stock_in_opening_balances';
  if (account.system) return openingCodes.has(code) ? undefined : 'accounting.not_an_opening_account';
  if (account.group || !BALANCE_SHEET.has(account.main_type)) return 'accounting.not_an_opening_account';
  if (isDisabled(chart, code)) return 'accounting.account_disabled';
  return undefined;
};
const methodCodes = new Set(METHOD_ACCOUNT_CHOICES.map((a) => a.code));

export const booksWizardInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      start_date: withRule(z.string(), required, date),
      opening: withRule(
        z
          .array(
            z.object({
              // an opening account of the default chart, or a code of the salon's own (its chart, which
              // the wizard's command reads, says whether it takes one: `openingRefusal`)
              account: ruleField((v) =>
                typeof v === 'string' &&
                (openingCodes.has(v) || (/^[0-9]{1,10}$/.test(v) && !defaultCodes.has(v)))
                  ? undefined
                  : v === INVENTORY
                    ? { key: 'accounting.stock_in_opening_balances' }
                    : { key: 'accounting.not_an_opening_account' },
              ).transform((v) => v as string),
              amount: z.preprocess(
                (v) => (typeof v === 'number' ? String(v) : v),
                withRule(z.string(), required, price({ countryId: context.countryId })),
              ),
            }),
          )
          .default([]),
        (v) =>
          Array.isArray(v) && new Set(v.map((l) => (l as { account?: unknown })?.account)).size !== v.length
            ? { key: 'accounting.account_twice' }
            : undefined,
      ),
      method_accounts: z
        .record(
          z.string(),
          ruleField((v) =>
            typeof v === 'string' && methodCodes.has(v)
              ? undefined
              : { key: 'accounting.not_a_money_account' },
          ).transform((v) => v as string),
        )
        .default({}),
    }),
  ),
);
export type BooksWizardInput = z.infer<ReturnType<typeof booksWizardInput>>;

/** Each payment method's default account (the chart's), by method number. */
export const DEFAULT_METHOD_ACCOUNTS: Record<string, string> = Object.fromEntries(
  WIZARD_METHODS.map((m) => [String(m), accountCode(PAYMENT_METHOD_ACCOUNT[m])]),
);
