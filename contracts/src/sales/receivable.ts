import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { perCountry } from '../validators/zod';
import type { InvoicePayment } from './invoice-events';
import { invoicePaymentInput } from './invoice-input';

/**
 * A later payment of what an invoice left owed (a receivable, doc1 §2 `receivable`): recorded on the
 * invoice's stream, with what it leaves paid and owed.
 */
export type InvoicePaymentReceived = {
  type: 'InvoicePaymentReceived';
  data: {
    invoice_id: string;
    payment: InvoicePayment;
    business_date: string;
    cashier_id: string;
    paid: number;
    owed: number;
  };
};

/** One payment towards what an invoice still owes. */
export const receivePaymentInput = perCountry((context) =>
  z.preprocess(cleanPayload, invoicePaymentInput(context)),
);
export type ReceivePaymentInput = z.infer<ReturnType<typeof receivePaymentInput>>;
