// The SQLite read store's writer thread: its own connection, one transaction per batch (changes and
// checkpoint together), answering each request in order.
import { parentPort, workerData } from 'node:worker_threads';
import { runAfterRequests } from '../../runtime/thread-priority';
import type { Checkpoint, PositionedChange } from '../port';
import { BatchSizedCache, openReadDb, type SqliteReadStoreOptions } from './sqlite-sql';
import { SqliteWriter } from './sqlite-writer';

runAfterRequests('read-writer');
const options = workerData as SqliteReadStoreOptions;
const db = openReadDb(options);
const writer = new SqliteWriter(db, new BatchSizedCache(db, options));

parentPort!.on(
  'message',
  (m: { id: number; changes?: PositionedChange[]; checkpoint?: Checkpoint; invalidate?: string }) => {
    try {
      if (m.invalidate !== undefined) writer.invalidate(m.invalidate);
      else writer.applyChanges(m.changes ?? [], m.checkpoint);
      parentPort!.postMessage({ id: m.id });
    } catch (error) {
      parentPort!.postMessage({ id: m.id, error: (error as Error).message });
    }
  },
);
