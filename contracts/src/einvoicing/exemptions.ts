import { VatType } from '../coded-values/enumerations';
import type { ValidationIssue, Validator } from '../validators/core';
import type { VatCategory } from '../sales/pricing';

/**
 * Why a supply carries no VAT, as ZATCA asks it on each non-standard line and VAT breakdown (BT-121
 * code, BT-120 text). The codes allowed per category are those of the SDK's Schematron
 * (`20210819_ZATCA_E-invoice_Validation_Rules.xsl`, rules BR-KSA-CL-04 and BR-KSA-CL-07); the English
 * texts are the ones its BR-KSA-83 check spells (paragraph 11.2.4 of the XML implementation standard);
 * the Arabic ones are the standard's Arabic column.
 *
 * Left out although that Schematron accepts them for Z: VATEX-SA-DIPLOMAT, VATEX-SA-DUTYFREE,
 * VATEX-SA-ROYALDECREE and VATEX-SA-32(bis). The published code list (11.2.4) has no text for them and
 * the line-level rule (BR-KSA-CL-07) does not accept the last two; a salon has no such supply.
 */
export type VatExemption = {
  code: string;
  category: Exclude<VatCategory, 'S'>;
  /** the official text, written in the signed document */
  en: string;
  ar: string;
  /**
   * false: valid, but not offered for a product sold at the till. VATEX-SA-EDU and VATEX-SA-HEA
   * (private education / healthcare to a citizen) need the buyer's name and national ID on the
   * document (BR-KSA-25, BR-KSA-49), which a simplified (walk-in) sale does not carry: choosing one
   * would make every such sale fail validation.
   */
  forProducts: boolean;
};

export const VAT_EXEMPTIONS: readonly VatExemption[] = [
  // E: exempt
  {
    code: 'VATEX-SA-29',
    category: 'E',
    en: 'Financial services mentioned in Article 29 of the VAT Regulations',
    ar: 'الخدمات المالية',
    forProducts: true,
  },
  {
    code: 'VATEX-SA-29-7',
    category: 'E',
    en: 'Life insurance services mentioned in Article 29 of the VAT Regulations',
    ar: 'عقد تأمين على الحياة',
    forProducts: true,
  },
  {
    code: 'VATEX-SA-30',
    category: 'E',
    en: 'Real estate transactions mentioned in Article 30 of the VAT Regulations',
    ar: 'التوريدات العقارية المعفاة من الضريبة',
    forProducts: true,
  },
  // Z: zero-rated
  {
    code: 'VATEX-SA-32',
    category: 'Z',
    en: 'Export of goods',
    ar: 'صادرات السلع من المملكة',
    forProducts: true,
  },
  {
    code: 'VATEX-SA-33',
    category: 'Z',
    en: 'Export of services',
    ar: 'صادرات الخدمات من المملكة',
    forProducts: true,
  },
  {
    code: 'VATEX-SA-34-1',
    category: 'Z',
    en: 'The international transport of Goods',
    ar: 'النقل الدولي للسلع',
    forProducts: true,
  },
  {
    code: 'VATEX-SA-34-2',
    category: 'Z',
    en: 'international transport of passengers',
    ar: 'النقل الدولي للركاب',
    forProducts: true,
  },
  {
    code: 'VATEX-SA-34-3',
    category: 'Z',
    en: 'services directly connected and incidental to a Supply of international passenger transport',
    ar: 'الخدمات المرتبطة مباشرة أو عرضيًا بتوريد النقل الدولي للركاب',
    forProducts: true,
  },
  {
    code: 'VATEX-SA-34-4',
    category: 'Z',
    en: 'Supply of a qualifying means of transport',
    ar: 'توريد وسائل النقل المؤهلة',
    forProducts: true,
  },
  {
    code: 'VATEX-SA-34-5',
    category: 'Z',
    en: 'Any services relating to Goods or passenger transportation, as defined in article twenty five of these Regulations',
    ar: 'الخدمات ذات الصلة بنقل السلع أو الركاب، وفقًا للتعريف الوارد بالمادة الخامسة والعشرين من اللائحة التنفيذية لنظام ضريبة القيمة المضافة',
    forProducts: true,
  },
  {
    code: 'VATEX-SA-35',
    category: 'Z',
    en: 'Medicines and medical equipment',
    ar: 'الأدوية والمعدات الطبية',
    forProducts: true,
  },
  { code: 'VATEX-SA-36', category: 'Z', en: 'Qualifying metals', ar: 'المعادن المؤهلة', forProducts: true },
  {
    code: 'VATEX-SA-EDU',
    category: 'Z',
    en: 'Private education to citizen',
    ar: 'الخدمات التعليمية الخاصة للمواطنين',
    forProducts: false,
  },
  {
    code: 'VATEX-SA-HEA',
    category: 'Z',
    en: 'Private healthcare to citizen',
    ar: 'الخدمات الصحية الخاصة للمواطنين',
    forProducts: false,
  },
  {
    code: 'VATEX-SA-MLTRY',
    category: 'Z',
    en: 'supply of qualified military goods',
    ar: 'توريد السلع العسكرية المؤهلة',
    forProducts: true,
  },
  // O: out of scope; the only code, its text free (BR-KSA-83 accepts any)
  {
    code: 'VATEX-SA-OOS',
    category: 'O',
    en: 'Not subject to VAT',
    ar: 'غير خاضع للضريبة',
    forProducts: true,
  },
];

