import { chainFields } from '../zatca/chain';
import { verifyDocument } from '../zatca/sign';
import type { ValidationResult } from '../zatca/validate';
import type { FatooraMessage } from './port';
import type { DocumentInspector, InspectedDocument } from './simulator';

/**
 * How much of the authority's checking the local simulator does: `full` (the default of the
 * product: XSD, both Schematron files, hash, signature, certificate, QR) or `signature` (hash,
 * signature, certificate and QR only, for test suites that issue hundreds of invoices and are not
 * about the business rules).
 */
export type SimulatorRules = 'full' | 'signature';

const TYPE_CODE = /<cbc:InvoiceTypeCode name="(\d{7})">(\d{3})<\/cbc:InvoiceTypeCode>/;
const UUID = /<cbc:UUID>([^<]*)<\/cbc:UUID>/;
const EMBEDDED_CERT = /<ds:X509Certificate>([^<]*)<\/ds:X509Certificate>/;

const message = (
  type: FatooraMessage['type'],
  code: string,
  text: string,
  category: string,
): FatooraMessage => ({
  type,
  code,
  category,
  message: text,
  status: type === 'ERROR' ? 'ERROR' : 'WARNING',
});

/**
 * The simulator's eyes: reads the document's facts (UUID, ICV, PIH, type, standard or simplified) and
 * finds what the authority would refuse: a hash that is not the document's, a signature or
 * certificate that does not hold, a certificate other than the CSID it was sent with, and (`full`)
 * every XSD and Schematron error, with the Schematron warnings.
 */
export const zatcaInspector =
  (rules: SimulatorRules, validate?: (xml: string) => Promise<ValidationResult>): DocumentInspector =>
  async ({ xml, claimedHash, certificateBase64 }): Promise<InspectedDocument> => {
    const errors: FatooraMessage[] = [];
    const warnings: FatooraMessage[] = [];
    const type = TYPE_CODE.exec(xml);
    let facts: ReturnType<typeof chainFields> | undefined;
    try {
      facts = chainFields(xml);
    } catch {
      errors.push(message('ERROR', 'invalid-xml', 'The document is not well-formed XML', 'XSD validation'));
    }
    if (facts) {
      for (const p of verifyDocument(xml)) errors.push(message('ERROR', p.code, p.message, 'SIGNATURE'));
      if (facts.hash !== claimedHash)
        errors.push(
          message(
            'ERROR',
            'invalid-invoice-hash',
            'The invoiceHash sent is not the hash of the document',
            'SIGNATURE',
          ),
        );
      const embedded = EMBEDDED_CERT.exec(xml)?.[1]?.replace(/\s+/g, '');
      if (embedded && embedded !== certificateBase64.replace(/\s+/g, ''))
        errors.push(
          message(
            'ERROR',
            'certificate-not-the-csid',
            'The document is signed with a certificate other than the CSID it was sent with',
            'SIGNATURE',
          ),
        );
      if (rules === 'full' && validate) {
        const result = await validate(xml);
        for (const e of result.errors) errors.push(message('ERROR', e.id, e.text, e.source));
        for (const w of result.warnings) warnings.push(message('WARNING', w.id, w.text, w.source));
      }
    }
    const seen = new Set<string>();
    return {
      errors: errors.filter((e) => !seen.has(e.code) && !!seen.add(e.code)),
      warnings,
      uuid: UUID.exec(xml)?.[1],
      icv: facts?.icv !== undefined ? Number(facts.icv) : undefined,
      pih: facts?.pih,
      hash: facts?.hash,
      typeCode: type?.[2],
      standard: type ? type[1].startsWith('01') : undefined,
    };
  };
