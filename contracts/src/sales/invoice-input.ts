import { z } from 'zod';
import { PaymentMethodSchema } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { saudiTaxNumber, trn } from '../validators/identifiers';
import { integer, price } from '../validators/numbers';
import { digitsOnly, exactLength, maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';
import { giftCardRedemptionInput } from './gift-card';

/** An invoice holds at most this many lines and payments. */
export const MAX_INVOICE_LINES = 100;
export const MAX_INVOICE_PAYMENTS = 10;
export const MAX_INVOICE_GIFT_CARDS = 5;
/** No payment, card or top-up is larger than this (in the currency's units): far above any salon's bill. */
export const MAX_AMOUNT = 100_000_000;

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);
const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/**
 * What the till sells on a line: a service of the menu, a product of the shelf, a gift card, or an
 * offer or a package of the menu (bought by a customer, used session by session on later invoices).
 */
export const SaleItemKindSchema = z.enum(['service', 'product', 'gift_card', 'offer', 'package']);
export type SaleItemKind = z.infer<typeof SaleItemKindSchema>;

/** One line at the till: the item, who did it (commission), how many, and its price if changed. */
export const invoiceLineInput = (context: { countryId: number }) =>
  z.object({
    kind: SaleItemKindSchema,
    /** the service or product (a gift card line has none: its price is the card's value) */
    item_id: withRule(z.string(), maxLength(60)).optional(),
    /** a gift card's beneficiary (the invoice's customer when not given) and its message */
    beneficiary_id: withRule(z.string(), maxLength(60)).optional(),
    message: withRule(z.string(), maxLength(300)).optional(),
    /** a service line paid by a session of the customer's purchased offer or package (costs 0 here) */
    customer_offer_id: withRule(z.string(), maxLength(60)).optional(),
    employee_id: withRule(z.string(), maxLength(60)).optional(),
    quantity: numberText(withRule(z.string(), integer({ min: 1, max: 1000 }))).optional(),
    /** one unit before VAT, in the currency's units ('85.50'); changing it needs the right */
    price: numberText(withRule(z.string(), price({ countryId: context.countryId }))).optional(),
    /** the line's discount before VAT, in the currency's units */
    discount: numberText(withRule(z.string(), price({ countryId: context.countryId }))).optional(),
  });
export type InvoiceLineInput = z.infer<ReturnType<typeof invoiceLineInput>>;

export const invoicePaymentInput = (context: { countryId: number }) =>
  z.object({
    method: code(PaymentMethodSchema),
    amount: numberText(
      withRule(z.string(), required, price({ countryId: context.countryId, max: MAX_AMOUNT })),
    ),
    authorization_code: withRule(z.string(), maxLength(60)).optional(),
  });
export type InvoicePaymentInput = z.infer<ReturnType<typeof invoicePaymentInput>>;

const buyerText = (max: number) => withRule(z.string(), required, maxLength(max));
const buyerDigits = (length: number) => withRule(z.string(), required, digitsOnly, exactLength(length));

/**
 * The business a tax invoice is made out to (a B2B sale): what ZATCA asks of a standard invoice's
 * buyer (BR-KSA-42, BR-KSA-44, BR-KSA-63, BR-KSA-67) — its name, VAT number and national address.
 */
export const invoiceBuyerInput = z.preprocess(
  cleanPayload,
  z.object({
    name: buyerText(100),
    vat_number: numberText(withRule(z.string(), required, trn, saudiTaxNumber({ applicable: true }))),
    street: buyerText(100),
    building_number: numberText(buyerDigits(4)),
    additional_number: numberText(withRule(z.string(), digitsOnly, exactLength(4))).optional(),
    district: buyerText(60),
    city: buyerText(60),
    postal_code: numberText(buyerDigits(5)),
  }),
);
export type InvoiceBuyerInput = z.infer<typeof invoiceBuyerInput>;

/**
 * Issuing an invoice at the till: its lines, an invoice discount, the payments taken, and the
 * customer (or a walk-in) and the checked-in visit it settles, if any.
 */
export const issueInvoiceInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      customer_id: withRule(z.string(), maxLength(60)).optional(),
      /** a business buyer (B2B): the invoice becomes a standard tax invoice (Saudi salons) */
      buyer: invoiceBuyerInput.optional(),
      appointment_id: withRule(z.string(), maxLength(60)).optional(),
      /** the held invoice this basket was resumed from: issuing it closes the held one */
      held_invoice_id: withRule(z.string(), maxLength(60)).optional(),
      lines: withRule(z.array(invoiceLineInput(context)), (v) =>
        Array.isArray(v) && v.length === 0
          ? { key: 'sales.at_least_one_line' }
          : Array.isArray(v) && v.length > MAX_INVOICE_LINES
            ? { key: 'sales.too_many_lines', params: { max: MAX_INVOICE_LINES } }
            : undefined,
      ),
      discount: numberText(withRule(z.string(), price({ countryId: context.countryId }))).optional(),
      payments: withRule(z.array(invoicePaymentInput(context)), (v) =>
        Array.isArray(v) && v.length > MAX_INVOICE_PAYMENTS
          ? { key: 'sales.too_many_payments', params: { max: MAX_INVOICE_PAYMENTS } }
          : undefined,
      ).default([]),
      /** a discount code the customer brings */
      discount_code: withRule(z.string(), maxLength(20)).optional(),
      /** gift cards spent on this invoice */
      gift_cards: withRule(z.array(giftCardRedemptionInput(context)), (v) =>
        Array.isArray(v) && v.length > MAX_INVOICE_GIFT_CARDS
          ? { key: 'sales.too_many_payments', params: { max: MAX_INVOICE_GIFT_CARDS } }
          : undefined,
      ).default([]),
      notes: withRule(z.string(), maxLength(1000)).optional(),
    }),
  ),
);
export type IssueInvoiceInput = z.infer<ReturnType<typeof issueInvoiceInput>>;
