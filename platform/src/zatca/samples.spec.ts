import { createHash } from 'node:crypto';
import { certificateInfo } from './certificate';
import { canonicalSlicesFast, invoiceHash, invoiceHashDom, invoiceHashFast, parseXml } from './hash';
import { decodeQr, decodeQrTlv, encodeQr } from './qr';
import {
  qrOf,
  qrSourceFields,
  signatureParts,
  signedPropertiesDigest,
  signDocument,
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

/**
 * QR tag 4 is the amount payable (PayableAmount, BT-115), as the SDK writes it; it differs from the
 * total with VAT when something was paid in advance (BT-113) or the payable amount is rounded
 * (BT-114). The SDK's own sample, with an advance payment and with a rounding, signed again with its
 * test key: the QR says the amount payable, and the verifier (so the Fatoora simulator) holds to it.
 */
describe('QR tag 4: the amount payable (BT-115)', () => {
  const sample = samples().find((s) => s.name === 'Simplified_Invoice.xml')!.xml;
  /** the sample as it was before it was signed: no UBLExtensions, QR reference or cac:Signature */
  const unsigned = sample
    .replace(/<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>/, '')
    .replace(
      /<cac:AdditionalDocumentReference>\s*<cbc:ID>QR<\/cbc:ID>[\s\S]*?<\/cac:AdditionalDocumentReference>\s*/,
      '',
    )
    .replace(/<cac:Signature>[\s\S]*?<\/cac:Signature>\s*/, '');
  const totals = (prepaid: string, rounding: string | undefined, payable: string) =>
    unsigned.replace(
      /<cbc:PrepaidAmount currencyID="SAR">0\.00<\/cbc:PrepaidAmount>\s*<cbc:PayableAmount currencyID="SAR">231\.15<\/cbc:PayableAmount>/,
      `<cbc:PrepaidAmount currencyID="SAR">${prepaid}</cbc:PrepaidAmount>` +
        (rounding
          ? `\n        <cbc:PayableRoundingAmount currencyID="SAR">${rounding}</cbc:PayableRoundingAmount>`
          : '') +
        `\n        <cbc:PayableAmount currencyID="SAR">${payable}</cbc:PayableAmount>`,
    );
  const sign = (xml: string) =>
    signDocument(xml, {
      privateKeyPem: testPrivateKeyPem(),
      certificateBase64: testCertificate(),
      signingTime: new Date('2022-08-17T14:41:08Z'),
    });

  it('reads the unsigned sample back to the SDK’s own hash (the derived documents start from it)', () => {
    expect(unsigned).not.toContain('UBLExtensions');
    expect(invoiceHashDom(unsigned)).toBe(signatureParts(sample).digestValue);
  });

  describe.each([
    ['an advance payment of 100.00', totals('100.00', undefined, '131.15'), '131.15'],
    ['a rounding of -0.15', totals('0.00', '-0.15', '231.00'), '231.00'],
    ['an advance payment and a rounding', totals('31.00', '-0.15', '200.00'), '200.00'],
  ])('the sample with %s', (_name, xml, payable) => {
    it('is signed with the amount payable in tag 4, not the total with VAT, and verifies', () => {
      expect(xml).toContain(`<cbc:PayableAmount currencyID="SAR">${payable}</cbc:PayableAmount>`);
      const signed = sign(xml);
      expect(decodeQr(signed.qr)).toMatchObject({ total: payable, vatTotal: '30.15' });
      expect(verifyDocument(signed.xml)).toEqual([]);
    });

    it('is refused when its QR says the total with VAT in tag 4', () => {
      const signed = sign(xml);
      const q = decodeQr(signed.qr);
      const cert = certificateInfo(testCertificate());
      const wrong = encodeQr({
        sellerName: q.sellerName!,
        vatNumber: q.vatNumber!,
        timestamp: q.timestamp!,
        total: '231.15',
        vatTotal: q.vatTotal!,
        invoiceHash: q.invoiceHash!,
        signatureValue: q.signatureValue!,
        publicKey: cert.publicKeyDer,
        certificateSignature: cert.signature,
      });
      const problems = verifyDocument(signed.xml.replace(signed.qr, wrong));
      expect(problems.map((p) => p.code)).toEqual(['invalid-qr-code']);
      expect(problems[0].message).toContain('4 amount payable (BT-115)');
    });
  });
});
