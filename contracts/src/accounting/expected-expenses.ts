import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { VatTypeSchema } from '../coded-values/enumerations';
import { addMonths, type BusinessDate } from '../dates/instants';
import { invoicePaymentInput } from '../sales/invoice-input';
import { required } from '../validators/core';
import { date } from '../validators/dates';
import { price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';

/** A salon's planned expenses: one stream per expected expense. */
export const EXPECTED_EXPENSE_CATEGORY = 'expectedexpense';

/** How often it falls due: once, or every month, quarter or year (rent, salaries, subscriptions). */
export const RECURRENCES = ['once', 'monthly', 'quarterly', 'yearly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/**
 * The due date `n` occurrences after `anchor` (the due date it was planned with) for a recurring
 * expense, counted from the anchor so that a rent due on the 31st falls on the 28th in February and on
 * the 31st again in March; null for a one-off.
 */
export const nextDueDate = (anchor: string, recurrence: Recurrence, n = 1): string | null =>
  recurrence === 'once'
    ? null
    : addMonths(
        anchor as BusinessDate,
        n * (recurrence === 'monthly' ? 1 : recurrence === 'quarterly' ? 3 : 12),
      );

export type ExpectedExpenseDetails = {
  name: string;
  supplier_id: string | null;
  /** the supplier's name then, or the vendor's */
  vendor_name: string;
  expense_type_id: string;
  /** before VAT, minor units */
  amount: number;
  vat_type: number;
  due_date: string;
  recurrence: Recurrence;
  notes: string;
};

export type ExpectedExpensePlanned = {
  type: 'ExpectedExpensePlanned';
  data: ExpectedExpenseDetails & { expected_expense_id: string };
};
export type ExpectedExpenseChanged = {
  type: 'ExpectedExpenseChanged';
  data: ExpectedExpenseDetails & { expected_expense_id: string };
};
/**
 * Made into the real expense: a one-off is moved for good (status 2); a recurring one waits for its
 * next due date (still pending).
 */
export type ExpectedExpenseMoved = {
  type: 'ExpectedExpenseMoved';
  data: {
    expected_expense_id: string;
    expense_id: string;
    expense_number: number;
    /** the occurrence it made */
    due_date: string;
    next_due_date: string | null;
  };
};
export type ExpectedExpenseEvent = ExpectedExpensePlanned | ExpectedExpenseChanged | ExpectedExpenseMoved;

const optionalText = (max: number) => withRule(z.string(), maxLength(max)).default('');

export const expectedExpenseInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      name: withRule(z.string(), required, maxLength(120)),
      supplier_id: withRule(z.string(), maxLength(60)).optional(),
      vendor_name: withRule(z.string(), maxLength(120)).optional(),
      expense_type_id: withRule(z.string(), required, maxLength(60)),
      amount: z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), required, price({ countryId: context.countryId })),
      ),
      vat_type: z
        .preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), VatTypeSchema)
        .default(1),
      due_date: withRule(z.string(), required, date),
      recurrence: z.preprocess(
        (v) => (v === undefined ? 'once' : v),
        withRule(z.string(), (v) =>
          (RECURRENCES as readonly unknown[]).includes(v) ? undefined : { key: 'errors.invalid_input' },
        ),
      ),
      notes: optionalText(500),
    }),
  ),
);
export type ExpectedExpenseInput = z.infer<ReturnType<typeof expectedExpenseInput>>;

/** Moving it to the expenses: the expense's date (today by default), the supplier's invoice number, paid now or owed. */
export const moveExpectedExpenseInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      date: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        withRule(z.string(), date).optional(),
      ),
      supplier_invoice_number: withRule(z.string(), maxLength(60)).optional(),
      payments: z.array(invoicePaymentInput(context)).default([]),
    }),
  ),
);
