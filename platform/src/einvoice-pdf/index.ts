export { renderEInvoicePdf, pdfTitle, type EInvoicePdfOptions } from './render';
export { readEInvoice, type EInvoiceView } from './read';
export { attachedFiles } from './attachments';
