import type { ZatcaMessage } from '../zatca/inspect';
import type { FatooraEnvironment } from './csr';

/** One line of the authority's `validationResults` (info, warning or error): the ZATCA core's shape. */
export type FatooraMessage = ZatcaMessage;

/** A device's credentials at the authority: the CSID (certificate) and its secret. */
export type FatooraCredentials = {
  /** base64 of the certificate's base64 text, as the authority hands it out */
  binarySecurityToken: string;
  secret: string;
};

/** What the authority answers a CSID request with. */
export type CsidAnswer =
  | {
      ok: true;
      requestId: string;
      credentials: FatooraCredentials;
      /** the certificate (DER) in base64, decoded from the token */
      certificateBase64: string;
      dispositionMessage?: string;
    }
  | { ok: false; httpStatus: number; errors: FatooraMessage[] };

/**
 * The outcome of a submission, from the HTTP status and the body (README "Statuses"):
 * accepted 200, accepted with warnings 202, duplicate 208/409, clearance switched off 303 (report it
 * instead), rejected 400, unauthorized 401, and 413/429/5xx or no answer: try again later.
 */
export type SubmissionOutcome =
  | 'accepted'
  | 'accepted_with_warnings'
  | 'duplicate'
  | 'clearance_off'
  | 'rejected'
  | 'unauthorized'
  | 'retry_later';

export type SubmissionAnswer = {
  outcome: SubmissionOutcome;
  httpStatus: number;
  /** reportingStatus or clearanceStatus as the authority wrote it */
  status?: string;
  warnings: FatooraMessage[];
  errors: FatooraMessage[];
  /** the cleared document (base64 XML) of a standard invoice the authority stamped */
  clearedInvoice?: string;
};

/** A signed document as it is submitted. */
export type Submission = {
  invoiceHash: string;
  uuid: string;
  /** the signed XML in base64 */
  invoice: string;
};

/** The authority's e-invoicing API (Fatoora), as the product uses it. */
export interface Fatoora {
  readonly name: 'simulator' | 'zatca';
  readonly environment: FatooraEnvironment;
  /** `POST compliance`: a compliance CSID for the device's CSR, with the OTP from the taxpayer's portal. */
  complianceCsid(csrBase64: string, otp: string): Promise<CsidAnswer>;
  /** `POST compliance/invoices`: one sample document of each type the device will issue. */
  complianceCheck(credentials: FatooraCredentials, document: Submission): Promise<SubmissionAnswer>;
  /** `POST production/csids`: the production CSID once the compliance checks passed. */
  productionCsid(credentials: FatooraCredentials, complianceRequestId: string): Promise<CsidAnswer>;
  /** `PATCH production/csids`: a renewed production CSID for a new CSR (OTP again). */
  renewProductionCsid(credentials: FatooraCredentials, csrBase64: string, otp: string): Promise<CsidAnswer>;
  /** `POST invoices/reporting/single`: a simplified (B2C) document, within 24 hours. */
  report(credentials: FatooraCredentials, document: Submission): Promise<SubmissionAnswer>;
  /** `POST invoices/clearance/single`: a standard (B2B) document, before it is shared. */
  clear(credentials: FatooraCredentials, document: Submission): Promise<SubmissionAnswer>;
}

/** The environments' API roots at the authority (README "Onboarding and API"). */
export const FATOORA_PATHS: Record<FatooraEnvironment, string> = {
  1: 'developer-portal',
  2: 'simulation',
  3: 'core',
};
export const FATOORA_BASE = 'https://gw-fatoora.zatca.gov.sa/e-invoicing/';

/** The certificate inside a token: the token is base64 of the certificate's base64 text. */
export const certificateOfToken = (binarySecurityToken: string): string =>
  Buffer.from(binarySecurityToken, 'base64').toString('utf8').trim();

export const tokenOfCertificate = (certificateBase64: string): string =>
  Buffer.from(certificateBase64, 'utf8').toString('base64');

/** The outcome an HTTP status means (README "Statuses"). */
export const outcomeOf = (httpStatus: number): SubmissionOutcome => {
  if (httpStatus === 200) return 'accepted';
  if (httpStatus === 202) return 'accepted_with_warnings';
  if (httpStatus === 208 || httpStatus === 409) return 'duplicate';
  if (httpStatus === 303) return 'clearance_off';
  if (httpStatus === 401 || httpStatus === 403) return 'unauthorized';
  if (httpStatus === 400) return 'rejected';
  return 'retry_later';
};
