import { z } from 'zod';
import { PaymentMethod } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';
import type { InvoicePayment } from './invoice-events';
import { invoicePaymentInput } from './invoice-input';

/** A customer's wallet: one stream per customer, its balance the sum of its movements. */
export const WALLET_CATEGORY = 'wallet';

/** Money paid into the wallet at the till: a payment like an invoice's, and the balance it leaves. */
export type WalletToppedUp = {
  type: 'WalletToppedUp';
  data: {
    customer_id: string;
    customer_name: string;
    amount: number;
    payment: InvoicePayment;
    business_date: string;
    cashier_id: string;
    balance: number;
    notes?: string;
  };
};

/** An invoice paid from the wallet. */
export type WalletDebited = {
  type: 'WalletDebited';
  data: {
    customer_id: string;
    amount: number;
    invoice_id: string;
    invoice_number: number;
    business_date: string;
    balance: number;
  };
};

/** A refund back into the wallet (a credit note refunded to it). */
export type WalletCredited = {
  type: 'WalletCredited';
  data: {
    customer_id: string;
    amount: number;
    credit_note_id: string;
    credit_note_number: number;
    business_date: string;
    balance: number;
  };
};

/**
 * The whole balance of a customer merged into another, moved to the kept customer's wallet (issue 24):
 * it leaves this wallet at zero. Never money in or out of the salon: `WalletMovedIn` takes it in.
 */
export type WalletMovedOut = {
  type: 'WalletMovedOut';
  data: { customer_id: string; to_customer_id: string; amount: number; business_date: string; balance: 0 };
};

/** The balance of a customer merged into this one, taken into this wallet. */
export type WalletMovedIn = {
  type: 'WalletMovedIn';
  data: {
    customer_id: string;
    from_customer_id: string;
    amount: number;
    business_date: string;
    balance: number;
  };
};

export type WalletEvent = WalletToppedUp | WalletDebited | WalletCredited | WalletMovedOut | WalletMovedIn;
export const WALLET_EVENT_TYPES = [
  'WalletToppedUp',
  'WalletDebited',
  'WalletCredited',
  'WalletMovedOut',
  'WalletMovedIn',
] as const;

/**
 * Topping up a wallet: one payment by any method but the wallet itself (a card one with its
 * authorization code), and a note.
 */
export const walletTopUpInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    invoicePaymentInput(context)
      .extend({ notes: withRule(z.string(), maxLength(500)).optional() })
      .superRefine((v, ctx) => {
        if (v.method === PaymentMethod.wallet)
          ctx.addIssue({ code: 'custom', path: ['method'], message: 'wallet.top_up_from_wallet' });
      }),
  ),
);
export type WalletTopUpInput = z.infer<ReturnType<typeof walletTopUpInput>>;
