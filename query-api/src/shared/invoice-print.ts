import type { Doc, EInvoiceLetterhead, FileStore, ReadModels } from '@rawnaq/platform';

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

/**
 * The same letterhead as a document's PDF draws it: the logo's bytes (while shown, and still an
 * image in the salon's files) and the notes in both languages.
 */
export const pdfLetterhead = async (
  models: ReadModels,
  files: FileStore,
  tenantId: string,
): Promise<EInvoiceLetterhead> => {
  const {
    logo_file_id: logo,
    notes_en: en,
    notes_ar: ar,
  } = invoicePrint(await models.get('accounts', tenantId));
  const file = logo ? await files.get(tenantId, logo) : undefined;
  return { ...(file?.meta.contentType.startsWith('image/') && { logo: file.bytes }), notes: { en, ar } };
};
