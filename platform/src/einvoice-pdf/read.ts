import { DOMParser } from '@xmldom/xmldom';
import { ZATCA_NS as NS } from '../zatca';

/** A postal address as the document writes it (every field as text, absent ones empty). */
export interface EInvoiceAddress {
  street: string;
  additionalStreet: string;
  buildingNumber: string;
  district: string;
  city: string;
  postalCode: string;
  country: string;
}

export interface EInvoiceParty {
  name: string;
  vatNumber: string;
  /** the party's other identification (CRN, NAT, ...) with its scheme */
  otherId: { scheme: string; value: string } | null;
  address: EInvoiceAddress | null;
}

/** An amount exactly as the XML writes it: its text (never reparsed) and its currency. */
export interface EInvoiceAmount {
  text: string;
  currency: string;
}

export interface EInvoiceLine {
  id: string;
  name: string;
  quantity: string;
  unitCode: string;
  unitPrice: EInvoiceAmount | null;
  /** net of VAT, after the line's discount (cbc:LineExtensionAmount) */
  net: EInvoiceAmount | null;
  vatCategory: string;
  vatPercent: string;
  vat: EInvoiceAmount | null;
  /** including VAT (the line's cbc:RoundingAmount) */
  total: EInvoiceAmount | null;
}

export interface EInvoiceVatBreakdown {
  category: string;
  percent: string;
  taxable: EInvoiceAmount | null;
  vat: EInvoiceAmount | null;
  exemptionCode: string;
  exemptionReason: string;
}

export type EInvoiceKind = 'invoice' | 'credit-note' | 'debit-note';

/** What a person reads on a ZATCA document, taken from its XML as written. */
export interface EInvoiceView {
  kind: EInvoiceKind;
  /** cbc:InvoiceTypeCode as written (388, 381, 383) and its name attribute (0100000, 0200000...) */
  typeCode: string;
  transactionCode: string;
  simplified: boolean;
  number: string;
  uuid: string;
  issueDate: string;
  issueTime: string;
  supplyDate: string;
  currency: string;
  icv: string;
  notes: string[];
  billingReference: string;
  reason: string;
  seller: EInvoiceParty;
  buyer: EInvoiceParty | null;
  lines: EInvoiceLine[];
  vatBreakdown: EInvoiceVatBreakdown[];
  totals: {
    lineExtension: EInvoiceAmount | null;
    allowance: EInvoiceAmount | null;
    taxExclusive: EInvoiceAmount | null;
    vat: EInvoiceAmount | null;
    taxInclusive: EInvoiceAmount | null;
    prepaid: EInvoiceAmount | null;
    payable: EInvoiceAmount | null;
  };
  /** the QR's base64 TLV (cac:AdditionalDocumentReference with ID QR), '' when there is none */
  qr: string;
  /** the invoice hash (ds:Reference invoiceSignedData's digest), '' for an unsigned document */
  invoiceHash: string;
}

type El = {
  nodeType: number;
  localName?: string | null;
  namespaceURI?: string | null;
  textContent?: string | null;
  firstChild: El | null;
  nextSibling: El | null;
  getAttribute(name: string): string | null;
};

const KINDS: Record<string, EInvoiceKind> = { '388': 'invoice', '381': 'credit-note', '383': 'debit-note' };

function children(node: El | undefined, ns: string, local: string): El[] {
  const out: El[] = [];
  for (let c = node?.firstChild ?? null; c; c = c.nextSibling) {
    if (c.nodeType === 1 && c.localName === local && c.namespaceURI === ns) out.push(c);
  }
  return out;
}

/** The first element down a path of cac:/cbc: steps ("cac:Party/cbc:ID"). */
function at(node: El | undefined, steps: string): El | undefined {
  let cur = node;
  for (const step of steps.split('/')) {
    const [prefix, local] = step.split(':') as ['cac' | 'cbc', string];
    cur = children(cur, NS[prefix], local)[0];
    if (!cur) return undefined;
  }
  return cur;
}

const text = (node: El | undefined, steps?: string) =>
  ((steps ? at(node, steps) : node)?.textContent ?? '').trim();

function amount(node: El | undefined, steps: string): EInvoiceAmount | null {
  const el = at(node, steps);
  if (!el) return null;
  return { text: (el.textContent ?? '').trim(), currency: el.getAttribute('currencyID') ?? '' };
}

function address(party: El | undefined): EInvoiceAddress | null {
  const a = at(party, 'cac:PostalAddress');
  if (!a) return null;
  return {
    street: text(a, 'cbc:StreetName'),
    additionalStreet: text(a, 'cbc:AdditionalStreetName'),
    buildingNumber: text(a, 'cbc:BuildingNumber'),
    district: text(a, 'cbc:CitySubdivisionName'),
    city: text(a, 'cbc:CityName'),
    postalCode: text(a, 'cbc:PostalZone'),
    country: text(a, 'cac:Country/cbc:IdentificationCode'),
  };
}

function party(holder: El | undefined): EInvoiceParty | null {
  const p = at(holder, 'cac:Party');
  if (!p) return null;
  const id = at(p, 'cac:PartyIdentification/cbc:ID');
  return {
    name: text(p, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    vatNumber: text(p, 'cac:PartyTaxScheme/cbc:CompanyID'),
    otherId: id ? { scheme: id.getAttribute('schemeID') ?? '', value: (id.textContent ?? '').trim() } : null,
    address: address(p),
  };
}

function signedDataDigest(root: El): string {
  const find = (node: El): string => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      if (
        c.localName === 'Reference' &&
        c.namespaceURI === NS.ds &&
        c.getAttribute('Id') === 'invoiceSignedData'
      )
        return text(children(c, NS.ds, 'DigestValue')[0]);
      const inner = find(c);
      if (inner) return inner;
    }
    return '';
  };
  return find(root);
}

