import {
  checkPayments,
  invoiceNoteRefusal,
  notFound,
  priceBasket,
  type BusinessDate,
  type DebitNoteEvent,
  type DebitNoteIssued,
  type DocumentEInvoicing,
  type ErrorDetail,
  type InvoicePayment,
  type VatType,
  vatExemption,
} from '@rawnaq/contracts';
import { noteRefused, refusal, type InvoiceState } from './invoice';

export type IssueDebitNote = {
  type: 'IssueDebitNote';
  debitNoteId: string;
  number: number;
  uniqueId: string;
  issuedAt: string;
  businessDate: BusinessDate;
  currency: string;
  cashierId: string;
  reason: string;
  lines: Array<{
    lineId: string;
    description: string;
    amount: number;
    vatType: VatType;
    /** a Saudi salon's reason for no VAT, validated by the input (kept if the line is priced in its category) */
    vatExemptionCode?: string;
  }>;
  payments: Array<Omit<InvoicePayment, 'payment_id'>>;
  paymentIds: string[];
  vat: { enabled: boolean; rateBp: number };
  formatMoney?: (minor: number) => string;
  /** where the invoice stands with the tax authority, its document's state (the command finds it) */
  einvoicing?: DocumentEInvoicing;
};

/**
 * A debit note (ZATCA 383) on an issued invoice: the same rule as credit notes (`noteRefusal`:
 * reported where there is reporting, within 30 days), not on a cancelled invoice; its lines priced
 * and taxed as the invoice's are (VAT per category over the note); payments never above its total,
 * the rest owed.
 */
export const decideDebitNote = (command: IssueDebitNote, state: InvoiceState): DebitNoteIssued[] => {
  if (!state.issued) throw notFound('not_found.invoice');
  const invoice = state.invoice;
  const rule = invoiceNoteRefusal(
    'debit',
    {
      cancelled: !!state.cancelled,
      owed: invoice.owed,
      einvoicing: command.einvoicing ?? invoice.einvoicing,
      business_date: invoice.business_date as BusinessDate,
    },
    command.businessDate,
  );
  if (rule) throw noteRefused(rule);
  const problems: ErrorDetail[] = [];
  command.lines.forEach((l, i) => {
    if (!(l.amount > 0)) problems.push({ field: `lines.${i}.amount`, key: 'sales.debit_line_not_positive' });
  });
  if (problems.length) throw refusal(problems);
  const basket = priceBasket(
    command.lines.map((l) => ({ unitPrice: l.amount, quantity: 1, vatType: l.vatType })),
    { vatEnabled: command.vat.enabled, vatRateBp: command.vat.rateBp },
  );
  const check = checkPayments(command.payments, {
    due: basket.total,
    walletBalance: 0,
    mayOwe: true,
    formatMoney: command.formatMoney,
  });
  if (check.problems.length) throw refusal(check.problems);
  return [
    {
      type: 'DebitNoteIssued',
      data: {
        debit_note_id: command.debitNoteId,
        number: command.number,
        unique_id: command.uniqueId,
        invoice_id: invoice.invoice_id,
        invoice_number: invoice.number,
        issued_at: command.issuedAt,
        business_date: command.businessDate,
        currency: command.currency,
        customer_id: invoice.customer_id,
        customer_name: invoice.customer_name,
        cashier_id: command.cashierId,
        reason: command.reason,
        lines: command.lines.map((l, i) => ({
          line_id: l.lineId,
          description: l.description,
          net: basket.lines[i].net,
          vat_category: basket.lines[i].category,
          vat_rate_bp: basket.lines[i].rateBp,
          ...(vatExemption(l.vatExemptionCode)?.category === basket.lines[i].category && {
            vat_exemption_code: l.vatExemptionCode,
          }),
          vat: basket.lines[i].vat,
          total: basket.lines[i].total,
        })),
        subtotals: basket.subtotals,
        net: basket.net,
        vat: basket.vat,
        total: basket.total,
        payments: command.payments.map((p, i) => ({
          payment_id: command.paymentIds[i],
          method: p.method,
          amount: p.amount,
          ...(p.authorization_code && { authorization_code: p.authorization_code.trim() }),
        })),
        paid: check.paid,
        owed: check.owed,
        einvoicing: invoice.einvoicing === 'not_applicable' ? 'not_applicable' : 'not_reported',
      },
    },
  ];
};

/** A debit note as its later payments see it: as issued, with what it has been paid and still owes. */
export type DebitNoteState = { issued: false } | { issued: true; note: DebitNoteIssued['data'] };

export const initialDebitNoteState: DebitNoteState = { issued: false };

export const evolveDebitNote = (state: DebitNoteState, event: DebitNoteEvent): DebitNoteState => {
  switch (event.type) {
    case 'DebitNoteIssued':
      return { issued: true, note: event.data };
    case 'DebitNotePaymentReceived':
      if (!state.issued) return state;
      return {
        issued: true,
        note: Object.assign({}, state.note, {
          payments: [...state.note.payments, event.data.payment],
          paid: event.data.paid,
          owed: event.data.owed,
        }),
      };
    default:
      return state;
  }
};
