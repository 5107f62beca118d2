import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import * as asn1js from 'asn1js';
import { AsnConvert, AsnUtf8StringConverter, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  Extension,
  Extensions,
  GeneralName,
  GeneralNames,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
} from '@peculiar/asn1-x509';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';

/** ZATCA environments (spec doc1 §4): 1 development (developer portal), 2 simulation, 3 production. */
export type FatooraEnvironment = 1 | 2 | 3;

/** The certificate template each environment's CSR asks for (README: template extension). */
export const CSR_TEMPLATE: Record<FatooraEnvironment, string> = {
  1: 'TSTZATCA-Code-Signing',
  2: 'PREZATCA-Code-Signing',
  3: 'ZATCA-Code-Signing',
};

export const CSR_OID = {
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  organizationIdentifier: '2.5.4.97',
  surname: '2.5.4.4',
  uid: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  extensionRequest: '1.2.840.113549.1.9.14',
  certificateTemplateName: '1.3.6.1.4.1.311.20.2',
  subjectAltName: '2.5.29.17',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** What a device's CSR says about it (README "Onboarding"; `csr-config-example.properties`). */
export type CsrFields = {
  environment: FatooraEnvironment;
  /** CN: the device (EGS unit) */
  commonName: string;
  /** SN of the SAN: `1-solution|2-model|3-serial` */
  serialNumber: string;
  /** the salon's 15-digit VAT number (organizationIdentifier and UID) */
  vatNumber: string;
  /** OU: the branch */
  organizationUnit: string;
  /** O: the taxpayer's name */
  organization: string;
  /** the document types the device issues, 4 digits: standard, simplified, future use ×2 (e.g. 1100) */
  invoiceType: string;
  /** registeredAddress: the branch's short address or location */
  location: string;
  /** businessCategory: the industry */
  industry: string;
};

/** A new device key on secp256k1 (the curve ZATCA requires; the browser's WebCrypto lacks it). */
export const generateDeviceKey = (): { privateKeyPem: string; publicKeyPem: string } => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'sec1' }).toString(),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
};

const utf8 = (type: string, text: string) =>
  new RelativeDistinguishedName([
    new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: text }) }),
  ]);

const printable = (type: string, text: string) =>
  new RelativeDistinguishedName([
    new AttributeTypeAndValue({ type, value: new AttributeValue({ printableString: text }) }),
  ]);

/** The DER of a key's SubjectPublicKeyInfo. */
export const spkiDer = (key: KeyObject): Buffer => key.export({ format: 'der', type: 'spki' });

/** ECDSA-SHA256 over `data` (DER signature, as X.509 carries it). */
const ecdsa = (data: ArrayBuffer, key: KeyObject) => sign('sha256', Buffer.from(data), key);

const toArrayBuffer = (b: Buffer): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

const pem = (label: string, der: ArrayBuffer | Buffer) => {
  const b64 = Buffer.from(der as ArrayBuffer).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
};

const CSR_TEXT = /^[\x20-\x7e]*$/;

/** Fields a CSR refuses: every value is printable ASCII, the VAT number 15 digits starting and ending with 3. */
export const csrProblems = (f: CsrFields): string[] => {
  const problems: string[] = [];
  for (const key of [
    'commonName',
    'serialNumber',
    'organizationUnit',
    'organization',
    'location',
    'industry',
  ] as const)
    if (!f[key].trim() || !CSR_TEXT.test(f[key])) problems.push(key);
  if (!/^3\d{13}3$/.test(f.vatNumber)) problems.push('vatNumber');
  if (!/^[01]{4}$/.test(f.invoiceType) || f.invoiceType.startsWith('00')) problems.push('invoiceType');
  if (!/^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(f.serialNumber)) problems.push('serialNumber');
  if (!(f.environment in CSR_TEMPLATE)) problems.push('environment');
  return [...new Set(problems)];
};

/**
 * The device's certificate signing request, as the authority's onboarding asks for it: subject C, OU,
 * O, CN and organizationIdentifier; the environment's template name; a SAN directory name with SN,
 * UID, title, registeredAddress and businessCategory; signed ECDSA-SHA256 with the device key.
 * Answers the PEM and what the API is sent: base64 of the PEM text.
 */
