import type { Doc } from '@rawnaq/platform';

/** What a salon prints on its invoices and notes beside the figures (its invoice settings, doc1 §2). */
export type InvoicePrint = {
  /** the logo uploaded under the general settings, when the invoice settings show it */
  logo_file_id: string | null;
  notes_en: string;
  notes_ar: string;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The logo and the notes as the salon's settings say now: they are the salon's letterhead, not the
 * document's content (what was sold, its tax and totals are the issued document's own, unchanged).
 */
export const invoicePrint = (account: Doc | undefined): InvoicePrint => ({
  logo_file_id:
    account?.show_logo !== false && typeof account?.logo_file_id === 'string' ? account.logo_file_id : null,
  notes_en: text(account?.invoice_notes_en),
  notes_ar: text(account?.invoice_notes_ar),
});
