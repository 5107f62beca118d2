import type Database from 'better-sqlite3';

/** No limit: undefined, below 0 (as SQLite reads a negative LIMIT), or past any count of rows. */
const unlimited = (limit: number | undefined): limit is undefined =>
  limit === undefined || limit < 0 || limit >= Number.MAX_SAFE_INTEGER;

/**
 * A LIMIT written into a statement's SQL, not bound: SQLite (3.46 on) reads a bound LIMIT's value
 * while it plans, and so marks the statement to be prepared again each time that parameter is bound.
 * On the projections' thread that was 2.4 % of its samples at the till: its read of the log (a
 * statement with a CASE of json_remove) was parsed and planned again at every batch.
 */
export const limitSql = (limit: number | undefined): string => {
  if (unlimited(limit)) return '';
  if (!Number.isInteger(limit)) throw new RangeError(`LIMIT must be a whole number, not ${limit}`);
  return ` LIMIT ${limit}`;
};

/**
 * One prepared statement per LIMIT: `sql` is called with the clause (see `limitSql`) to write where
 * the LIMIT goes. Callers use a few limits (a batch size, one, none); past `most` statements the
 * oldest is forgotten, so a caller that varies its limit costs a prepare a call, not memory.
 */
export class StatementsPerLimit<P extends unknown[], R> {
  private readonly byLimit = new Map<number, Database.Statement<P, R>>();

  constructor(
    private readonly db: Database.Database,
    private readonly sql: (limit: string) => string,
    private readonly most = 16,
  ) {}

  get(limit: number | undefined): Database.Statement<P, R> {
    const key = unlimited(limit) ? -1 : limit;
    let s = this.byLimit.get(key);
    if (!s) {
      s = this.db.prepare<P, R>(this.sql(limitSql(key)));
      if (this.byLimit.size >= this.most) this.byLimit.delete(this.byLimit.keys().next().value as number);
      this.byLimit.set(key, s);
    }
    return s;
  }
}
