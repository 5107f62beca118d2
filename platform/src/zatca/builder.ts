import { escapeAttr, escapeText } from './xml-text';
import { assertMinor, formatMinor, percentOf, ZatcaInputError } from './money';
import { invoiceHashFast, ROOT_OPEN, XML_DECLARATION } from './hash';
import { signWithFields, type SignedDocument, type SignOptions } from './sign';

/** 388 invoice, 381 credit note, 383 debit note */
export type ZatcaDocumentKind = 'invoice' | 'credit-note' | 'debit-note';
/** standard (B2B, 0100000, cleared) or simplified (B2C, 0200000, reported) */
export type ZatcaTransaction = 'standard' | 'simplified';
/** S standard rate, Z zero rated, E exempt, O out of scope */
export type ZatcaVatCategory = 'S' | 'Z' | 'E' | 'O';

export const TYPE_CODES: Record<ZatcaDocumentKind, string> = {
  invoice: '388',
  'credit-note': '381',
  'debit-note': '383',
};
export const TRANSACTION_CODES: Record<ZatcaTransaction, string> = {
  standard: '0100000',
  simplified: '0200000',
};

export interface ZatcaAddress {
  street: string;
  /** 4 digits */
  buildingNumber: string;
  /** district (CitySubdivisionName) */
  district: string;
  city: string;
  /** 5 digits in Saudi Arabia */
  postalCode: string;
  /** ISO 3166-1 alpha-2, "SA" for the seller */
  country: string;
  /** the national address' additional number (PlotIdentification), optional */
  additionalNumber?: string;
}

export interface ZatcaSeller {
  /** registration name, as on the certificate's organisation */
  name: string;
  /** 15 digits, starts and ends with 3 */
  vatNumber: string;
  /** commercial registration number (PartyIdentification schemeID CRN) */
  crNumber: string;
  address: ZatcaAddress;
}

/** Buyer identification other than the VAT number (BR-KSA-14 scheme ids). */
export type ZatcaBuyerIdScheme =
  'TIN' | 'CRN' | 'MOM' | 'MLS' | '700' | 'SAG' | 'NAT' | 'GCC' | 'IQA' | 'PAS' | 'OTH';

export interface ZatcaBuyer {
  name?: string;
  vatNumber?: string;
  otherId?: { scheme: ZatcaBuyerIdScheme; value: string };
  address?: ZatcaAddress;
}

export interface ZatcaExemption {
  /** e.g. VATEX-SA-29, VATEX-SA-32, VATEX-SA-OOS */
  code: string;
  text: string;
}

export interface ZatcaLineInput {
  name: string;
  /** integer quantity (services and products sold by the piece) */
  quantity: number;
  /** gross unit price in minor units */
  unitPriceMinor: number;
  /** line discount in minor units (InvoiceLine/AllowanceCharge), default 0 */
  discountMinor?: number;
  /** if given, must equal quantity * unit price - discount (nothing is silently changed) */
  netMinor?: number;
  category: ZatcaVatCategory;
  /** 1500 = 15 %; 0 for Z, E and O */
  rateBasisPoints: number;
  /** required for Z, E and O */
  exemption?: ZatcaExemption;
  /** UN/ECE rec 20 unit, default PCE as the SDK samples */
  unitCode?: string;
  /**
   * the line's VAT as a credit note decided it against what its invoice had left (the last note takes
   * what remains): never above the line's own VAT by more than a minor unit; absent: its own VAT
   */
  vatMinor?: number;
}

export interface ZatcaAllowanceInput {
  amountMinor: number;
  reason: string;
  category: ZatcaVatCategory;
  rateBasisPoints: number;
}

