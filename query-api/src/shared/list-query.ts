import { DomainError, isBusinessDate, rejected } from '@rawnaq/contracts';
import type { Doc, SortOrder } from '@rawnaq/platform';

export type ListQuery = {
  sort: Array<[string, SortOrder]>;
  skip: number;
  limit: number;
  filter: Record<string, unknown>;
};
type Query = Record<string, unknown>;

const MAX_PAGE = 1000;

const json = (raw: unknown, field: string): unknown => {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw rejected('errors.invalid_input', field);
  try {
    return JSON.parse(raw);
  } catch {
    throw rejected('errors.invalid_input', field);
  }
};

/**
 * Every list can be sorted by `id`: it is react-admin's default sort (a `<List>` or `<ReferenceInput>`
 * without its own sends `["id","ASC"]`), and the stores already order by it to keep pages stable.
 */
const ALWAYS_SORTABLE = 'id';

/**
 * ra-data-simple-rest's list parameters: sort=["field","ASC"], range=[0,24] (inclusive) or a
 * `Range: <resource>=0-24` header, filter={...}. Unknown sort fields are refused, so a client cannot
 * ask the store to sort on something unindexed by mistake... or on purpose.
 */
export const parseListQuery = (
  query: Query,
  rangeHeader: string | undefined,
  options: { sortable: string[]; defaultSort: [string, SortOrder] },
): ListQuery => {
  const sortRaw = json(query.sort, 'sort');
  let sort: Array<[string, SortOrder]> = [options.defaultSort];
  if (sortRaw !== undefined) {
    if (
      !Array.isArray(sortRaw) ||
      typeof sortRaw[0] !== 'string' ||
      (sortRaw[0] !== ALWAYS_SORTABLE && !options.sortable.includes(sortRaw[0]))
    )
      throw rejected('errors.invalid_input', 'sort');
    sort = [[sortRaw[0], String(sortRaw[1]).toUpperCase() === 'DESC' ? 'desc' : 'asc']];
  }
  let range: unknown = json(query.range, 'range');
  if (range === undefined && rangeHeader) {
    const m = /=(\d+)-(\d+)$/.exec(rangeHeader);
    if (m) range = [Number(m[1]), Number(m[2])];
  }
  let skip = 0;
  let limit = 25;
  if (range !== undefined) {
    if (!Array.isArray(range) || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0])
      throw rejected('errors.invalid_input', 'range');
    skip = range[0];
    limit = Math.min(range[1] - range[0] + 1, MAX_PAGE);
  }
  return { sort, skip, limit, filter: parseFilter(query.filter) };
};

/** A list's or a report's `filter={...}` parameter: a JSON object, or nothing (`{}`); else a 422. */
export const parseFilter = (raw: unknown): Record<string, unknown> => {
  const filter = json(raw, 'filter') ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter) || filter === null)
    throw rejected('errors.invalid_input', 'filter');
  return filter as Record<string, unknown>;
};

type Res = { setHeader: (k: string, v: string) => void };

/** Sets `Content-Range: <resource> <first>-<last>/<total>` and answers the page. */
export const page = <T extends { id: unknown }>(
  res: Res,
  resource: string,
  q: ListQuery,
  docs: T[],
  total: number,
): T[] => {
  const last = docs.length ? q.skip + docs.length - 1 : q.skip;
  res.setHeader('Content-Range', `${resource} ${q.skip}-${last}/${total}`);
  return docs;
};

/** `filter.id = [...]` (getMany) and scalar equality filters, checked for their type. */
export const idsOf = (filter: Record<string, unknown>): string[] | undefined => {
  const ids = filter.id;
  if (ids === undefined) return undefined;
  const list = Array.isArray(ids) ? ids : [ids];
  if (!list.every((i) => typeof i === 'string' || typeof i === 'number'))
    throw rejected('errors.invalid_input', 'id');
  return list.map(String);
};

export const intFilter = (filter: Record<string, unknown>, field: string): number | undefined => {
  const v = filter[field];
  if (v === undefined || v === '' || v === null) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n)) throw rejected('validation.should_be_an_integer', field);
  return n;
};

export const notFoundRecord = () => new DomainError('not_found.record', 404);

/** A business date of a list's filter ('YYYY-MM-DD'), or undefined when not given. */
export const dateFilter = (filter: Record<string, unknown>, field: string): string | undefined => {
  const v = filter[field];
  if (v === undefined || v === '' || v === null) return undefined;
  if (!isBusinessDate(v)) throw rejected('validation.should_be_a_date', field);
  return v;
};

/** `date`, or `from`/`to` (business dates, inclusive), as a filter on `field`. */
export const dateRangeFilter = (filter: Record<string, unknown>, field: string): Record<string, unknown> => {
  const date = dateFilter(filter, 'date');
  const from = dateFilter(filter, 'from');
  const to = dateFilter(filter, 'to');
  if (date) return { [field]: date };
  if (from || to) return { [field]: { ...(from && { $gte: from }), ...(to && { $lte: to }) } };
  return {};
};

/** Equality on record ids and short codes given as text (`customer_id`...), checked for their type. */
export const textFilters = (
  filter: Record<string, unknown>,
  fields: readonly string[],
): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const v = filter[field];
    if (v === undefined || v === '') continue;
    if (typeof v !== 'string' || v.length > 60) throw rejected('errors.invalid_input', field);
    out[field] = v;
  }
  return out;
};

/** A read model's document as a salon's user sees it: without the tenant it is kept under. */
export const withoutTenant = ({ tenantId: _t, ...doc }: Doc) => doc as Doc;
