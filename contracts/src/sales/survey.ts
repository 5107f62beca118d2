import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { integer } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

export const INVOICE_SURVEY_CATEGORY = 'invoicesurvey';

/* The scale is the coded value `Rating` (doc2 §9: out of 5 — excellent, good, average, weak, very weak). */

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

/** `e-survey/{uniqueId}`: the customer's rating of the visit, out of 5, and a comment if she likes. */
export const rateInvoiceInput = z.preprocess(
  cleanPayload,
  z.object({
    rating: numberText(withRule(z.string(), required, integer({ min: 1, max: 5 }))),
    comment: withRule(z.string(), maxLength(1000)).optional(),
  }),
);
export type RateInvoiceInput = z.infer<typeof rateInvoiceInput>;

/** The customer rated the invoice's visit: once per invoice. */
export type InvoiceRated = {
  type: 'InvoiceRated';
  data: {
    invoice_id: string;
    invoice_number: number;
    rating: number;
    comment?: string;
    rated_at: string;
    /** the salon's day it was given on */
    rated_on?: string;
    /**
     * what the visit was, for the surveys report (ratings by employee and service): the invoice's
     * customer, day and lines (absent from ratings recorded before the report existed)
     */
    customer_id?: string | null;
    customer_name?: string | null;
    business_date?: string;
    lines?: Array<{
      kind: string;
      item_id: string;
      name_en: string;
      name_ar: string;
      employee_id: string | null;
    }>;
  };
};

export const surveyMessages = {
  en: {
    survey: {
      already_rated: 'This visit has already been rated. Thank you!',
    },
  },
  ar: {
    survey: {
      already_rated: 'قُيّمت هذه الزيارة من قبل. شكرًا لك!',
    },
  },
};