export interface ZatcaDocumentInput {
  kind: ZatcaDocumentKind;
  transaction: ZatcaTransaction;
  uuid: string;
  /** cbc:ID, the invoice number */
  number: string;
  /** YYYY-MM-DD in the salon's local time */
  issueDate: string;
  /** HH:mm:ss in the salon's local time */
  issueTime: string;
  /** invoice counter value: gap-free per device, from 1 */
  icv: number;
  /** previous invoice hash (base64); the first document uses ZATCA_PIH_SEED */
  pih: string;
  seller: ZatcaSeller;
  buyer?: ZatcaBuyer;
  currency?: 'SAR';
  lines: ZatcaLineInput[];
  allowance?: ZatcaAllowanceInput;
  /** credit and debit notes: the original invoice number(s) */
  billingReference?: string;
  /** credit and debit notes: the reason (PaymentMeans/InstructionNote) */
  reason?: string;
  /** UNTDID 4461: 10 cash, 30 credit transfer, 42 bank account, 48 card, 1 not defined */
  paymentMeansCode: string;
  /** supply date (Delivery/ActualDeliveryDate); defaults to issueDate for standard documents */
  supplyDate?: string;
  notes?: { language: 'ar' | 'en'; text: string }[];
  /**
   * a credit note's VAT per standard rate as decided against what its invoice had left: never above
   * the subtotal's own VAT by more than the authority's tolerance (a minor unit per line, BR-S-09)
   */
  vatByRate?: { rateBasisPoints: number; vatMinor: number }[];
}

export interface ZatcaTotals {
  lineExtensionMinor: number;
  allowanceMinor: number;
  taxExclusiveMinor: number;
  vatMinor: number;
  taxInclusiveMinor: number;
  payableMinor: number;
  subtotals: {
    category: ZatcaVatCategory;
    rateBasisPoints: number;
    exemption?: ZatcaExemption;
    taxableMinor: number;
    vatMinor: number;
  }[];
  lines: { netMinor: number; vatMinor: number }[];
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ZatcaInputError(message);
}

function checkCategory(
  category: ZatcaVatCategory,
  rate: number,
  exemption: ZatcaExemption | undefined,
  where: string,
  needsExemption: boolean,
) {
  check(['S', 'Z', 'E', 'O'].includes(category), `${where}: VAT category must be S, Z, E or O`);
  check(Number.isInteger(rate) && rate >= 0 && rate <= 10000, `${where}: rate must be basis points 0..10000`);
  if (category === 'S') check(rate > 0, `${where}: standard-rated needs a positive rate`);
  else {
    check(rate === 0, `${where}: category ${category} has rate 0`);
    if (needsExemption)
      check(
        exemption?.code && exemption.text,
        `${where}: category ${category} needs an exemption reason code and text`,
      );
  }
}

