import { addDays, daysBetween } from '../dates/instants';

export const CUSTOMER_TYPE_DAYS = 60;
export type CustomerTypeName = 'new' | 'frequent' | 'missed';

/**
 * Spec doc2 §9, with the day she joined standing in for an invoice she has not had yet (issue 24: a
 * customer registered today, say the beneficiary of a gift card or a booking made online, is new, not
 * missed): the 60 days run from her last invoice, or from the day she joined while she has none.
 * new = one invoice, or none yet, within 60 days; frequent = more than one invoice, the last within
 * 60 days; missed = neither an invoice nor her joining within 60 days. The projection keeps the count
 * and the last date; the type is worked out against today, so it changes as days pass without any
 * new event. `since` is the business date she joined (without it, no invoice means missed).
 */
export const customerType = (
  invoices: number,
  lastInvoiceDate: string | undefined,
  today: string,
  since?: string,
): CustomerTypeName => {
  const last = invoices > 0 ? lastInvoiceDate : since;
  if (!last || daysBetween(last, today) > CUSTOMER_TYPE_DAYS) return 'missed';
  return invoices > 1 ? 'frequent' : 'new';
};

/** The newest last-invoice date that still counts as recent (for list filters on type). */
export const recentSince = (today: string): string => addDays(today, -CUSTOMER_TYPE_DAYS);

/** From `date` on (until the next change) the customer is of `type`. */
export type CustomerTypeChange = { date: string; type: CustomerTypeName };

/**
 * A customer's type over time, from the day it joined (`since`: its registration, or its first invoice
 * if that is earlier) and the business dates of its invoices: the days its type changes and what it
 * becomes. The type only changes on an invoice's day or the 61st day after the last one (or after she
 * joined, while she has none), so those are the only days looked at (the same rule as `customerType`, applied at each of them).
 */
export const customerTypeTimeline = (
  since: string,
  invoiceDates: readonly string[],
): CustomerTypeChange[] => {
  const dates = [...invoiceDates].sort();
  const start = dates.length && dates[0] < since ? dates[0] : since;
  const points = [
    ...new Set([
      start,
      addDays(start, CUSTOMER_TYPE_DAYS + 1),
      ...dates,
      ...dates.map((d) => addDays(d, CUSTOMER_TYPE_DAYS + 1)),
    ]),
  ].sort();
  const changes: CustomerTypeChange[] = [];
  let count = 0;
  for (const day of points) {
    while (count < dates.length && dates[count] <= day) count += 1;
    const type = customerType(count, count ? dates[count - 1] : undefined, day, start);
    if (changes[changes.length - 1]?.type !== type) changes.push({ date: day, type });
  }
  return changes;
};
