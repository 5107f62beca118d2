import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PositionedChange } from '../port';
import { BatchSizedCache, BIG_CACHE_HOLD_MS, cacheSizes, openReadDb, SMALL_BATCH } from './sqlite-sql';
import { SqliteWriter } from './sqlite-writer';
import { SqliteReadStore } from './sqlite-read-store';

const upserts = (n: number, from: number): PositionedChange[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'upsert' as const,
    collection: 'customers',
    position: String(from + i),
    doc: { id: `c${from + i}`, name: `Customer ${from + i}` },
  }));

describe('BatchSizedCache: a writing connection’s page cache follows its batches', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'rawnaq-cache-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const given = () => {
    let now = 1_000_000;
    const options = { file: join(dir, 'read.db'), cacheMiB: 64, liveCacheMiB: 8 };
    const db = openReadDb(options);
    db.exec('CREATE TABLE rm_customers (id TEXT PRIMARY KEY, doc TEXT NOT NULL, pos INTEGER NOT NULL)');
    const writer = new SqliteWriter(db, new BatchSizedCache(db, options, () => now));
    const cacheKiB = () => -(db.pragma('cache_size', { simple: true }) as number);
    return { db, writer, cacheKiB, later: (ms: number) => (now += ms) };
  };

  it('keeps the big cache while big batches came lately, and the live one once none came for a while', () => {
    const { db, writer, cacheKiB, later } = given();
    expect(cacheKiB()).toBe(64 * 1024); // as opened: a connection may start by catching up

    writer.applyChanges(upserts(SMALL_BATCH + 1, 1)); // a big batch: catching up
    later(BIG_CACHE_HOLD_MS - 1);
    writer.applyChanges(upserts(1, 500)); // live, but a big batch came lately
    expect(cacheKiB()).toBe(64 * 1024);

    later(1);
    writer.applyChanges(upserts(1, 501)); // only small batches for the whole hold
    expect(cacheKiB()).toBe(8 * 1024);
    writer.applyChanges(upserts(SMALL_BATCH, 502)); // not more than a small batch
    expect(cacheKiB()).toBe(8 * 1024);

    writer.applyChanges(upserts(SMALL_BATCH + 1, 700)); // a rebuild starts: the big cache at once
    expect(cacheKiB()).toBe(64 * 1024);
    expect((db.prepare('SELECT count(*) AS n FROM rm_customers').get() as { n: number }).n).toBe(
      SMALL_BATCH + 1 + 2 + SMALL_BATCH + SMALL_BATCH + 1,
    );
    db.close();
  });

  it('never makes the live cache bigger than the big one', () => {
    expect(cacheSizes({ file: 'x', cacheMiB: 16 })).toEqual({ bigMiB: 16, liveMiB: 16 });
    expect(cacheSizes({ file: 'x' })).toEqual({ bigMiB: 256, liveMiB: 32 });
  });

  it('is the read store’s: its writes on its own connection size that connection’s cache', async () => {
    const store = new SqliteReadStore({
      file: join(dir, 'store.db'),
      backgroundWrites: false,
      backgroundCheckpoints: false,
      cacheMiB: 64,
      liveCacheMiB: 8,
    });
    await store.ensureCollection({ name: 'customers' });
    const realNow = Date.now;
    try {
      await store.applyChanges(upserts(1, 1));
      expect(store.db.pragma('cache_size', { simple: true })).toBe(-64 * 1024);
      const later = realNow() + BIG_CACHE_HOLD_MS;
      Date.now = () => later;
      await store.applyChanges(upserts(1, 2));
      expect(store.db.pragma('cache_size', { simple: true })).toBe(-8 * 1024);
    } finally {
      Date.now = realNow;
      await store.close();
    }
  });
});
