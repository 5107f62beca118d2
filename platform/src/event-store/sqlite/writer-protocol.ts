import type { MessagePort } from 'node:worker_threads';

/** What the event store's writer thread is started with (see event-store-writer.worker.ts). */
export type WriterData = {
  file: string;
  /** how often it looks for commits of other processes */
  pollIntervalMs: number;
  /** the connection's wal_autocheckpoint (0: none, the checkpointer thread's alone) */
  inlineCheckpointPages: number;
  /** where the request thread posts and reads (it also reads it synchronously: appendManySync) */
  port: MessagePort;
  /** bumped after the answer to a batch some caller waits for synchronously */
  signal: Int32Array;
  /** the log's head (made durable) when the store opened */
  openedAt: number;
  /** set and bumped by the writer after each commit it made durable (see CommitSignal) */
  commits: CommitSignal;
};

/**
 * What the writer made durable, in shared memory, for readers in other threads of the process (the
 * projections'): `durable` (one BigInt64) the last position fsync'd, set before `count` (one Int32) is
 * bumped and its waiters woken, after each commit of this process and each one seen of another. The
 * writer tells them itself: through the request thread, each commit cost that thread a wake-up of the
 * reader's (a futex and a write on the till's every invoice), and the reader started later.
 */
export type CommitSignal = { count: SharedArrayBuffer; durable: SharedArrayBuffer };

/** An event as posted: id, type, data and metadata as JSON; with a backup's import, when and where. */
export type WireEvent = [
  id: string,
  type: string,
  data: string,
  metadata: string,
  recordedAt?: number,
  revision?: number,
];

/** One stream's part of an append: where the request thread saw it (-1: no such stream) and its events. */
export type WireWrite = { stream: string; last: number; events: WireEvent[] };

/** One append (or one backup's import, `import`), all or nothing. */
export type WriterUnit = { id: number; recordedAt: number; writes: WireWrite[]; import?: true };

export type ToWriter =
  { kind: 'units'; units: WriterUnit[]; sync?: true } | { kind: 'stats' } | { kind: 'close' };

/**
 * What became of one append: stored (`position`, its last event's), or refused: a stream had moved
 * (`revision`, where it is), an id was stored already (`unique`), or nothing of its transaction was
 * stored (`rolledBack`: a full disk) or could be said durable (`failed`).
 */
export type UnitOutcome =
  | { ok: true; position: number }
  /** `expected`: what a backup's event needed the stream at */
  | { ok: false; code: 'revision'; stream: string; actual: number; expected?: number }
  | { ok: false; code: 'unique' }
  | { ok: false; code: 'rolledBack' | 'failed'; message: string };

export type FromWriter =
  /**
   * `durable`: the log's head once fsync'd; `others`: another process committed meanwhile; `failed`: the
   * writer takes no more appends
   */
  | {
      kind: 'done';
      ids: number[];
      outcomes: UnitOutcome[];
      durable: number;
      others: boolean;
      failed?: string;
    }
  /** another process committed: made durable up to there */
  | { kind: 'others'; durable: number }
  | { kind: 'stats'; commits: number }
  | { kind: 'closed' };
