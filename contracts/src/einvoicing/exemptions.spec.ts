import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VatType } from '../coded-values/enumerations';
import { debitNoteInput } from '../sales/debit-note';
import { productInput } from '../products/product-input';
import {
  GENERIC_VAT_EXEMPTION,
  lineVatExemption,
  storedVatExemption,
  VAT_EXEMPTIONS,
  vatExemptionRule,
  vatExemptionsForType,
} from './exemptions';

const RULES = readFileSync(
  path.resolve(
    __dirname,
    '../../../platform/zatca-data/schematron/20210819_ZATCA_E-invoice_Validation_Rules.xsl',
  ),
  'utf8',
);

/** The codes the Schematron's active BR-KSA-CL-04 test lets through for one category. */
const allowedBySchematron = (category: 'Z' | 'E' | 'O'): string[] => {
  const rule = RULES.slice(RULES.indexOf('<xsl:if test="not(exists(cbc:TaxExemptionReasonCode) and ((not('));
  const m = new RegExp(`normalize-space\\(cbc:ID\\) ='${category}' and contains\\(' ([^']+) '`).exec(rule);
  return m![1].split(/\s+/);
};

/** The texts BR-KSA-83 spelled (spaces removed), as ZATCA wrote them in the Schematron. */
const textInSchematron = (code: string, en: string) => RULES.includes(`'${code}${en.replace(/ /g, '')}'`);

describe('the ZATCA exemption reasons', () => {
  it.each(VAT_EXEMPTIONS.map((e) => [e.code, e] as const))(
    '%s: the Schematron allows it for its category, and its text is the official one',
    (code, e) => {
      expect(allowedBySchematron(e.category)).toContain(code);
      if (e.category !== 'O') expect(textInSchematron(code, e.en)).toBe(true);
      expect(e.ar).toMatch(/^[\u0600-\u06FF\s،.]+$/);
    },
  );

  it('lists every code of the published list per category', () => {
    const codes = (category: string) =>
      VAT_EXEMPTIONS.filter((e) => e.category === category).map((e) => e.code);
    expect(codes('E')).toEqual(['VATEX-SA-29', 'VATEX-SA-29-7', 'VATEX-SA-30']);
    expect(codes('Z')).toEqual([
      'VATEX-SA-32',
      'VATEX-SA-33',
      'VATEX-SA-34-1',
      'VATEX-SA-34-2',
      'VATEX-SA-34-3',
      'VATEX-SA-34-4',
      'VATEX-SA-34-5',
      'VATEX-SA-35',
      'VATEX-SA-36',
      'VATEX-SA-EDU',
      'VATEX-SA-HEA',
      'VATEX-SA-MLTRY',
    ]);
    expect(codes('O')).toEqual(['VATEX-SA-OOS']);
  });

  it('does not offer products the reasons that need the buyer national ID (BR-KSA-49)', () => {
    const offered = vatExemptionsForType(VatType.zero_rated).map((e) => e.code);
    expect(offered).not.toContain('VATEX-SA-EDU');
    expect(offered).not.toContain('VATEX-SA-HEA');
    expect(offered).toContain('VATEX-SA-35');
    expect(vatExemptionsForType(VatType.standard)).toEqual([]);
  });

  describe('given a line of a category', () => {
    it('when it has its own code of that category, then that code and its text are written', () =>
      expect(lineVatExemption('Z', 'VATEX-SA-32')).toMatchObject({
        code: 'VATEX-SA-32',
        en: 'Export of goods',
      }));
    it('when it has none (an old line) or one of another category, then the generic reason is kept', () => {
      expect(lineVatExemption('Z', undefined).code).toBe(GENERIC_VAT_EXEMPTION.Z);
      expect(lineVatExemption('E', undefined)).toMatchObject({
        code: 'VATEX-SA-29',
        en: 'Financial services mentioned in Article 29 of the VAT Regulations',
      });
      expect(lineVatExemption('O', 'VATEX-SA-35')).toMatchObject({
        code: 'VATEX-SA-OOS',
        en: 'Not subject to VAT',
      });
    });
  });
});

describe('the vat_exemption_code rule', () => {
  const rule = (vatType: number, code?: string) => vatExemptionRule(vatType)(code);

  it('given an exempt or zero-rated item, when no reason is given, then it is required', () => {
    expect(rule(VatType.exempt)).toEqual({ key: 'products.exemption_reason_required' });
    expect(rule(VatType.zero_rated, '')).toEqual({ key: 'products.exemption_reason_required' });
  });

  it('given an exempt item, when a zero-rated reason (or an unknown code) is given, then it is refused', () => {
    expect(rule(VatType.exempt, 'VATEX-SA-35')).toEqual({
      key: 'products.exemption_reason_not_for_vat_type',
    });
    expect(rule(VatType.zero_rated, 'VATEX-SA-99')).toEqual({
      key: 'products.exemption_reason_not_for_vat_type',
    });
    expect(rule(VatType.zero_rated, 'VATEX-SA-HEA')).toEqual({
      key: 'products.exemption_reason_not_for_vat_type',
    });
  });

  it('given a reason of the item category, then it is accepted', () => {
    expect(rule(VatType.exempt, 'VATEX-SA-29')).toBeUndefined();
    expect(rule(VatType.zero_rated, 'VATEX-SA-35')).toBeUndefined();
  });

  it('given out of scope, then VATEX-SA-OOS is the default; given standard, then the field is ignored', () => {
    expect(rule(VatType.no_tax)).toBeUndefined();
    expect(rule(VatType.no_tax, 'VATEX-SA-29')).toEqual({
      key: 'products.exemption_reason_not_for_vat_type',
    });
    expect(storedVatExemption(VatType.no_tax, undefined)).toBe('VATEX-SA-OOS');
    expect(rule(VatType.standard, 'anything')).toBeUndefined();
    expect(storedVatExemption(VatType.standard, 'VATEX-SA-35')).toBeUndefined();
    expect(storedVatExemption(VatType.zero_rated, 'VATEX-SA-35')).toBe('VATEX-SA-35');
  });
});

describe('a product and a debit-note line with a reason', () => {
  const product = { name_en: 'Bandage', name_ar: 'ضمادة', price: '10' };
  const errorsOf = (r: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('given a Saudi salon, when a zero-rated product has no reason, then vat_exemption_code is refused', () => {
    const r = productInput({ countryId: 1 }).safeParse({ ...product, vat_type: 4 });
    expect(errorsOf(r)).toEqual({ vat_exemption_code: 'products.exemption_reason_required' });
    expect(
      productInput({ countryId: 1 }).safeParse({
        ...product,
        vat_type: 4,
        vat_exemption_code: 'VATEX-SA-35',
      }),
    ).toMatchObject({ success: true, data: { vat_exemption_code: 'VATEX-SA-35' } });
  });

  it('given a salon elsewhere, when a zero-rated product has no reason, then it is accepted', () =>
    expect(productInput({ countryId: 2 }).safeParse({ ...product, vat_type: 4 }).success).toBe(true));

  it('given a Saudi salon, when a debit-note line is exempt with a zero-rated reason, then that line is refused', () => {
    const r = debitNoteInput({ countryId: 1 }).safeParse({
      reason: 'extra',
      lines: [
        { description: 'a', amount: '5', vat_type: 3, vat_exemption_code: 'VATEX-SA-29' },
        { description: 'b', amount: '5', vat_type: 3, vat_exemption_code: 'VATEX-SA-35' },
      ],
    });
    expect(errorsOf(r)).toEqual({
      'lines.1.vat_exemption_code': 'products.exemption_reason_not_for_vat_type',
    });
  });
});
