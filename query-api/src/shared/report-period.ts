import { addDays, DomainError, rejected } from '@rawnaq/contracts';
import type { ReadModels } from '@rawnaq/platform';
import { accountOf } from './account';
import { dateFilter } from './list-query';

/** Reports read at most this many days at once (a year and a month of days), as the money reports do. */
export const MAX_REPORT_DAYS = 400;
/** The lists a report shows beside its totals stop here (the totals never do). */
export const MAX_REPORT_ROWS = 1000;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export type ReportPeriod = { from: string; to: string; today: string };

/** `from`/`to` business dates of a report (today by default), in order, at most MAX_REPORT_DAYS apart. */
export const reportPeriod = async (
  models: ReadModels,
  tenantId: string,
  query: Record<string, unknown>,
): Promise<ReportPeriod> => {
  const { today } = await accountOf(models, tenantId);
  const from = dateFilter(query, 'from') ?? today;
  const to = dateFilter(query, 'to') ?? from;
  if (to < from) throw rejected('sales.period_reversed', 'to');
  if (addDays(from as never, MAX_REPORT_DAYS) < to)
    throw new DomainError(
      'sales.period_too_long',
      422,
      { to: 'sales.period_too_long' },
      { max: MAX_REPORT_DAYS },
    );
  return { from, to, today };
};

/** `from`/`to` months (YYYY-MM) of a report, in order; `fallback` when not given. */
export const monthPeriod = (
  query: Record<string, unknown>,
  fallback: { from: string; to: string },
  maxMonths: number,
): { from: string; to: string } => {
  const month = (field: string, otherwise: string) => {
    const v = query[field];
    if (v === undefined || v === '') return otherwise;
    if (typeof v !== 'string' || !MONTH.test(v)) throw rejected('sales.should_be_a_month', field);
    return v;
  };
  const from = month('from', fallback.from);
  const to = month('to', query.from ? from : fallback.to);
  if (to < from) throw rejected('sales.period_reversed', 'to');
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5));
  if (months >= maxMonths)
    throw new DomainError(
      'sales.period_too_many_months',
      422,
      { to: 'sales.period_too_many_months' },
      { max: maxMonths },
    );
  return { from, to };
};

/** An optional text filter of a report (an id), checked for its type and length. */
export const idParam = (query: Record<string, unknown>, field: string): string | undefined => {
  const v = query[field];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || v.length > 60) throw rejected('errors.invalid_input', field);
  return v;
};

/** An optional choice among a few words (`kind`, `sort`). */
export const choiceParam = <T extends string>(
  query: Record<string, unknown>,
  field: string,
  choices: readonly T[],
): T | undefined => {
  const v = query[field];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || !choices.includes(v as T)) throw rejected('errors.invalid_input', field);
  return v as T;
};
