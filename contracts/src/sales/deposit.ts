import { z } from 'zod';
import { PaymentMethod } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';
import type { InvoicePayment } from './invoice-events';
import { invoicePaymentInput } from './invoice-input';

/** The deposits of one visit: one stream per appointment, so its checkout finds them all. */
export const DEPOSIT_CATEGORY = 'deposit';

/** Payment source 1 (doc1 §4): money taken before the visit, shown on its invoice. */
export type DepositTaken = {
  type: 'DepositTaken';
  data: {
    deposit_id: string;
    appointment_id: string;
    customer_id: string;
    customer_name: string;
    payment: InvoicePayment;
    /** the e-deposit page's link */
    unique_id: string;
    business_date: string;
    cashier_id: string;
    currency: string;
  };
};
/** A deposit given back: once, and only while the visit has not used it. */
export type DepositCancelled = {
  type: 'DepositCancelled';
  data: {
    deposit_id: string;
    appointment_id: string;
    reason: string;
    amount: number;
    method: number;
    business_date: string;
  };
};
/** A deposit counted on the visit's invoice. */
export type DepositApplied = {
  type: 'DepositApplied';
  data: {
    deposit_id: string;
    appointment_id: string;
    invoice_id: string;
    invoice_number: number;
    amount: number;
  };
};
export type DepositEvent = DepositTaken | DepositCancelled | DepositApplied;

export const takeDepositInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    invoicePaymentInput(context).superRefine((v, ctx) => {
      if (v.method === PaymentMethod.wallet)
        ctx.addIssue({ code: 'custom', path: ['method'], message: 'deposits.not_from_wallet' });
    }),
  ),
);

export const cancelDepositInput = z.preprocess(
  cleanPayload,
  z.object({ reason: withRule(z.string(), maxLength(300)).optional() }),
);

/** An invoice's deposits: what the visit's deposits paid before it (a prepaid amount, like a gift card). */
export type InvoiceDeposit = { deposit_id: string; amount: number; method: number };
