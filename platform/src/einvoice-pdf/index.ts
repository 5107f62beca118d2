import type * as Attachments from './attachments';
import type * as Render from './render';

export type { EInvoicePdfOptions, EInvoiceLetterhead } from './render';
export { pdfTitle } from './labels';
export { readEInvoice, type EInvoiceView } from './read';

// The renderer and the reader of attachments load pdf-lib, fontkit, sharp and qrcode, a quarter of
// the platform's load time: they load at the first document, so a thread or a process that never
// draws one (the projections', a test's) starts without them.

/** The human-readable PDF/A-3b of a ZATCA document (./render). */
export const renderEInvoicePdf = async (
  ...args: Parameters<typeof Render.renderEInvoicePdf>
): ReturnType<typeof Render.renderEInvoicePdf> => (await import('./render')).renderEInvoicePdf(...args);

/** The files attached to a PDF (./attachments). */
export const attachedFiles = async (
  ...args: Parameters<typeof Attachments.attachedFiles>
): ReturnType<typeof Attachments.attachedFiles> => (await import('./attachments')).attachedFiles(...args);
