import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { VatTypeSchema } from '../coded-values/enumerations';
import { invoicePaymentInput } from '../sales/invoice-input';
import type { InvoicePayment } from '../sales/invoice-events';
import type { VatCategory } from '../sales/pricing';
import { required } from '../validators/core';
import { date } from '../validators/dates';
import { integer, price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';

/**
 * Purchases (issue 25): a supplier's invoice for products the salon keeps in stock. What it brings is
 * received into stock at its cost before VAT (each product's average cost moves), its input VAT is
 * recovered, and what is not paid now is owed to the supplier, paid later alone or with other bills.
 */
export const PURCHASE_CATEGORY = 'purchase';
export const MAX_PURCHASE_ITEMS = 50;
export const MIN_PURCHASE_ITEMS = 2;

export type PurchaseItem = {
  product_id: string;
  /** the product's names when it was bought */
  name_en: string;
  name_ar: string;
  quantity: number;
  /** each unit's cost before VAT, minor units: what goes into stock */
  unit_cost: number;
  net: number;
  vat_category: VatCategory;
  vat_rate_bp: number;
  vat: number;
  total: number;
};

/** The supplier's invoice as the salon keeps it (what can be corrected after it is recorded). */
export type PurchaseHeader = {
  supplier_invoice_number: string;
  supplier_invoice_date: string | null;
  due_date: string | null;
  notes: string;
};

export type PurchaseRecorded = {
  type: 'PurchaseRecorded';
  data: PurchaseHeader & {
    purchase_id: string;
    /** gap-free per salon */
    number: number;
    supplier_id: string;
    supplier_name: string;
    /** its business date: the day the goods came in */
    date: string;
    items: PurchaseItem[];
    net: number;
    vat: number;
    total: number;
    payments: InvoicePayment[];
    paid: number;
    owed: number;
    recorded_by: string;
  };
};

/** What a purchase left owed, paid (alone or with other bills). */
export type PurchasePaid = {
  type: 'PurchasePaid';
  data: {
    purchase_id: string;
    number: number;
    supplier_id: string;
    payment: InvoicePayment;
    date: string;
    paid: number;
    owed: number;
  };
};

/**
 * The supplier's invoice details corrected (its number, dates, notes). What was received and its cost
 * are in stock and perhaps sold already: they are never rewritten.
 */
export type PurchaseChanged = {
  type: 'PurchaseChanged';
  data: PurchaseHeader & { purchase_id: string; previous: PurchaseHeader };
};

export type PurchaseEvent = PurchaseRecorded | PurchasePaid | PurchaseChanged;

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);
const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v), schema);
const optionalDate = z.preprocess(blankToUndefined, withRule(z.string(), date).optional());
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, withRule(z.string(), maxLength(max)).optional());

export const purchaseHeaderInput = z.preprocess(
  cleanPayload,
  z.object({
    supplier_invoice_number: optionalText(60),
    supplier_invoice_date: optionalDate,
    due_date: optionalDate,
    notes: withRule(z.string(), maxLength(500)).default(''),
  }),
);

/**
 * A purchase as typed: the supplier (on file), its invoice number and date, the day the goods came in,
 * a due date, at least two products each once with a whole quantity and a unit cost before VAT, and
 * what is paid now; `paid`: it is paid in full now (then its payments add up to its total).
 */
export const purchaseInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      supplier_id: withRule(z.string(), required, maxLength(60)),
      supplier_invoice_number: optionalText(60),
      supplier_invoice_date: optionalDate,
      date: withRule(z.string(), required, date),
      due_date: optionalDate,
      items: withRule(
        z.array(
          z.object({
            product_id: withRule(z.string(), required, maxLength(60)),
            quantity: numberText(withRule(z.string(), integer({ min: 1, max: 100000 }))),
            unit_cost: numberText(withRule(z.string(), required, price({ countryId: context.countryId }))),
            vat_type: z
              .preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), VatTypeSchema)
              .default(1),
          }),
        ),
        (v) =>
          !Array.isArray(v) || v.length < MIN_PURCHASE_ITEMS
            ? { key: 'accounting.at_least_two_items' }
            : v.length > MAX_PURCHASE_ITEMS
              ? { key: 'sales.too_many_lines', params: { max: MAX_PURCHASE_ITEMS } }
              : undefined,
      ),
      paid: z
        .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
        .default(false),
      payments: z.array(invoicePaymentInput(context)).default([]),
      notes: withRule(z.string(), maxLength(500)).default(''),
    }),
  ),
);
export type PurchaseInput = z.infer<ReturnType<typeof purchaseInput>>;
