import { buildAndSign, buildDocument, computeTotals } from './builder';
import { canonicalSlicesFast, invoiceHashDom, invoiceHashFast } from './hash';
import { formatMinor, parseMinor, percentOf, ZatcaInputError } from './money';
import { qrOf, signDocument, verifyDocument, verifyHashSignature } from './sign';
import { documentInput, lines } from './fixtures';
import { testCertificate, testPrivateKeyPem } from './test-data';
import { decodeQr } from './qr';

const keys = () => ({ privateKeyPem: testPrivateKeyPem(), certificateBase64: testCertificate() });

describe('money', () => {
  it('formats integer minor units with 2 decimals, never through floats', () => {
    expect([0, 5, 10, 100, 12345, -5, -12345, 900719925474099].map(formatMinor)).toEqual([
      '0.00',
      '0.05',
      '0.10',
      '1.00',
      '123.45',
      '-0.05',
      '-123.45',
      '9007199254740.99',
    ]);
    expect(() => formatMinor(1.5)).toThrow(ZatcaInputError);
    expect(parseMinor('3.6')).toBe(360);
    expect(parseMinor('00.00')).toBe(0);
    expect(parseMinor('1e3')).toBeNull();
  });

  it('rounds VAT half up in integers', () => {
    expect(percentOf(38190, 1500)).toBe(5729); // 5728.5
    expect(percentOf(1, 1500)).toBe(0); // 0.15
    expect(percentOf(10, 1500)).toBe(2); // 1.5
    expect(percentOf(3, 500)).toBe(0); // 0.15
    expect(percentOf(-10, 1500)).toBe(-2);
    expect(percentOf(Number.MAX_SAFE_INTEGER - 1, 1500)).toBe(1351079888211149); // no overflow
  });
});

