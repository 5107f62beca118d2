import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';

/** How a file's data is flushed to disk: `fs.fdatasync` (libuv's thread pool), or a test's stand-in. */
export type SyncFile = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

/**
 * Where one connection's commits stand on disk, in memory that other threads can read: none pending,
 * or the position up to which they are synced (those after it still await their sync). It is set
 * before the COMMIT that shows new events to other connections, so a reader that saw an event in a
 * query and reads the mark afterwards always finds that event above the mark until it is synced.
 */
export class DurableMark {
  private readonly cell: BigInt64Array;

  /** A mark of this thread's connection (`buffer` omitted), or another thread's (its `buffer`). */
  constructor(readonly buffer: SharedArrayBuffer = DurableMark.newBuffer()) {
    this.cell = new BigInt64Array(buffer);
  }

  private static newBuffer(): SharedArrayBuffer {
    const buffer = new SharedArrayBuffer(8);
    Atomics.store(new BigInt64Array(buffer), 0, -1n);
    return buffer;
  }

  /** The position up to which this connection's commits are synced, when some after it are not. */
  get(): number | undefined {
    const value = Atomics.load(this.cell, 0);
    return value < 0n ? undefined : Number(value);
  }

  set(syncedUpTo: number | undefined): void {
    Atomics.store(this.cell, 0, syncedUpTo === undefined ? -1n : BigInt(syncedUpTo));
  }
}

type Waiting = { head: number; done: (error?: unknown) => void };

/**
 * The WAL's sync after COMMIT, off the thread that serves requests. The connection commits with
 * synchronous NORMAL (writing the WAL, no fsync), then the WAL file is fdatasync'd on libuv's thread
 * pool; a commit is answered once a sync that began after it returned. Commits made while a sync is
 * under way share the next one (group commit across turns of the event loop). Until then `mark` says
 * which positions are not on disk yet, and every reader but the committing commands hides them.
 */
export class WalSync {
  private fd?: number;
  private waiting: Waiting[] = [];
  private syncing = false;
  private idle: Array<() => void> = [];

  constructor(
    private readonly walFile: string,
    readonly mark: DurableMark,
    private readonly syncFile: SyncFile = fdatasync,
  ) {}

  /** Before a COMMIT: everything up to `syncedHead` is on disk (if nothing of ours awaits a sync). */
  willCommit(syncedHead: number): void {
    if (this.mark.get() === undefined) this.mark.set(syncedHead);
  }

  /** The COMMIT announced by `willCommit` did not happen. */
  notCommitted(): void {
    if (!this.syncing && this.waiting.length === 0) this.mark.set(undefined);
  }

  /** After a COMMIT that made the log reach `head`: `done` once it is on disk (or with the error). */
  committed(head: number, done: (error?: unknown) => void): void {
    this.waiting.push({ head, done });
    this.next();
  }

  /** Syncs at once, on this thread (the synchronous append): throws when the disk refused. */
  syncNow(): void {
    fdatasyncSync(this.walFd());
    if (!this.syncing && this.waiting.length === 0) this.mark.set(undefined);
  }

  /** Resolves once every commit announced has been synced (or failed to be). */
  async drained(): Promise<void> {
    if (!this.syncing && this.waiting.length === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private walFd(): number {
    // the WAL stays the same file while the connection that commits is open (SQLite deletes it only
    // when the last connection closes, and never truncates it with journal_size_limit unset)
    this.fd ??= openSync(this.walFile, 'r+');
    return this.fd;
  }

  private next(): void {
    if (this.syncing) return;
    if (this.waiting.length === 0) {
      for (const resolve of this.idle.splice(0)) resolve();
      return;
    }
    const batch = this.waiting;
    this.waiting = [];
    this.syncing = true;
    const finish = (error?: unknown) => {
      this.syncing = false;
      // on disk up to the batch's last commit; those made meanwhile wait for the next sync
      this.mark.set(this.waiting.length ? batch[batch.length - 1].head : undefined);
      for (const w of batch) w.done(error);
      this.next();
    };
    let fd: number;
    try {
      fd = this.walFd();
    } catch (error) {
      finish(error);
      return;
    }
    this.syncFile(fd, (error) => finish(error ?? undefined));
  }
}
