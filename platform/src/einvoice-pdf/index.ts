export { renderEInvoicePdf, pdfTitle, type EInvoicePdfOptions, type EInvoiceLetterhead } from './render';
export { readEInvoice, type EInvoiceView } from './read';
export { attachedFiles } from './attachments';
