import type { Worker } from 'node:worker_threads';
import { startWorkerFile } from './worker-file';

export type CheckpointerOptions = {
  /** the database file (absolute path) */
  file: string;
  /** how the checkpoint syncs: the store's own setting */
  synchronous: string;
  /** checkpoint once this many WAL frames (pages) are not in the database yet */
  everyFrames: number;
  /** or once anything was left this long */
  atLeastEveryMs: number;
  /** how often the WAL is looked at */
  lookEveryMs: number;
};

/** The event store's: SQLite's own threshold (1,000 pages), looked at every 50 ms. */
export const EVENT_STORE_CHECKPOINTS = { everyFrames: 1_000, atLeastEveryMs: 5_000, lookEveryMs: 50 };

/**
 * The read store's: read models are written in big batches, so 16 MiB of WAL between checkpoints lets a
 * page changed by many batches be copied back once, and keeps each checkpoint's sync short beside the
 * event store's commits on the same disk.
 */
export const READ_STORE_CHECKPOINTS = { everyFrames: 4_096, atLeastEveryMs: 5_000, lookEveryMs: 50 };

/**
 * Checkpoints a SQLite file in WAL mode from a thread of its own. Left to SQLite, the checkpoint runs
 * inside the COMMIT that crosses the WAL's threshold: on the thread serving requests, one commit in a
 * few hundred takes 50 to 100 ms, and every request queued behind it waits (the bookings' p99). The
 * store's own connection keeps a high automatic threshold only as a safety net.
 */
export class WalCheckpointer {
  private worker?: Worker;

  constructor(options: CheckpointerOptions) {
    this.worker = startWorkerFile(__dirname, 'wal-checkpointer.worker', options);
    this.worker.unref(); // never keeps the process alive
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    worker.ref(); // waiting for its answer keeps the process alive (an idle checkpointer does not)
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      worker.once('message', done);
      worker.once('exit', done);
      worker.once('error', done);
      worker.postMessage('stop');
    });
    await worker.terminate();
  }
}

/** WAL pages before the store's own connection checkpoints anyway (the checkpointer fell behind). */
export const SAFETY_AUTOCHECKPOINT_PAGES = 65536;