/** Computes line nets, VAT per category at document level (half up) and the monetary totals. */
export function computeTotals(input: ZatcaDocumentInput): ZatcaTotals {
  check(input.lines.length > 0, 'a document needs at least one line');
  const groups = new Map<string, ZatcaTotals['subtotals'][number]>();
  const group = (category: ZatcaVatCategory, rate: number, exemption?: ZatcaExemption) => {
    const key = `${category}|${rate}|${category === 'S' ? '' : (exemption?.code ?? '')}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        category,
        rateBasisPoints: rate,
        exemption: category === 'S' ? undefined : exemption,
        taxableMinor: 0,
        vatMinor: 0,
      };
      groups.set(key, g);
    }
    return g;
  };
  let lineExtension = 0;
  const lines = input.lines.map((line, index) => {
    const where = `line ${index + 1}`;
    check(
      Number.isSafeInteger(line.quantity) && line.quantity > 0,
      `${where}: quantity must be a positive integer`,
    );
    assertMinor(line.unitPriceMinor, `${where}: unit price`);
    check(line.unitPriceMinor >= 0, `${where}: unit price must not be negative`);
    const discount = line.discountMinor ?? 0;
    assertMinor(discount, `${where}: discount`);
    check(discount >= 0, `${where}: discount must not be negative`);
    checkCategory(line.category, line.rateBasisPoints, line.exemption, where, true);
    const net = line.quantity * line.unitPriceMinor - discount;
    assertMinor(net, `${where}: net amount`);
    check(net >= 0, `${where}: discount larger than the line`);
    if (line.netMinor !== undefined) {
      check(
        line.netMinor === net,
        `${where}: net amount ${line.netMinor} is not quantity x price - discount (${net})`,
      );
    }
    lineExtension += net;
    group(line.category, line.rateBasisPoints, line.exemption).taxableMinor += net;
    const own = percentOf(net, line.rateBasisPoints);
    if (line.vatMinor !== undefined) {
      assertMinor(line.vatMinor, `${where}: VAT`);
      check(
        line.vatMinor >= 0 && line.vatMinor <= own + (line.rateBasisPoints > 0 ? 1 : 0),
        `${where}: VAT ${line.vatMinor} is more than the line's own (${own})`,
      );
    }
    return { netMinor: net, vatMinor: line.vatMinor ?? own };
  });
  let allowance = 0;
  if (input.allowance) {
    const a = input.allowance;
    assertMinor(a.amountMinor, 'allowance');
    check(a.amountMinor >= 0, 'allowance must not be negative');
    checkCategory(a.category, a.rateBasisPoints, undefined, 'allowance', false);
    const matching = [...groups.values()].find(
      (g) => g.category === a.category && g.rateBasisPoints === a.rateBasisPoints,
    );
    check(matching, 'the allowance must belong to a VAT category present on the lines');
    check(matching.taxableMinor >= a.amountMinor, 'the allowance is larger than its category');
    matching.taxableMinor -= a.amountMinor;
    allowance = a.amountMinor;
  }
  const order: ZatcaVatCategory[] = ['S', 'Z', 'E', 'O'];
  const subtotals = [...groups.values()].sort(
    (x, y) => order.indexOf(x.category) - order.indexOf(y.category) || y.rateBasisPoints - x.rateBasisPoints,
  );
  let vat = 0;
  for (const g of subtotals) {
    g.vatMinor = percentOf(g.taxableMinor, g.rateBasisPoints);
    const decided =
      g.category === 'S' ? input.vatByRate?.find((v) => v.rateBasisPoints === g.rateBasisPoints) : undefined;
    if (decided) {
      assertMinor(decided.vatMinor, 'VAT subtotal');
      check(
        decided.vatMinor >= 0 && decided.vatMinor <= g.vatMinor + input.lines.length,
        `VAT ${decided.vatMinor} at ${g.rateBasisPoints} is more than the subtotal's own (${g.vatMinor})`,
      );
      g.vatMinor = decided.vatMinor;
    }
    vat += g.vatMinor;
  }
  const taxExclusive = lineExtension - allowance;
  return {
    lineExtensionMinor: lineExtension,
    allowanceMinor: allowance,
    taxExclusiveMinor: taxExclusive,
    vatMinor: vat,
    taxInclusiveMinor: taxExclusive + vat,
    payableMinor: taxExclusive + vat,
    subtotals,
    lines,
  };
}

function validateInput(input: ZatcaDocumentInput): void {
  check(input.kind in TYPE_CODES, 'kind must be invoice, credit-note or debit-note');
  check(input.transaction in TRANSACTION_CODES, 'transaction must be standard or simplified');
  check(
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(input.uuid),
    'uuid must be a UUID',
  );
  check(input.number.trim() !== '', 'the invoice number is required');
  check(DATE.test(input.issueDate), 'issueDate must be YYYY-MM-DD');
  check(TIME.test(input.issueTime), 'issueTime must be HH:mm:ss');
  check(Number.isSafeInteger(input.icv) && input.icv >= 1, 'icv must be a positive integer');
  check(/^[A-Za-z0-9+/]+={0,2}$/.test(input.pih), 'pih must be base64');
  check((input.currency ?? 'SAR') === 'SAR', 'currency must be SAR');
  check(/^\d{1,3}$/.test(input.paymentMeansCode), 'paymentMeansCode must be a UNTDID 4461 code');
  if (input.supplyDate) check(DATE.test(input.supplyDate), 'supplyDate must be YYYY-MM-DD');
  if (input.kind !== 'invoice') {
    check(input.billingReference?.trim(), 'credit and debit notes need the original invoice number');
    check(input.reason?.trim(), 'credit and debit notes need a reason');
  }
  if (input.transaction === 'standard') {
    const buyer = input.buyer;
    check(buyer?.name?.trim(), 'standard documents need the buyer name');
    check(buyer, 'standard documents need the buyer');
    check(buyer.vatNumber || buyer.otherId, 'standard documents need the buyer VAT number or another id');
    check(buyer.address, 'standard documents need the buyer address');
  }
}

