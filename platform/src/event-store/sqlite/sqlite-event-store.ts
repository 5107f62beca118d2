import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { closeSync, fsyncSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { parseStreamName, type RecordedEvent } from '@rawnaq/contracts';
import { systemClock, type Clock } from '../../runtime/clock';
import { deepFreeze } from '../../runtime/deep-freeze';
import { StatementsPerLimit } from '../../runtime/sqlite-limit';
import { startWorkerFile } from '../../runtime/worker-file';
import {
  EVENT_STORE_CHECKPOINTS,
  EVENT_STORE_INLINE_CHECKPOINT_PAGES,
  WalCheckpointer,
} from '../../runtime/wal-checkpointer';
import {
  checkExpected,
  checkWrites,
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type CommitResult,
  type EventBatchHandler,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type StreamWrite,
  type Subscription,
  type SubscriptionOptions,
} from '../port';
import { pollingSubscription } from './polling-subscription';
import { EVENTS_SCHEMA } from './sqlite-schema';
import { CategoryFilter } from './stream-filter';
import type {
  CommitSignal,
  FromWriter,
  UnitOutcome,
  WireEvent,
  WireWrite,
  WriterData,
  WriterUnit,
} from './writer-protocol';

export type Synchronous = 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';

export type SqliteEventStoreOptions = {
  /** a file path, or ':memory:' for tests that need no file */
  file: string;
  /** FULL (the default) fsyncs every append: an acknowledged command survives a power cut */
  synchronous?: Synchronous;
  clock?: Clock;
  /** how often a subscription looks for appends made by other processes */
  pollIntervalMs?: number;
  busyTimeoutMs?: number;
  /**
   * When the group of `append`/`appendMany` calls is committed (group commit): 'immediate' (the
   * default) at the end of this turn of the event loop (setImmediate: every request handled in this
   * poll phase shares the commit and its fsync); 'microtask' once the current microtasks ran out (only
   * appends made by the same callback share it).
   */
  groupCommit?: 'immediate' | 'microtask';
  /**
   * Checkpoint the WAL from a thread of its own (default: on for files), so no append's COMMIT
   * carries a checkpoint.
   */
  backgroundCheckpoints?: boolean;
  /**
   * The log written off the thread that calls (for the one process that serves requests and projects
   * the file in a thread of its own, see ProjectionThread). An append is checked and numbered at the
   * call, as always, against what this thread knows of each stream and the appends not answered yet;
   * its rows are posted at the end of the turn to a writer thread of the store's own
   * (event-store-writer.worker.ts), which checks each append again under the write lock, writes every
   * batch waiting in one transaction, commits, fsyncs the WAL and answers. An answered append is as
   * durable as with FULL; events not fsync'd yet are shown to no reader but the commands' loads
   * (`pending`), so no projection runs ahead of what a power cut would leave. Files only.
   */
  syncOffThread?: boolean;
  /**
   * For a reader of a file another connection writes with `syncOffThread`: the last position that
   * connection made durable (told through shared memory); reads show nothing after it.
   */
  visibleUpTo?: () => number;
  /**
   * Top-level fields of the named event types that the reads of the whole log (`readAll`, and the
   * subscriptions) leave out of each event's data, for a connection whose readers never use them: the
   * projections' thread leaves out the signed XML of every `EInvoiceSigned` (~15 KB an invoice), which
   * no projection reads. Taken out by SQLite (json_remove) as the row is read, so it is never parsed
   * into this thread's heap. The stream reads (`readStream`) and the tenant's reads (backups) keep
   * every field.
   */
  leaveOut?: Readonly<Record<string, readonly string[]>>;
  /**
   * With `syncOffThread`: categories of streams a command nearly always asks about before they exist
   * (a request's stored reply), kept in a filter so that `surelyEmpty` answers without a read (see
   * CategoryFilter).
   */
  filteredCategories?: readonly string[];
};

/** Names `leaveOut` may hold: they are written into its SQL (event types, and JSON paths of fields). */
const LEAVE_OUT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The `data` column of the reads of the whole log: with `leaveOut`'s fields taken out by SQLite. */
const dataLeavingOut = (leaveOut: Readonly<Record<string, readonly string[]>> = {}): string => {
  const cases = Object.entries(leaveOut).filter(([, fields]) => fields.length > 0);
  for (const [type, fields] of cases)
    for (const name of [type, ...fields])
      if (!LEAVE_OUT_NAME.test(name))
        throw new Error(`leaveOut: ${JSON.stringify(name)} is not a plain name`);
  if (cases.length === 0) return 'data';
  const whens = cases.map(
    ([type, fields]) => `WHEN '${type}' THEN json_remove(data, ${fields.map((f) => `'$.${f}'`).join(', ')})`,
  );
  return `CASE type ${whens.join(' ')} ELSE data END AS data`;
};

/** What one append of a group came to: stored (or found stored already), or refused. */
type Settled = { ok: true; result: CommitResult } | { ok: false; error: unknown };

/** An append of the open group, waiting for the group's COMMIT to be answered. */
type GroupedUnit = {
  nonEmpty: StreamWrite[];
  settled: Settled;
  resolve: (result: CommitResult) => void;
  reject: (error: unknown) => void;
};

/** The open transaction of a group commit: its appends, and the log's head before it began. */
type Group = { units: GroupedUnit[]; committedHead: number; wrote: boolean };

/** An append posted to the writer thread and not answered yet (or a backup's import, `import`). */
type InFlight = {
  writes: StreamWrite[];
  nonEmpty: StreamWrite[];
  /** its rows, in the overlay until answered (their positions provisional until then) */
  rows: Row[];
  streams: Record<string, number>;
  resolve: (result: CommitResult) => void;
  reject: (error: unknown) => void;
  /** a retry of the same append, waiting for this one's answer */
  waiters: Array<() => void>;
  import?: true;
};

/** `syncOffThread`: the writer thread, and what this thread knows of the appends it has not answered. */
type WriterState = {
  worker: Worker;
  port: MessagePort;
  /** bumped by the writer after a batch some caller waits for on this thread */
  signal: Int32Array;
  /** set and bumped by the writer after each commit made durable, for readers in other threads */
  commits: CommitSignal;
  /** staged this turn, posted at its end */
  outbox: WriterUnit[];
  scheduled: boolean;
  nextId: number;
  inFlight: Map<number, InFlight>;
  /** event id → the unit in flight that holds it */
  inFlightIds: Map<string, number>;
  /** each stream's rows in flight, in revision order: what the commands' loads see beyond the file */
  overlay: Map<string, Row[]>;
  /** the last provisional position given */
  provisional: number;
  /** called once nothing is in flight (close) */
  idle: Array<() => void>;
  closing?: boolean;
  exited?: boolean;
  onStats?: (stats: { commits: number }) => void;
  onClosed?: () => void;
};

/** An event as the `events` table holds it. */
export type StoredRow = {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: string;
  metadata: string;
  recorded_at: number;
};
/** A row as read, or as this connection appended it. */
type Row = StoredRow & {
  /**
   * an event this connection appended, whose data is flat (see flatData): a copy of it, given back
   * (copied again) instead of parsing `data` when the event is read from memory (`lastWritten`, the
   * writer's overlay)
   */
  flat?: Record<string, unknown>;
};

/** Appends made in this process wake local subscriptions at once (other processes are polled). */
const localAppends = new Map<string, EventEmitter>();
const appendsOf = (file: string): EventEmitter => {
  let emitter = localAppends.get(file);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    localAppends.set(file, emitter);
  }
  return emitter;
};

