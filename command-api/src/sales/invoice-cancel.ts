import {
  cancelRefusal,
  conflict,
  DomainError,
  notFound,
  usedInstruments,
  type InvoiceCancelled,
} from '@rawnaq/contracts';
import { remainingOf, type InvoiceState } from './invoice';

export type CancelInvoice = {
  type: 'CancelInvoice';
  at: string;
  by: string;
  reason: string;
  /** what the invoice left owed was paid later (InvoicePaymentReceived on its stream) */
  paidLater?: boolean;
  /**
   * the customer whose invoice count loses it: the invoice's, or the one she has been merged into since
   * (who holds her invoices and points now)
   */
  customerId?: string | null;
};

/**
 * Cancelling an issued invoice (doc2 §8.2, issue 11): once; only one with no VAT, no products and no
 * gift-card sale, with nothing credited on it — otherwise the way out is a credit note. Its payments
 * are cancelled with it; its number stays taken.
 */
export const decideCancelInvoice = (command: CancelInvoice, state: InvoiceState): InvoiceCancelled[] => {
  if (!state.issued) throw notFound('not_found.invoice');
  if (state.cancelled) throw conflict('sales.invoice_already_cancelled');
  const invoice = state.invoice;
  const remaining = remainingOf(state);
  const credited = invoice.lines.some(
    (l) => (remaining.lines[l.line_id]?.quantity ?? l.quantity) !== l.quantity,
  );
  const refused = cancelRefusal({
    vat: invoice.vat,
    lines: invoice.lines,
    credited,
    instruments: usedInstruments(invoice) || command.paidLater === true,
  });
  if (refused) throw new DomainError(refused.key, 422, {}, refused.params);
  return [
    {
      type: 'InvoiceCancelled',
      data: {
        invoice_id: invoice.invoice_id,
        invoice_number: invoice.number,
        business_date: invoice.business_date,
        cancelled_at: command.at,
        cancelled_by: command.by,
        reason: command.reason,
        appointment_id: invoice.appointment_id,
        customer_id: command.customerId ?? invoice.customer_id,
        gross: invoice.gross,
        discount: invoice.discount,
        net: invoice.net,
        vat: invoice.vat,
        total: invoice.total,
        paid: invoice.paid,
        owed: invoice.owed,
        payments: invoice.payments,
      },
    },
  ];
};
