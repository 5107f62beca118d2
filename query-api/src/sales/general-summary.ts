import type { Doc } from '@rawnaq/platform';

/** The figures of a day's (or month's) sales summary, each 0 where the period had none. */
export const FIGURES = [
  'invoices',
  'gross',
  'discount',
  'net',
  'vat',
  'total',
  'paid',
  'owed',
  'credit_notes',
  'credited',
  'redeemed',
  'top_ups',
  'received',
  'deposits',
  'deposits_cancelled',
  'debit_notes',
  'debited',
] as const;

/** The figures kept per method: what invoices took, refunds, wallet top-ups and later payments of receivables. */
export const BY_METHOD = [
  'by_method',
  'refunds_by_method',
  'top_ups_by_method',
  'received_by_method',
  'deposits_by_method',
  'debit_payments_by_method',
] as const;

/**
 * A kept row as the summary shows it: every figure (0 where the period had none) and every method's
 * map ({} where none), then the row's own fields, less its id and its tenant. Built field by field:
 * the row copied without its tenant, then spread with two objects made for it, was the largest share
 * of a 400-day summary's CPU profile, and its garbage set the p99 (100 reads of 400 days, two runs
 * each way: p99 23-30 ms that way, 9-16 ms this way).
 */
const shownRow = (r: Doc): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const f of FIGURES) out[f] = 0;
  for (const m of BY_METHOD) out[m] = {};
  for (const k of Object.keys(r)) if (k !== 'id' && k !== 'tenantId') out[k] = r[k];
  return out;
};

/**
 * `reports/daily-general-summary` and `reports/monthly-general-summary`: the rows as kept (`sales_days`
 * or `sales_months`, in the order given), and their totals, payments by method included.
 */
export const generalSummary = (rows: Doc[]) => {
  const totals: Record<string, unknown> = {};
  for (const f of FIGURES) totals[f] = 0;
  const methods: Record<string, Record<string, number>> = {};
  for (const m of BY_METHOD) methods[m] = {};
  for (const r of rows) {
    for (const f of FIGURES) totals[f] = (totals[f] as number) + ((r[f] as number | undefined) ?? 0);
    for (const m of BY_METHOD) {
      const from = r[m] as Record<string, number> | undefined;
      if (!from) continue;
      const into = methods[m];
      for (const method of Object.keys(from)) into[method] = (into[method] ?? 0) + from[method];
    }
  }
  return { rows: rows.map(shownRow), totals: { ...totals, ...methods } };
};