export { EVENTS_SCHEMA };

// events of one command share their instant, and catch-up reads them by the thousand: format each once
let lastMs = -1;
let lastIso = '';
const isoOf = (ms: number) => {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
};

/**
 * A copy of `data` when it is flat: each value a string, a finite number, a boolean or null, which JSON
 * gives back as they were, so the copy is what `JSON.parse(JSON.stringify(data))` makes; else undefined.
 * The next load of a stream a command appended to reads what it appended last (the e-invoice chain's
 * last document, a sequence's last number): flat, that is a copy instead of a parse (the signed
 * document's JSON is ~14 KB, 1.3 % of the till's request thread).
 */
const flatData = (data: Record<string, unknown>): Record<string, unknown> | undefined => {
  if (Array.isArray(data)) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(data)) {
    const v = data[key];
    if (key === '__proto__') return undefined;
    if (typeof v === 'string' || typeof v === 'boolean' || v === null) copy[key] = v;
    else if (typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0)) copy[key] = v;
    else return undefined;
  }
  return copy;
};

const toRecorded = (row: Row): RecordedEvent => ({
  id: row.id,
  type: row.type,
  data: row.flat ? { ...row.flat } : JSON.parse(row.data),
  metadata: JSON.parse(row.metadata),
  stream: row.stream,
  revision: row.revision,
  position: String(row.position),
  recordedAt: isoOf(row.recorded_at),
});

/** An appended event as the `events` table holds it (its data and metadata made JSON once). */
const rowOf = (
  position: number,
  stream: string,
  revision: number,
  e: NewEvent,
  data: string,
  metadata: string,
  recordedAt: number,
): Row => ({
  position,
  stream,
  revision,
  id: e.id,
  type: e.type,
  data,
  metadata,
  recorded_at: recordedAt,
  flat: flatData(e.data),
});

/**
 * `JSON.stringify(metadata)`, made once for the events of a unit that share one metadata object (a
 * command's events do: see Aggregates.envelopes): `last` holds the one made last in this unit.
 */
const metadataJson = (metadata: object, last: { of?: object; json: string }): string => {
  if (last.of !== metadata) {
    last.of = metadata;
    last.json = JSON.stringify(metadata);
  }
  return last.json;
};

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

export class SqliteEventStore implements EventStore {
  readonly name = 'sqlite';
  readonly ordersAppendsOnCall = true;
  private discardedCount = 0;
  private readonly db: Database.Database;
  private readonly clock: Clock;
  private readonly emitter: EventEmitter;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<Subscription>();
  private readonly stmt: {
    last: Database.Statement<[string], { revision: number }>;
    insert: Database.Statement<[string, number, string, string, string, string, number]>;
    byIds: (ids: string[]) => Row[];
    stream: StatementsPerLimit<[string, number, number, number], Row>;
    all: StatementsPerLimit<[number], Row>;
    allUpTo: StatementsPerLimit<[number, number], Row>;
    head: Database.Statement<[], { position: number | null }>;
    tenant: StatementsPerLimit<[number, number, string], Row>;
    dataVersion: Database.Statement<[], number>;
  };
  private readonly appendTx: (writes: StreamWrite[]) => CommitResult;
  /** one append inside the group's transaction: better-sqlite3 runs it in a SAVEPOINT, rolled back alone */
  private readonly unitTx: (writes: StreamWrite[]) => CommitResult;
  private readonly schedule: (flush: () => void) => void;
  private readonly sql: {
    begin: Database.Statement;
    commit: Database.Statement;
    rollback: Database.Statement;
  };
  /** the group commit under way, if any (its transaction is open on `db`) */
  private group?: Group;
  private readonly checkpointer?: WalCheckpointer;
  /** `syncOffThread`: the WAL file (fsync'd at open) and the last position the writer made durable */
  private readonly offThread?: {
    walFile: string;
    /** the last position fsync'd */
    durable: number;
    /** a fsync failed: what was committed cannot be said durable; the store takes no more appends */
    failed?: Error;
  };
  /** `syncOffThread`: the writer thread and the appends it has not answered yet */
  private writer?: WriterState;
  private readonly visibleUpTo?: () => number;
  /** `filteredCategories`: the streams of those categories the log holds */
  private readonly filtered?: CategoryFilter;

