import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { daysBetween, type BusinessDate } from '../dates/instants';
import type { ErrorDetail } from '../errors';
import { required } from '../validators/core';
import { integer } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';
import { invoicePaymentInput } from './invoice-input';
import type { DocumentEInvoicing, EInvoicingStatus, InvoiceLine, InvoicePayment } from './invoice-events';
import { multiplyByRate } from '../money/rounding';
import type { VatCategory, VatSubtotal } from './pricing';

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

/** What is left to credit of one line of an invoice: its units, its amount before VAT and its VAT. */
export type RemainingLine = { quantity: number; net: number; vat: number };

/**
 * What is left to credit of an invoice: of each line, and of each VAT subtotal (keyed `S|1500`: the
 * document's VAT is rounded once per category and rate, not per line, so it is kept on its own).
 */
export type Remaining = {
  lines: Record<string, RemainingLine>;
  subtotals: Record<string, { taxable: number; vat: number }>;
};

const subtotalKey = (category: VatCategory, rateBp: number) => `${category}|${rateBp}`;

/**
 * A record keyed by ids (an invoice's lines), made without a prototype: V8 keeps such an object as a
 * dictionary from the start, where a plain one took a new hidden class for each new id it was given
 * (every invoice's lines, at every load of an invoice).
 */
const byId = <T>(from?: Record<string, T>): Record<string, T> =>
  Object.assign(Object.create(null) as Record<string, T>, from);

/** What a credit note took of its invoice, as `InvoiceCredited` records it. */
export type CreditTaken = {
  lines: Array<{ line_id: string; quantity: number; net: number; vat?: number }>;
  subtotals?: VatSubtotal[];
};

/**
 * What remains of an invoice after one more credit note. Notes recorded before their VAT was kept on
 * `InvoiceCredited` took the VAT of their own amounts, rounded per line and per subtotal: that is what
 * they are counted for.
 */
export const afterCredit = (
  invoice: { lines: readonly InvoiceLine[] },
  remaining: Remaining,
  credit: CreditTaken,
): Remaining => {
  const lines = byId(remaining.lines);
  const subtotals = { ...remaining.subtotals };
  const taken = new Map<string, { rateBp: number; taxable: number }>();
  for (const c of credit.lines) {
    const sold = invoice.lines.find((l) => l.line_id === c.line_id);
    const left = lines[c.line_id];
    if (!sold || !left) continue;
    const rateBp = sold.vat_category === 'S' ? sold.vat_rate_bp : 0;
    const vat = c.vat ?? multiplyByRate(c.net, rateBp, 10_000);
    lines[c.line_id] = { quantity: left.quantity - c.quantity, net: left.net - c.net, vat: left.vat - vat };
    const key = subtotalKey(sold.vat_category, rateBp);
    const t = taken.get(key) ?? { rateBp, taxable: 0 };
    t.taxable += c.net;
    taken.set(key, t);
  }
  for (const [key, t] of taken) {
    const left = subtotals[key];
    if (!left) continue;
    const vat =
      credit.subtotals?.find((s) => subtotalKey(s.category, s.rateBp) === key)?.vat ??
      multiplyByRate(t.taxable, t.rateBp, 10_000);
    subtotals[key] = { taxable: left.taxable - t.taxable, vat: left.vat - vat };
  }
  return { lines, subtotals };
};

/** What remains of an invoice after the credit notes taken on it (none: all of it). */
export const remainingAfterCredits = (
  invoice: { lines: readonly InvoiceLine[]; subtotals: readonly VatSubtotal[] },
  credits: readonly CreditTaken[] = [],
): Remaining => {
  const lines: Remaining['lines'] = byId();
  for (const l of invoice.lines) lines[l.line_id] = { quantity: l.quantity, net: l.net, vat: l.vat };
  const subtotals: Remaining['subtotals'] = {};
  for (const s of invoice.subtotals)
    subtotals[subtotalKey(s.category, s.rateBp)] = { taxable: s.taxable, vat: s.vat };
  return credits.reduce((r, c) => afterCredit(invoice, r, c), { lines, subtotals });
};

/**
 * The VAT of a part of an amount already partly credited: what the credited amount so far comes to
 * at the rate, rounded once, less what was credited before; all that is left when nothing of the
 * amount will remain. So the notes of an invoice add up to its VAT exactly, never above it, and each
 * note's VAT differs from its own amount's by one minor unit at most.
 */
