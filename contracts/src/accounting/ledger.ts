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
  'gift_card_expired',
  'offer_expired',
  'journal',
  'journal_reversed',
  'expense',
  'expense_payment',
  'supplier_opening',
  'payroll',
  'payroll_change',
  'payroll_payment',
  'opening_balances',
  'purchase',
  'purchase_payment',
  'gateway_fee',
  'stock_movement',
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
  /** the date it carried, when the books were closed to then and it was posted on the first open day */
  moved_from?: string;
  /** the VAT return's boxes it moved */
  vat?: VatMove[];
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

/**
 * The VAT return's boxes the documents fill (issue 25): sales and purchases, each standard-rated,
 * zero-rated or exempt; out-of-scope lines (category O) are in no box. Every posted entry that carries
 * VAT-able amounts says which boxes it moves, so the return adds up the same entries as the books.
 */
export const VAT_BOXES = [
  'sales_standard',
  'sales_zero',
  'sales_exempt',
  'purchases_standard',
  'purchases_zero',
  'purchases_exempt',
] as const;
export type VatBox = (typeof VAT_BOXES)[number];

/** What one entry moves in one box: the amount (before VAT) of documents, adjustments (notes, cancellings) and their VAT. */
export type VatMove = { box: VatBox; amount: number; adjustment: number; vat: number };

/** The box a line's VAT category fills on the sales or the purchases side; none for out of scope. */
export const vatBoxOf = (side: 'sales' | 'purchases', category: string): VatBox | null =>
  category === 'S'
    ? `${side}_standard`
    : category === 'Z'
      ? `${side}_zero`
      : category === 'E'
        ? `${side}_exempt`
        : null;

/**
 * The Saudi return (ZATCA's VAT return form): its sixteen boxes in order, each either one the
 * documents fill, a total, or one the product never has (sales to citizens of private healthcare
 * and education, exports, imports), and the two the taxpayer enters on the portal (corrections from
 * earlier periods, credit carried forward).
 */
export const SA_VAT_RETURN: ReadonlyArray<{
  number: number;
  key:
    | VatBox
    | 'sales_citizens'
    | 'exports'
    | 'sales_total'
    | 'imports_customs'
    | 'imports_reverse_charge'
    | 'purchases_total'
    | 'vat_due'
    | 'corrections'
    | 'carried_forward'
    | 'net_vat_due';
}> = [
  { number: 1, key: 'sales_standard' },
  { number: 2, key: 'sales_citizens' },
  { number: 3, key: 'sales_zero' },
  { number: 4, key: 'exports' },
  { number: 5, key: 'sales_exempt' },
  { number: 6, key: 'sales_total' },
  { number: 7, key: 'purchases_standard' },
  { number: 8, key: 'imports_customs' },
  { number: 9, key: 'imports_reverse_charge' },
  { number: 10, key: 'purchases_zero' },
  { number: 11, key: 'purchases_exempt' },
  { number: 12, key: 'purchases_total' },
  { number: 13, key: 'vat_due' },
  { number: 14, key: 'corrections' },
  { number: 15, key: 'carried_forward' },
  { number: 16, key: 'net_vat_due' },
];
