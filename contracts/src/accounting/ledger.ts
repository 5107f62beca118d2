/**
 * The books as the ledger projection keeps them: every money event of the salon posts one balanced
 * journal entry, dated on the event's business date and traceable to its source document.
 */
export const LEDGER_SOURCE_KINDS = [
  'invoice',
  'invoice_payment',
  'invoice_cancelled',
  'credit_note',
  'debit_note',
  'debit_note_payment',
  'deposit',
  'deposit_cancelled',
  'gift_card',
  'wallet_top_up',
  'offer_session',
  'offer_session_returned',
  'journal',
  'journal_reversed',
  'expense',
  'expense_payment',
  'supplier_opening',
  'payroll',
  'payroll_change',
  'payroll_payment',
] as const;
export type LedgerSourceKind = (typeof LEDGER_SOURCE_KINDS)[number];

/** One side of an entry: an account of the chart (its code) and an amount in minor units on one side. */
export type LedgerLine = { account: string; debit: number; credit: number };

export type LedgerEntry = {
  /** `<source kind>:<source id>` */
  id: string;
  /** the business date it is posted on */
  date: string;
  source_kind: LedgerSourceKind;
  /** the document it comes from (invoice, note, deposit, gift card, …) and its number where it has one */
  source_id: string;
  source_number: number | null;
  /** the invoice a payment, a note or a session belongs to */
  invoice_id: string | null;
  lines: LedgerLine[];
  /** the entry's debits (= its credits) */
  total: number;
  /** when the event was recorded: the books "as known at" an instant take the entries recorded by then */
  recorded_at: string;
  by: string;
};

/** Debits equal credits, no line is both or neither, amounts are whole minor units. */
export const isBalanced = (lines: readonly LedgerLine[]): boolean => {
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    if (!Number.isInteger(l.debit) || !Number.isInteger(l.credit)) return false;
    if (l.debit < 0 || l.credit < 0 || l.debit > 0 === l.credit > 0) return false;
    debit += l.debit;
    credit += l.credit;
  }
  return debit === credit;
};
