import { randomUUID } from 'node:crypto';
import type { InvoiceLine } from '@rawnaq/contracts';
import { zatca } from '@rawnaq/platform';
import { jsonWithText, noteLine, zatcaLine } from './signing';

jest.setTimeout(120_000);

const signing = () => ({
  privateKeyPem: zatca.testPrivateKeyPem(),
  certificateBase64: zatca.testCertificate(),
});
const seller = zatca.demoSeller;

const line = (over: Partial<InvoiceLine>): InvoiceLine => ({
  line_id: randomUUID(),
  kind: 'product',
  item_id: randomUUID(),
  employee_id: null,
  name_en: 'Item',
  name_ar: 'صنف',
  quantity: 1,
  unit_price: 1000,
  discount: 0,
  net: 1000,
  vat_category: 'S',
  vat_rate_bp: 1500,
  vat: 150,
  total: 1150,
  ...over,
});

const haircut = line({
  kind: 'service',
  name_en: 'Haircut',
  name_ar: 'قص شعر',
  unit_price: 10000,
  net: 10000,
});
const bandage = line({
  name_en: 'Bandage',
  name_ar: 'ضمادة',
  vat_category: 'Z',
  vat_rate_bp: 0,
  vat: 0,
  total: 1000,
  vat_exemption_code: 'VATEX-SA-35',
});
const insurance = line({
  name_en: 'Life cover',
  name_ar: 'تأمين',
  unit_price: 2500,
  net: 2500,
  vat_category: 'E',
  vat_rate_bp: 0,
  vat: 0,
  total: 2500,
  vat_exemption_code: 'VATEX-SA-29-7',
});

const simplifiedInvoice = (lines: InvoiceLine[]) => {
  const at = new Date(Date.now() - 60_000).toISOString();
  return zatca.buildAndSign(
    {
      kind: 'invoice',
      transaction: 'simplified',
      uuid: randomUUID(),
      number: 'INV-1',
      issueDate: at.slice(0, 10),
      issueTime: at.slice(11, 19),
      icv: 1,
      pih: zatca.ZATCA_PIH_SEED,
      seller,
      lines: lines.map(zatcaLine),
      paymentMeansCode: '10',
    },
    signing(),
  ).xml;
};

const reasons = (xml: string) =>
  [
    ...xml.matchAll(
      /<cbc:TaxExemptionReasonCode>([^<]+)<\/cbc:TaxExemptionReasonCode>\s*<cbc:TaxExemptionReason>([^<]+)</g,
    ),
  ].map((m) => [m[1], m[2]]);

describe('signing a line that is not standard-rated', () => {
  it('given a zero-rated and an exempt product line each with its reason, when signed, then each reason is written and the document validates', async () => {
    const xml = simplifiedInvoice([haircut, bandage, insurance]);
    expect(reasons(xml)).toEqual([
      ['VATEX-SA-35', 'Medicines and medical equipment'],
      ['VATEX-SA-29-7', 'Life insurance services mentioned in Article 29 of the VAT Regulations'],
    ]);
    const result = await zatca.validateDocument(xml);
    expect(result.errors.map((e) => `${e.id}: ${e.text}`)).toEqual([]);
    expect(result.warnings.map((w) => w.id)).toEqual([]);
  });

  it('given a line issued before products had a reason, when signed, then it keeps the generic reason', () => {
    const { vat_exemption_code: _c, ...old } = bandage;
    expect(zatcaLine(old).exemption).toEqual({
      code: 'VATEX-SA-35',
      text: 'Medicines and medical equipment',
    });
    const { vat_exemption_code: _e, ...oldExempt } = insurance;
    expect(zatcaLine(oldExempt).exemption).toEqual({
      code: 'VATEX-SA-29',
      text: 'Financial services mentioned in Article 29 of the VAT Regulations',
    });
  });

  it('given a zero-rated line with an export reason, when signed, then that reason is written (not the generic one)', () =>
    expect(zatcaLine({ ...bandage, vat_exemption_code: 'VATEX-SA-32' }).exemption).toEqual({
      code: 'VATEX-SA-32',
      text: 'Export of goods',
    }));

  it('given a credited line, when the note line is built, then it keeps the invoice line reason and its amounts', () => {
    const note = noteLine({ ...insurance, quantity: 1, net: 2500 });
    expect(note).toMatchObject({ vat_exemption_code: 'VATEX-SA-29-7', net: 2500, vat_category: 'E' });
    expect(zatcaLine(note).exemption?.code).toBe('VATEX-SA-29-7');
  });
});

describe('jsonWithText', () => {
  it("is JSON.stringify's text exactly, with the field's literal made elsewhere", () => {
    const xml = '<?xml version="1.0"?>\n<Invoice>صالون "\\" \u0001 \ud83d\ude00 \ud800</Invoice>';
    const data = { device_id: 'd', icv: 7, standard: false, xml, qr: 'AQ==', nested: { xml: '' } };
    expect(jsonWithText(data, 'xml', JSON.stringify(xml))).toBe(JSON.stringify(data));
    expect(JSON.parse(jsonWithText(data, 'xml', JSON.stringify(xml)))).toEqual(data);
  });
});