  constructor(options: SqliteEventStoreOptions) {
    const file = options.file === ':memory:' ? options.file : resolve(options.file);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    const offThread = options.syncOffThread === true && file !== ':memory:';
    // the WAL's fsync is ours (below): the COMMIT only writes it
    this.db.pragma(`synchronous = ${offThread ? 'NORMAL' : (options.synchronous ?? 'FULL')}`);
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 10000}`);
    // Each append of a group runs in a SAVEPOINT, whose journal keeps every page it changes. This
    // build keeps temporary files on disk by default (TEMP_STORE=1), so once that journal passed
    // 64 KiB it spilled to a temporary file: opened, written page by page (two pwrites a page) and
    // unlinked on the request thread. It is rolled back only within the transaction, so memory is enough.
    this.db.pragma('temp_store = MEMORY');
    this.db.exec(EVENTS_SCHEMA);
    if (file !== ':memory:' && options.backgroundCheckpoints !== false) {
      this.db.pragma(`wal_autocheckpoint = ${EVENT_STORE_INLINE_CHECKPOINT_PAGES}`);
      this.checkpointer = new WalCheckpointer({
        file,
        synchronous: options.synchronous ?? 'FULL',
        ...EVENT_STORE_CHECKPOINTS,
      });
    }
    this.clock = options.clock ?? systemClock;
    this.emitter = appendsOf(file === ':memory:' ? `memory:${Math.random()}` : file);
    this.pollIntervalMs = options.pollIntervalMs ?? 100;

    const byIdsCache = new Map<number, Database.Statement<string[], Row>>();
    const columns = `position, stream, revision, id, type, ${dataLeavingOut(options.leaveOut)}, metadata, recorded_at`;
    this.stmt = {
      last: this.db.prepare('SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1'),
      insert: this.db.prepare(
        'INSERT INTO events (stream, revision, id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      byIds: (ids) => {
        let s = byIdsCache.get(ids.length);
        if (!s) {
          s = this.db.prepare(`SELECT * FROM events WHERE id IN (${ids.map(() => '?').join(',')})`);
          byIdsCache.set(ids.length, s);
        }
        return s.all(...ids);
      },
      // the LIMITs are written into the SQL: see limitSql
      stream: new StatementsPerLimit(
        this.db,
        (limit) =>
          `SELECT * FROM events WHERE stream = ? AND revision >= ? AND recorded_at <= ? AND position <= ? ORDER BY revision${limit}`,
      ),
      all: new StatementsPerLimit(
        this.db,
        (limit) => `SELECT ${columns} FROM events WHERE position > ? ORDER BY position${limit}`,
      ),
      allUpTo: new StatementsPerLimit(
        this.db,
        (limit) =>
          `SELECT ${columns} FROM events WHERE position > ? AND position <= ? ORDER BY position${limit}`,
      ),
      head: this.db.prepare('SELECT MAX(position) AS position FROM events'),
      // the pattern narrows (a category may hold a dash); parseStreamName decides
      tenant: new StatementsPerLimit(
        this.db,
        (limit) =>
          `SELECT * FROM events WHERE position > ? AND position <= ? AND stream LIKE ? ESCAPE '\\' ORDER BY position${limit}`,
      ),
      dataVersion: this.db.prepare<[], number>('PRAGMA data_version').pluck(),
    };

    const tx = this.db.transaction((writes: StreamWrite[]): CommitResult => {
      const recordedAt = this.clock.now().getTime();
      // keyed by stream names, new ones at each append (an invoice's): a dictionary from the start, not
      // a plain object that took a hidden class of its own for each new name
      const streams = Object.create(null) as Record<string, number>;
      const rows: Row[] = [];
      const lastMetadata = { json: '' };
      let position = 0;
      for (const { stream, events, expected } of writes) {
        const last = this.stmt.last.get(stream);
        const actual = last ? last.revision : ('no_stream' as const);
        const wrong = checkExpected(stream, expected, actual);
        if (wrong) throw wrong;
        if (events.length === 0) continue; // a check only
        let revision = last ? last.revision : -1;
        for (const e of events) {
          revision += 1;
          const data = e.dataJson ?? JSON.stringify(e.data);
          const metadata = metadataJson(e.metadata, lastMetadata);
          const r = this.stmt.insert.run(stream, revision, e.id, e.type, data, metadata, recordedAt);
          position = Number(r.lastInsertRowid);
          rows.push(rowOf(position, stream, revision, e, data, metadata, recordedAt));
        }
        streams[stream] = revision;
      }
      // reached only when every write of the unit was made (else its SAVEPOINT is rolled back)
      this.written = rows;
      return { position: String(position), streams };
    });
    // IMMEDIATE takes the write lock before reading the streams' revisions, so the checks and the
    // inserts cannot be split by another process; the whole commit is one transaction (all or nothing).
    this.appendTx = tx.immediate;
    this.unitTx = tx;
    this.sql = {
      begin: this.db.prepare('BEGIN IMMEDIATE'),
      commit: this.db.prepare('COMMIT'),
      rollback: this.db.prepare('ROLLBACK'),
    };
    this.dataVersion = this.stmt.dataVersion.get();
    this.schedule =
      options.groupCommit === 'microtask' ? (f) => queueMicrotask(f) : (f) => void setImmediate(f);
    this.visibleUpTo = options.visibleUpTo;
    if (offThread) {
      // what a previous process left in the WAL (it may have died before its fsync) is made durable
      // before anything is built on it
      this.offThread = { walFile: `${file}-wal`, durable: 0 };
      this.syncNow();
      if (options.filteredCategories?.length)
        this.filtered = new CategoryFilter(
          this.db,
          options.filteredCategories,
          this.committedHeadNow(),
          () => (this.writer ? this.writer.overlay.keys() : []),
        );
      this.writer = this.startWriter(file, this.checkpointer ? EVENT_STORE_INLINE_CHECKPOINT_PAGES : 0);
    }
  }

  /**
   * True only when `stream` certainly has no event, stored or pending: for the `filteredCategories`,
   * once the filter is built. False says nothing (read to know).
   */
  surelyEmpty(stream: string): boolean {
    return this.filtered?.surelyEmpty(stream) ?? false;
  }

  /** The head every connection committed, not counting the open group's own appends. */
  private committedHeadNow(): number {
    if (this.group) return this.group.committedHead;
    return this.stmt.head.get()?.position ?? 0;
  }

  /** Fsyncs the WAL as a previous process left it, before this one builds on it (at open). */
  private syncNow(): void {
    const o = this.offThread!;
    const head = this.committedHeadNow();
    let fd: number;
    try {
      fd = openSync(o.walFile, 'r');
    } catch {
      o.durable = head;
      return; // nothing written yet
    }
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    o.durable = head;
  }

  /**
   * The last position a reader other than a command's load may see: with the writer thread, what it
   * made durable (its own appends, and what it saw other processes commit).
   */
  private visibleLimit(): number {
    if (this.offThread) return this.offThread.durable;
    if (this.visibleUpTo) return this.visibleUpTo();
    return Number.MAX_SAFE_INTEGER;
  }

  /** Whether the WAL is fsync'd off this thread (`syncOffThread`). */
  get syncsOffThread(): boolean {
    return this.offThread !== undefined;
  }

  /** `syncOffThread`: how many transactions the writer thread committed. */
  writerStats(): Promise<{ commits: number }> {
    const w = this.writer;
    if (!w) return Promise.resolve({ commits: 0 });
    return new Promise((resolve) => {
      w.onStats = (stats) => {
        w.onStats = undefined;
        if (w.inFlight.size === 0) w.port.unref();
        resolve(stats);
      };
      w.port.ref();
      w.port.postMessage({ kind: 'stats' });
    });
  }

  /**
   * `syncOffThread`: the writer thread's own signal of what it made durable, for a reader in another
   * thread (the projections'), told by the writer without this thread (see CommitSignal).
   */
  get commitSignal(): CommitSignal | undefined {
    return this.writer?.commits;
  }

  /** `syncOffThread`: the last position fsync'd (what a reader in another thread may be shown). */
  get durableHead(): number {
    return this.offThread ? this.offThread.durable : this.committedHeadNow();
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('Nothing to append');
    const { position, streams } = await this.appendMany([{ stream, events, expected }]);
    return { nextRevision: streams[stream], position };
  }

  /**
   * Group commit. The append is checked and written at once, as before, but inside the transaction
   * of the current group (BEGIN IMMEDIATE taken by the group's first append), in a SAVEPOINT of its
   * own: an append that fails its expected revision or repeats an event id is rolled back alone, and
   * the next appends see what the earlier ones of the group wrote (their revisions, their numbers).
   * The group is committed at the end of this turn of the event loop, once, with one fsync for all;
   * each promise is answered only after that COMMIT returned (durable with synchronous FULL), or
   * refused with its error when the COMMIT failed.
   *
   * Until then the group's events are only seen by `readStream` with `pending` (the commands of this
   * process load what the previous ones decided, so they do not decide on stale state and conflict);
   * every other read, and the subscriptions, show committed events only.
   */
  async appendMany(writes: StreamWrite[]): Promise<CommitResult> {
    checkWrites(writes);
    if (this.writer) return this.appendThroughWriter(writes);
    const nonEmpty = writes.filter((w) => w.events.length > 0);
    if (!this.group) {
      try {
        this.openGroup();
      } catch (e) {
        return this.answerFailed(nonEmpty, e); // the write lock was not had (busy past the timeout)
      }
    }
    const group = this.group!;
    let settled: Settled;
    try {
      settled = { ok: true, result: this.unitTx(writes) };
      this.rememberWritten(settled.result);
      group.wrote = true;
    } catch (e) {
      if (!this.db.inTransaction) {
        // SQLite gave up the whole transaction (an I/O error, a full disk): the group is lost
        this.group = undefined;
        if (group.wrote) this.discarded();
        this.refuseGroup(group, e);
        return this.answerFailed(nonEmpty, e);
      }
      try {
        settled = { ok: true, result: this.answerFailed(nonEmpty, e) };
      } catch (error) {
        settled = { ok: false, error };
      }
    }
    return new Promise<CommitResult>((resolve, reject) => {
      group.units.push({ nonEmpty, settled, resolve, reject });
    });
  }

  private openGroup(): void {
    this.sql.begin.run();
    // read under the write lock: no other process commits until this group has
    const committedHead = this.stmt.head.get()?.position ?? 0;
    this.group = { units: [], committedHead, wrote: false };
    this.schedule(() => this.flush());
  }

  /** Commits the group under way, if any, then answers each of its appends (with the writer: posts them). */
  private flush(): void {
    if (this.writer) return this.post(false);
    const group = this.group;
    if (!group) return;
    this.group = undefined;
    try {
      this.sql.commit.run();
    } catch (e) {
      if (this.db.inTransaction) this.sql.rollback.run();
      if (group.wrote) this.discarded();
      this.refuseGroup(group, e);
      return;
    }
    if (group.wrote) {
      this.headMemo = undefined;
      this.emitter.emit('append');
    }
    for (const u of group.units) {
      if (u.settled.ok) u.resolve(u.settled.result);
      else u.reject(u.settled.error);
    }
  }

  /**
   * Nothing of the group is stored: each append is answered as if it had been made alone and failed
   * so (a retry of an append stored earlier still gets its first result).
   */
  private refuseGroup(group: Group, e: unknown): void {
    for (const u of group.units) {
      try {
        u.resolve(this.answerFailed(u.nonEmpty, e));
      } catch (error) {
        u.reject(error);
      }
    }
  }

  /**
   * Calls `listener` after each commit of this process's connections to the file that stored events
   * (the projections' thread is told so at once); answers the way to stop.
   */
  onAppended(listener: () => void): () => void {
    this.emitter.on('append', listener);
    return () => void this.emitter.off('append', listener);
  }

  /**
   * Another thread of this process appended to the file (it said so): the subscriptions of this
   * connection read it at once instead of at their next poll.
   */
  appendedElsewhere(): void {
    this.headMemo = undefined;
    this.emitter.emit('append');
  }

  /** The synchronous core of `append`, for callers that batch in-process (benchmarks, seeders). */
  appendSync(stream: string, events: NewEvent[], expected: ExpectedRevision): AppendResult {
    if (events.length === 0) throw new Error('Nothing to append');
    const { position, streams } = this.appendManySync([{ stream, events, expected }]);
    return { nextRevision: streams[stream], position };
  }

  /** Appends and commits at once, alone (after committing the group under way, which was asked first). */
  appendManySync(writes: StreamWrite[]): CommitResult {
    checkWrites(writes);
    if (this.writer) return this.appendThroughWriterSync(writes);
    this.flush();
    const nonEmpty = writes.filter((w) => w.events.length > 0);
    try {
      const result = this.appendTx(writes);
      this.rememberWritten(result);
      this.headMemo = undefined;
      this.emitter.emit('append');
      return result;
    } catch (e) {
      return this.answerFailed(nonEmpty, e);
    }
  }

  /** `syncOffThread`: starts the writer thread, and listens to what it answers. */
  private startWriter(file: string, inlineCheckpointPages: number): WriterState {
    const channel = new MessageChannel();
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const commits: CommitSignal = {
      count: new SharedArrayBuffer(4),
      durable: new SharedArrayBuffer(8),
    };
    Atomics.store(new BigInt64Array(commits.durable), 0, BigInt(this.offThread!.durable));
    const data: WriterData = {
      file,
      pollIntervalMs: this.pollIntervalMs,
      inlineCheckpointPages,
      port: channel.port2,
      signal,
      openedAt: this.offThread!.durable,
      commits,
    };
    const worker = startWorkerFile(__dirname, 'event-store-writer.worker', data, [channel.port2]);
    worker.unref(); // an idle store keeps no process alive; the port does while appends are in flight
    const port = channel.port1;
    port.on('message', (m: FromWriter) => this.heard(m));
    port.unref();
    const writer: WriterState = {
      worker,
      port,
      signal,
      commits,
      outbox: [],
      scheduled: false,
      nextId: 0,
      inFlight: new Map(),
      inFlightIds: new Map(),
      overlay: new Map(),
      provisional: this.committedHeadNow(),
      idle: [],
    };
    const stopped = (error: Error) => {
      if (writer.closing) return;
      this.offThread!.failed ??= error;
      this.writerLost(writer, error);
    };
    worker.on('error', (e) =>
      stopped(new Error(`The event log's writer failed: ${e.message}`, { cause: e })),
    );
    worker.on('exit', (code) => {
      writer.exited = true;
      stopped(new Error(`The event log's writer stopped (exit code ${code})`));
    });
    return writer;
  }

  /**
   * An append with the writer thread: checked and numbered here, at the call, against the appends not
   * answered yet (`overlay`), what this thread knows of each stream and, failing both, the file; shown
   * at once to the commands' loads (`pending`); posted at the end of the turn; answered once the writer
   * stored it (and checked it again under the lock) and fsync'd it.
   */
  private async appendThroughWriter(writes: StreamWrite[]): Promise<CommitResult> {
    const w = this.writer!;
    for (;;) {
      if (this.offThread!.failed) throw this.offThread!.failed;
      const nonEmpty = writes.filter((x) => x.events.length > 0);
      // the same append again (a retry) while the first is in flight: answered once that one is
      const first = this.inFlightWith(nonEmpty);
      if (first) {
        await new Promise<void>((resolve) => first.waiters.push(resolve));
        continue;
      }
      const staged = this.stage(writes, nonEmpty);
      if (staged instanceof Error) return this.answerFailed(nonEmpty, staged);
      return new Promise<CommitResult>((resolve, reject) => {
        staged.resolve = resolve;
        staged.reject = reject;
        if (!w.scheduled) {
          w.scheduled = true;
          this.schedule(() => this.post(false));
        }
      });
    }
  }

  /** `appendManySync` with the writer thread: posted at once, and waited for on this thread. */
  private appendThroughWriterSync(writes: StreamWrite[]): CommitResult {
    for (;;) {
      if (this.offThread!.failed) throw this.offThread!.failed;
      const nonEmpty = writes.filter((x) => x.events.length > 0);
      if (this.inFlightWith(nonEmpty)) {
        this.drainWriter();
        continue;
      }
      const staged = this.stage(writes, nonEmpty);
      if (staged instanceof Error) return this.answerFailed(nonEmpty, staged);
      let answer: { result: CommitResult } | { error: unknown } | undefined;
      staged.resolve = (result) => (answer = { result });
      staged.reject = (error) => (answer = { error });
      this.post(true);
      this.waitForWriter(() => answer !== undefined);
      if ('error' in answer!) throw answer.error;
      return answer!.result;
    }
  }

  /** The unit in flight that holds one of these events, if any. */
  private inFlightWith(nonEmpty: StreamWrite[]): InFlight | undefined {
    const w = this.writer!;
    if (w.inFlightIds.size === 0) return undefined;
    for (const write of nonEmpty)
      for (const e of write.events) {
        const unit = w.inFlightIds.get(e.id);
        if (unit !== undefined) return w.inFlight.get(unit);
      }
    return undefined;
  }

  /**
   * A stream's last revision (-1: none) as the next append must find it, the appends in flight included.
   * `expected: 'no_stream'` to a stream this thread knows nothing of is not looked up (a new invoice's
   * stream, a query at every sale): the writer checks it under the lock anyway, and refuses the append
   * if the stream exists after all (then as any refusal: the unit of work retries, and finds it).
   */
  private lastRevisionOf(stream: string, expected: ExpectedRevision): number {
    const pending = this.writer!.overlay.get(stream);
    if (pending) return pending[pending.length - 1].revision;
    const known = this.lastRevisions.get(stream);
    if (known !== undefined) return known;
    if (expected === 'no_stream') return -1;
    return this.stmt.last.get(stream)?.revision ?? -1;
  }

  /**
   * Checks an append and numbers its events, or answers why not: made part of what the commands' loads
   * see (`overlay`) and of the next post to the writer. Its positions are provisional until answered.
   */
  private stage(writes: StreamWrite[], nonEmpty: StreamWrite[]): InFlight | Error {
    const w = this.writer!;
    const lasts: number[] = [];
    for (const { stream, expected } of writes) {
      const last = this.lastRevisionOf(stream, expected);
      const wrong = checkExpected(stream, expected, last < 0 ? 'no_stream' : last);
      if (wrong) return wrong;
      lasts.push(last);
    }
    const recordedAt = this.clock.now().getTime();
    const streams = Object.create(null) as Record<string, number>;
    const rows: Row[] = [];
    const wire: WireWrite[] = [];
    const lastMetadata = { json: '' };
    for (let i = 0; i < writes.length; i++) {
      const { stream, events } = writes[i];
      const wireEvents: WireEvent[] = [];
      let revision = lasts[i];
      for (const e of events) {
        revision += 1;
        const data = e.dataJson ?? JSON.stringify(e.data);
        const metadata = metadataJson(e.metadata, lastMetadata);
        wireEvents.push([e.id, e.type, data, metadata]);
        w.provisional += 1;
        rows.push(rowOf(w.provisional, stream, revision, e, data, metadata, recordedAt));
      }
      wire.push({ stream, last: lasts[i], events: wireEvents });
      if (events.length) streams[stream] = revision;
    }
    const id = ++w.nextId;
    const unit: InFlight = {
      writes,
      nonEmpty,
      rows,
      streams,
      resolve: () => undefined,
      reject: () => undefined,
      waiters: [],
    };
    this.filtered?.staged(Object.keys(streams));
    w.inFlight.set(id, unit);
    w.outbox.push({ id, recordedAt, writes: wire });
    for (const row of rows) {
      w.inFlightIds.set(row.id, id);
      const pending = w.overlay.get(row.stream);
      if (pending) pending.push(row);
      else w.overlay.set(row.stream, [row]);
    }
    this.written = rows;
    this.rememberWritten({ position: String(w.provisional), streams });
    return unit;
  }

  /** Posts what was staged since the last post (`sync`: a caller waits for it on this thread). */
  private post(sync: boolean): void {
    const w = this.writer!;
    w.scheduled = false;
    if (w.outbox.length === 0 && !sync) return;
    w.port.ref(); // answers are awaited
    w.port.postMessage({ kind: 'units', units: w.outbox, ...(sync && { sync: true }) });
    w.outbox = [];
  }

  /**
   * Blocks this thread until `done()` (appendManySync, a backup's import): reads the writer's answers
   * as they come (their promises are settled as usual).
   */
  private waitForWriter(done: () => boolean): void {
    const w = this.writer!;
    for (let waited = 0; ;) {
      const seen = Atomics.load(w.signal, 0);
      for (let m = receiveMessageOnPort(w.port); m; m = receiveMessageOnPort(w.port))
        this.heard(m.message as FromWriter);
      if (done()) return;
      if (this.offThread!.failed) throw this.offThread!.failed;
      if (Atomics.wait(w.signal, 0, seen, 1000) === 'timed-out' && (waited += 1) >= 60)
        throw new Error("The event log's writer did not answer within a minute");
    }
  }

  /** Waits on this thread until every append posted so far is answered. */
  private drainWriter(): void {
    const w = this.writer!;
    this.post(true);
    this.waitForWriter(() => w.inFlight.size === 0);
  }

  /** What the writer said. */
  private heard(m: FromWriter): void {
    const w = this.writer;
    if (!w) return;
    if (m.kind === 'others') {
      // another process committed: shown once durable, and what this thread knew of streams is stale
      this.offThread!.durable = Math.max(this.offThread!.durable, m.durable);
      this.filtered?.othersCommitted(m.durable);
      this.lastRevisions.clear();
      this.lastWritten.clear();
      this.headMemo = undefined;
      this.emitter.emit('append');
      return;
    }
    if (m.kind === 'stats') return w.onStats?.(m);
    if (m.kind === 'closed') return w.onClosed?.();
    const o = this.offThread!;
    if (m.failed) o.failed ??= new Error(m.failed);
    o.durable = Math.max(o.durable, m.durable);
    if (m.others) {
      this.lastRevisions.clear();
      this.lastWritten.clear();
      this.filtered?.othersCommitted(m.durable);
    }
    const answers: Array<() => void> = [];
    let refused = false;
    let stored = false;
    /** where the writer found the streams of the appends it refused (the next one is refused at the call) */
    const found: Array<[string, number]> = [];
    let lastStored = 0;
    for (let i = 0; i < m.ids.length; i++) {
      const unit = w.inFlight.get(m.ids[i]);
      if (!unit) continue;
      w.inFlight.delete(m.ids[i]);
      for (const row of unit.rows) w.inFlightIds.delete(row.id);
      const outcome = m.outcomes[i];
      if (outcome.ok) {
        stored = true;
        lastStored = Math.max(lastStored, outcome.position);
        this.settleRows(unit.rows, outcome.position);
        const result = { position: String(outcome.position), streams: unit.streams };
        answers.push(() => unit.resolve(result));
      } else if (unit.import) {
        answers.push(() => unit.reject(this.refusal(unit, outcome)));
      } else {
        refused = true;
        if (outcome.code === 'revision') found.push([outcome.stream, outcome.actual]);
        answers.push(() => {
          if (outcome.code === 'failed') return unit.reject(o.failed ?? new Error(outcome.message));
          try {
            unit.resolve(this.answerFailed(unit.nonEmpty, this.refusal(unit, outcome)));
          } catch (error) {
            unit.reject(error);
          }
        });
      }
      answers.push(() => unit.waiters.forEach((wake) => wake()));
    }
    // with no other commit before them, the positions up to these are this thread's appends
    if (!m.others && lastStored > 0) this.filtered?.ownCommitted(lastStored);
    if (refused) {
      // appends the commands' loads were shown were not stored: what they may have built on goes too
      // (the writer refuses whatever followed them), and every cache of streams starts over
      w.overlay.clear();
      this.discarded();
      for (const [stream, actual] of found) this.rememberRevision(stream, actual);
    }
    if (w.inFlight.size === 0) {
      w.port.unref();
      w.provisional = Math.max(w.provisional, o.durable);
    }
    if (stored || m.others) {
      this.headMemo = undefined;
      this.emitter.emit('append');
    }
    for (const answer of answers) answer();
    if (w.inFlight.size === 0) for (const idle of w.idle.splice(0)) idle();
  }

  /** A stored append's rows get their positions, and leave the overlay (the file has them now). */
  private settleRows(rows: Row[], lastPosition: number): void {
    const overlay = this.writer!.overlay;
    for (let j = 0; j < rows.length; j++) {
      const row = rows[j];
      row.position = lastPosition - (rows.length - 1 - j);
      const pending = overlay.get(row.stream);
      if (!pending) continue;
      const at = pending.indexOf(row);
      if (at >= 0) pending.splice(at, 1);
      if (pending.length === 0) overlay.delete(row.stream);
    }
  }

  /** Why the writer refused a unit, as the store's callers know it. */
  private refusal(unit: InFlight, outcome: Exclude<UnitOutcome, { ok: true }>): Error {
    if (outcome.code === 'revision') {
      const expected =
        outcome.expected ?? unit.writes.find((x) => x.stream === outcome.stream)?.expected ?? 'any';
      return new WrongExpectedRevisionError(
        outcome.stream,
        expected,
        outcome.actual < 0 ? 'no_stream' : outcome.actual,
      );
    }
    if (outcome.code === 'unique')
      return Object.assign(new Error('UNIQUE constraint failed: events.id'), {
        code: 'SQLITE_CONSTRAINT_UNIQUE',
      });
    return new Error(outcome.message);
  }

  /** The writer thread is gone: nothing in flight will be answered by it. */
  private writerLost(w: WriterState, error: Error): void {
    const units = [...w.inFlight.values()];
    w.inFlight.clear();
    w.inFlightIds.clear();
    w.overlay.clear();
    w.outbox = [];
    if (units.length) this.discarded();
    w.port.unref();
    for (const unit of units) {
      unit.reject(error);
      unit.waiters.forEach((wake) => wake());
    }
    for (const idle of w.idle.splice(0)) idle();
  }

  /**
   * A retry of an append that already succeeded fails the revision check (or the unique id): it is
   * answered with the original result instead. Any other failure is thrown.
   */
  private answerFailed(nonEmpty: StreamWrite[], e: unknown): CommitResult {
    const original = this.previousAppend(nonEmpty);
    if (original) return original;
    if (isUniqueViolation(e)) throw new DuplicateEventIdError(nonEmpty[0].events[0].id, nonEmpty[0].stream);
    throw e;
  }

  /** The first result of this very append, if it was stored: every event where it would have gone. */
  private previousAppend(writes: StreamWrite[]): CommitResult | undefined {
    const all = writes.flatMap((w) => w.events.map((e) => ({ stream: w.stream, id: e.id })));
    const rows = this.stmt.byIds(all.map((e) => e.id));
    if (rows.length === 0) return undefined;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const strangerOf = (w: StreamWrite) => {
      const first = byId.get(w.events[0].id);
      const same =
        first !== undefined &&
        w.events.every((e, i) => {
          const r = byId.get(e.id);
          return r !== undefined && r.stream === w.stream && r.revision === first.revision + i;
        });
      return same
        ? undefined
        : (w.events.map((e) => byId.get(e.id)).find((r) => r && r.stream !== w.stream) ?? rows[0]);
    };
    for (const w of writes) {
      const stranger = strangerOf(w);
      if (stranger) throw new DuplicateEventIdError(stranger.id, w.stream);
    }
    const streams: Record<string, number> = {};
    let position = 0;
    for (const w of writes) {
      const last = byId.get(w.events[w.events.length - 1].id)!;
      streams[w.stream] = last.revision;
      position = Math.max(position, last.position);
    }
    return { position: String(position), streams };
  }

  /**
   * The last revision of the streams this connection wrote, or read to their end with `pending`,
   * valid while no other connection committed (PRAGMA data_version, asked once per turn of the event
   * loop): a command's load of a stream it holds whole asks `fromRevision: last + 1`, and most of the
   * time nothing was appended since: that is answered without a query (each costs a read transaction).
   */
  private readonly lastRevisions = new Map<string, number>();
  private dataVersion?: number;
  private dataVersionAsked = false;

  private remember(result: CommitResult): void {
    for (const stream in result.streams) this.rememberRevision(stream, result.streams[stream]);
  }

  private rememberRevision(stream: string, revision: number): void {
    if (this.lastRevisions.size >= 100_000) this.lastRevisions.clear();
    this.lastRevisions.set(stream, revision);
  }

  /** the rows of the last unit the append transaction wrote (set by it on success only) */
  private written: Row[] = [];
  /**
   * The rows this connection last appended to each stream that had events before: the next command's
   * load of the stream asks for exactly those (what follows what it kept, a sequence's last number, the
   * e-invoice chain's last link), and is answered without a query while nothing else was committed
   * meanwhile. A stream the append began (an invoice, a stored reply) is left out: it is rarely loaded
   * again soon, and its rows (its whole first event, ~4 KB an invoice) kept here until the map is
   * cleared outlived every young-generation GC: on the till at 200 invoices/s they were more than half
   * of what the request thread moved to old space (1.41 MB/s, 0.61 without them), and the full GCs
   * that old space brings on stop the thread and take both cores for their marking.
   */
  private readonly lastWritten = new Map<string, Row[]>();

  private rememberWritten(result: CommitResult): void {
    this.remember(result);
    if (this.lastWritten.size >= 10_000) this.lastWritten.clear();
    const byStream = new Map<string, Row[]>();
    for (const row of this.written) {
      const rows = byStream.get(row.stream);
      if (rows) rows.push(row);
      else byStream.set(row.stream, [row]);
    }
    for (const [stream, rows] of byStream)
      if (rows[0].revision > 0) this.lastWritten.set(stream, rows);
      else this.lastWritten.delete(stream); // begun here (or again, after a rollback): see lastWritten
    this.written = [];
  }

  /** How many groups were rolled back after their appends had been shown to commands' loads. */
  get discardedGroups(): number {
    return this.discardedCount;
  }

  /** A group's appends were rolled back after all (its COMMIT failed). */
  private discarded(): void {
    this.discardedCount++;
    this.lastRevisions.clear();
    this.lastWritten.clear();
  }

  /** The last revisions known, forgotten when another connection committed since they were learnt. */
  private knownRevisions(): Map<string, number> {
    // with the writer thread, the file changes under this connection at each of its commits: another
    // process's commits are told by the writer instead (`others`)
    if (this.writer) return this.lastRevisions;
    if (!this.dataVersionAsked) {
      this.dataVersionAsked = true;
      setImmediate(() => (this.dataVersionAsked = false));
      const version = this.stmt.dataVersion.get()!;
      if (version !== this.dataVersion) this.lastRevisions.clear();
      this.dataVersion = version;
    }
    return this.lastRevisions;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const asOf = options.asOf ? Date.parse(options.asOf) : Number.MAX_SAFE_INTEGER;
    if (Number.isNaN(asOf)) throw new Error(`Invalid asOf instant: ${options.asOf}`);
    // a command's load of what follows what it holds (pending appends included): often nothing
    const whole = options.pending === true && !options.asOf && options.maxCount === undefined;
    const from = options.fromRevision ?? 0;
    if (whole) {
      const known = this.knownRevisions().get(stream);
      if (known === from - 1) return [];
      // exactly what this connection appended last to the stream, nothing else committed since
      const last = known === undefined ? undefined : this.lastWritten.get(stream);
      if (last && last[0].revision === from && last[last.length - 1].revision === known)
        return last.map(toRecorded);
    }
    // the open group's events only for who asked for them: they may still be rolled back
    const upTo = options.pending
      ? Number.MAX_SAFE_INTEGER
      : Math.min(this.group ? this.group.committedHead : Number.MAX_SAFE_INTEGER, this.visibleLimit());
    const rows = this.stmt.stream.get(options.maxCount).all(stream, from, asOf, upTo);
    // with the writer thread, what was appended and is not stored yet follows what is
    const pending = options.pending ? this.writer?.overlay.get(stream) : undefined;
    if (pending && (options.maxCount === undefined || rows.length < options.maxCount)) {
      const after = rows.length ? rows[rows.length - 1].revision : from - 1;
      for (const row of pending) {
        if (row.revision <= after || row.recorded_at > asOf) continue;
        rows.push(row);
        if (rows.length === options.maxCount) break;
      }
    }
    if (whole) {
      if (rows.length) this.rememberRevision(stream, rows[rows.length - 1].revision);
      // nothing after what the caller holds (from its own reads): its last revision is known, or there is
      // no such stream (yet)
      else this.rememberRevision(stream, from - 1);
    }
    return rows.map(toRecorded);
  }

  async readAll(after: string, maxCount: number): Promise<RecordedEvent[]> {
    return this.readAllSync(after, maxCount);
  }

  readAllSync(after: string, maxCount: number): RecordedEvent[] {
    // an open group's events are not in the log yet: they may still be rolled back; nor are, for a
    // reader, events not fsync'd yet
    const limit = Math.min(
      this.group ? this.group.committedHead : Number.MAX_SAFE_INTEGER,
      this.visibleLimit(),
    );
    if (limit < Number.MAX_SAFE_INTEGER) {
      // nothing past `after` may be shown yet: a subscription's read after the batch it projected, once
      // per batch, answered without a read transaction (99 µs on average on the projections' thread, its pages
      // emptied by the writer's commit since)
      if (Number(after) >= limit) return [];
      return this.stmt.allUpTo.get(maxCount).all(Number(after), limit).map(toRecorded);
    }
    return this.stmt.all.get(maxCount).all(Number(after)).map(toRecorded);
  }

  async readTenant(
    tenantId: string,
    after: string,
    maxCount: number,
    upTo?: string,
  ): Promise<RecordedEvent[]> {
    return this.readTenantRows(tenantId, after, maxCount, upTo).map(toRecorded);
  }

  /**
   * One tenant's rows as stored (data and metadata still JSON text), for a backup that writes them out
   * again without parsing them.
   */
  readTenantRows(tenantId: string, after: string, maxCount: number, upTo?: string): StoredRow[] {
    if (!/^[^-.]+$/.test(tenantId)) throw new Error(`Invalid tenant id: ${tenantId}`);
    const limit = Math.min(this.committedHead(), upTo === undefined ? Number.MAX_SAFE_INTEGER : Number(upTo));
    const pattern = `%-${tenantId.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;
    const out: Row[] = [];
    let from = Number(after);
    while (out.length < maxCount) {
      const rows = this.stmt.tenant.get(maxCount - out.length).all(from, limit, pattern);
      if (rows.length === 0) break;
      for (const r of rows) if (parseStreamName(r.stream)?.tenantId === tenantId) out.push(r);
      from = rows[rows.length - 1].position;
    }
    return out;
  }

  async importRecorded(events: RecordedEvent[]): Promise<string> {
    return this.importRecordedSync(events);
  }

  /**
   * Writes recorded events as they are (a backup's import) in one transaction of its own, after the
   * group under way is committed: revisions checked against each stream's last, ids unique.
   */
  importRecordedSync(events: Array<Omit<RecordedEvent, 'position'>>): string {
    if (events.length === 0) throw new Error('Nothing to append');
    const position = this.writer ? this.importThroughWriter(events) : (this.flush(), this.importTx(events));
    this.lastRevisions.clear();
    this.lastWritten.clear();
    this.headMemo = undefined;
    this.emitter.emit('append');
    return position;
  }

  /** A backup's import with the writer thread: one unit, in the order given, waited for on this thread. */
  private importThroughWriter(events: Array<Omit<RecordedEvent, 'position'>>): string {
    const w = this.writer!;
    if (this.offThread!.failed) throw this.offThread!.failed;
    const writes: WireWrite[] = events.map((e) => {
      const recordedAt = Date.parse(e.recordedAt);
      if (Number.isNaN(recordedAt)) throw new Error(`Invalid recordedAt of event ${e.id}`);
      const event: WireEvent = [
        e.id,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
        recordedAt,
        e.revision,
      ];
      return { stream: e.stream, last: e.revision - 1, events: [event] };
    });
    const id = ++w.nextId;
    this.filtered?.staged(events.map((e) => e.stream));
    let answer: { result: CommitResult } | { error: unknown } | undefined;
    w.inFlight.set(id, {
      writes: [],
      nonEmpty: [],
      rows: [],
      streams: {},
      resolve: (result) => (answer = { result }),
      reject: (error) => (answer = { error }),
      waiters: [],
      import: true,
    });
    w.outbox.push({ id, recordedAt: 0, writes, import: true });
    this.post(true);
    this.waitForWriter(() => answer !== undefined);
    if ('error' in answer!) throw answer.error;
    return answer!.result.position;
  }

  private readonly importTx = (events: Array<Omit<RecordedEvent, 'position'>>): string =>
    this.db
      .transaction(() => {
        const last = new Map<string, number>();
        let position = 0;
        for (const e of events) {
          let previous = last.get(e.stream);
          if (previous === undefined) previous = this.stmt.last.get(e.stream)?.revision ?? -1;
          if (e.revision !== previous + 1)
            throw new WrongExpectedRevisionError(
              e.stream,
              e.revision - 1,
              previous === -1 ? 'no_stream' : previous,
            );
          const recordedAt = Date.parse(e.recordedAt);
          if (Number.isNaN(recordedAt)) throw new Error(`Invalid recordedAt of event ${e.id}`);
          const r = this.stmt.insert.run(
            e.stream,
            e.revision,
            e.id,
            e.type,
            JSON.stringify(e.data),
            JSON.stringify(e.metadata),
            recordedAt,
          );
          position = Number(r.lastInsertRowid);
          last.set(e.stream, e.revision);
        }
        return String(position);
      })
      .immediate();

  async headPosition(): Promise<string> {
    return String(this.committedHead());
  }

  private committedHead(): number {
    // A reader told the durable head (the projections' thread) has its answer without SQL: what is
    // durable was committed first, so the log's head is never below it. The query cost that thread
    // ~50 µs an invoice at the till (measured), its cache emptied by every append of the writer's.
    if (this.visibleUpTo) return this.visibleUpTo();
    return Math.min(this.committedHeadNow(), this.visibleLimit());
  }

  /**
   * What the subscriptions read, shared: after an append every projection asks for the same events,
   * so they are read and parsed once (frozen, as they are immutable) for all of them. Keyed by the
   * head too, so an append by another process is never hidden.
   */
  private readonly shared = new Map<string, RecordedEvent[]>();

  /**
   * The log's head, asked of the store once per turn of the event loop: after an append every
   * subscription reads at once, and one query answers them all. An append of this process forgets it
   * at once; one of another process is seen on the next turn.
   */
  private headMemo?: string;
  private head(): string {
    if (this.headMemo === undefined) {
      this.headMemo = String(this.committedHead());
      setImmediate(() => (this.headMemo = undefined));
    }
    return this.headMemo;
  }

  private readShared(after: string, maxCount: number): RecordedEvent[] {
    const head = this.head();
    const key = `${after}|${maxCount}|${head}`;
    let events = this.shared.get(key);
    if (!events) {
      events = this.readAllSync(after, maxCount).map(deepFreeze);
      if (this.shared.size >= 64) this.shared.clear();
      this.shared.set(key, events);
    }
    return [...events];
  }

  subscribeAll(after: string, handler: EventBatchHandler, options: SubscriptionOptions = {}): Subscription {
    const subscription = pollingSubscription({
      after,
      handler,
      options,
      read: (from, max) => this.readShared(from, max),
      appends: this.emitter,
      pollIntervalMs: this.pollIntervalMs,
      onStop: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    this.filtered?.stop();
    this.flush(); // the open group is committed (and answered) before the file closes
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.flush();
    const w = this.writer;
    if (w && !w.closing) {
      // what was posted is answered before the writer closes its connection
      while (w.inFlight.size) await new Promise<void>((resolve) => w.idle.push(resolve));
      w.closing = true;
      this.offThread!.failed ??= new Error('The event store is closed');
      if (!w.exited)
        await new Promise<void>((resolve) => {
          w.onClosed = resolve;
          w.worker.once('exit', () => resolve());
          w.port.ref();
          w.port.postMessage({ kind: 'close' });
        });
      w.port.close();
    }
    await this.checkpointer?.stop(); // the last connection to close checkpoints what is left
    if (this.db.open) this.db.close();
  }
}
