import type { PaymentMethod } from '../coded-values/enumerations';
import type { SaleItemKind } from './invoice-input';
import type { InvoiceCredited } from './credit-note';
import type { InvoicePaymentReceived } from './receivable';
import type { InvoiceCancelled } from './invoice-cancel';
import type { VatCategory, VatSubtotal } from './pricing';
import type { SellerAddress } from '../einvoicing/device';
import type { EInvoiceState } from '../einvoicing/chain';

export const INVOICE_CATEGORY = 'invoice';

/**
 * Where an invoice stands with the tax authority when it is issued (its event, never changed): a
 * Saudi salon's invoices are `not_reported`; the other four countries have no such step.
 */
export type EInvoicingStatus = 'not_applicable' | 'not_reported' | 'reported';

/**
 * Where a sales document (invoice, credit or debit note) stands with the tax authority as its read
 * model shows it: once signed, its e-invoicing document's state (pending, reported, reported with
 * warnings, cleared, rejected); `not_reported` for a Saudi salon's document never signed (issued
 * while the salon was not connected), `not_applicable` elsewhere. Credit and debit notes follow an
 * invoice the authority accepted, or one with nothing to report (doc2 §4, `noteRefusal`).
 */
export type DocumentEInvoicing = 'not_applicable' | 'not_reported' | EInvoiceState;
export const DOCUMENT_EINVOICING: readonly DocumentEInvoicing[] = [
  'not_applicable',
  'not_reported',
  'pending',
  'reported',
  'reported_with_warnings',
  'cleared',
  'rejected',
];

/** A line as issued: what was sold, by whom, and its amounts (minor units, before and with VAT). */
export type InvoiceLine = {
  line_id: string;
  kind: SaleItemKind;
  item_id: string;
  name_en: string;
  name_ar: string;
  employee_id: string | null;
  quantity: number;
  unit_price: number;
  discount: number;
  net: number;
  vat_category: VatCategory;
  vat_rate_bp: number;
  /**
   * why a line not standard-rated carries no VAT (ZATCA VATEX code), taken from the product at issue
   * time when it fits the line's category; absent: the generic reason of the category
   */
  vat_exemption_code?: string;
  vat: number;
  total: number;
  /** an offer or package sold: the customer's purchase it opened */
  customer_offer_id?: string;
  /** a service paid by a session of the customer's purchased offer or package (its amounts are 0) */
  from_customer_offer?: {
    customer_offer_id: string;
    kind: 'offer' | 'package';
    name_en: string;
    name_ar: string;
  };
};

/**
 * The business an invoice is made out to (a B2B sale): its name, VAT number and national address.
 * A Saudi salon's invoice with a buyer is a standard tax invoice, cleared by ZATCA before it is shown.
 */
export type InvoiceBuyer = { name: string; vat_number: string } & SellerAddress;

export type InvoicePayment = {
  payment_id: string;
  method: PaymentMethod;
  amount: number;
  authorization_code?: string;
};

/** The seller as the document names it (ZATCA: seller name and VAT number). */
/** A gift card spent on an invoice (a prepaid amount: UBL PrepaidAmount). */
export type InvoiceGiftCard = { gift_card_id: string; code: string; amount: number };

export type Seller = { name_en: string; name_ar: string; vat_number: string | null };

export type InvoiceIssued = {
  type: 'InvoiceIssued';
  data: {
    invoice_id: string;
    /** gap-free per salon */
    number: number;
    /** the public link of the customer's e-invoice (`e-invoice/{unique_id}`) */
    unique_id: string;
    issued_at: string;
    business_date: string;
    currency: string;
    seller: Seller;
    customer_id: string | null;
    customer_name: string | null;
    /** the business it is made out to (a standard, B2B tax invoice), if any */
    buyer?: InvoiceBuyer;
    appointment_id: string | null;
    /** who issued it (the signed-in user) */
    cashier_id: string;
    lines: InvoiceLine[];
    subtotals: VatSubtotal[];
    gross: number;
    discount: number;
    net: number;
    vat: number;
    total: number;
    payments: InvoicePayment[];
    /** the discount code it used and what it took off (in the lines' discounts), if any */
    discount_code?: { discount_code_id: string; code: string; amount: number };
    /** the visit's deposits it counted (payment source 1) and their sum */
    deposits?: Array<{ deposit_id: string; amount: number; method: number }>;
    deposited?: number;
    /** gift cards spent on it and their sum (absent on invoices without) */
    gift_cards?: InvoiceGiftCard[];
    redeemed?: number;
    paid: number;
    /** what stays owed (debt, with the right): a receivable */
    owed: number;
    einvoicing: EInvoicingStatus;
    notes?: string;
  };
};

export type InvoiceEvent = InvoiceIssued | InvoiceCredited | InvoicePaymentReceived | InvoiceCancelled;
