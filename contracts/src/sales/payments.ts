import { PaymentMethod } from '../coded-values/enumerations';
import type { ErrorDetail } from '../errors';

/** One payment taken at the till, in minor units. */
export type TillPayment = {
  method: PaymentMethod;
  amount: number;
  /** the card terminal's authorization code (card methods only) */
  authorization_code?: string;
};

/** The card methods: the terminal gives an authorization code, and the till records it (doc2 §5.5). */
export const CARD_METHODS: ReadonlySet<PaymentMethod> = new Set([
  PaymentMethod.credit_card,
  PaymentMethod.debit_card,
]);

export type PaymentRules = {
  /** what the customer owes on this document */
  due: number;
  /** the customer's wallet balance, for wallet payments */
  walletBalance: number;
  /** the rest may stay owed (the user's "debit in invoice" right and the salon's debt setting) */
  mayOwe: boolean;
  /** an amount as the message shows it (the salon's currency); the minor units by default */
  formatMoney?: (minor: number) => string;
};

export type PaymentCheck = {
  paid: number;
  /** what stays owed: a receivable that later payments settle */
  owed: number;
  problems: ErrorDetail[];
};

/**
 * The till's payment rules (doc2 §5.5): payments add up to what is due, or less when the rest may stay
 * owed, never more; each is a positive amount; a card payment carries its authorization code; wallet
 * payments together stay within the wallet's balance. Every problem is named on its field.
 */
export const checkPayments = (payments: readonly TillPayment[], rules: PaymentRules): PaymentCheck => {
  const problems: ErrorDetail[] = [];
  let paid = 0;
  let fromWallet = 0;
  payments.forEach((p, i) => {
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
      problems.push({ field: `payments.${i}.amount`, key: 'sales.payment_not_positive' });
    else paid += p.amount;
    if (CARD_METHODS.has(p.method) && !p.authorization_code?.trim())
      problems.push({ field: `payments.${i}.authorization_code`, key: 'sales.authorization_code_required' });
    if (p.method === PaymentMethod.wallet && Number.isSafeInteger(p.amount)) fromWallet += p.amount;
  });
  if (fromWallet > rules.walletBalance) {
    const i = payments.findIndex((p) => p.method === PaymentMethod.wallet);
    problems.push({
      field: `payments.${i}.amount`,
      key: 'sales.wallet_balance_low',
      params: { balance: (rules.formatMoney ?? String)(rules.walletBalance) },
    });
  }
  if (paid > rules.due) problems.push({ field: 'payments', key: 'sales.payments_above_total' });
  else if (paid < rules.due && !rules.mayOwe)
    problems.push({ field: 'payments', key: 'sales.payments_below_total' });
  return { paid, owed: Math.max(0, rules.due - paid), problems };
};
