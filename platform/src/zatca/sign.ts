import { createHash, sign as ecdsaSign, verify as ecdsaVerify } from 'node:crypto';
import { certificateInfo, hexDigestBase64, privateKeyOf } from './certificate';
import { presignatures } from './presign';
import { canonicalInvoiceDom, DomDocument, invoiceHash, NS, parseXml } from './hash';
import { decodeQrTlv, encodeQr } from './qr';
import { escapeText, unescapeXml } from './xml-text';

export interface SignOptions {
  /** PEM (EC PRIVATE KEY or PKCS#8) or header-less base64 of an EC private key (secp256k1) */
  privateKeyPem: string;
  /** the device certificate (CSID): header-less base64 as ZATCA issues it, or PEM */
  certificateBase64: string;
  /** xades:SigningTime; defaults to now (UTC, written without zone as the SDK does) */
  signingTime?: Date;
}

export interface SignedDocument {
  xml: string;
  invoiceHash: string;
  signatureValue: string;
  qr: string;
}

export interface ZatcaProblem {
  /** stable code, explained in explanations.ts */
  code: string;
  message: string;
}

type El = DomDocument['documentElement'] & {};

function children(node: El, ns: string, local: string): El[] {
  const out: El[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && c.localName === local && c.namespaceURI === ns) out.push(c);
  }
  return out;
}
function path(node: El | undefined, ...steps: Array<[string, string]>): El | undefined {
  let cur = node;
  for (const [ns, local] of steps) {
    if (!cur) return undefined;
    cur = children(cur, ns, local)[0];
  }
  return cur;
}
const cac = (l: string): [string, string] => [NS.cac, l];
const cbc = (l: string): [string, string] => [NS.cbc, l];

/** The document fields the QR carries (README fact 7), read from a parsed document. */
export function qrSourceFields(doc: DomDocument): {
  sellerName: string;
  vatNumber: string;
  timestamp: string;
  total: string;
  vatTotal: string;
  simplified: boolean;
} {
  const root = doc.documentElement!;
  const party = path(root, cac('AccountingSupplierParty'), cac('Party'));
  const text = (n: El | undefined) => n?.textContent ?? '';
  const typeCode = path(root, cbc('InvoiceTypeCode')) as unknown as
    { getAttribute(n: string): string | null } | undefined;
  return {
    sellerName: text(path(party, cac('PartyLegalEntity'), cbc('RegistrationName'))),
    vatNumber: text(path(party, cac('PartyTaxScheme'), cbc('CompanyID'))),
    timestamp: `${text(path(root, cbc('IssueDate')))}T${text(path(root, cbc('IssueTime')))}`,
    // tag 4 is the amount payable (BT-115), as the SDK writes it: the total with VAT less what was
    // prepaid, plus any rounding (README fact 7)
    total: text(path(root, cac('LegalMonetaryTotal'), cbc('PayableAmount'))),
    vatTotal: text(path(root, cac('TaxTotal'), cbc('TaxAmount'))),
    simplified: (typeCode?.getAttribute('name') ?? '').startsWith('02'),
  };
}

/** README fact 3: ECDSA (secp256k1) with SHA-256 over the 32 raw bytes of the invoice hash. */
export function signHash(invoiceHashBase64: string, privateKeyPem: string): string {
  const message = Buffer.from(invoiceHashBase64, 'base64');
  const key = privateKeyOf(privateKeyPem);
  // a presignature made ahead on a thread of its own when one is ready (the server's), else OpenSSL
  return (presignatures.sign(message, key) ?? ecdsaSign('sha256', message, key)).toString('base64');
}

export function verifyHashSignature(
  invoiceHashBase64: string,
  signatureValue: string,
  certificate: string,
): boolean {
  try {
    return ecdsaVerify(
      'sha256',
      Buffer.from(invoiceHashBase64, 'base64'),
      certificateInfo(certificate).publicKey,
      Buffer.from(signatureValue, 'base64'),
    );
  } catch {
    return false;
  }
}

/**
 * README fact 5: the SignedProperties element as it sits in the final XML, with the xades namespace
 * declared on it and the ds namespace on every ds:* start tag; base64 of the hex SHA-256.
 */
