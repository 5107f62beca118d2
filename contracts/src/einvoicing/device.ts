import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { EInvoiceEnvironmentSchema, type EInvoiceEnvironment } from '../coded-values/enumerations';
import { required } from '../validators/core';
import { saudiTaxNumber, trn } from '../validators/identifiers';
import { digitsOnly, exactLength, latinText, maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/**
 * ZATCA phase 2 (the einvoicing context). A salon's e-invoicing device (its EGS unit, the spec's
 * "e-invoice setting", doc1 §4) has one stream: who the salon is to the authority, its key, its
 * CSIDs and the onboarding's steps. Its documents chain on a stream of their own (see chain.ts).
 */
export const EINVOICING_DEVICE_CATEGORY = 'einvoicingdevice';

/** The document types a device issues (the CSR's `title`): standard (B2B) and simplified (B2C). */
export const DEVICE_INVOICE_TYPES = '1100';

/**
 * A Saudi national address as an invoice carries it: the seller's (BR-KSA-09) and a standard invoice's
 * buyer's (BR-KSA-63).
 */
export type SellerAddress = {
  street: string;
  building_number: string;
  /** the plot identification / additional number (4 digits), when the national address has one */
  additional_number?: string;
  district: string;
  city: string;
  postal_code: string;
};

/** A device (EGS unit) opened for a salon in an environment: status 1 (pending) until connected. */
export type EInvoicingDeviceOpened = {
  type: 'EInvoicingDeviceOpened';
  data: {
    device_id: string;
    environment: EInvoiceEnvironment;
    vat_number: string;
    commercial_registration: string;
    /** the taxpayer's registered name (CSR O; the seller's name on the documents) */
    seller_name: string;
    /** the branch (CSR OU) */
    branch_name: string;
    industry: string;
    address: SellerAddress;
    /** CSR CN and SN: the device's name and its `1-solution|2-model|3-serial` */
    common_name: string;
    serial_number: string;
    invoice_types: string;
    /** the device this one was cloned from (`zatca-setting/form-clone/{id}`) */
    cloned_from?: string;
  };
};

/** The device's secp256k1 key: the private half sealed (never in clear in an event, never sent to a browser). */
export type EInvoicingDeviceKeyGenerated = {
  type: 'EInvoicingDeviceKeyGenerated';
  data: { device_id: string; public_key_pem: string; private_key_sealed: string; csr_base64: string };
};

/** The authority's CSID (compliance or production): its certificate, and its secret sealed. */
export type EInvoicingCsidIssued = {
  type: 'EInvoicingCsidIssued';
  data: {
    device_id: string;
    kind: 'compliance' | 'production';
    /** a production CSID that replaces an earlier one: status 3 (renewed) */
    renewal: boolean;
    request_id: string;
    /** the certificate (DER, base64) */
    certificate_base64: string;
    /** the API's binarySecurityToken (base64 of the certificate's base64 text) */
    token: string;
    secret_sealed: string;
    valid_from: string;
    valid_to: string;
  };
};

/** One compliance check passed (a sample of a document kind: `standard-388`, `simplified-381`...). */
export type EInvoicingComplianceChecked = {
  type: 'EInvoicingComplianceChecked';
  data: {
    device_id: string;
    kind: string;
    warnings: Array<{ code: string; message: string }>;
  };
};

/** A step of the onboarding the authority refused, with its reasons (the device stays pending). */
export type EInvoicingOnboardingFailed = {
  type: 'EInvoicingOnboardingFailed';
  data: {
    device_id: string;
    step: 'compliance_csid' | 'compliance_checks' | 'production_csid' | 'renewal';
    http_status: number;
    errors: Array<{ code: string; message: string }>;
  };
};

/** The device stopped issuing (status 0): another replaced it, or the manager cancelled it. */
export type EInvoicingDeviceCancelled = {
  type: 'EInvoicingDeviceCancelled';
  data: { device_id: string; reason: 'replaced' | 'cancelled'; replaced_by?: string };
};

export type EInvoicingDeviceEvent =
  | EInvoicingDeviceOpened
  | EInvoicingDeviceKeyGenerated
  | EInvoicingCsidIssued
  | EInvoicingComplianceChecked
  | EInvoicingOnboardingFailed
  | EInvoicingDeviceCancelled;

export const EINVOICING_DEVICE_EVENT_TYPES: ReadonlyArray<EInvoicingDeviceEvent['type']> = [
  'EInvoicingDeviceOpened',
  'EInvoicingDeviceKeyGenerated',
  'EInvoicingCsidIssued',
  'EInvoicingComplianceChecked',
  'EInvoicingOnboardingFailed',
  'EInvoicingDeviceCancelled',
];

/** The compliance checks a device issuing standard and simplified documents must pass before production. */
export const complianceKinds = (invoiceTypes: string): string[] => {
  const kinds: string[] = [];
  if (invoiceTypes[0] === '1') kinds.push('standard-388', 'standard-381', 'standard-383');
  if (invoiceTypes[1] === '1') kinds.push('simplified-388', 'simplified-381', 'simplified-383');
  return kinds;
};

const latin = (max: number) => withRule(z.string(), required, latinText, maxLength(max));
const digits = (length: number) => withRule(z.string(), required, digitsOnly, exactLength(length));

/**
 * Connecting a salon to the authority (the manager's `zatca-setting/form` or the salon's own
 * e-invoicing settings): who the salon is, where, the environment and the one-time password from
 * the taxpayer's Fatoora portal. The names go into the certificate, which the authority reads in
 * Latin script only.
 */
export const connectEInvoicingInput = z.preprocess(
  cleanPayload,
  z.object({
    environment: z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      EInvoiceEnvironmentSchema,
    ),
    otp: digits(6),
    vat_number: withRule(z.string(), required, trn, saudiTaxNumber({ applicable: true })),
    commercial_registration: digits(10),
    seller_name: latin(100),
    branch_name: latin(60),
    industry: latin(60),
    street: latin(100),
    building_number: digits(4),
    additional_number: withRule(z.string(), digitsOnly, exactLength(4)).optional(),
    district: latin(60),
    city: latin(60),
    postal_code: digits(5),
  }),
);
export type ConnectEInvoicingInput = z.infer<typeof connectEInvoicingInput>;

/** Renewing a production CSID before it expires: a new OTP from the portal. */
export const renewEInvoicingInput = z.preprocess(cleanPayload, z.object({ otp: digits(6) }));

/** Statuses of doc1 §4, as the device's events make them. */
export const deviceStatus = (state: {
  cancelled: boolean;
  production: boolean;
  renewed: boolean;
}): 0 | 1 | 2 | 3 => (state.cancelled ? 0 : !state.production ? 1 : state.renewed ? 3 : 2);
