import { z } from 'zod';
import { VatTypeSchema } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { perCountry, withFieldRule, withRule } from '../validators/zod';
import { vatExemptionRule } from '../einvoicing/exemptions';
import { invoicePaymentInput } from './invoice-input';
import type { EInvoicingStatus, InvoicePayment } from './invoice-events';
import type { VatCategory, VatSubtotal } from './pricing';

export const DEBIT_NOTE_CATEGORY = 'debitnote';

/** A debit note holds at most this many lines. */
export const MAX_DEBIT_NOTE_LINES = 20;

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);
const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/**
 * A debit note (ZATCA type 383): an extra charge on an issued invoice — lines of an amount before VAT
 * and its VAT type, like the invoice's — why, and the payments taken for it now (source 2, debit note);
 * what they leave stays owed.
 */
export const debitNoteInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      lines: withRule(
        z.array(
          withFieldRule(
            z.object({
              description: withRule(z.string(), required, maxLength(200)),
              amount: numberText(withRule(z.string(), required, price({ countryId: context.countryId }))),
              vat_type: code(VatTypeSchema).default(1),
              /** a Saudi salon's reason for no VAT on an exempt or zero-rated line (as a product's) */
              vat_exemption_code: withRule(z.string(), maxLength(20)).optional(),
            }),
            'vat_exemption_code',
            (line) => (context.countryId === 1 ? vatExemptionRule(line.vat_type) : () => undefined),
          ),
        ),
        (v) =>
          Array.isArray(v) && v.length === 0
            ? { key: 'sales.at_least_one_line' }
            : Array.isArray(v) && v.length > MAX_DEBIT_NOTE_LINES
              ? { key: 'sales.too_many_lines', params: { max: MAX_DEBIT_NOTE_LINES } }
              : undefined,
      ),
      reason: withRule(z.string(), required, maxLength(500)),
      payments: z.array(invoicePaymentInput(context)).default([]),
    }),
  ),
);
export type DebitNoteInput = z.infer<ReturnType<typeof debitNoteInput>>;

export type DebitedLine = {
  line_id: string;
  description: string;
  net: number;
  vat_category: VatCategory;
  vat_rate_bp: number;
  /** why an exempt or zero-rated line carries no VAT (ZATCA VATEX code), as given */
  vat_exemption_code?: string;
  vat: number;
  total: number;
};

export type DebitNoteIssued = {
  type: 'DebitNoteIssued';
  data: {
    debit_note_id: string;
    /** gap-free per salon, in the debit notes' own sequence */
    number: number;
    unique_id: string;
    invoice_id: string;
    invoice_number: number;
    issued_at: string;
    business_date: string;
    currency: string;
    customer_id: string | null;
    customer_name: string | null;
    cashier_id: string;
    reason: string;
    lines: DebitedLine[];
    subtotals: VatSubtotal[];
    net: number;
    vat: number;
    total: number;
    /** payments taken for it, of source 2 (debit note) */
    payments: InvoicePayment[];
    paid: number;
    owed: number;
    einvoicing: EInvoicingStatus;
  };
};

/**
 * A later payment of what a debit note left owed (a receivable of its own, payment source 2): on the
 * debit note's stream, with what it leaves paid and owed.
 */
export type DebitNotePaymentReceived = {
  type: 'DebitNotePaymentReceived';
  data: {
    debit_note_id: string;
    debit_note_number: number;
    invoice_id: string;
    invoice_number: number;
    payment: InvoicePayment;
    business_date: string;
    cashier_id: string;
    paid: number;
    owed: number;
  };
};

export type DebitNoteEvent = DebitNoteIssued | DebitNotePaymentReceived;
