import type { EInvoiceReferenceType } from '../coded-values/enumerations';

/**
 * A device's chain of signed documents: one stream per device, revision n holding ICV n+1, so two
 * documents signed at the same instant conflict on the stream and the loser is signed again after
 * the winner: the ICV never skips, the PIH never forks.
 */
export const EINVOICE_CHAIN_CATEGORY = 'einvoicechain';

/** A document signed into the chain: everything an auditor needs to verify it, the XML included. */
export type EInvoiceSigned = {
  type: 'EInvoiceSigned';
  data: {
    device_id: string;
    icv: number;
    /** the previous document's hash (the seed for ICV 1) */
    pih: string;
    /** base64 SHA-256 of the canonical document (README fact 1) */
    hash: string;
    /** the document's cbc:UUID */
    uuid: string;
    reference_type: EInvoiceReferenceType;
    /** the sales document: invoice, credit note or debit note, and its number */
    document_id: string;
    document_number: string;
    /** for a note: the invoice it amends */
    invoice_id?: string;
    /** standard (B2B, cleared) or simplified (B2C, reported) */
    standard: boolean;
    /** the signed XML, exactly as hashed and submitted */
    xml: string;
    /** the QR's base64 (TLV) */
    qr: string;
    issued_at: string;
  };
};

/**
 * What the authority made of a signed document, on the document's own stream
 * (`einvoice-{tenant}.{uuid}`): every attempt, every answer.
 */
export const EINVOICE_CATEGORY = 'einvoice';

export type EInvoiceMessage = { code: string; message: string };

export type EInvoiceSubmissionFailed = {
  type: 'EInvoiceSubmissionFailed';
  data: {
    uuid: string;
    attempt: number;
    http_status: number;
    /** when the worker tries again */
    retry_at: string;
    errors: EInvoiceMessage[];
  };
};
export type EInvoiceAccepted = {
  type: 'EInvoiceAccepted';
  data: {
    uuid: string;
    attempt: number;
    http_status: number;
    /** REPORTED or CLEARED */
    status: 'REPORTED' | 'CLEARED';
    warnings: EInvoiceMessage[];
    /** the cleared document (base64) the authority stamped, for a standard one */
    cleared_xml?: string;
  };
};
export type EInvoiceRejected = {
  type: 'EInvoiceRejected';
  data: {
    uuid: string;
    attempt: number;
    http_status: number;
    errors: EInvoiceMessage[];
    warnings: EInvoiceMessage[];
  };
};
/** "Report now" on a rejected or late document: the worker takes it up again at once. */
export type EInvoiceResubmissionAsked = {
  type: 'EInvoiceResubmissionAsked';
  data: { uuid: string };
};

export type EInvoiceSubmissionEvent =
  EInvoiceSubmissionFailed | EInvoiceAccepted | EInvoiceRejected | EInvoiceResubmissionAsked;

/** The e-invoicing status an invoice shows (issue 13: pending, reported, with warnings, cleared, rejected). */
export type EInvoiceState = 'pending' | 'reported' | 'reported_with_warnings' | 'cleared' | 'rejected';

export const einvoiceStateOf = (
  last: EInvoiceSubmissionEvent['type'] | undefined,
  accepted?: { status: 'REPORTED' | 'CLEARED'; warnings: number },
): EInvoiceState => {
  if (accepted)
    return accepted.status === 'CLEARED'
      ? 'cleared'
      : accepted.warnings
        ? 'reported_with_warnings'
        : 'reported';
  return last === 'EInvoiceRejected' ? 'rejected' : 'pending';
};

/** The worker's patience with "try again later" answers: doubling from 30 s up to 30 min. */
export const retryDelayMs = (attempt: number): number =>
  Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 1_800_000);
