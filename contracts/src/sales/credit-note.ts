import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { daysBetween, type BusinessDate } from '../dates/instants';
import { VatType } from '../coded-values/enumerations';
import type { ErrorDetail } from '../errors';
import { required } from '../validators/core';
import { integer } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';
import { invoicePaymentInput } from './invoice-input';
import type { DocumentEInvoicing, EInvoicingStatus, InvoiceLine, InvoicePayment } from './invoice-events';
import { priceBasket, type VatCategory, type VatSubtotal } from './pricing';

/** Credit and debit notes only within this many days of the invoice (doc2 §9). */
export const NOTE_WINDOW_DAYS = 30;

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

/** A credit note: which lines and how many of each (all that remains when none are named), why, and the refunds. */
export const creditNoteInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      lines: z
        .array(
          z.object({
            line_id: withRule(z.string(), required, maxLength(60)),
            quantity: numberText(withRule(z.string(), required, integer({ min: 1, max: 1000 }))),
          }),
        )
        .optional(),
      reason: withRule(z.string(), required, maxLength(500)),
      payments: z.array(invoicePaymentInput(context)).default([]),
    }),
  ),
);
export type CreditNoteInput = z.infer<ReturnType<typeof creditNoteInput>>;

/** Where a note may follow an invoice: nothing to report, or the tax authority took the invoice. */
const NOTE_AFTER: ReadonlySet<DocumentEInvoicing> = new Set<DocumentEInvoicing>([
  'not_applicable',
  'reported',
  'reported_with_warnings',
  'cleared',
]);

/**
 * Where an invoice may be corrected by a note (doc2 §4, §8.2): accepted by the tax authority where
 * there is reporting (reported, with warnings or not, or cleared; not one it refused, nor one still
 * on its way or never signed), within 30 days.
 */
export const noteRefusal = (
  invoice: { einvoicing: DocumentEInvoicing; business_date: BusinessDate },
  today: BusinessDate,
): ErrorDetail | undefined => {
  if (invoice.einvoicing === 'rejected') return { key: 'sales.einvoice_rejected_no_note' };
  if (!NOTE_AFTER.has(invoice.einvoicing)) return { key: 'sales.not_reported_no_note' };
  if (daysBetween(invoice.business_date, today) > NOTE_WINDOW_DAYS)
    return { key: 'sales.note_window_passed', params: { days: NOTE_WINDOW_DAYS } };
  return undefined;
};

/**
 * Why a credit or debit note may not be issued on an invoice now, if it may not: a cancelled invoice,
 * `noteRefusal`, and for a credit note an invoice not fully paid. The note commands decide on it and
 * the note pages ask it of the server (`GET invoices/:id/note-eligibility`), so both say the same.
 */
export const invoiceNoteRefusal = (
  kind: 'credit' | 'debit',
  invoice: { cancelled: boolean; owed: number; einvoicing: DocumentEInvoicing; business_date: BusinessDate },
  today: BusinessDate,
): ErrorDetail | undefined => {
  if (invoice.cancelled) return { key: 'sales.invoice_cancelled' };
  const rule = noteRefusal(invoice, today);
  if (rule) return rule;
  if (kind === 'credit' && invoice.owed > 0) return { key: 'sales.credit_note_partial_payment' };
  return undefined;
};

/** What is left to credit on each line of an invoice. */
export type Remaining = Record<string, { quantity: number; net: number }>;

export type CreditedLine = {
  line_id: string;
  kind: InvoiceLine['kind'];
  item_id: string;
  name_en: string;
  name_ar: string;
  quantity: number;
  net: number;
  vat_category: VatCategory;
  vat_rate_bp: number;
  /** the credited invoice line's reason for no VAT (ZATCA VATEX code), if it had one */
  vat_exemption_code?: string;
  vat: number;
  total: number;
};

