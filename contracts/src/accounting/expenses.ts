import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { VatTypeSchema } from '../coded-values/enumerations';
import { invoicePaymentInput } from '../sales/invoice-input';
import type { InvoicePayment } from '../sales/invoice-events';
import type { VatCategory } from '../sales/pricing';
import { isEmpty, required, type Validator } from '../validators/core';
import { date } from '../validators/dates';
import { trn, saudiTaxNumber } from '../validators/identifiers';
import { mobile } from '../validators/mobile';
import { price } from '../validators/numbers';
import { email, maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';

/** Money going out (issue 25): the salon's suppliers, its expense types, and its expenses. */
export const SUPPLIER_CATEGORY = 'supplier';
export const EXPENSE_TYPES_CATEGORY = 'expensetypes';
export const EXPENSE_CATEGORY = 'expense';
export const MAX_EXPENSE_ITEMS = 30;
/** The supplier's invoice (a photo or a PDF) and its pages: at most this many files on one expense. */
export const MAX_EXPENSE_ATTACHMENTS = 5;

/** A file attached to an expense, as it was uploaded (`FileUploaded` with purpose `attachment`). */
export type ExpenseAttachment = { file_id: string; name: string; content_type: string; size: number };

export type SupplierDetails = {
  name: string;
  vat_number: string | null;
  mobile: string | null;
  email: string | null;
  /** what the salon owed the supplier when its books started (minor units) */
  opening_balance: number;
};
/** `date`: the salon's business date of the change (an opening balance, or its change, is posted then) */
export type SupplierAdded = {
  type: 'SupplierAdded';
  data: { supplier_id: string; date: string } & SupplierDetails;
};
export type SupplierChanged = {
  type: 'SupplierChanged';
  data: { supplier_id: string; date: string; previous_opening_balance: number } & SupplierDetails;
};
export type SupplierDisabled = { type: 'SupplierDisabled'; data: { supplier_id: string } };
export type SupplierActivated = { type: 'SupplierActivated'; data: { supplier_id: string } };
export type SupplierEvent = SupplierAdded | SupplierChanged | SupplierDisabled | SupplierActivated;

/** A kind of expense the salon keeps (rent, electricity…), each posted to an expense account. */
export type ExpenseTypeAdded = {
  type: 'ExpenseTypeAdded';
  data: { expense_type_id: string; name_en: string; name_ar: string; account: string };
};
export type ExpenseTypeChanged = {
  type: 'ExpenseTypeChanged';
  data: { expense_type_id: string; name_en: string; name_ar: string; account: string };
};
export type ExpenseTypeEvent = ExpenseTypeAdded | ExpenseTypeChanged;

export type ExpenseItem = {
  description: string;
  /** before VAT */
  net: number;
  vat_category: VatCategory;
  vat_rate_bp: number;
  vat: number;
  total: number;
};

/** A supplier's bill (or a vendor's receipt) recorded: what it was for, its VAT, paid now or owed. */
export type ExpenseRecorded = {
  type: 'ExpenseRecorded';
  data: {
    expense_id: string;
    /** gap-free per salon */
    number: number;
    supplier_id: string | null;
    /** the supplier's name then, or the vendor's when there is no supplier on file */
    vendor_name: string;
    supplier_invoice_number: string;
    supplier_invoice_date: string | null;
    expense_type_id: string;
    /** the expense account its type posts to */
    account: string;
    date: string;
    due_date: string | null;
    items: ExpenseItem[];
    net: number;
    /** input VAT, recovered where the salon's country recovers it and the supplier charges it */
    vat: number;
    total: number;
    payments: InvoicePayment[];
    paid: number;
    owed: number;
    notes: string;
    recorded_by: string;
    /** the supplier's invoice as images or PDFs (absent on expenses recorded before attachments) */
    attachments?: ExpenseAttachment[];
  };
};

/** What an expense left owed, paid (a bill paid later, alone or with others). */
export type ExpensePaid = {
  type: 'ExpensePaid';
  data: {
    expense_id: string;
    number: number;
    supplier_id: string | null;
    payment: InvoicePayment;
    date: string;
    paid: number;
    owed: number;
  };
};
export type ExpenseEvent = ExpenseRecorded | ExpensePaid;

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v), schema);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), withRule(z.string(), maxLength(max)).optional());

