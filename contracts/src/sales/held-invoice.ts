import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';
import { price } from '../validators/numbers';
import { invoiceBuyerInput, invoiceLineInput, MAX_INVOICE_LINES, type SaleItemKind } from './invoice-input';
import type { InvoiceBuyer } from './invoice-events';
import type { VatType } from '../coded-values/enumerations';

export const HELD_INVOICE_CATEGORY = 'heldinvoice';

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

/**
 * Holding a basket at the till (doc1 §4, doc2 §6 `hold_invoice`): the customer, the business buyer
 * (a standard tax invoice's), the visit, the lines, the discount and the notes — no payments and no
 * number; it is issued later from the till.
 */
export const holdInvoiceInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      customer_id: withRule(z.string(), maxLength(60)).optional(),
      /** the business the invoice will be made out to (Saudi salons): kept for when it is issued */
      buyer: invoiceBuyerInput.optional(),
      appointment_id: withRule(z.string(), maxLength(60)).optional(),
      lines: withRule(z.array(invoiceLineInput(context)), (v) =>
        Array.isArray(v) && v.length === 0
          ? { key: 'sales.at_least_one_line' }
          : Array.isArray(v) && v.length > MAX_INVOICE_LINES
            ? { key: 'sales.too_many_lines', params: { max: MAX_INVOICE_LINES } }
            : undefined,
      ),
      discount: numberText(withRule(z.string(), price({ countryId: context.countryId }))).optional(),
      notes: withRule(z.string(), maxLength(1000)).optional(),
    }),
  ),
);
export type HoldInvoiceInput = z.infer<ReturnType<typeof holdInvoiceInput>>;

/** A held line: the item as the till showed it, its employee, quantity, price and discount (minor units). */
export type HeldInvoiceLine = {
  kind: SaleItemKind;
  item_id: string;
  name_en: string;
  name_ar: string;
  employee_id: string | null;
  quantity: number;
  unit_price: number;
  discount: number;
  vat_type: VatType;
};

/** on hold until issued from the till (closed) or cancelled (doc1 §4: on hold → cancelled). */
export type HeldInvoiceStatus = 'on_hold' | 'cancelled' | 'issued';

export type InvoiceHeld = {
  type: 'InvoiceHeld';
  data: {
    held_invoice_id: string;
    held_at: string;
    held_by: string;
    business_date: string;
    currency: string;
    customer_id: string | null;
    customer_name: string | null;
    /** the business buyer typed at the till, if any: the invoice issued from it is a standard one */
    buyer?: InvoiceBuyer;
    appointment_id: string | null;
    lines: HeldInvoiceLine[];
    /** the invoice discount, minor units */
    discount: number;
    /** the basket's total with VAT when it was held (the invoice prices it again when issued) */
    total: number;
    notes?: string;
  };
};

export type HeldInvoiceCancelled = {
  type: 'HeldInvoiceCancelled';
  data: { held_invoice_id: string; cancelled_at: string; cancelled_by: string };
};

/** Issued from the till: the held basket became this invoice. */
export type HeldInvoiceIssued = {
  type: 'HeldInvoiceIssued';
  data: {
    held_invoice_id: string;
    invoice_id: string;
    invoice_number: number;
    issued_at: string;
    issued_by: string;
  };
};

export type HeldInvoiceEvent = InvoiceHeld | HeldInvoiceCancelled | HeldInvoiceIssued;
