import {
  checkPayments,
  parseMoney,
  percentToBasisPoints,
  priceBasket,
  toDecimalString,
  type Currency,
  type DebitNoteIssued,
  type DocumentEInvoicing,
  type ErrorDetail,
  type PricedBasket,
  type VatType,
  vatExemptionRule,
} from '@rawnaq/contracts';
import type { RefundRow } from './creditNote';

/** A debit note as `GET debit-notes` gives it: the issued event's data. */
export type DebitNote = Omit<DebitNoteIssued['data'], 'einvoicing'> & {
  id: string;
  /** where it stands with ZATCA: its e-invoice's state once signed */
  einvoicing: DocumentEInvoicing;
};

export type DebitLineRow = {
  key: string;
  description: string;
  amount: string;
  vatType: VatType;
  /** a Saudi salon's reason for no VAT on an exempt or zero-rated line (ZATCA VATEX code) */
  vatExemptionCode?: string;
};

export type DebitForm = { lines: readonly DebitLineRow[]; payments: readonly RefundRow[]; reason: string };

const minorOf = (text: string, currency: Currency) => {
  const parsed = parseMoney(text, currency);
  return parsed.ok ? parsed.money.amount : undefined;
};

/**
 * The note as typed, priced by the contracts' `priceBasket` and `checkPayments` (what the server will
 * decide): its lines with VAT, what is paid now and what stays owed, and each problem on its field.
 */
export const debitPreview = (
  form: DebitForm,
  settings: { currency: Currency; vatEnabled: boolean; vatPercentage: number | string; saudi?: boolean },
) => {
  const problems: ErrorDetail[] = [];
  const amounts = form.lines.map((l, i) => {
    const amount = minorOf(l.amount, settings.currency);
    if (amount === undefined || amount <= 0)
      problems.push({ field: `lines.${i}.amount`, key: 'sales.debit_line_not_positive' });
    if (!l.description.trim())
      problems.push({ field: `lines.${i}.description`, key: 'validation.is_required' });
    const reason = settings.saudi ? vatExemptionRule(l.vatType)(l.vatExemptionCode) : undefined;
    if (reason) problems.push({ field: `lines.${i}.vat_exemption_code`, key: reason.key });
    return amount ?? 0;
  });
  if (form.lines.length === 0) problems.push({ field: 'lines', key: 'sales.at_least_one_line' });
  const priced: PricedBasket = priceBasket(
    form.lines.map((l, i) => ({ unitPrice: Math.max(0, amounts[i]), quantity: 1, vatType: l.vatType })),
    {
      vatEnabled: settings.vatEnabled,
      vatRateBp: settings.vatEnabled ? percentToBasisPoints(settings.vatPercentage) : 0,
    },
  );
  const payments = form.payments.map((p) => ({
    method: p.method,
    amount: minorOf(p.amount, settings.currency) ?? 0,
    ...(p.authorizationCode.trim() && { authorization_code: p.authorizationCode.trim() }),
  }));
  const check = checkPayments(payments, { due: priced.total, walletBalance: 0, mayOwe: true });
  if (!form.reason.trim()) problems.push({ field: 'reason', key: 'validation.is_required' });
  return { priced, paid: check.paid, owed: check.owed, problems: [...problems, ...check.problems] };
};

/** The body of `POST invoices/:id/debit-notes`: amounts as the currency's decimal text. */
export const debitBody = (form: DebitForm, currency: Currency) => {
  const text = (typed: string) => {
    const minor = minorOf(typed, currency);
    return minor === undefined ? typed.trim() : toDecimalString({ amount: minor, currency });
  };
  return {
    lines: form.lines.map((l) => ({
      description: l.description.trim(),
      amount: text(l.amount),
      vat_type: l.vatType,
      ...(l.vatExemptionCode && { vat_exemption_code: l.vatExemptionCode }),
    })),
    reason: form.reason.trim(),
    payments: form.payments.map((p) => ({
      method: p.method,
      amount: text(p.amount),
      ...(p.authorizationCode.trim() && { authorization_code: p.authorizationCode.trim() }),
    })),
  };
};
