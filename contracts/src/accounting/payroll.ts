import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { invoicePaymentInput } from '../sales/invoice-input';
import type { InvoicePayment } from '../sales/invoice-events';
import { isEmpty, required, type Validator } from '../validators/core';
import { date } from '../validators/dates';
import { price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';

/**
 * The payroll (issue 25): a month's run per employee, from her salary, the commission the product
 * computes from her sales, additions and deductions; then paid, at once or in parts.
 */
export const PAYROLL_CATEGORY = 'payroll';
export const MAX_PAYROLL_LINES = 20;

/** An addition (a bonus, overtime) or a deduction (an advance, an absence), in minor units. */
export type PayrollLine = { label: string; amount: number };

export type PayrollFigures = {
  salary: number;
  commission: number;
  additions: PayrollLine[];
  deductions: PayrollLine[];
  total_additions: number;
  total_deductions: number;
  /** salary + commission + additions − deductions, never below zero */
  net: number;
  notes: string;
};

/** A month's run recorded for an employee, owed to her until paid. */
export type PayrollRecorded = {
  type: 'PayrollRecorded';
  data: {
    payroll_id: string;
    employee_id: string;
    employee_name_en: string;
    employee_name_ar: string;
    /** 'YYYY-MM' */
    month: string;
    /** the month's last day (today for a month still running): what the books post it on */
    date: string;
    recorded_by: string;
  } & PayrollFigures;
};

/** Its figures changed while something was still owed (the books post the difference). */
export type PayrollChanged = {
  type: 'PayrollChanged';
  data: {
    payroll_id: string;
    employee_id: string;
    month: string;
    date: string;
    previous_net: number;
  } & PayrollFigures;
};

/** Money paid to the employee for the month (never more than what is owed). */
export type PayrollPaid = {
  type: 'PayrollPaid';
  data: {
    payroll_id: string;
    employee_id: string;
    month: string;
    payment: InvoicePayment;
    date: string;
    paid: number;
    owed: number;
  };
};
export type PayrollEvent = PayrollRecorded | PayrollChanged | PayrollPaid;

/** A payroll's status as its list filters it. */
export const PAYROLL_STATUSES = ['unpaid', 'partially_paid', 'paid'] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];
export const payrollStatusOf = (net: number, paid: number): PayrollStatus =>
  paid >= net ? 'paid' : paid > 0 ? 'partially_paid' : 'unpaid';

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** A calendar month 'YYYY-MM'. Empty is left to Required. */
export const month: Validator = (value) =>
  isEmpty(value) || (typeof value === 'string' && MONTH_RE.test(value))
    ? undefined
    : { key: 'accounting.should_be_a_month' };

/** The last day of a month 'YYYY-MM', 'YYYY-MM-DD'. */
export const lastDayOfMonth = (m: string): string => {
  const [y, mo] = m.split('-').map(Number);
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return `${m}-${String(days).padStart(2, '0')}`;
};
/** The first day of a month 'YYYY-MM'. */
export const firstDayOfMonth = (m: string): string => `${m}-01`;

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v), schema);

const linesInput = (countryId: number) =>
  withRule(
    z.array(
      z.object({
        label: withRule(z.string(), required, maxLength(80)),
        amount: numberText(withRule(z.string(), required, price({ countryId }))),
      }),
    ),
    (v) =>
      Array.isArray(v) && v.length > MAX_PAYROLL_LINES
        ? { key: 'sales.too_many_lines', params: { max: MAX_PAYROLL_LINES } }
        : undefined,
  ).default([]);

/** A payroll's figures as typed (amounts in the currency's units, as text or numbers). */
const figuresShape = (countryId: number) => ({
  salary: numberText(withRule(z.string(), required, price({ countryId }))),
  commission: numberText(withRule(z.string(), price({ countryId }))).optional(),
  additions: z.preprocess((v) => (v === null ? undefined : v), linesInput(countryId)),
  deductions: z.preprocess((v) => (v === null ? undefined : v), linesInput(countryId)),
  notes: z.preprocess((v) => (v === null ? undefined : v), withRule(z.string(), maxLength(500)).default('')),
});

/** Recording a month's run: whose, which month, and its figures. */
export const payrollInput = perCountry((context) =>
  z.preprocess(
    cleanPayload,
    z.object({
      employee_id: withRule(z.string(), required, maxLength(60)),
      month: withRule(z.string(), required, month),
      ...figuresShape(context.countryId),
    }),
  ),
);
export type PayrollInput = z.infer<ReturnType<typeof payrollInput>>;

/** Changing a run: its figures (the employee and the month stay). */
export const payrollChangeInput = perCountry((context) =>
  z.preprocess(cleanPayload, z.object(figuresShape(context.countryId))),
);
export type PayrollChangeInput = z.infer<ReturnType<typeof payrollChangeInput>>;

export const payPayrollInput = perCountry((context) =>
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
