/** The credit-note form (doc1 §2 `accounting/total-sales/credit-note`), also its access resource. */
export const CREDIT_NOTE_FORM = 'accounting/total-sales/credit-note';
/** The credit notes (doc1 §2 `accounting/credit-note`), reading the API's `credit-notes`. */
export const CREDIT_NOTES = 'accounting/credit-note';
export const NOTES_API_PATHS: Record<string, string> = { [CREDIT_NOTES]: 'credit-notes' };

export const creditNotePath = (basename: string, invoiceId: string) =>
  `${basename}/${CREDIT_NOTE_FORM}?invoice_id=${encodeURIComponent(invoiceId)}`;

/** The debit-note form (doc1 §2 `accounting/total-sales/debit-note`) and the debit notes (`accounting/debit-note`). */
export const DEBIT_NOTE_FORM = 'accounting/total-sales/debit-note';
export const DEBIT_NOTES = 'accounting/debit-note';
NOTES_API_PATHS[DEBIT_NOTES] = 'debit-notes';

export const debitNotePath = (basename: string, invoiceId: string) =>
  `${basename}/${DEBIT_NOTE_FORM}?invoice_id=${encodeURIComponent(invoiceId)}`;

/** The credit and debit notes together (doc1 §2 `accounting/accounting-notes`), the API's `accounting-notes`. */
export const ACCOUNTING_NOTES = 'accounting/accounting-notes';
NOTES_API_PATHS[ACCOUNTING_NOTES] = 'accounting-notes';
