import { addDays, daysBetween } from '../dates/instants';

export const CUSTOMER_TYPE_DAYS = 60;
export type CustomerTypeName = 'new' | 'frequent' | 'missed';

/**
 * Spec doc2 §9: missed = no invoice, or the last one more than 60 days ago; otherwise frequent with
 * more than one invoice, new with exactly one. The projection keeps the count and the last date;
 * the type is worked out against today, so it changes as days pass without any new event.
 */
export const customerType = (
  invoices: number,
  lastInvoiceDate: string | undefined,
  today: string,
): CustomerTypeName => {
  if (invoices === 0 || !lastInvoiceDate || daysBetween(lastInvoiceDate, today) > CUSTOMER_TYPE_DAYS)
    return 'missed';
  return invoices > 1 ? 'frequent' : 'new';
};

/** The newest last-invoice date that still counts as recent (for list filters on type). */
export const recentSince = (today: string): string => addDays(today, -CUSTOMER_TYPE_DAYS);