const VAT_TYPE_OF: Record<VatCategory, VatType> = {
  S: VatType.standard,
  Z: VatType.zero_rated,
  E: VatType.exempt,
  O: VatType.no_tax,
};

/**
 * The lines a credit note takes back and their amounts: a line's whole remainder when all its units
 * come back (so the notes of an invoice add up to it exactly), else its share of the line's amount,
 * rounded half up; VAT at the invoice's rates, once per category over the note. Never more than
 * what remains (`sales.credit_above_remaining` on the line).
 */
export const creditLines = (
  invoice: { lines: InvoiceLine[] },
  remaining: Remaining,
  wanted: Array<{ line_id: string; quantity: number }> | undefined,
): {
  lines: CreditedLine[];
  subtotals: VatSubtotal[];
  net: number;
  vat: number;
  total: number;
  problems: ErrorDetail[];
} => {
  const problems: ErrorDetail[] = [];
  const asked =
    wanted ??
    invoice.lines
      .filter((l) => (remaining[l.line_id]?.quantity ?? 0) > 0)
      .map((l) => ({ line_id: l.line_id, quantity: remaining[l.line_id].quantity }));
  const picked: Array<{ line: InvoiceLine; quantity: number; net: number }> = [];
  asked.forEach((w, i) => {
    const line = invoice.lines.find((l) => l.line_id === w.line_id);
    const left = remaining[w.line_id];
    if (!line || !left)
      return problems.push({ field: `lines.${i}.line_id`, key: 'sales.line_not_on_invoice' });
    if (w.quantity > left.quantity)
      return problems.push({
        field: `lines.${i}.quantity`,
        key: 'sales.credit_above_remaining',
        params: { quantity: left.quantity },
      });
    const net =
      w.quantity === left.quantity
        ? left.net
        : Math.min(left.net, Math.round((line.net * w.quantity) / line.quantity));
    picked.push({ line, quantity: w.quantity, net });
  });
  if (!picked.length && !problems.length) problems.push({ field: 'lines', key: 'sales.nothing_to_credit' });
  if (problems.length) return { lines: [], subtotals: [], net: 0, vat: 0, total: 0, problems };
  const rate = picked.find((p) => p.line.vat_category === 'S')?.line.vat_rate_bp ?? 0;
  const basket = priceBasket(
    picked.map((p) => ({ unitPrice: p.net, quantity: 1, vatType: VAT_TYPE_OF[p.line.vat_category] })),
    { vatEnabled: true, vatRateBp: rate },
  );
  return {
    lines: picked.map((p, i) => ({
      line_id: p.line.line_id,
      kind: p.line.kind,
      item_id: p.line.item_id,
      name_en: p.line.name_en,
      name_ar: p.line.name_ar,
      quantity: p.quantity,
      net: basket.lines[i].net,
      vat_category: basket.lines[i].category,
      vat_rate_bp: basket.lines[i].rateBp,
      ...(p.line.vat_exemption_code && { vat_exemption_code: p.line.vat_exemption_code }),
      vat: basket.lines[i].vat,
      total: basket.lines[i].total,
    })),
    subtotals: basket.subtotals,
    net: basket.net,
    vat: basket.vat,
    total: basket.total,
    problems: [],
  };
};

export const CREDIT_NOTE_CATEGORY = 'creditnote';

export type InvoiceCredited = {
  type: 'InvoiceCredited';
  data: {
    invoice_id: string;
    credit_note_id: string;
    credit_note_number: number;
    lines: Array<{ line_id: string; quantity: number; net: number }>;
    total: number;
  };
};

export type CreditNoteIssued = {
  type: 'CreditNoteIssued';
  data: {
    credit_note_id: string;
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
    lines: CreditedLine[];
    subtotals: VatSubtotal[];
    net: number;
    vat: number;
    total: number;
    /** the refunds, as payments of source 3 (credit note) */
    payments: InvoicePayment[];
    einvoicing: EInvoicingStatus;
  };
};