export function signedPropertiesDigest(signedPropertiesText: string): string {
  const text = signedPropertiesText
    .replace('<xades:SignedProperties ', `<xades:SignedProperties xmlns:xades="${NS.xades}" `)
    .replace(/<ds:(\w+)/g, `<ds:$1 xmlns:ds="${NS.ds}"`);
  return hexDigestBase64(text);
}

const SIGNED_PROPERTIES = /<xades:SignedProperties[\s>][\s\S]*?<\/xades:SignedProperties>/;

function signingTimeText(d: Date): string {
  return d.toISOString().slice(0, 19);
}

function signedPropertiesXml(
  signingTime: string,
  certDigest: string,
  issuer: string,
  serial: string,
): string {
  return `<xades:SignedProperties Id="xadesSignedProperties">
                                    <xades:SignedSignatureProperties>
                                        <xades:SigningTime>${signingTime}</xades:SigningTime>
                                        <xades:SigningCertificate>
                                            <xades:Cert>
                                                <xades:CertDigest>
                                                    <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                                    <ds:DigestValue>${certDigest}</ds:DigestValue>
                                                </xades:CertDigest>
                                                <xades:IssuerSerial>
                                                    <ds:X509IssuerName>${escapeText(issuer)}</ds:X509IssuerName>
                                                    <ds:X509SerialNumber>${serial}</ds:X509SerialNumber>
                                                </xades:IssuerSerial>
                                            </xades:Cert>
                                        </xades:SigningCertificate>
                                    </xades:SignedSignatureProperties>
                                </xades:SignedProperties>`;
}

function extensionsXml(
  hash: string,
  spDigest: string,
  signatureValue: string,
  cert: string,
  signedProperties: string,
): string {
  return `<ext:UBLExtensions>
    <ext:UBLExtension>
        <ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>
        <ext:ExtensionContent>
            <sig:UBLDocumentSignatures xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2" xmlns:sac="urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2">
                <sac:SignatureInformation>
                    <cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>
                    <sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>
                    <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="signature">
                        <ds:SignedInfo>
                            <ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                            <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>
                            <ds:Reference Id="invoiceSignedData" URI="">
                                <ds:Transforms>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::ext:UBLExtensions)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:Signature)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                                </ds:Transforms>
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${hash}</ds:DigestValue>
                            </ds:Reference>
                            <ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${spDigest}</ds:DigestValue>
                            </ds:Reference>
                        </ds:SignedInfo>
                        <ds:SignatureValue>${signatureValue}</ds:SignatureValue>
                        <ds:KeyInfo>
                            <ds:X509Data>
                                <ds:X509Certificate>${cert}</ds:X509Certificate>
                            </ds:X509Data>
                        </ds:KeyInfo>
                        <ds:Object>
                            <xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="signature">
                                ${signedProperties}
                            </xades:QualifyingProperties>
                        </ds:Object>
                    </ds:Signature>
                </sac:SignatureInformation>
            </sig:UBLDocumentSignatures>
        </ext:ExtensionContent>
    </ext:UBLExtension>
</ext:UBLExtensions>`;
}

function qrReferenceXml(qr: string): string {
  return `<cac:AdditionalDocumentReference>
        <cbc:ID>QR</cbc:ID>
        <cac:Attachment>
            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject>
        </cac:Attachment>
    </cac:AdditionalDocumentReference>`;
}

const SIGNATURE_XML = `<cac:Signature>
        <cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>
        <cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod>
    </cac:Signature>`;

/**
 * Signs an unsigned document (ours or any UBL invoice without UBLExtensions, QR and cac:Signature).
 * The hashed part is never re-serialized: UBLExtensions is inserted right after the root start
 * tag and the QR reference + cac:Signature right before cac:AccountingSupplierParty, as text, with
 * no whitespace added outside the inserted elements, so the hash of the result equals the hash of
 * the input (README facts 1, 2).
 */
export function signDocument(xml: string, options: SignOptions): SignedDocument {
  if (/<(\w+:)?UBLExtensions[\s>]/.test(xml))
    throw new Error('the document is already signed (has UBLExtensions)');
  const fields = qrSourceFields(parseXml(xml));
  return signWithFields(xml, invoiceHash(xml), fields, options);
}