export const buildCsr = (fields: CsrFields, privateKeyPem: string): { pem: string; base64: string } => {
  const problems = csrProblems(fields);
  if (problems.length) throw new Error(`CSR fields refused: ${problems.join(', ')}`);
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  const subject = new Name([
    printable(CSR_OID.country, 'SA'),
    utf8(CSR_OID.organizationUnit, fields.organizationUnit),
    utf8(CSR_OID.organization, fields.organization),
    utf8(CSR_OID.commonName, fields.commonName),
    utf8(CSR_OID.organizationIdentifier, fields.vatNumber),
  ]);
  const directory = new Name([
    utf8(CSR_OID.surname, fields.serialNumber),
    utf8(CSR_OID.uid, fields.vatNumber),
    utf8(CSR_OID.title, fields.invoiceType),
    utf8(CSR_OID.registeredAddress, fields.location),
    utf8(CSR_OID.businessCategory, fields.industry),
  ]);
  const extensions = new Extensions([
    new Extension({
      extnID: CSR_OID.certificateTemplateName,
      critical: false,
      extnValue: new OctetString(AsnUtf8StringConverter.toASN(CSR_TEMPLATE[fields.environment]).toBER()),
    }),
    new Extension({
      extnID: CSR_OID.subjectAltName,
      critical: false,
      extnValue: new OctetString(
        AsnConvert.serialize(new GeneralNames([new GeneralName({ directoryName: directory })])),
      ),
    }),
  ]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject,
    subjectPKInfo: AsnConvert.parse(toArrayBuffer(spkiDer(publicKey)), SubjectPublicKeyInfo),
    attributes: new Attributes([
      new Attribute({ type: CSR_OID.extensionRequest, values: [AsnConvert.serialize(extensions)] }),
    ]),
  });
  const request = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: CSR_OID.ecdsaWithSha256 }),
    signature: toArrayBuffer(ecdsa(AsnConvert.serialize(info), privateKey)),
  });
  const text = pem('CERTIFICATE REQUEST', AsnConvert.serialize(request));
  return { pem: text, base64: Buffer.from(text, 'utf8').toString('base64') };
};

/** What a CSR says, read back (the simulator and the tests read it). */
export type ReadCsr = {
  subject: Record<string, string>;
  directory: Record<string, string>;
  template?: string;
  publicKey: KeyObject;
  /** the CSR's own signature verifies with its public key */
  signatureValid: boolean;
};

const NAMES: Record<string, string> = Object.fromEntries(Object.entries(CSR_OID).map(([k, v]) => [v, k]));

const nameFields = (name: Name): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const rdn of name) for (const atv of rdn) out[NAMES[atv.type] ?? atv.type] = atv.value.toString();
  return out;
};

const utf8Of = (der: ArrayBuffer): string | undefined => {
  const { result } = asn1js.fromBER(der);
  return result instanceof asn1js.Utf8String || result instanceof asn1js.PrintableString
    ? result.valueBlock.value
    : undefined;
};

/** Reads a CSR given as the API carries it (base64 of the PEM) or as PEM. */
export const readCsr = (csr: string): ReadCsr => {
  const text = csr.includes('-----BEGIN') ? csr : Buffer.from(csr, 'base64').toString('utf8');
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE REQUEST-----/g, '').replace(/\s+/g, '');
  if (!body) throw new Error('not a CSR');
  const request = AsnConvert.parse(Buffer.from(body, 'base64'), CertificationRequest);
  const info = request.certificationRequestInfo;
  const publicKey = createPublicKey({
    key: Buffer.from(AsnConvert.serialize(info.subjectPKInfo)),
    format: 'der',
    type: 'spki',
  });
  let template: string | undefined;
  let directory: Record<string, string> = {};
  for (const attribute of info.attributes ?? [])
    if (attribute.type === CSR_OID.extensionRequest)
      for (const value of attribute.values)
        for (const ext of AsnConvert.parse(value, Extensions)) {
          const inner = ext.extnValue.buffer;
          if (ext.extnID === CSR_OID.certificateTemplateName) template = utf8Of(inner);
          if (ext.extnID === CSR_OID.subjectAltName) {
            const dir = AsnConvert.parse(inner, GeneralNames).find((g) => g.directoryName)?.directoryName;
            if (dir) directory = nameFields(dir);
          }
        }
  let signatureValid = false;
  try {
    signatureValid = verify(
      'sha256',
      Buffer.from(AsnConvert.serialize(info)),
      publicKey,
      Buffer.from(request.signature),
    );
  } catch {
    signatureValid = false;
  }
  return { subject: nameFields(info.subject), directory, template, publicKey, signatureValid };
};

export { pem as pemOf, toArrayBuffer };