export const supplierInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      name: withRule(z.string(), required, maxLength(120)),
      vat_number: z.preprocess(
        (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
        withRule(z.string(), trn, saudiTaxNumber({ applicable: context.countryId === 1 })).optional(),
      ),
      mobile: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        withRule(z.string(), mobile()).optional(),
      ),
      email: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        withRule(z.string(), email).optional(),
      ),
      opening_balance: numberText(withRule(z.string(), price({ countryId: context.countryId }))).optional(),
    }),
  ),
);
export type SupplierInput = z.infer<ReturnType<typeof supplierInput>>;

/** An account's code; that the salon's chart has it as an active expense (or cost of sales) account is judged by the command. */
const expenseAccount: Validator = (value) =>
  isEmpty(value) || (typeof value === 'string' && /^[0-9]{1,10}$/.test(value))
    ? undefined
    : { key: 'accounting.not_an_expense_account' };

export const expenseTypeInput = z.preprocess(
  cleanPayload,
  z.object({
    name_en: withRule(z.string(), required, maxLength(80)),
    name_ar: withRule(z.string(), required, maxLength(80)),
    account: withRule(z.string(), required, expenseAccount),
  }),
);

/**
 * An expense as typed: who it is from (a supplier on file, or a vendor's name), the supplier's invoice
 * number and date, its type, its date and due date, at least one item (an amount before VAT and its VAT
 * type), and what is paid now (by method); the rest stays owed to the supplier.
 */
export const expenseInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      supplier_id: optionalText(60),
      vendor_name: optionalText(120),
      supplier_invoice_number: optionalText(60),
      supplier_invoice_date: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        withRule(z.string(), date).optional(),
      ),
      expense_type_id: withRule(z.string(), required, maxLength(60)),
      date: withRule(z.string(), required, date),
      due_date: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        withRule(z.string(), date).optional(),
      ),
      items: withRule(
        z.array(
          z.object({
            description: withRule(z.string(), required, maxLength(200)),
            amount: numberText(withRule(z.string(), required, price({ countryId: context.countryId }))),
            vat_type: z
              .preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), VatTypeSchema)
              .default(1),
          }),
        ),
        (v) =>
          !Array.isArray(v) || v.length === 0
            ? { key: 'accounting.at_least_one_item' }
            : v.length > MAX_EXPENSE_ITEMS
              ? { key: 'sales.too_many_lines', params: { max: MAX_EXPENSE_ITEMS } }
              : undefined,
      ),
      payments: z.array(invoicePaymentInput(context)).default([]),
      notes: withRule(z.string(), maxLength(500)).default(''),
      /** uploaded files' ids (`POST files?purpose=attachment`) */
      attachments: z.preprocess(
        (v) => (v === null ? undefined : v),
        withRule(z.array(withRule(z.string(), required, maxLength(64))), (v) =>
          Array.isArray(v) && v.length > MAX_EXPENSE_ATTACHMENTS
            ? { key: 'accounting.too_many_attachments', params: { max: MAX_EXPENSE_ATTACHMENTS } }
            : undefined,
        ).default([]),
      ),
    }),
  ),
);
export type ExpenseInput = z.infer<ReturnType<typeof expenseInput>>;

export const payExpenseInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      date: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        withRule(z.string(), date).optional(),
      ),
      payment: invoicePaymentInput(context),
    }),
  ),
);

/** At most this many bills are paid at once. */
export const MAX_BILLS_PAID = 50;

const billId = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  withRule(z.string(), maxLength(60)).optional(),
);

/**
 * Paying several bills at once (a supplier's statement settled): one method for all, an amount for each
 * bill (an expense or a purchase), never above what it owes; every bill once.
 */
export const payBillsInput = perCountry((context) => {
  const payment = invoicePaymentInput(context).shape;
  return z.preprocess(
    cleanPayload,
    z.object({
      date: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        withRule(z.string(), date).optional(),
      ),
      method: payment.method,
      authorization_code: payment.authorization_code,
      bills: withRule(
        z.array(z.object({ expense_id: billId, purchase_id: billId, amount: payment.amount })),
        (v) =>
          !Array.isArray(v) || v.length === 0
            ? { key: 'accounting.at_least_one_bill' }
            : v.length > MAX_BILLS_PAID
              ? { key: 'accounting.too_many_bills', params: { max: MAX_BILLS_PAID } }
              : new Set(
                    v.map((b) => {
                      const bill = b as { expense_id?: unknown; purchase_id?: unknown } | null;
                      return `${String(bill?.expense_id ?? '')}|${String(bill?.purchase_id ?? '')}`;
                    }),
                  ).size !== v.length
                ? { key: 'accounting.bill_twice' }
                : undefined,
      ),
    }),
  );
});
export type PayBillsInput = z.infer<ReturnType<typeof payBillsInput>>;
