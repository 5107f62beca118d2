import { z } from 'zod';
import { PaymentMethod } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import type { ErrorDetail } from '../errors';
import { required } from '../validators/core';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';
import type { InvoicePayment } from './invoice-events';

/** Cancelling an issued invoice: why (kept with the cancellation, shown on the invoice). */
export const cancelInvoiceInput = z.preprocess(
  cleanPayload,
  z.object({ reason: withRule(z.string(), required, maxLength(500)) }),
);
export type CancelInvoiceInput = z.infer<typeof cancelInvoiceInput>;

/** What a cancelled invoice's lines may not hold: stock sold and gift cards sold (doc2 §8.2). */
const NOT_CANCELLABLE_KINDS: ReadonlySet<string> = new Set(['product', 'gift_card']);

/**
 * Whether an issued invoice may be cancelled outright (doc2 §8.2, issue 11): only one with no VAT,
 * no products and no gift-card sale — the others were reported or moved stock or money that a credit
 * note must reverse — and nothing credited on it yet.
 */
export const cancelRefusal = (invoice: {
  vat: number;
  lines: ReadonlyArray<{ kind: string }>;
  credited: boolean;
  /** gift cards or a wallet spent, a discount code used, or what it left owed paid later */
  instruments?: boolean;
}): ErrorDetail | undefined => {
  if (invoice.vat > 0 || invoice.lines.some((l) => NOT_CANCELLABLE_KINDS.has(l.kind)))
    return { key: 'sales.cannot_cancel_invoice' };
  if (invoice.credited) return { key: 'sales.cancel_after_credit' };
  // what those moved (a card's or a wallet's balance, a code's uses, a later payment) a credit note
  // gives back; a cancelling does not
  if (invoice.instruments) return { key: 'sales.cancel_with_instruments' };
  return undefined;
};

/** Whether an invoice spent or used something a cancelling would not give back. */
export const usedInstruments = (invoice: {
  redeemed?: number;
  deposited?: number;
  discount_code?: unknown;
  payments: ReadonlyArray<{ method: number }>;
}) =>
  (invoice.redeemed ?? 0) > 0 ||
  // a visit's deposit it counted: given back by a credit note, not by cancelling
  (invoice.deposited ?? 0) > 0 ||
  Boolean(invoice.discount_code) ||
  invoice.payments.some((p) => p.method === PaymentMethod.wallet);

/**
 * An issued invoice cancelled: its number stays taken (gap-free numbering), its payments are cancelled
 * (payment status 0, doc1 §4) and the figures of its day and month lose it.
 */
export type InvoiceCancelled = {
  type: 'InvoiceCancelled';
  data: {
    invoice_id: string;
    invoice_number: number;
    /** the invoice's own business date: the day and month whose figures lose it */
    business_date: string;
    cancelled_at: string;
    cancelled_by: string;
    reason: string;
    appointment_id: string | null;
    /** the invoice's customer, whose invoice count and type lose it (absent on cancellings recorded before) */
    customer_id?: string | null;
    gross: number;
    discount: number;
    net: number;
    vat: number;
    total: number;
    paid: number;
    owed: number;
    /** the payments cancelled with it */
    payments: InvoicePayment[];
  };
};
