import Database from 'better-sqlite3';
import { EVENTS_SCHEMA } from './sqlite-schema';
import { CategoryFilter, StreamNameFilter } from './stream-filter';

const names = (prefix: string, n: number, from = 0) =>
  Array.from(
    { length: n },
    (_, i) => `${prefix}${(from + i).toString(36)}-${((from + i) * 2654435761) % 1e9}`,
  );

/** the turns of a build that gives the event loop back between them */
const turns = (n = 1) =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left === 0 ? resolve() : setImmediate(() => next(left - 1)));
    next(n);
  });

describe('StreamNameFilter', () => {
  it('finds every name added, and few it was not given (at its capacity)', () => {
    const filter = new StreamNameFilter(50_000);
    const added = names('reply-1.', 50_000);
    added.forEach((n) => filter.add(n));
    expect(added.filter((n) => !filter.mayHold(n))).toEqual([]);
    const others = names('reply-1.', 50_000, 1_000_000);
    const wrong = others.filter((n) => filter.mayHold(n)).length;
    expect(wrong / others.length).toBeLessThan(0.005);
    expect(filter.count).toBe(50_000);
  });
});

describe('CategoryFilter', () => {
  let db: Database.Database;
  let position = 0;
  const insert = (stream: string, revision = 0) =>
    (position = Number(
      db
        .prepare(
          'INSERT INTO events (stream, revision, id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(stream, revision, `${stream}#${revision}`, 'T', '{}', '{}', 0).lastInsertRowid,
    ));
  const insertAll = (streams: string[]) => db.transaction(() => streams.forEach((s) => insert(s)))();
  const head = () => position;

  beforeEach(() => {
    db = new Database(':memory:');
    db.exec(EVENTS_SCHEMA);
    position = 0;
  });
  afterEach(() => db.close());

  it('given replies in the log, tells only a new reply empty, never a stored one nor another category', () => {
    insertAll([...names('reply-1.', 100), ...names('invoice-1.', 100)]);
    insert('reply-1.a', 0);
    insert('reply-1.a', 1);
    const filter = new CategoryFilter(db, ['reply'], head(), () => []);
    expect(names('reply-1.', 100).filter((n) => filter.surelyEmpty(n))).toEqual([]);
    expect(filter.surelyEmpty('reply-1.a')).toBe(false);
    expect(filter.surelyEmpty('reply-1.new')).toBe(true);
    // not a filtered category: it says nothing
    expect(filter.surelyEmpty('invoice-1.new')).toBe(false);
    expect(filter.surelyEmpty('replyx-1.new')).toBe(false);
  });

  it('given more names than one turn scans, says nothing until the last turn, then knows them all', async () => {
    const stored = names('reply-1.', 45_000);
    insertAll(stored);
    const filter = new CategoryFilter(db, ['reply'], head(), () => []);
    expect(filter.surelyEmpty('reply-1.new')).toBe(false);
    await turns(3);
    expect(filter.surelyEmpty('reply-1.new')).toBe(true);
    expect(stored.filter((n) => filter.surelyEmpty(n))).toEqual([]);
  });

  it('holds what this thread staged, and what was in flight when it began, whatever the scan saw', async () => {
    insertAll(names('reply-1.', 30_000));
    const filter = new CategoryFilter(db, ['reply'], head(), () => ['reply-1.!in-flight', 'invoice-1.x']);
    filter.staged(['reply-1.!staged-while-building', 'customer-1.y']);
    // both commit after the first turn's scan passed their names ('!' sorts first)
    insert('reply-1.!in-flight');
    insert('reply-1.!staged-while-building');
    filter.ownCommitted(head());
    await turns(2);
    expect(filter.surelyEmpty('reply-1.new')).toBe(true);
    expect(filter.surelyEmpty('reply-1.!in-flight')).toBe(false);
    expect(filter.surelyEmpty('reply-1.!staged-while-building')).toBe(false);
    filter.staged(['reply-1.staged']);
    expect(filter.surelyEmpty('reply-1.staged')).toBe(false);
  });

  it("reads other connections' commits into it when told, from where it stands", () => {
    const filter = new CategoryFilter(db, ['reply'], head(), () => []);
    filter.staged(['reply-1.mine']);
    insert('reply-1.mine');
    filter.ownCommitted(head());
    // not staged here: another connection's
    insert('reply-1.theirs');
    insert('invoice-1.theirs');
    expect(filter.surelyEmpty('reply-1.theirs')).toBe(true);
    filter.othersCommitted(head());
    expect(filter.surelyEmpty('reply-1.theirs')).toBe(false);
    expect(filter.surelyEmpty('reply-1.mine')).toBe(false);
    expect(filter.surelyEmpty('reply-1.new')).toBe(true);
  });

  it('is built again, larger, once it holds more than its room, answering meanwhile', async () => {
    const filter = new CategoryFilter(db, ['reply'], head(), () => [], 1_000);
    const staged = names('reply-1.', 20_000);
    insertAll(staged);
    filter.staged(staged);
    expect(staged.filter((n) => filter.surelyEmpty(n))).toEqual([]);
    await turns(6);
    expect(staged.filter((n) => filter.surelyEmpty(n))).toEqual([]);
    const fresh = names('reply-1.', 5_000, 1_000_000);
    // at twenty times its room the first filter took ~40 % of new names for stored ones
    expect(fresh.filter((n) => !filter.surelyEmpty(n)).length / fresh.length).toBeLessThan(0.01);
  });

  it('says nothing any more once a read failed', () => {
    const filter = new CategoryFilter(db, ['reply'], head(), () => []);
    expect(filter.surelyEmpty('reply-1.new')).toBe(true);
    db.close();
    filter.othersCommitted(head() + 10);
    expect(filter.surelyEmpty('reply-1.new')).toBe(false);
    db = new Database(':memory:');
  });
});