/**
 * Reads a ZATCA document (signed or cleared UBL 2.1) into what its printed form shows. Amounts stay
 * the text the XML carries: the PDF prints them verbatim and never computes one.
 */
export function readEInvoice(xml: string): EInvoiceView {
  let failed = '';
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') failed ||= message;
    },
  }).parseFromString(xml, 'text/xml') as unknown as { documentElement: El | null };
  const root = doc.documentElement;
  if (failed || !root || root.localName !== 'Invoice' || root.namespaceURI !== NS.invoice)
    throw new Error(`not a UBL invoice${failed ? `: ${failed}` : ''}`);
  const typeEl = at(root, 'cbc:InvoiceTypeCode');
  const typeCode = text(typeEl);
  const transactionCode = typeEl?.getAttribute('name') ?? '';
  const kind = KINDS[typeCode];
  if (!kind) throw new Error(`unknown invoice type code ${typeCode || '(none)'}`);
  const references = children(root, NS.cac, 'AdditionalDocumentReference');
  const reference = (id: string) => references.find((r) => text(r, 'cbc:ID') === id);
  const taxTotals = children(root, NS.cac, 'TaxTotal');
  const currency = text(root, 'cbc:DocumentCurrencyCode');
  // the VAT total in the document's currency (a second TaxTotal may be in the tax currency)
  const vatTotal =
    taxTotals.map((t) => amount(t, 'cbc:TaxAmount')).find((a) => a && a.currency === currency) ??
    amount(taxTotals[0], 'cbc:TaxAmount');
  const breakdownTotal = taxTotals.find((t) => children(t, NS.cac, 'TaxSubtotal').length > 0);
  const buyer = party(at(root, 'cac:AccountingCustomerParty'));
  const monetary = at(root, 'cac:LegalMonetaryTotal');
  return {
    kind,
    typeCode,
    transactionCode,
    simplified: transactionCode.startsWith('02'),
    number: text(root, 'cbc:ID'),
    uuid: text(root, 'cbc:UUID'),
    issueDate: text(root, 'cbc:IssueDate'),
    issueTime: text(root, 'cbc:IssueTime'),
    supplyDate: text(root, 'cac:Delivery/cbc:ActualDeliveryDate'),
    currency,
    icv: text(reference('ICV'), 'cbc:UUID'),
    notes: children(root, NS.cbc, 'Note')
      .map((n) => text(n))
      .filter(Boolean),
    billingReference: children(root, NS.cac, 'BillingReference')
      .map((r) => text(r, 'cac:InvoiceDocumentReference/cbc:ID'))
      .filter(Boolean)
      .join(', '),
    reason: children(root, NS.cac, 'PaymentMeans')
      .map((p) => text(p, 'cbc:InstructionNote'))
      .filter(Boolean)
      .join(' — '),
    seller: party(at(root, 'cac:AccountingSupplierParty')) ?? {
      name: '',
      vatNumber: '',
      otherId: null,
      address: null,
    },
    buyer: buyer && (buyer.name || buyer.vatNumber || buyer.otherId || buyer.address?.street) ? buyer : null,
    lines: children(root, NS.cac, 'InvoiceLine').map((line) => {
      const quantity = at(line, 'cbc:InvoicedQuantity');
      return {
        id: text(line, 'cbc:ID'),
        name: text(line, 'cac:Item/cbc:Name'),
        quantity: text(quantity),
        unitCode: quantity?.getAttribute('unitCode') ?? '',
        unitPrice: amount(line, 'cac:Price/cbc:PriceAmount'),
        net: amount(line, 'cbc:LineExtensionAmount'),
        vatCategory: text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID'),
        vatPercent: text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent'),
        vat: amount(line, 'cac:TaxTotal/cbc:TaxAmount'),
        total: amount(line, 'cac:TaxTotal/cbc:RoundingAmount'),
      };
    }),
    vatBreakdown: children(breakdownTotal, NS.cac, 'TaxSubtotal').map((s) => ({
      category: text(s, 'cac:TaxCategory/cbc:ID'),
      percent: text(s, 'cac:TaxCategory/cbc:Percent'),
      taxable: amount(s, 'cbc:TaxableAmount'),
      vat: amount(s, 'cbc:TaxAmount'),
      exemptionCode: text(s, 'cac:TaxCategory/cbc:TaxExemptionReasonCode'),
      exemptionReason: text(s, 'cac:TaxCategory/cbc:TaxExemptionReason'),
    })),
    totals: {
      lineExtension: amount(monetary, 'cbc:LineExtensionAmount'),
      allowance: amount(monetary, 'cbc:AllowanceTotalAmount'),
      taxExclusive: amount(monetary, 'cbc:TaxExclusiveAmount'),
      vat: vatTotal,
      taxInclusive: amount(monetary, 'cbc:TaxInclusiveAmount'),
      prepaid: amount(monetary, 'cbc:PrepaidAmount'),
      payable: amount(monetary, 'cbc:PayableAmount'),
    },
    qr: text(reference('QR'), 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject'),
    invoiceHash: signedDataDigest(root),
  };
}
