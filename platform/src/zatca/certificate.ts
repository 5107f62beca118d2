import { createHash, createPrivateKey, createPublicKey, KeyObject, X509Certificate } from 'node:crypto';

/** What the signature and the QR need from the device's certificate (README facts 4, 6, 7). */
export interface CertificateInfo {
  /** the certificate's base64 text as embedded in ds:X509Certificate (no headers, no line breaks) */
  base64: string;
  /** RDNs reversed and joined by ", " (fact 6) */
  issuerName: string;
  /** decimal serial number (fact 6) */
  serialNumber: string;
  /** SubjectPublicKeyInfo DER (QR tag 8) */
  publicKeyDer: Buffer;
  /** the certificate's own signature bytes (QR tag 9) */
  signature: Buffer;
  /** base64 of the hex SHA-256 of the base64 text (fact 4) */
  digest: string;
  publicKey: KeyObject;
}

const cache = new Map<string, CertificateInfo>();

/** Parses a header-less base64 certificate (or a PEM); results are cached by text. */
export function certificateInfo(certificate: string): CertificateInfo {
  const base64 = certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  const hit = cache.get(base64);
  if (hit) return hit;
  const der = Buffer.from(base64, 'base64');
  const x509 = new X509Certificate(der);
  const info: CertificateInfo = {
    base64,
    issuerName: x509.issuer.split('\n').reverse().join(', '),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    publicKeyDer: x509.publicKey.export({ type: 'spki', format: 'der' }),
    signature: certificateSignature(der),
    digest: hexDigestBase64(base64),
    publicKey: x509.publicKey,
  };
  if (cache.size > 1000) cache.clear();
  cache.set(base64, info);
  return info;
}

/** base64 of the lowercase hex SHA-256 of a UTF-8 text (facts 4 and 5). */
export function hexDigestBase64(text: string): string {
  return Buffer.from(createHash('sha256').update(text, 'utf8').digest('hex'), 'utf8').toString('base64');
}

/** Wraps header-less base64 in PEM headers (the SDK's files are header-less). */
export function pemOf(base64: string, label: 'CERTIFICATE' | 'EC PRIVATE KEY' | 'PRIVATE KEY'): string {
  const body = base64.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${body.endsWith('\n') ? body : `${body}\n`}-----END ${label}-----\n`;
}

const keyCache = new Map<string, KeyObject>();

export function privateKeyOf(pem: string): KeyObject {
  let key = keyCache.get(pem);
  if (!key) {
    key = pem.includes('-----BEGIN') ? createPrivateKey(pem) : createPrivateKey(pemOf(pem, 'EC PRIVATE KEY'));
    if (keyCache.size > 100) keyCache.clear();
    keyCache.set(pem, key);
  }
  return key;
}

export function publicKeyOfDer(spki: Buffer): KeyObject {
  return createPublicKey({ key: spki, format: 'der', type: 'spki' });
}

/** Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING } */
function certificateSignature(der: Buffer): Buffer {
  const outer = readTlv(der, 0);
  let offset = outer.contentStart;
  const tbs = readTlv(der, offset);
  offset = tbs.end;
  const algorithm = readTlv(der, offset);
  offset = algorithm.end;
  const bits = readTlv(der, offset);
  if (bits.tag !== 0x03) throw new Error('certificate: signatureValue is not a BIT STRING');
  // first content byte is the number of unused bits (0)
  return der.subarray(bits.contentStart + 1, bits.end);
}

function readTlv(buf: Buffer, offset: number): { tag: number; contentStart: number; end: number } {
  const tag = buf[offset];
  let length = buf[offset + 1];
  let contentStart = offset + 2;
  if (length & 0x80) {
    const n = length & 0x7f;
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[offset + 2 + i];
    contentStart += n;
  }
  return { tag, contentStart, end: contentStart + length };
}