const I1 = '\n    ';
const I2 = '\n        ';
const I3 = '\n            ';
const I4 = '\n                ';

function el(indent: string, name: string, text: string, attrs = ''): string {
  return `${indent}<${name}${attrs}>${escapeText(text)}</${name}>`;
}
function amount(indent: string, name: string, minor: number): string {
  return `${indent}<${name} currencyID="SAR">${formatMinor(minor)}</${name}>`;
}
function percent(bp: number): string {
  return formatMinor(bp);
}

function address(indent: string, a: ZatcaAddress): string {
  const i = indent + '    ';
  return (
    `${indent}<cac:PostalAddress>` +
    el(i, 'cbc:StreetName', a.street) +
    el(i, 'cbc:BuildingNumber', a.buildingNumber) +
    (a.additionalNumber ? el(i, 'cbc:PlotIdentification', a.additionalNumber) : '') +
    el(i, 'cbc:CitySubdivisionName', a.district) +
    el(i, 'cbc:CityName', a.city) +
    el(i, 'cbc:PostalZone', a.postalCode) +
    `${i}<cac:Country>` +
    el(i + '    ', 'cbc:IdentificationCode', a.country) +
    `${i}</cac:Country>` +
    `${indent}</cac:PostalAddress>`
  );
}

function taxScheme(indent: string): string {
  return `${indent}<cac:TaxScheme>${el(indent + '    ', 'cbc:ID', 'VAT')}${indent}</cac:TaxScheme>`;
}

function taxCategory(
  indent: string,
  tag: string,
  category: ZatcaVatCategory,
  bp: number,
  exemption?: ZatcaExemption,
): string {
  const i = indent + '    ';
  return (
    `${indent}<${tag}>` +
    el(i, 'cbc:ID', category) +
    el(i, 'cbc:Percent', percent(bp)) +
    (exemption && category !== 'S'
      ? el(i, 'cbc:TaxExemptionReasonCode', exemption.code) + el(i, 'cbc:TaxExemptionReason', exemption.text)
      : '') +
    taxScheme(i) +
    `${indent}</${tag}>`
  );
}

/**
 * Builds the unsigned UBL 2.1 document, laid out like the SDK samples (4-space indentation, LF).
 * The text is written in C14N's own lexical form (escaping, attribute order, no self-closing tags)
 * so its invoice hash can be taken without a DOM (see hash.ts canonicalSlicesFast).
 */
export function buildDocument(input: ZatcaDocumentInput): string {
  return buildWithTotals(input).xml;
}

/** Builds, hashes (the text is canonical: no DOM), signs and makes the QR of one document. */
export function buildAndSign(
  input: ZatcaDocumentInput,
  options: SignOptions,
): SignedDocument & { unsignedXml: string } {
  const { xml, totals } = buildWithTotals(input);
  const hash = invoiceHashFast(xml);
  if (!hash) throw new Error('internal: the builder wrote a document that is not in canonical form');
  const signed = signWithFields(
    xml,
    hash,
    {
      sellerName: input.seller.name,
      vatNumber: input.seller.vatNumber,
      timestamp: `${input.issueDate}T${input.issueTime}`,
      total: formatMinor(totals.payableMinor),
      vatTotal: formatMinor(totals.vatMinor),
      simplified: input.transaction === 'simplified',
    },
    options,
  );
  // Object.assign, not a literal starting with a spread (README: hot paths keep V8's young generation young)
  return Object.assign({}, signed, { unsignedXml: xml });
}

