import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/** A complaint's stream: `complaint-{tenant}.{complaint id}`. */
export const COMPLAINT_CATEGORY = 'complaint';

/**
 * The ratings that open a complaint by themselves: weak (2) and very weak (1) out of 5 (doc 2 §9's
 * scale). A salon hears of an unhappy customer the day she says so, not at the month's report.
 */
export const COMPLAINT_FROM_RATING = 2;

/** A complaint's states (`reports/complaints`): new, being dealt with, resolved (with what was done). */
export const COMPLAINT_STATES = ['new', 'in_progress', 'resolved'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

const note = (max: number) => withRule(z.string(), maxLength(max));

/** `POST complaints`: a complaint the front desk heard (on the phone, at the desk). */
export const openComplaintInput = z.preprocess(
  cleanPayload,
  z.object({
    description: withRule(z.string(), required, maxLength(1000)),
    customer_id: withRule(z.string(), maxLength(60)).optional(),
    invoice_id: withRule(z.string(), maxLength(60)).optional(),
  }),
);
export type OpenComplaintInput = z.infer<typeof openComplaintInput>;

/** `POST complaints/{id}/take-up`: someone deals with it now (what they are doing, if they say). */
export const takeUpComplaintInput = z.preprocess(cleanPayload, z.object({ note: note(1000).optional() }));

/** `POST complaints/{id}/notes`: what was done meanwhile. */
export const complaintNoteInput = z.preprocess(
  cleanPayload,
  z.object({ note: withRule(z.string(), required, maxLength(1000)) }),
);

/** `POST complaints/{id}/resolve`: resolved, and how (said, always: the next reader needs it). */
export const resolveComplaintInput = complaintNoteInput;

type At = { complaint_id: string; at: string; by_name?: string };

/** A complaint was opened: by a low rating of a visit (e-survey), or by the front desk. */
export type ComplaintOpened = {
  type: 'ComplaintOpened';
  data: At & {
    source: 'rating' | 'staff';
    description: string;
    customer_id: string | null;
    customer_name: string | null;
    invoice_id?: string;
    invoice_number?: number;
    rating?: number;
    /**
     * The salon's own number for it, counted from 1 (its `complaint` sequence): the same wherever its
     * history is replayed, a backup restored on another install included. Absent on the complaints
     * opened before the salons counted them, whose number is the position their opening got in the log.
     */
    number?: number;
    /** the salon's day it was opened on */
    business_date: string;
  };
};
export type ComplaintTakenUp = { type: 'ComplaintTakenUp'; data: At & { note?: string } };
export type ComplaintNoted = { type: 'ComplaintNoted'; data: At & { note: string } };
export type ComplaintResolved = { type: 'ComplaintResolved'; data: At & { note: string } };
export type ComplaintEvent = ComplaintOpened | ComplaintTakenUp | ComplaintNoted | ComplaintResolved;

export const complaintMessages = {
  en: {
    complaint: {
      already_resolved: 'This complaint is resolved already',
      already_taken_up: 'Someone is dealing with this complaint already',
      from_rating: 'Rated %{rating} out of 5 by the customer',
    },
  },
  ar: {
    complaint: {
      already_resolved: 'حُلّت هذه الشكوى من قبل',
      already_taken_up: 'هناك من يتابع هذه الشكوى بالفعل',
      from_rating: 'قيّم العميل الزيارة بـ %{rating} من 5',
    },
  },
};
