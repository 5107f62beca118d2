import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { assertCollectionName, assertFieldName, type Scalar } from '../port';
import type { Synchronous } from '../../event-store/sqlite/sqlite-event-store';
import { SAFETY_AUTOCHECKPOINT_PAGES } from '../../runtime/wal-checkpointer';

export type SqliteReadStoreOptions = {
  file: string;
  /** read models can always be rebuilt from the events, so NORMAL (no fsync per commit) is the default */
  synchronous?: Synchronous;
  busyTimeoutMs?: number;
  /** upper bound of the page cache while big batches are written, and of a reader's (default 256 MiB) */
  cacheMiB?: number;
  /**
   * upper bound of a writing connection's page cache once it has written only small batches for a
   * while (default 32 MiB; see {@link BatchSizedCache})
   */
  liveCacheMiB?: number;
  /**
   * WAL pages before a writer's COMMIT checkpoints (default 65536 pages, 256 MiB: only a safety net
   * behind the store's checkpointer thread)
   */
  walAutocheckpointPages?: number;
  /**
   * Checkpoint the WAL from a thread of its own (default: on for files), so no write carries a
   * checkpoint.
   */
  backgroundCheckpoints?: boolean;
  /**
   * Write in a worker thread with its own connection, so the next batch is projected while the last
   * one commits (default: on for files; an in-memory database cannot be shared between threads).
   */
  backgroundWrites?: boolean;
};

/** The page cache's sizes for a connection opened with `options` (see {@link BatchSizedCache}). */
export const cacheSizes = (options: SqliteReadStoreOptions) => {
  const bigMiB = options.cacheMiB ?? 256;
  return { bigMiB, liveMiB: Math.min(options.liveCacheMiB ?? 32, bigMiB) };
};

export const openReadDb = (options: SqliteReadStoreOptions): Database.Database => {
  const file = options.file === ':memory:' ? options.file : resolve(options.file);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 10000}`);
  // read models are written in big batches at random places: a large page cache keeps their B-trees
  // in memory (a writing connection shrinks it while it follows live: BatchSizedCache); the
  // checkpoints are the checkpointer thread's (a page changed by many batches between two of them is
  // copied back once)
  db.pragma(`cache_size = -${cacheSizes(options).bigMiB * 1024}`);
  db.pragma(`wal_autocheckpoint = ${options.walAutocheckpointPages ?? SAFETY_AUTOCHECKPOINT_PAGES}`);
  db.pragma('temp_store = MEMORY');
  db.exec(`
    CREATE TABLE IF NOT EXISTS _projections (
      name TEXT NOT NULL, generation INTEGER NOT NULL, version INTEGER NOT NULL,
      status TEXT NOT NULL, position TEXT NOT NULL, updated_at TEXT NOT NULL,
      PRIMARY KEY (name, generation)
    );`);
  return db;
};

/** More changes than this make a big batch: catching up or rebuilding, not following live. */
export const SMALL_BATCH = 100;
/** How long a writing connection keeps its big cache after its last big batch. */
export const BIG_CACHE_HOLD_MS = 30_000;

/**
 * The page cache of a connection that writes read models, sized by the batches it writes.
 *
 * Catching up and rebuilding write big batches at random places in the B-trees: a big cache keeps
 * them in memory (the customers' catch-up: 38k events/s with 256 MiB, 27k with 32 MiB, one run each
 * on one host). Following live, the commits are small and many (about one an invoice), and there a
 * big cache costs. When a page split puts its new pages in order, SQLite (3.51, balance_nonroot)
 * swaps two of them through the lock page's number (262145 with 4-KiB pages). That leaves the
 * cache's highest page number past the end of the file, and the COMMIT, which drops the cache's pages
 * past the end, then walks every page the cache holds. Measured with a probe on that walk, 5 s at 200
 * invoices/s on the projections' thread, three runs each way:
 * - with 256 MiB (~37k pages held): 95–99 such commits, 1.4–1.8 ms each (median, up to 11 ms), 164–200
 *   ms of the thread's time;
 * - shrunk to 32 MiB (8–13k pages): 90–106 such commits, 0.4–0.9 ms each, 57–109 ms.
 * So the cache is big while big batches come, and shrinks to the live size once none came for
 * {@link BIG_CACHE_HOLD_MS}. Writing connections only: a reader's cache is emptied by SQLite whenever
 * another connection commits, so it never holds many pages.
 */
export class BatchSizedCache {
  private big = true;
  private lastBig: number;

  private readonly sizes: { bigMiB: number; liveMiB: number };

  /** `db` as {@link openReadDb} opened it with `options`: with the big cache */
  constructor(
    private readonly db: Database.Database,
    options: SqliteReadStoreOptions,
    private readonly clock: () => number = () => Date.now(),
  ) {
    this.sizes = cacheSizes(options);
    this.lastBig = clock();
  }

  /** Before a write of `changes` changes: the cache that write should have. */
  writing(changes: number): void {
    if (changes > SMALL_BATCH) {
      this.lastBig = this.clock();
      if (!this.big) this.resize(true);
    } else if (this.big && this.clock() - this.lastBig >= BIG_CACHE_HOLD_MS) this.resize(false);
  }

  private resize(big: boolean): void {
    this.big = big;
    this.db.pragma(`cache_size = -${(big ? this.sizes.bigMiB : this.sizes.liveMiB) * 1024}`);
  }
}

export const table = (collection: string) => `"rm_${assertCollectionName(collection)}"`;
export const column = (field: string) => `f_${assertFieldName(field).replace(/\./g, '__')}`;
export const jsonPath = (field: string) => `'$.${assertFieldName(field)}'`;
export const bind = (v: Scalar): string | number | null => (typeof v === 'boolean' ? (v ? 1 : 0) : v);
/** What json_extract would give for a value: SQLite has no booleans, and objects compare as JSON text. */
export const sqlValue = (v: unknown): string | number | null => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'object') return JSON.stringify(v);
  return v as string | number;
};
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