const vatOfPart = (
  whole: { net: number; vat: number },
  left: { net: number; vat: number },
  part: number,
  rateBp: number,
): number => {
  if (part >= left.net) return Math.max(0, left.vat);
  const creditedAfter = whole.net - left.net + part;
  const creditedVat = whole.vat - left.vat;
  const vat = multiplyByRate(creditedAfter, rateBp, 10_000) - creditedVat;
  return Math.min(Math.max(0, left.vat), Math.max(0, vat));
};

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

const CATEGORY_ORDER: Record<VatCategory, number> = { S: 0, Z: 1, E: 2, O: 3 };

/**
 * The lines a credit note takes back and their amounts: a line's whole remainder when all its units
 * come back, else its share of the line's amount, rounded half up; VAT at the invoice's rates, per line
 * and once per subtotal, as the credited amounts so far come to less what earlier notes took (`vatOfPart`),
 * so the notes of an invoice never exceed it, in total or in VAT, on a line or overall, and the last
 * takes exactly what remains. Never more than what remains (`sales.credit_above_remaining` on the line).
 */
export const creditLines = (
  invoice: { lines: readonly InvoiceLine[]; subtotals: readonly VatSubtotal[] },
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
      .filter((l) => (remaining.lines[l.line_id]?.quantity ?? 0) > 0)
      .map((l) => ({ line_id: l.line_id, quantity: remaining.lines[l.line_id].quantity }));
  const picked: Array<{ line: InvoiceLine; quantity: number; net: number; vat: number }> = [];
  asked.forEach((w, i) => {
    const line = invoice.lines.find((l) => l.line_id === w.line_id);
    const left = remaining.lines[w.line_id];
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
    const rateBp = line.vat_category === 'S' ? line.vat_rate_bp : 0;
    picked.push({ line, quantity: w.quantity, net, vat: vatOfPart(line, left, net, rateBp) });
  });
  if (!picked.length && !problems.length) problems.push({ field: 'lines', key: 'sales.nothing_to_credit' });
  if (problems.length) return { lines: [], subtotals: [], net: 0, vat: 0, total: 0, problems };
  const byKey = new Map<string, VatSubtotal>();
  for (const p of picked) {
    const rateBp = p.line.vat_category === 'S' ? p.line.vat_rate_bp : 0;
    const key = subtotalKey(p.line.vat_category, rateBp);
    const s = byKey.get(key) ?? { category: p.line.vat_category, rateBp, taxable: 0, vat: 0 };
    s.taxable += p.net;
    byKey.set(key, s);
  }
  const subtotals = [...byKey].map(([key, s]) => {
    const whole = invoice.subtotals.find((t) => subtotalKey(t.category, t.rateBp) === key);
    const left = remaining.subtotals[key];
    const vat =
      whole && left
        ? vatOfPart(
            { net: whole.taxable, vat: whole.vat },
            { net: left.taxable, vat: left.vat },
            s.taxable,
            s.rateBp,
          )
        : multiplyByRate(s.taxable, s.rateBp, 10_000);
    return { ...s, vat };
  });
  subtotals.sort((a, b) => CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] || b.rateBp - a.rateBp);
  const net = picked.reduce((sum, p) => sum + p.net, 0);
  const vat = subtotals.reduce((sum, s) => sum + s.vat, 0);
  return {
    lines: picked.map((p) => ({
      line_id: p.line.line_id,
      kind: p.line.kind,
      item_id: p.line.item_id,
      name_en: p.line.name_en,
      name_ar: p.line.name_ar,
      quantity: p.quantity,
      net: p.net,
      vat_category: p.line.vat_category,
      vat_rate_bp: p.line.vat_category === 'S' ? p.line.vat_rate_bp : 0,
      ...(p.line.vat_exemption_code && { vat_exemption_code: p.line.vat_exemption_code }),
      vat: p.vat,
      total: p.net + p.vat,
    })),
    subtotals,
    net,
    vat,
    total: net + vat,
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
    /**
     * each line's names and VAT, and the note's VAT subtotals: absent on notes recorded before they
     * were kept
     */
    lines: Array<{
      line_id: string;
      quantity: number;
      net: number;
      vat?: number;
      name_en?: string;
      name_ar?: string;
    }>;
    subtotals?: VatSubtotal[];
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
