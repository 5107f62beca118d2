import { z } from 'zod';
import { date } from '../validators/dates';
import { maxLength } from '../validators/text';
import { ruleField, withRule } from '../validators/zod';
import { required } from '../validators/core';

/** A salon's closed periods: one stream per salon, its lock date. */
export const BOOKS_LOCK_CATEGORY = 'bookslock';

/**
 * The books closed up to a date (issue 25: closing a period), or opened again (`null`, or an earlier
 * date, with a reason). Nothing is posted on or before the lock date from then on: the accountant's
 * own entries dated there are refused, and a business event dated there (a late credit note) is
 * posted on the first open day, the entry saying so.
 */
export type BooksLockDateSet = {
  type: 'BooksLockDateSet';
  data: { lock_date: string | null; previous_lock_date: string | null; reason: string; set_by: string };
};
export type BooksLockEvent = BooksLockDateSet;

// not cleaned (cleaning drops nulls): null is what opens every period again
export const lockDateInput = z.preprocess(
  (v) => v,
  z.object({
    // a date, or null to open every period again
    lock_date: ruleField((v) => (v === null ? undefined : (required(v) ?? date(v)))).transform(
      (v) => (v ?? null) as string | null,
    ),
    reason: z.preprocess(
      (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
      withRule(z.string(), maxLength(500)),
    ),
  }),
);
export type LockDateInput = z.infer<typeof lockDateInput>;

/** A date is in a closed period when it is on or before the lock date. */
export const isLocked = (lockDate: string | null | undefined, day: string): boolean =>
  Boolean(lockDate) && day <= lockDate!;
