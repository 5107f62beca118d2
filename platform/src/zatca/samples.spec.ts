import { createHash } from 'node:crypto';
import { certificateInfo } from './certificate';
import { canonicalSlicesFast, invoiceHash, invoiceHashDom, invoiceHashFast, parseXml } from './hash';
import { decodeQrTlv, encodeQr } from './qr';
import {
  qrOf,
  qrSourceFields,
  signatureParts,
  signedPropertiesDigest,
  signHash,
  verifyDocument,
  verifyHashSignature,
} from './sign';
import { ZATCA_PIH_SEED } from './chain';
import { readShared, samples, testCertificate, testPrivateKeyPem } from './test-data';

const tamper = (b64: string) => {
  const raw = Buffer.from(b64, 'base64');
  raw[raw.length - 5] ^= 1;
  return raw.toString('base64');
};

/** The ground truth: the SDK's four signed samples reproduced byte for byte (README facts 1-8). */
describe('ZATCA SDK samples', () => {
  const all = samples();

  it('has the four samples and the seed', () => {
    expect(all.map((s) => s.name)).toEqual([
      'Simplified_Credit_Note.xml',
      'Simplified_Invoice.xml',
      'Standard_Debit_Note.xml',
      'Standard_Exempt_Tax_Invoice.xml',
    ]);
    expect(readShared('pih-seed.txt').trim()).toBe(ZATCA_PIH_SEED);
  });

  describe.each(all.map((s) => [s.name, s.xml] as const))('%s', (name, xml) => {
    const parts = signatureParts(xml);
    const simplified = name.startsWith('Simplified');

    it('invoice hash = invoiceSignedData DigestValue (DOM + inclusive C14N)', () => {
      expect(invoiceHashDom(xml)).toBe(parts.digestValue);
      expect(invoiceHash(xml)).toBe(parts.digestValue);
      // the fast path either declines (not in canonical lexical form) or gives the same hash
      if (canonicalSlicesFast(xml)) expect(invoiceHashFast(xml)).toBe(parts.digestValue);
    });

    it('certificate digest = base64(hex sha256(certificate base64 text)); issuer and serial', () => {
      const cert = certificateInfo(parts.certificate!);
      expect(cert.digest).toBe(parts.certDigestValue);
      const manual = Buffer.from(createHash('sha256').update(parts.certificate!).digest('hex')).toString(
        'base64',
      );
      expect(manual).toBe(parts.certDigestValue);
      expect(cert.issuerName).toBe(parts.issuerName);
      expect(cert.serialNumber).toBe(parts.serialNumber);
      expect(parts.certificate).toBe(testCertificate());
    });

    it('SignedProperties digest reproduced from the element as it sits', () => {
      expect(signedPropertiesDigest(parts.signedProperties!)).toBe(parts.signedPropertiesDigestValue);
    });

    it(`QR rebuilt byte for byte (${simplified ? 9 : 8} tags)`, () => {
      const cert = certificateInfo(parts.certificate!);
      const fields = qrSourceFields(parseXml(xml));
      expect(fields.simplified).toBe(simplified);
      const qr = encodeQr({
        ...fields,
        invoiceHash: parts.digestValue!,
        signatureValue: parts.signatureValue!,
        publicKey: cert.publicKeyDer,
        certificateSignature: simplified ? cert.signature : undefined,
      });
      expect(qr).toBe(parts.qr);
      expect([...decodeQrTlv(qr).keys()]).toEqual(
        simplified ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2, 3, 4, 5, 6, 7, 8],
      );
      expect(qrOf(xml).invoiceHash).toBe(parts.digestValue);
    });

    it('signature verifies with the test certificate; ours too', () => {
      const hash = invoiceHashDom(xml);
      expect(verifyHashSignature(hash, parts.signatureValue!, testCertificate())).toBe(true);
      expect(verifyHashSignature(hash, tamper(parts.signatureValue!), testCertificate())).toBe(false);
      const ours = signHash(hash, testPrivateKeyPem());
      expect(verifyHashSignature(hash, ours, testCertificate())).toBe(true);
      const other = createHash('sha256').update('tampered').digest('base64');
      expect(verifyHashSignature(other, ours, testCertificate())).toBe(false);
    });

    it('verifyDocument finds no problem, and finds a tampered amount', () => {
      expect(verifyDocument(xml)).toEqual([]);
      const tampered = xml.replace(
        /<cbc:PayableAmount currencyID="SAR">([^<]*)</,
        '<cbc:PayableAmount currencyID="SAR">1$1<',
      );
      expect(verifyDocument(tampered).map((p) => p.code)).toEqual(
        expect.arrayContaining(['invalid-invoice-hash', 'invalid-signature']),
      );
    });
  });
});
