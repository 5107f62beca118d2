import type { EInvoiceKind, EInvoiceView } from './read';

/** One label in both languages: the PDF prints English on the left and Arabic on the right. */
export type Bilingual = { en: string; ar: string };

const TITLES: Record<EInvoiceKind, { standard: Bilingual; simplified: Bilingual }> = {
  invoice: {
    standard: { en: 'Tax Invoice', ar: 'فاتورة ضريبية' },
    simplified: { en: 'Simplified Tax Invoice', ar: 'فاتورة ضريبية مبسطة' },
  },
  'credit-note': {
    standard: { en: 'Credit Note', ar: 'إشعار دائن' },
    simplified: { en: 'Simplified Credit Note', ar: 'إشعار دائن مبسط' },
  },
  'debit-note': {
    standard: { en: 'Debit Note', ar: 'إشعار مدين' },
    simplified: { en: 'Simplified Debit Note', ar: 'إشعار مدين مبسط' },
  },
};

/** The document's title: tax invoice, simplified tax invoice, credit or debit note. */
export const titleOf = (kind: EInvoiceKind, simplified: boolean): Bilingual =>
  TITLES[kind][simplified ? 'simplified' : 'standard'];

/** The document's title as the PDF's metadata carry it. */
export const pdfTitle = (view: EInvoiceView) => {
  const t = titleOf(view.kind, view.simplified);
  return `${t.en} ${view.number} | ${t.ar}`;
};

export const LABELS = {
  number: { en: 'Invoice number', ar: 'رقم الفاتورة' },
  noteNumber: { en: 'Note number', ar: 'رقم الإشعار' },
  issueDate: { en: 'Issue date', ar: 'تاريخ الإصدار' },
  issueTime: { en: 'Issue time', ar: 'وقت الإصدار' },
  supplyDate: { en: 'Date of supply', ar: 'تاريخ التوريد' },
  icv: { en: 'Invoice counter', ar: 'عداد الفاتورة' },
  uuid: { en: 'UUID', ar: 'المعرف الفريد' },
  billingReference: { en: 'Original invoice', ar: 'رقم الفاتورة الأصلية' },
  reason: { en: 'Reason', ar: 'سبب الإصدار' },
  note: { en: 'Note', ar: 'ملاحظة' },
  seller: { en: 'Seller', ar: 'البائع' },
  buyer: { en: 'Buyer', ar: 'المشتري' },
  name: { en: 'Name', ar: 'الاسم' },
  vatNumber: { en: 'VAT number', ar: 'الرقم الضريبي' },
  address: { en: 'Address', ar: 'العنوان' },
  buildingNumber: { en: 'Building number', ar: 'رقم المبنى' },
  postalCode: { en: 'Postal code', ar: 'الرمز البريدي' },
  lineNo: { en: '#', ar: '' },
  item: { en: 'Description', ar: 'الوصف' },
  quantity: { en: 'Quantity', ar: 'الكمية' },
  unitPrice: { en: 'Unit price', ar: 'سعر الوحدة' },
  taxable: { en: 'Taxable amount', ar: 'المبلغ الخاضع للضريبة' },
  vatRate: { en: 'VAT rate', ar: 'نسبة الضريبة' },
  vatAmount: { en: 'VAT amount', ar: 'مبلغ الضريبة' },
  lineTotal: { en: 'Total incl. VAT', ar: 'المجموع شامل الضريبة' },
  category: { en: 'VAT category', ar: 'فئة الضريبة' },
  vatBreakdown: { en: 'VAT breakdown', ar: 'تفاصيل ضريبة القيمة المضافة' },
  exemption: { en: 'Exemption reason', ar: 'سبب الإعفاء' },
  lineExtension: { en: 'Total of the lines', ar: 'مجموع البنود' },
  allowance: { en: 'Discount', ar: 'الخصم' },
  taxExclusive: { en: 'Total excluding VAT', ar: 'الإجمالي غير شامل ضريبة القيمة المضافة' },
  vatTotal: { en: 'Total VAT', ar: 'مجموع ضريبة القيمة المضافة' },
  taxInclusive: { en: 'Total including VAT', ar: 'الإجمالي شامل ضريبة القيمة المضافة' },
  prepaid: { en: 'Paid in advance', ar: 'المبلغ المدفوع مقدماً' },
  payable: { en: 'Amount due', ar: 'المبلغ المستحق' },
  amountsIn: { en: 'Amounts in', ar: 'المبالغ بعملة' },
  page: { en: 'Page', ar: 'صفحة' },
  attached: {
    en: 'The signed e-invoice (XML) is attached to this PDF',
    ar: 'الفاتورة الإلكترونية الموقعة مرفقة بهذا الملف',
  },
} satisfies Record<string, Bilingual>;

/** The scheme of a party's other identification, as ZATCA names them. */
export const ID_SCHEMES: Record<string, Bilingual> = {
  CRN: { en: 'Commercial registration', ar: 'السجل التجاري' },
  MOM: { en: 'MOMRAH licence', ar: 'ترخيص وزارة الشؤون البلدية' },
  MLS: { en: 'MHRSD licence', ar: 'ترخيص وزارة الموارد البشرية' },
  '700': { en: '700 number', ar: 'الرقم الموحد 700' },
  SAG: { en: 'MISA licence', ar: 'ترخيص وزارة الاستثمار' },
  NAT: { en: 'National ID', ar: 'الهوية الوطنية' },
  GCC: { en: 'GCC ID', ar: 'هوية مواطني دول الخليج' },
  IQA: { en: 'Iqama', ar: 'رقم الإقامة' },
  PAS: { en: 'Passport', ar: 'جواز السفر' },
  OTH: { en: 'Other ID', ar: 'رقم تعريف آخر' },
};

/** VAT categories (UN/ECE 5305 as ZATCA uses them). */
export const CATEGORIES: Record<string, Bilingual> = {
  S: { en: 'Standard rate', ar: 'النسبة الأساسية' },
  Z: { en: 'Zero rated', ar: 'نسبة صفرية' },
  E: { en: 'Exempt', ar: 'معفى' },
  O: { en: 'Out of scope', ar: 'خارج نطاق الضريبة' },
};
