import Database from 'better-sqlite3';
import { limitSql, StatementsPerLimit } from './sqlite-limit';

describe('a LIMIT written into the SQL', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY)');
  db.exec('INSERT INTO t (n) VALUES (1), (2), (3), (4), (5)');
  const reads = new StatementsPerLimit<[number], { n: number }>(
    db,
    (limit) => `SELECT n FROM t WHERE n > ? ORDER BY n${limit}`,
    2,
  );

  it('limits as a bound LIMIT did, and reads everything without one', () => {
    expect(
      reads
        .get(2)
        .all(1)
        .map((r) => r.n),
    ).toEqual([2, 3]);
    expect(reads.get(0).all(0)).toEqual([]);
    expect(
      reads
        .get(undefined)
        .all(2)
        .map((r) => r.n),
    ).toEqual([3, 4, 5]);
    expect(
      reads
        .get(-1)
        .all(3)
        .map((r) => r.n),
    ).toEqual([4, 5]);
    expect(
      reads
        .get(Number.MAX_SAFE_INTEGER)
        .all(4)
        .map((r) => r.n),
    ).toEqual([5]);
  });

  it('prepares a statement once per limit, and keeps no more than it was told', () => {
    const a = reads.get(3);
    expect(reads.get(3)).toBe(a);
    reads.get(4);
    reads.get(5); // the third: the oldest kept is forgotten
    expect(reads.get(5).all(0)).toHaveLength(5);
    expect(reads.get(3)).not.toBe(a);
  });

  it('writes no SQL from a limit that is not a whole number', () => {
    expect(limitSql(7)).toBe(' LIMIT 7');
    expect(limitSql(undefined)).toBe('');
    expect(() => limitSql(1.5)).toThrow(RangeError);
    expect(() => limitSql(Number.NaN)).toThrow(RangeError);
  });
});
