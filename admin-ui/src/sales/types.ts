import type { DocumentEInvoicing, InvoiceIssued } from '@rawnaq/contracts';

/** Where an invoice stands with its payments (the list's chip and filter). */
export type InvoiceState = 'paid' | 'partially_paid' | 'unpaid' | 'cancelled';
export const INVOICE_STATES: readonly InvoiceState[] = ['paid', 'partially_paid', 'unpaid', 'cancelled'];

/** An invoice as issued (GET invoices, GET invoices/:id): the issued event's data; money in minor units. */
/** What a salon prints on its invoices beside the figures. */
export type InvoicePrint = { logo_file_id: string | null; notes_en: string; notes_ar: string };

export type Invoice = Omit<
  InvoiceIssued['data'],
  'invoice_id' | 'cashier_id' | 'appointment_id' | 'einvoicing'
> & {
  id: string;
  /** where it stands with ZATCA: its e-invoice's state once signed */
  einvoicing: DocumentEInvoicing;
  cashier_id?: string;
  appointment_id?: string | null;
  state?: InvoiceState;
  /** from GET invoices/<id>: the names of the lines' employees and of the cashier */
  employee_names?: Record<string, { name_en: string; name_ar: string }>;
  cashier_name?: string | null;
  /** from GET invoices/<id>: the salon's letterhead as its invoice settings say (logo when shown, notes) */
  print?: InvoicePrint;
  /** what credit notes took back (minor units), and the cancellation, when cancelled */
  credited?: number;
  cancelled_at?: string;
  cancel_reason?: string;
};

/** The customer's e-invoice (GET /api/public/e-invoice/:uniqueId): no internal ids, the salon, the QR text. */
export type PublicInvoice = Omit<Invoice, 'customer_id' | 'cashier_id' | 'id' | 'print'> & {
  salon: { name_en: string; name_ar: string };
  /** the logo is read from the invoice's own address (`e-invoice/{uniqueId}/logo`) */
  print?: Omit<InvoicePrint, 'logo_file_id'> & { logo: boolean };
  qr: string | null;
  einvoice_state?: string | null;
  /** a standard tax invoice ZATCA has not cleared: only its number and date are given */
  awaiting_clearance?: boolean;
};

/** A payment of an invoice (GET payments). */
export type Payment = {
  id: string;
  /** none for a wallet top-up, a deposit not yet on an invoice, a deposit given back */
  invoice_id: string | null;
  invoice_number: number | null;
  /** doc1 §4: 0 billing, 1 deposit, 2 debit note, 3 credit note */
  source?: number;
  kind?: 'invoice' | 'receivable' | 'deposit' | 'deposit_refund' | 'wallet_top_up';
  debit_note_id?: string;
  credit_note_id?: string;
  customer_id: string | null;
  customer_name: string | null;
  method: number;
  amount: number;
  authorization_code?: string | null;
  business_date: string;
  paid_at: string;
};

/** The figures a summary keeps per day or month, and the period's totals. */
export type SummaryFigures = {
  invoices: number;
  gross: number;
  discount: number;
  net: number;
  vat: number;
  total: number;
  paid: number;
  owed: number;
  by_method: Record<string, number>;
};
export type SummaryRow = SummaryFigures & { date?: string; month?: string };
export type Summary = { from: string; to: string; rows: SummaryRow[]; totals: SummaryFigures };

export const SUMMARY_FIGURES = [
  'invoices',
  'gross',
  'discount',
  'net',
  'vat',
  'total',
  'paid',
  'owed',
] as const;

/** The screens' API paths (docs/api.md): the spec's addresses read the till's resources. */
export const SALES_API_PATHS: Record<string, string> = {
  'accounting/total-sales': 'invoices',
  'accounting/payments': 'payments',
};
