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
  /** upper bound of the page cache (default 256 MiB) */
  cacheMiB?: number;
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

export const openReadDb = (options: SqliteReadStoreOptions): Database.Database => {
  const file = options.file === ':memory:' ? options.file : resolve(options.file);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 10000}`);
  // read models are written in big batches at random places: a large page cache keeps their B-trees
  // in memory; the checkpoints are the checkpointer thread's (a page changed by many batches between
  // two of them is copied back once)
  db.pragma(`cache_size = -${(options.cacheMiB ?? 256) * 1024}`);
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
