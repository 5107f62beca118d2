import { addDays, DomainError, rejected } from '@rawnaq/contracts';
import type { ReadModels } from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { dateFilter } from '../shared/list-query';

type Query = Record<string, unknown>;

/** A statement's period is at most this many days (a year and a month, as the reports). */
export const MAX_DAYS = 400;

/** `known_at`: an instant, the books as they stood then (entries recorded by then), for the auditor. */
export const knownAt = (query: Query): string | undefined => {
  const v = query.known_at;
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(Date.parse(v)))
    throw rejected('errors.invalid_instant', 'known_at');
  return new Date(v).toISOString();
};

/** A statement's `from`/`to` (this month so far by default), in order, at most MAX_DAYS apart; `known_at` if given. */
export const statementPeriod = async (models: ReadModels, tenantId: string, query: Query) => {
  const { today } = await accountOf(models, tenantId);
  const from = dateFilter(query, 'from') ?? `${today.slice(0, 7)}-01`;
  const to = dateFilter(query, 'to') ?? today;
  if (to < from) throw rejected('sales.period_reversed', 'to');
  if (addDays(from as never, MAX_DAYS) < to)
    throw new DomainError('sales.period_too_long', 422, { to: 'sales.period_too_long' }, { max: MAX_DAYS });
  return { from, to, known: knownAt(query) };
};