/**
 * The signing step once the hash and the QR's document fields are known (the builder knows them
 * without reading its own output back; signDocument reads them from any document with a DOM).
 */
export function signWithFields(
  xml: string,
  hash: string,
  fields: ReturnType<typeof qrSourceFields>,
  options: SignOptions,
): SignedDocument {
  const cert = certificateInfo(options.certificateBase64);
  const signatureValue = signHash(hash, options.privateKeyPem);
  const signedProperties = signedPropertiesXml(
    signingTimeText(options.signingTime ?? new Date()),
    cert.digest,
    cert.issuerName,
    cert.serialNumber,
  );
  const spDigest = signedPropertiesDigest(signedProperties);
  // Object.assign, not a literal starting with a spread (README: hot paths keep V8's young generation young)
  const qr = encodeQr(
    Object.assign({}, fields, {
      invoiceHash: hash,
      signatureValue,
      publicKey: cert.publicKeyDer,
      certificateSignature: fields.simplified ? cert.signature : undefined,
    }),
  );
  const rootStart = /<Invoice[\s>]/.exec(xml);
  if (!rootStart) throw new Error('the root element must be an unprefixed Invoice');
  const rootOpenEnd = xml.indexOf('>', rootStart.index) + 1;
  const supplier = xml.indexOf('<cac:AccountingSupplierParty>');
  if (supplier < 0) throw new Error('cac:AccountingSupplierParty not found');
  const signed =
    xml.slice(0, rootOpenEnd) +
    extensionsXml(hash, spDigest, signatureValue, cert.base64, signedProperties) +
    xml.slice(rootOpenEnd, supplier) +
    qrReferenceXml(qr) +
    SIGNATURE_XML +
    xml.slice(supplier);
  return { xml: signed, invoiceHash: hash, signatureValue, qr };
}

function match(xml: string, re: RegExp): string | undefined {
  const m = re.exec(xml);
  return m ? unescapeXml(m[1]) : undefined;
}

/** Values of a signed document's signature block, read from the text. */
export function signatureParts(xml: string): {
  digestValue?: string;
  signedPropertiesDigestValue?: string;
  signatureValue?: string;
  certificate?: string;
  certDigestValue?: string;
  issuerName?: string;
  serialNumber?: string;
  signedProperties?: string;
  qr?: string;
} {
  return {
    digestValue: match(xml, /<ds:Reference[^>]*Id="invoiceSignedData"[^>]*>[\s\S]*?<ds:DigestValue>([^<]*)</),
    signedPropertiesDigestValue: match(
      xml,
      /<ds:Reference[^>]*URI="#xadesSignedProperties"[^>]*>[\s\S]*?<ds:DigestValue>([^<]*)</,
    ),
    signatureValue: match(xml, /<ds:SignatureValue[^>]*>([^<]*)</)?.replace(/\s+/g, ''),
    certificate: match(xml, /<ds:X509Certificate>([^<]*)</)?.replace(/\s+/g, ''),
    certDigestValue: match(xml, /<xades:CertDigest>[\s\S]*?<ds:DigestValue>([^<]*)</),
    issuerName: match(xml, /<ds:X509IssuerName>([^<]*)</),
    serialNumber: match(xml, /<ds:X509SerialNumber>([^<]*)</),
    signedProperties: SIGNED_PROPERTIES.exec(xml)?.[0],
    qr: match(
      xml,
      /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]*)</,
    ),
  };
}

/** The QR of a signed document, decoded (tags as text / base64). */
export function qrOf(xml: string) {
  const qr = signatureParts(xml).qr;
  if (!qr) throw new Error('the document has no QR');
  return { base64: qr, ...decodeQrFields(qr) };
}

function decodeQrFields(qr: string) {
  const tlv = decodeQrTlv(qr);
  return {
    tags: [...tlv.keys()],
    sellerName: tlv.get(1)?.toString('utf8'),
    vatNumber: tlv.get(2)?.toString('utf8'),
    timestamp: tlv.get(3)?.toString('utf8'),
    total: tlv.get(4)?.toString('utf8'),
    vatTotal: tlv.get(5)?.toString('utf8'),
    invoiceHash: tlv.get(6)?.toString('utf8'),
    signatureValue: tlv.get(7)?.toString('utf8'),
    publicKey: tlv.get(8)?.toString('base64'),
    certificateSignature: tlv.get(9)?.toString('base64'),
  };
}

