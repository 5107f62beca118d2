import { chainFields } from './chain';
import { parseXml } from './hash';
import { signatureParts, verifyDocument } from './sign';
import {
  validateDocument,
  type RuleViolation,
  type ValidateOptions,
  type ValidationResult,
} from './validate';

/**
 * One line of the authority's `validationResults`; the same shape as main's
 * `platform/src/fatoora/port.ts` FatooraMessage, so `inspectDocument` can be the local Fatoora
 * simulator's DocumentInspector as it is.
 */
export interface ZatcaMessage {
  type: 'INFO' | 'WARNING' | 'ERROR';
  code: string;
  category?: string;
  message: string;
  status?: string;
}

export interface InspectedZatcaDocument {
  errors: ZatcaMessage[];
  warnings: ZatcaMessage[];
  uuid?: string;
  icv?: number;
  pih?: string;
  typeCode?: string;
  standard?: boolean;
  /** the hash recomputed from the document */
  hash?: string;
}

const categoryOf = (v: RuleViolation) =>
  v.source === 'xsd' ? 'XSD validation' : v.id.startsWith('BR-KSA') ? 'KSA' : 'EN';

/**
 * Checks a document the way the authority does: XSD, both Schematron files, the hash it claims and
 * the one recomputed, the signature, SignedProperties and certificate digests, the QR, and that it
 * was signed with the certificate (CSID) it was sent with. Reads UUID, ICV, PIH and the type.
 */
export async function inspectDocument(
  input: { xml: string; claimedHash: string; certificateBase64: string },
  options: ValidateOptions & {
    /**
     * runs the XSD and Schematron (in-process by default; the simulator's child process, or `null`
     * to check only hash, signature, certificate and QR)
     */
    validate?: ((xml: string) => Promise<ValidationResult>) | null;
  } = {},
): Promise<InspectedZatcaDocument> {
  const out: InspectedZatcaDocument = { errors: [], warnings: [] };
  const err = (code: string, message: string, category = 'Signature') =>
    out.errors.push({ type: 'ERROR', code, category, message, status: 'ERROR' });
  try {
    parseXml(input.xml);
  } catch (e) {
    err('invalid-xml', `the document is not well-formed XML: ${(e as Error).message}`, 'XSD validation');
    return out;
  }
  const validation =
    options.validate === null
      ? { errors: [], warnings: [] }
      : await (options.validate ?? ((xml: string) => validateDocument(xml, options)))(input.xml);
  for (const v of validation.errors) err(v.id, v.text, categoryOf(v));
  for (const v of validation.warnings) {
    out.warnings.push({
      type: 'WARNING',
      code: v.id,
      category: categoryOf(v),
      message: v.text,
      status: 'WARNING',
    });
  }
  const fields = chainFields(input.xml);
  out.hash = fields.hash;
  out.pih = fields.pih;
  if (fields.icv !== undefined && /^\d+$/.test(fields.icv)) out.icv = Number(fields.icv);
  const uuid = /<cbc:UUID>([^<]*)<\/cbc:UUID>\s*<cbc:IssueDate>/.exec(input.xml)?.[1];
  if (uuid) out.uuid = uuid;
  const type = /<cbc:InvoiceTypeCode name="(\d{7})">(\d{3})<\/cbc:InvoiceTypeCode>/.exec(input.xml);
  if (type) {
    out.typeCode = type[2];
    out.standard = type[1].startsWith('01');
  }
  if (input.claimedHash !== fields.hash) {
    err(
      'invalid-invoice-hash',
      `the invoiceHash sent (${input.claimedHash}) is not the document's hash (${fields.hash})`,
    );
  }
  for (const p of verifyDocument(input.xml)) {
    if (p.code === 'invalid-invoice-hash' && input.claimedHash !== fields.hash) continue; // said once
    err(p.code, p.message, p.code.includes('qr') ? 'QR' : 'Signature');
  }
  const embedded = signatureParts(input.xml).certificate;
  const sent = input.certificateBase64.replace(/\s+/g, '');
  if (embedded && embedded !== sent) {
    err(
      'invalid-certificate',
      'the document is signed with another certificate than the CSID it was sent with',
    );
  }
  return out;
}
