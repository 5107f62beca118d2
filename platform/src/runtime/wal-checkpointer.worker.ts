// A SQLite file's checkpointer thread: copies what the writers appended to the WAL back into the
// database, often and a little at a time, on a connection of its own, so no writer's COMMIT ever
// carries a checkpoint (tens of milliseconds of copying and fsync on the thread that serves requests).
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointerOptions } from './wal-checkpointer';

const options = workerData as CheckpointerOptions;
const db = new Database(options.file);
db.pragma(`synchronous = ${options.synchronous}`);
// PASSIVE never waits: frames a reader still needs are left for the next round
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or closing: the next round tries again
  }
};
const timer = setInterval(checkpoint, options.intervalMs);
parentPort!.on('message', (m: 'stop') => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort!.postMessage('stopped');
});