const BY_CODE = new Map(VAT_EXEMPTIONS.map((e) => [e.code, e]));

/** The exemption of a code, or undefined for a code not in the list. */
export const vatExemption = (code: string | undefined): VatExemption | undefined =>
  code === undefined ? undefined : BY_CODE.get(code);

/**
 * The reasons used before a product could say its own (and still used for a line without one, so a
 * document already signed would be signed the same way again): Z medicines, E financial services.
 */
export const GENERIC_VAT_EXEMPTION: Record<Exclude<VatCategory, 'S'>, string> = {
  Z: 'VATEX-SA-35',
  E: 'VATEX-SA-29',
  O: 'VATEX-SA-OOS',
};

/** The exemption written for a line: its own code when it fits the line's category, else the generic one. */
export const lineVatExemption = (
  category: Exclude<VatCategory, 'S'>,
  code: string | undefined,
): VatExemption => {
  const own = vatExemption(code);
  return own && own.category === category ? own : BY_CODE.get(GENERIC_VAT_EXEMPTION[category])!;
};

/** The category a product's VAT type gives when the salon charges VAT (see pricing). */
export const vatCategoryOfType = (vatType: number): VatCategory =>
  vatType === VatType.zero_rated
    ? 'Z'
    : vatType === VatType.exempt
      ? 'E'
      : vatType === VatType.no_tax
        ? 'O'
        : 'S';

/** The reasons a product (or a debit-note line) of this VAT type may give. */
export const vatExemptionsForType = (vatType: number): VatExemption[] => {
  const category = vatCategoryOfType(vatType);
  return VAT_EXEMPTIONS.filter((e) => e.forProducts && e.category === category);
};

/**
 * The `vat_exemption_code` rule of a Saudi salon's product or debit-note line, given its VAT type:
 * required when exempt or zero-rated (there is no honest default), one of that category's codes; out of
 * scope takes VATEX-SA-OOS when empty; standard-rated ignores it.
 */
export const vatExemptionRule =
  (vatType: number): Validator =>
  (value): ValidationIssue | undefined => {
    const category = vatCategoryOfType(vatType);
    if (category === 'S') return undefined;
    if (value === undefined || value === null || value === '')
      return category === 'O' ? undefined : { key: 'products.exemption_reason_required' };
    const allowed = vatExemptionsForType(vatType);
    return allowed.some((e) => e.code === value)
      ? undefined
      : { key: 'products.exemption_reason_not_for_vat_type' };
  };

/** What is stored for a Saudi salon's item: the code (OOS by default when out of scope), nothing when standard. */
export const storedVatExemption = (vatType: number, code: string | undefined): string | undefined => {
  const category = vatCategoryOfType(vatType);
  if (category === 'S') return undefined;
  if (category === 'O') return 'VATEX-SA-OOS';
  return code;
};