/**
 * Checks a signed document: invoice hash recomputed (generic DOM path), the signature over it with
 * the embedded certificate, the certificate and SignedProperties digests, issuer and serial, and
 * every QR tag. Returns the problems found (empty when the document is good).
 */
export function verifyDocument(xml: string): ZatcaProblem[] {
  const problems: ZatcaProblem[] = [];
  const add = (code: string, message: string) => problems.push({ code, message });
  let doc: DomDocument;
  try {
    doc = parseXml(xml);
  } catch (e) {
    return [{ code: 'invalid-xml', message: `not well-formed XML: ${(e as Error).message}` }];
  }
  const parts = signatureParts(xml);
  const fields = qrSourceFields(doc);
  const canonical = canonicalInvoiceDom(doc);
  const hash = createHash('sha256').update(canonical, 'utf8').digest('base64');
  if (!parts.digestValue || !parts.signatureValue || !parts.certificate) {
    add(
      'missing-signature',
      'the document has no complete ds:Signature (digest, signature value, certificate)',
    );
    return problems;
  }
  if (parts.digestValue !== hash) {
    add('invalid-invoice-hash', `the invoice hash is ${hash} but the document says ${parts.digestValue}`);
  }
  let cert: ReturnType<typeof certificateInfo> | undefined;
  try {
    cert = certificateInfo(parts.certificate);
  } catch (e) {
    add('invalid-certificate', `the embedded certificate cannot be read: ${(e as Error).message}`);
  }
  if (cert) {
    if (!verifyHashSignature(hash, parts.signatureValue, parts.certificate)) {
      add('invalid-signature', 'the signature does not verify with the embedded certificate');
    }
    if (parts.certDigestValue !== cert.digest) {
      add('invalid-certificate-digest', 'xades:CertDigest is not the digest of the embedded certificate');
    }
    if (parts.issuerName !== cert.issuerName) {
      add('invalid-certificate-issuer', `X509IssuerName should be "${cert.issuerName}"`);
    }
    if (parts.serialNumber !== cert.serialNumber) {
      add('invalid-certificate-serial', `X509SerialNumber should be ${cert.serialNumber}`);
    }
  }
  if (
    !parts.signedProperties ||
    signedPropertiesDigest(parts.signedProperties) !== parts.signedPropertiesDigestValue
  ) {
    add(
      'invalid-signed-properties-digest',
      'the SignedProperties digest does not match the SignedProperties',
    );
  }
  if (!parts.qr) {
    add('missing-qr', 'the document has no QR');
  } else {
    try {
      const q = decodeQrFields(parts.qr);
      const expected: Array<[string, string | undefined, string | undefined]> = [
        ['1 seller name', q.sellerName, fields.sellerName],
        ['2 VAT number', q.vatNumber, fields.vatNumber],
        ['3 timestamp', q.timestamp, fields.timestamp],
        ['4 amount payable (BT-115)', q.total, fields.total],
        ['5 VAT total', q.vatTotal, fields.vatTotal],
        ['6 invoice hash', q.invoiceHash, hash],
        ['7 signature', q.signatureValue, parts.signatureValue],
        ['8 public key', q.publicKey, cert?.publicKeyDer.toString('base64')],
      ];
      if (fields.simplified)
        expected.push([
          '9 certificate signature',
          q.certificateSignature,
          cert?.signature.toString('base64'),
        ]);
      for (const [tag, got, want] of expected) {
        if (got !== want)
          add('invalid-qr-code', `QR tag ${tag} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      }
      const extra = q.tags.filter((t) => t < 1 || t > (fields.simplified ? 9 : 8));
      if (extra.length) add('invalid-qr-code', `QR carries unexpected tags ${extra.join(', ')}`);
    } catch (e) {
      add('invalid-qr-code', `QR cannot be decoded: ${(e as Error).message}`);
    }
  }
  return problems;
}