function buildWithTotals(input: ZatcaDocumentInput): { xml: string; totals: ZatcaTotals } {
  validateInput(input);
  const totals = computeTotals(input);
  const out: string[] = [XML_DECLARATION, ROOT_OPEN];
  out.push(
    el(I1, 'cbc:ProfileID', 'reporting:1.0'),
    el(I1, 'cbc:ID', input.number),
    el(I1, 'cbc:UUID', input.uuid),
    el(I1, 'cbc:IssueDate', input.issueDate),
    el(I1, 'cbc:IssueTime', input.issueTime),
    el(I1, 'cbc:InvoiceTypeCode', TYPE_CODES[input.kind], ` name="${TRANSACTION_CODES[input.transaction]}"`),
  );
  for (const note of input.notes ?? [])
    out.push(el(I1, 'cbc:Note', note.text, ` languageID="${escapeAttr(note.language)}"`));
  out.push(el(I1, 'cbc:DocumentCurrencyCode', 'SAR'), el(I1, 'cbc:TaxCurrencyCode', 'SAR'));
  if (input.kind !== 'invoice') {
    out.push(
      `${I1}<cac:BillingReference>${I2}<cac:InvoiceDocumentReference>` +
        el(I3, 'cbc:ID', input.billingReference!) +
        `${I2}</cac:InvoiceDocumentReference>${I1}</cac:BillingReference>`,
    );
  }
  out.push(
    `${I1}<cac:AdditionalDocumentReference>${el(I2, 'cbc:ID', 'ICV')}${el(I2, 'cbc:UUID', String(input.icv))}${I1}</cac:AdditionalDocumentReference>`,
    `${I1}<cac:AdditionalDocumentReference>${el(I2, 'cbc:ID', 'PIH')}${I2}<cac:Attachment>` +
      el(I3, 'cbc:EmbeddedDocumentBinaryObject', input.pih, ' mimeCode="text/plain"') +
      `${I2}</cac:Attachment>${I1}</cac:AdditionalDocumentReference>`,
  );
  // seller
  const s = input.seller;
  out.push(
    `${I1}<cac:AccountingSupplierParty>${I2}<cac:Party>` +
      `${I3}<cac:PartyIdentification>${el(I4, 'cbc:ID', s.crNumber, ' schemeID="CRN"')}${I3}</cac:PartyIdentification>` +
      address(I3, s.address) +
      `${I3}<cac:PartyTaxScheme>${el(I4, 'cbc:CompanyID', s.vatNumber)}${taxScheme(I4)}${I3}</cac:PartyTaxScheme>` +
      `${I3}<cac:PartyLegalEntity>${el(I4, 'cbc:RegistrationName', s.name)}${I3}</cac:PartyLegalEntity>` +
      `${I2}</cac:Party>${I1}</cac:AccountingSupplierParty>`,
  );
  // buyer
  const b = input.buyer;
  if (b && (b.name || b.vatNumber || b.otherId || b.address)) {
    let party = `${I1}<cac:AccountingCustomerParty>${I2}<cac:Party>`;
    if (b.otherId) {
      party += `${I3}<cac:PartyIdentification>${el(I4, 'cbc:ID', b.otherId.value, ` schemeID="${escapeAttr(b.otherId.scheme)}"`)}${I3}</cac:PartyIdentification>`;
    }
    if (b.address) party += address(I3, b.address);
    if (b.vatNumber) {
      party += `${I3}<cac:PartyTaxScheme>${el(I4, 'cbc:CompanyID', b.vatNumber)}${taxScheme(I4)}${I3}</cac:PartyTaxScheme>`;
    }
    if (b.name)
      party += `${I3}<cac:PartyLegalEntity>${el(I4, 'cbc:RegistrationName', b.name)}${I3}</cac:PartyLegalEntity>`;
    party += `${I2}</cac:Party>${I1}</cac:AccountingCustomerParty>`;
    out.push(party);
  } else {
    out.push(`${I1}<cac:AccountingCustomerParty>${I1}</cac:AccountingCustomerParty>`);
  }
  const supplyDate = input.supplyDate ?? (input.transaction === 'standard' ? input.issueDate : undefined);
  if (supplyDate) {
    out.push(`${I1}<cac:Delivery>${el(I2, 'cbc:ActualDeliveryDate', supplyDate)}${I1}</cac:Delivery>`);
  }
  out.push(
    `${I1}<cac:PaymentMeans>${el(I2, 'cbc:PaymentMeansCode', input.paymentMeansCode)}` +
      (input.kind !== 'invoice' ? el(I2, 'cbc:InstructionNote', input.reason!) : '') +
      `${I1}</cac:PaymentMeans>`,
  );
  if (input.allowance) {
    const a = input.allowance;
    const sub = totals.subtotals.find(
      (g) => g.category === a.category && g.rateBasisPoints === a.rateBasisPoints,
    );
    out.push(
      `${I1}<cac:AllowanceCharge>` +
        el(I2, 'cbc:ChargeIndicator', 'false') +
        el(I2, 'cbc:AllowanceChargeReason', a.reason) +
        amount(I2, 'cbc:Amount', a.amountMinor) +
        taxCategory(I2, 'cac:TaxCategory', a.category, a.rateBasisPoints, sub?.exemption) +
        `${I1}</cac:AllowanceCharge>`,
    );
  }
  out.push(`${I1}<cac:TaxTotal>${amount(I2, 'cbc:TaxAmount', totals.vatMinor)}${I1}</cac:TaxTotal>`);
  let taxTotal = `${I1}<cac:TaxTotal>${amount(I2, 'cbc:TaxAmount', totals.vatMinor)}`;
  for (const g of totals.subtotals) {
    taxTotal +=
      `${I2}<cac:TaxSubtotal>` +
      amount(I3, 'cbc:TaxableAmount', g.taxableMinor) +
      amount(I3, 'cbc:TaxAmount', g.vatMinor) +
      taxCategory(I3, 'cac:TaxCategory', g.category, g.rateBasisPoints, g.exemption) +
      `${I2}</cac:TaxSubtotal>`;
  }
  out.push(`${taxTotal}${I1}</cac:TaxTotal>`);
  out.push(
    `${I1}<cac:LegalMonetaryTotal>` +
      amount(I2, 'cbc:LineExtensionAmount', totals.lineExtensionMinor) +
      amount(I2, 'cbc:TaxExclusiveAmount', totals.taxExclusiveMinor) +
      amount(I2, 'cbc:TaxInclusiveAmount', totals.taxInclusiveMinor) +
      amount(I2, 'cbc:AllowanceTotalAmount', totals.allowanceMinor) +
      amount(I2, 'cbc:PrepaidAmount', 0) +
      amount(I2, 'cbc:PayableAmount', totals.payableMinor) +
      `${I1}</cac:LegalMonetaryTotal>`,
  );
  input.lines.forEach((line, index) => {
    const t = totals.lines[index];
    const discount = line.discountMinor ?? 0;
    out.push(
      `${I1}<cac:InvoiceLine>` +
        el(I2, 'cbc:ID', String(index + 1)) +
        el(
          I2,
          'cbc:InvoicedQuantity',
          `${line.quantity}.00`,
          ` unitCode="${escapeAttr(line.unitCode ?? 'PCE')}"`,
        ) +
        amount(I2, 'cbc:LineExtensionAmount', t.netMinor) +
        (discount > 0
          ? `${I2}<cac:AllowanceCharge>${el(I3, 'cbc:ChargeIndicator', 'false')}${el(I3, 'cbc:AllowanceChargeReason', 'discount')}${amount(I3, 'cbc:Amount', discount)}${I2}</cac:AllowanceCharge>`
          : '') +
        `${I2}<cac:TaxTotal>${amount(I3, 'cbc:TaxAmount', t.vatMinor)}${amount(I3, 'cbc:RoundingAmount', t.netMinor + t.vatMinor)}${I2}</cac:TaxTotal>` +
        `${I2}<cac:Item>${el(I3, 'cbc:Name', line.name)}` +
        taxCategory(I3, 'cac:ClassifiedTaxCategory', line.category, line.rateBasisPoints) +
        `${I2}</cac:Item>` +
        `${I2}<cac:Price>${amount(I3, 'cbc:PriceAmount', line.unitPriceMinor)}${I2}</cac:Price>` +
        `${I1}</cac:InvoiceLine>`,
    );
  });
  out.push('\n</Invoice>\n');
  return { xml: out.join(''), totals };
}
