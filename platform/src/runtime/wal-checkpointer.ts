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
  /**
   * for a store whose commits do not sync the WAL: sync it from this thread each time this many frames
   * were added, so the checkpoint does not write it to the disk all at once (see the worker)
   */
  syncWalEveryFrames?: number;
};

/** The event store's: SQLite's own threshold (1,000 pages), looked at every 50 ms. */
export const EVENT_STORE_CHECKPOINTS = { everyFrames: 1_000, atLeastEveryMs: 5_000, lookEveryMs: 50 };

/**
 * The read store's: read models are written in big batches, so 16 MiB of WAL between checkpoints lets a
 * page changed by many batches be copied back once. Its commits do not sync (NORMAL), so the WAL is
 * synced here every 256 KiB it grows: at the checkpoint, little is left to write beside the event
 * store's commits on the same disk.
 */
export const READ_STORE_CHECKPOINTS = {
  everyFrames: 4_096,
  atLeastEveryMs: 5_000,
  lookEveryMs: 50,
  syncWalEveryFrames: 64,
};

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

  /** What the thread did so far: checkpoints run, and syncs of the WAL between them. */
  async stats(): Promise<{ checkpoints: number; walSyncs: number }> {
    const worker = this.worker;
    if (!worker) return { checkpoints: 0, walSyncs: 0 };
    return new Promise((resolve) => {
      worker.once('message', resolve);
      worker.postMessage('stats');
    });
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

/**
 * WAL pages after which the event store's writing connection checkpoints after its commit, as SQLite
 * does by default, at twice the thread's threshold. A writer that never pauses (an import, a burst of
 * appends) keeps the write lock from the thread's last step, so the WAL was never started over: it grew
 * by hundreds of MB, every commit extended the file (its sync then costs a journal commit of the size
 * too) and appends ran at 0.6x SQLite's own pace. With the thread copying the bulk, what is left here
 * is the tail it could not finish; a server with pauses between commits never gets this far.
 */
export const EVENT_STORE_INLINE_CHECKPOINT_PAGES = EVENT_STORE_CHECKPOINTS.everyFrames * 2;