describe('computeTotals', () => {
  it('sums per category at document level and keeps the monetary total consistent to the halala', () => {
    const t = computeTotals(documentInput('invoice', 'standard'));
    expect(t.lines.map((l) => l.netMinor)).toEqual([15000, 23690, 5000, 2000]);
    expect(t.subtotals.map((s) => [s.category, s.taxableMinor, s.vatMinor])).toEqual([
      ['S', 38190, 5729],
      ['Z', 5000, 0],
      ['E', 2000, 0],
    ]);
    expect(t).toMatchObject({
      lineExtensionMinor: 45690,
      allowanceMinor: 500,
      taxExclusiveMinor: 45190,
      vatMinor: 5729,
      taxInclusiveMinor: 50919,
      payableMinor: 50919,
    });
  });

  it('document-level VAT differs from the sum of rounded line VATs when it must (three lines of 0.10)', () => {
    const line = {
      name: 'x',
      quantity: 1,
      unitPriceMinor: 10,
      category: 'S' as const,
      rateBasisPoints: 1500,
    };
    const t = computeTotals(
      documentInput('invoice', 'simplified', { lines: [line, line, line], allowance: undefined }),
    );
    expect(t.lines.map((l) => l.vatMinor)).toEqual([2, 2, 2]); // 1.5 each, half up
    expect(t.vatMinor).toBe(5); // 4.5 on 30 halalas
  });

  it("signs a credit note's VAT as decided against its invoice: at most a minor unit above its own, never more", () => {
    const line = {
      name: 'x',
      quantity: 1,
      unitPriceMinor: 10,
      category: 'S' as const,
      rateBasisPoints: 1500,
    };
    const note = (vatMinor: number, subtotal: number) =>
      computeTotals(
        documentInput('credit-note', 'simplified', {
          lines: [{ ...line, vatMinor }],
          allowance: undefined,
          vatByRate: [{ rateBasisPoints: 1500, vatMinor: subtotal }],
        }),
      );
    // the second of three notes of 0.10 on an invoice of 0.30 (0.05 VAT): 0.01, not its own 0.02
    expect(note(1, 1)).toMatchObject({ vatMinor: 1, taxInclusiveMinor: 11, lines: [{ vatMinor: 1 }] });
    expect(note(3, 2).lines[0].vatMinor).toBe(3);
    expect(() => note(4, 2)).toThrow(/more than the line's own/);
    expect(() => note(2, 4)).toThrow(/more than the subtotal's own/);
    expect(() => note(-1, 0)).toThrow(/VAT -1/);
  });

  it('refuses inconsistent or missing data rather than changing an amount', () => {
    const bad =
      (
        o: Parameters<typeof documentInput>[2],
        kind: 'invoice' | 'credit-note' = 'invoice',
        t: 'simplified' | 'standard' = 'simplified',
      ) =>
      () =>
        buildDocument(documentInput(kind, t, o));
    expect(bad({ lines: [{ ...lines.haircut, netMinor: 14999 }] })).toThrow(/net amount/);
    expect(bad({ lines: [{ ...lines.haircut, unitPriceMinor: 150.5 }] })).toThrow(/minor units/);
    expect(bad({ lines: [{ ...lines.exempt, exemption: undefined }] })).toThrow(/exemption/);
    expect(bad({ lines: [{ ...lines.exempt, rateBasisPoints: 1500 }] })).toThrow(/rate 0/);
    expect(bad({ billingReference: undefined }, 'credit-note')).toThrow(/original invoice/);
    expect(bad({ buyer: undefined }, 'invoice', 'standard')).toThrow(/buyer/);
    expect(bad({ issueTime: '25:00:00' })).toThrow(/issueTime/);
    expect(
      bad({ allowance: { amountMinor: 100, reason: 'd', category: 'S', rateBasisPoints: 500 } }),
    ).toThrow(/allowance/);
  });
});

describe('buildDocument + signDocument', () => {
  const combos = (['simplified', 'standard'] as const).flatMap((t) =>
    (['invoice', 'credit-note', 'debit-note'] as const).map((k) => [t, k] as const),
  );

  it.each(combos)(
    '%s %s: fast hash = DOM hash before and after signing; the signed document verifies',
    (t, k) => {
      const xml = buildDocument(documentInput(k, t));
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns=')).toBe(true);
      expect(xml).not.toContain('\r');
      expect(xml).toContain(
        `name="${t === 'simplified' ? '0200000' : '0100000'}">${{ invoice: '388', 'credit-note': '381', 'debit-note': '383' }[k]}<`,
      );
      expect(xml.match(/<cac:TaxTotal>/g)).toHaveLength(2 + 4); // twice at document level + one per line
      expect(canonicalSlicesFast(xml)).not.toBeNull();
      const unsignedHash = invoiceHashDom(xml);
      expect(invoiceHashFast(xml)).toBe(unsignedHash);

      const signed = signDocument(xml, { ...keys(), signingTime: new Date('2026-01-02T03:04:05Z') });
      expect(signed.invoiceHash).toBe(unsignedHash);
      expect(invoiceHashDom(signed.xml)).toBe(unsignedHash);
      expect(invoiceHashFast(signed.xml)).toBe(unsignedHash);
      expect(signed.xml).toContain('<xades:SigningTime>2026-01-02T03:04:05</xades:SigningTime>');
      expect(verifyHashSignature(signed.invoiceHash, signed.signatureValue, testCertificate())).toBe(true);
      expect(verifyDocument(signed.xml)).toEqual([]);

      // README order: ICV, PIH, QR, then cac:Signature, then the seller
      const order = [
        '<cbc:ID>ICV</cbc:ID>',
        '<cbc:ID>PIH</cbc:ID>',
        '<cbc:ID>QR</cbc:ID>',
        '<cac:Signature>',
        '<cac:AccountingSupplierParty>',
      ].map((s) => signed.xml.indexOf(s));
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(signed.xml.indexOf('<ext:UBLExtensions>')).toBe(
        signed.xml.indexOf('>', signed.xml.indexOf('<Invoice')) + 1,
      );

      const qr = qrOf(signed.xml);
      expect(qr.base64).toBe(signed.qr);
      expect(qr.tags).toEqual(t === 'simplified' ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2, 3, 4, 5, 6, 7, 8]);
      expect(qr).toMatchObject({
        sellerName: 'صالون رونق للتجميل | Rawnaq Beauty Salon',
        vatNumber: '399999999900003',
        total: '509.19',
        vatTotal: '57.29',
        invoiceHash: unsignedHash,
        signatureValue: signed.signatureValue,
      });
      expect(decodeQr(signed.qr).timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      // tag 4 is the amount payable the document states (BT-115)
      expect(signed.xml).toContain(`<cbc:PayableAmount currencyID="SAR">${qr.total}</cbc:PayableAmount>`);
    },
  );

  it.each(combos)(
    '%s %s: buildAndSign (no DOM) writes what signDocument(buildDocument) writes, but for the random ECDSA signature',
    (t, k) => {
      const input = documentInput(k, t);
      const signingTime = new Date('2026-01-02T03:04:05Z');
      const fast = buildAndSign(input, { ...keys(), signingTime });
      const generic = signDocument(buildDocument(input), { ...keys(), signingTime });
      expect(fast.unsignedXml).toBe(buildDocument(input));
      expect(fast.invoiceHash).toBe(generic.invoiceHash);
      expect(fast.xml.split(fast.signatureValue).join('SIG').split(fast.qr).join('QR')).toBe(
        generic.xml.split(generic.signatureValue).join('SIG').split(generic.qr).join('QR'),
      );
      const strip = (q: ReturnType<typeof decodeQr>) => ({ ...q, signatureValue: undefined });
      expect(strip(decodeQr(fast.qr))).toEqual(strip(decodeQr(generic.qr)));
      expect(verifyDocument(fast.xml)).toEqual([]);
    },
  );

  it('escapes text as C14N does, and the fast path still equals the DOM path', () => {
    const xml = buildDocument(
      documentInput('invoice', 'simplified', {
        lines: [{ ...lines.haircut, name: 'Cut & "style" <deluxe> \t tab' }],
      }),
    );
    expect(xml).toContain('<cbc:Name>Cut &amp; "style" &lt;deluxe&gt; \t tab</cbc:Name>');
    expect(invoiceHashFast(xml)).toBe(invoiceHashDom(xml));
  });

  it('the fast path declines what it cannot prove canonical; the DOM path still hashes it', () => {
    const xml = buildDocument(documentInput('invoice', 'simplified'));
    const variants = [
      xml.replace('<cbc:ProfileID>', '<!-- c --><cbc:ProfileID>'),
      xml.replace('\n    <cbc:ProfileID>', '\r\n    <cbc:ProfileID>'),
      xml.replace(
        '<cbc:PaymentMeansCode>10</cbc:PaymentMeansCode>',
        '<cbc:PaymentMeansCode>&#49;0</cbc:PaymentMeansCode>',
      ),
      xml.replace('<cbc:ID schemeID="CRN">', "<cbc:ID schemeID='CRN'>"),
      xml.replace(
        '<cac:AccountingCustomerParty>\n    </cac:AccountingCustomerParty>',
        '<cac:AccountingCustomerParty/>',
      ),
      xml.replace(
        '<cbc:InvoicedQuantity unitCode="PCE">',
        '<cbc:InvoicedQuantity xmlns:x="urn:x" unitCode="PCE">',
      ),
      xml.replace('<cbc:IssueTime>', '<cbc:IssueTime >'),
    ];
    for (const v of variants) {
      expect(canonicalSlicesFast(v)).toBeNull();
      expect(() => invoiceHashDom(v)).not.toThrow();
    }
    // identical meaning, same hash through the DOM path (comment, CR, char reference, quotes)
    for (const v of variants.slice(0, 4)) expect(invoiceHashDom(v)).toBe(invoiceHashDom(xml));
  });

  it('verifyDocument names what was tampered with', () => {
    const signed = signDocument(buildDocument(documentInput('invoice', 'simplified')), keys()).xml;
    const codes = (x: string) => verifyDocument(x).map((p) => p.code);
    expect(
      codes(
        signed.replace(
          '<cbc:PayableAmount currencyID="SAR">509.19',
          '<cbc:PayableAmount currencyID="SAR">509.18',
        ),
      ),
      // the QR's tag 4 (the amount payable) and tag 6 (the hash) no longer match
    ).toEqual(['invalid-invoice-hash', 'invalid-signature', 'invalid-qr-code', 'invalid-qr-code']);
    expect(
      codes(signed.replace(/<xades:SigningTime>[^<]*/, '<xades:SigningTime>2020-01-01T00:00:00')),
    ).toEqual(['invalid-signed-properties-digest']);
    expect(codes(signed.replace(/(<ds:X509SerialNumber>)\d/, '$19'))).toEqual([
      'invalid-certificate-serial',
      'invalid-signed-properties-digest',
    ]);
    const qrStart = signed.indexOf('mimeCode="text/plain">', signed.indexOf('<cbc:ID>QR</cbc:ID>')) + 22;
    expect(codes(signed.slice(0, qrStart) + 'AQ' + signed.slice(qrStart + 2))).toContain('invalid-qr-code');
    expect(() => signDocument(signed, keys())).toThrow(/already signed/);
  });
});
