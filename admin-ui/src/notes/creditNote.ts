import {
  creditLines,
  remainingAfterCredits,
  parseMoney,
  toDecimalString,
  type CreditNoteIssued,
  type DocumentEInvoicing,
  type Currency,
  type ErrorDetail,
  type PaymentMethod,
  type Remaining,
} from '@rawnaq/contracts';
import type { Invoice } from '../sales/types';

/** A credit note as `GET credit-notes` gives it: the issued event's data. */
export type CreditNote = Omit<CreditNoteIssued['data'], 'einvoicing'> & {
  id: string;
  /** where it stands with ZATCA: its e-invoice's state once signed */
  einvoicing: DocumentEInvoicing;
};

/** What is left of the invoice once its credit notes are taken off (each line's, and its VAT). */
export const remainingOf = (
  invoice: Pick<Invoice, 'lines' | 'subtotals'>,
  notes: readonly Pick<CreditNote, 'lines' | 'subtotals'>[],
): Remaining => remainingAfterCredits(invoice, notes);

export type RefundRow = { key: string; method: PaymentMethod; amount: string; authorizationCode: string };

/** The note as typed: how many of each line come back (text), the refunds and the reason. */
export type CreditForm = {
  quantities: Record<string, string>;
  refunds: readonly RefundRow[];
  reason: string;
};

const wholeNumber = (text: string) => {
  const digits = text.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  return /^\d{1,4}$/.test(digits) ? Number(digits) : undefined;
};

/**
 * The note the form describes, priced by the contracts' own `creditLines` (what the server will
 * decide, to the minor unit): the credited total, the refunds typed, and each problem on its field.
 */
export const creditPreview = (
  invoice: Invoice,
  remaining: Remaining,
  form: CreditForm,
  currency: Currency,
) => {
  const problems: ErrorDetail[] = [];
  const wanted: Array<{ line_id: string; quantity: number }> = [];
  invoice.lines.forEach((l) => {
    const text = form.quantities[l.line_id] ?? '';
    if (text.trim() === '') return;
    const quantity = wholeNumber(text);
    if (quantity === undefined)
      problems.push({ field: `quantity.${l.line_id}`, key: 'sales.invalid_quantity' });
    else if (quantity > (remaining.lines[l.line_id]?.quantity ?? 0))
      problems.push({
        field: `quantity.${l.line_id}`,
        key: 'sales.credit_above_remaining',
        params: { quantity: remaining.lines[l.line_id]?.quantity ?? 0 },
      });
    else if (quantity > 0) wanted.push({ line_id: l.line_id, quantity });
  });
  const credit = !problems.length && wanted.length ? creditLines(invoice, remaining, wanted) : undefined;
  if (!problems.length && !wanted.length) problems.push({ field: 'lines', key: 'sales.nothing_to_credit' });
  const total = credit && !credit.problems.length ? credit.total : 0;
  let refunded = 0;
  form.refunds.forEach((r, i) => {
    const parsed = parseMoney(r.amount, currency);
    if (!parsed.ok || parsed.money.amount <= 0)
      problems.push({ field: `payments.${i}.amount`, key: 'sales.payment_not_positive' });
    else refunded += parsed.money.amount;
  });
  if (credit && refunded !== total)
    problems.push({ field: 'payments', key: 'sales.refunds_must_equal_credit' });
  if (!form.reason.trim()) problems.push({ field: 'reason', key: 'validation.is_required' });
  return { credit, total, refunded, problems };
};

/** The body of `POST invoices/:id/credit-notes`: the lines and quantities, the refunds, the reason. */
export const creditBody = (invoice: Invoice, form: CreditForm, currency: Currency) => ({
  lines: invoice.lines
    .filter((l) => (wholeNumber(form.quantities[l.line_id] ?? '') ?? 0) > 0)
    .map((l) => ({ line_id: l.line_id, quantity: wholeNumber(form.quantities[l.line_id])! })),
  reason: form.reason.trim(),
  payments: form.refunds.map((r) => {
    const parsed = parseMoney(r.amount, currency);
    return {
      method: r.method,
      amount: parsed.ok ? toDecimalString(parsed.money) : r.amount.trim(),
      ...(r.authorizationCode.trim() && { authorization_code: r.authorizationCode.trim() }),
    };
  }),
});
