import {
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Certificate,
  Extension,
  Extensions,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  AttributeTypeAndValue,
  AttributeValue,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
  id_ce_keyUsage,
} from '@peculiar/asn1-x509';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { CSR_OID, generateDeviceKey, pemOf, spkiDer, toArrayBuffer } from './csr';

const DAY_MS = 86_400_000;

const utf8 = (type: string, text: string) =>
  new RelativeDistinguishedName([
    new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: text }) }),
  ]);

/** The simulator's issuing authority: named as what it is, never as the tax authority. */
const CA_NAME = new Name([
  utf8(CSR_OID.commonName, 'Rawnaq Fatoora Simulator CA'),
  utf8(CSR_OID.organization, 'Rawnaq (simulated e-invoicing authority)'),
]);

/**
 * The local Fatoora simulator's certificate authority: turns a device's CSR into a certificate (its
 * CSID) the way the authority does: the CSR's subject and SAN kept, the device's public key, a serial,
 * a validity, signed ECDSA-SHA256 on secp256k1 by the simulator's own key. Its key lives in the
 * simulator's folder, so what it issued stays verifiable across restarts.
 */
export class SimulatorCa {
  private readonly key: KeyObject;
  readonly certificate: X509Certificate;

  constructor(privateKeyPem?: string) {
    this.key = createPrivateKey(privateKeyPem ?? generateDeviceKey().privateKeyPem);
    this.certificate = new X509Certificate(this.issueDer(CA_NAME, this.publicSpki(), 3650, [], true));
  }

  /** The CA's private key, to keep beside the simulator's data. */
  exportKey(): string {
    return this.key.export({ format: 'pem', type: 'sec1' }).toString();
  }

  private publicSpki(): Buffer {
    return spkiDer(createPublicKey(this.key));
  }

  /**
   * A certificate for the CSR (DER in base64 — what ZATCA's `binarySecurityToken` carries, once more
   * base64-encoded) valid for `days`.
   */
  issue(csrBase64OrPem: string, days: number): { certificateBase64: string; serialDecimal: string } {
    const text = csrBase64OrPem.includes('-----BEGIN')
      ? csrBase64OrPem
      : Buffer.from(csrBase64OrPem, 'base64').toString('utf8');
    const body = text.replace(/-----(BEGIN|END) CERTIFICATE REQUEST-----/g, '').replace(/\s+/g, '');
    const request = AsnConvert.parse(Buffer.from(body, 'base64'), CertificationRequest);
    const info = request.certificationRequestInfo;
    // the subject without organizationIdentifier, as the authority's certificates have it
    const subject = new Name(
      info.subject.filter((rdn) => !rdn.some((atv) => atv.type === CSR_OID.organizationIdentifier)),
    );
    const requested: Extension[] = [];
    for (const attribute of info.attributes ?? [])
      if (attribute.type === CSR_OID.extensionRequest)
        for (const value of attribute.values)
          for (const ext of AsnConvert.parse(value, Extensions))
            if (ext.extnID === CSR_OID.subjectAltName || ext.extnID === CSR_OID.certificateTemplateName)
              requested.push(ext);
    const der = this.issueDer(
      subject,
      Buffer.from(AsnConvert.serialize(info.subjectPKInfo)),
      days,
      requested,
      false,
    );
    const cert = new X509Certificate(der);
    return {
      certificateBase64: der.toString('base64'),
      serialDecimal: BigInt(`0x${cert.serialNumber}`).toString(),
    };
  }

  /** True when `certificate` (DER base64) was issued by this CA and is within its validity at `at`. */
  issued(certificateBase64: string, at = new Date()): boolean {
    try {
      const cert = new X509Certificate(Buffer.from(certificateBase64, 'base64'));
      return (
        cert.verify(this.certificate.publicKey) &&
        Date.parse(cert.validFrom) <= at.getTime() &&
        at.getTime() <= Date.parse(cert.validTo)
      );
    } catch {
      return false;
    }
  }

  private issueDer(subject: Name, spki: Buffer, days: number, extra: Extension[], ca: boolean): Buffer {
    const serial = randomBytes(16);
    serial[0] &= 0x7f; // positive
    serial[0] |= 0x10; // no leading zero byte
    const now = Date.now();
    const keyUsage = new KeyUsage(
      ca ? KeyUsageFlags.keyCertSign | KeyUsageFlags.digitalSignature : KeyUsageFlags.digitalSignature,
    );
    const tbs = new TBSCertificate({
      version: Version.v3,
      serialNumber: toArrayBuffer(serial),
      signature: new AlgorithmIdentifier({ algorithm: CSR_OID.ecdsaWithSha256 }),
      issuer: CA_NAME,
      // valid from a year back: the demo salon's history (its past weeks of sales) is signed with it
      validity: new Validity({
        notBefore: new Date(now - 365 * DAY_MS),
        notAfter: new Date(now + days * DAY_MS),
      }),
      subject,
      subjectPublicKeyInfo: AsnConvert.parse(toArrayBuffer(spki), SubjectPublicKeyInfo),
      extensions: new Extensions([
        new Extension({
          extnID: id_ce_keyUsage,
          critical: true,
          extnValue: new OctetString(AsnConvert.serialize(keyUsage)),
        }),
        ...extra,
      ]),
    });
    const signature = sign('sha256', Buffer.from(AsnConvert.serialize(tbs)), this.key);
    const certificate = new Certificate({
      tbsCertificate: tbs,
      signatureAlgorithm: new AlgorithmIdentifier({ algorithm: CSR_OID.ecdsaWithSha256 }),
      signatureValue: toArrayBuffer(signature),
    });
    return Buffer.from(AsnConvert.serialize(certificate));
  }

  /** The CA's certificate as PEM (for a verifier that trusts it). */
  certificatePem(): string {
    return pemOf('CERTIFICATE', this.certificate.raw);
  }
}
