import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { closeSync, fsync, fsyncSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseStreamName, type RecordedEvent } from '@rawnaq/contracts';
import { systemClock, type Clock } from '../../runtime/clock';
import { deepFreeze } from '../../runtime/deep-freeze';
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
   * The log's fsync made off the thread that commits (for the one process that writes the file and
   * projects it in a thread of its own, see ProjectionThread): the COMMIT only writes the WAL (SQLite's
   * NORMAL), then the WAL is fsync'd on libuv's pool, one fsync for every group committed while the
   * previous one ran, and only then are the appends answered and the subscriptions told. An answered
   * append is as durable as with FULL; events not fsync'd yet are shown to no reader but the commands'
   * loads (`pending`), so no projection runs ahead of what a power cut would leave. Files only.
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
type Group = { units: GroupedUnit[]; committedHead: number; wrote: boolean; head: number };

/** An event as the `events` table holds it. */
export type StoredRow = Row;
type Row = {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: string;
  metadata: string;
  recorded_at: number;
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

export const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY,
    stream      TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    id          TEXT    NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    recorded_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream, revision);
  CREATE UNIQUE INDEX IF NOT EXISTS events_id ON events (id);
`;

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

const toRecorded = (row: Row): RecordedEvent => ({
  id: row.id,
  type: row.type,
  data: JSON.parse(row.data),
  metadata: JSON.parse(row.metadata),
  stream: row.stream,
  revision: row.revision,
  position: String(row.position),
  recordedAt: isoOf(row.recorded_at),
});

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
    stream: Database.Statement<[string, number, number, number, number], Row>;
    all: Database.Statement<[number, number], Row>;
    allUpTo: Database.Statement<[number, number, number], Row>;
    head: Database.Statement<[], { position: number | null }>;
    tenant: Database.Statement<[number, number, string, number], Row>;
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
  /** `syncOffThread`: the WAL file's descriptor (fsync'd) and the syncs under way and asked for */
  private readonly offThread?: {
    walFile: string;
    fd?: number;
    /** the last position fsync'd */
    durable: number;
    /** an fsync is running on libuv's pool */
    syncing: boolean;
    /** what waits for the next fsync (the groups committed while one was running) */
    waiting: Array<() => void>;
    /** the watch saw another process's commits and their fsync is under way */
    othersPending?: boolean;
    /** a fsync failed: what was committed cannot be said durable; the store takes no more appends */
    failed?: Error;
    /** notices commits of other connections while this one is idle */
    watch?: NodeJS.Timeout;
  };
  private readonly visibleUpTo?: () => number;

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
      stream: this.db.prepare(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? AND recorded_at <= ? AND position <= ? ORDER BY revision LIMIT ?',
      ),
      all: this.db.prepare(`SELECT ${columns} FROM events WHERE position > ? ORDER BY position LIMIT ?`),
      allUpTo: this.db.prepare(
        `SELECT ${columns} FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?`,
      ),
      head: this.db.prepare('SELECT MAX(position) AS position FROM events'),
      // the pattern narrows (a category may hold a dash); parseStreamName decides
      tenant: this.db.prepare(
        "SELECT * FROM events WHERE position > ? AND position <= ? AND stream LIKE ? ESCAPE '\\' ORDER BY position LIMIT ?",
      ),
      dataVersion: this.db.prepare<[], number>('PRAGMA data_version').pluck(),
    };

    const tx = this.db.transaction((writes: StreamWrite[]): CommitResult => {
      const recordedAt = this.clock.now().getTime();
      // keyed by stream names, new ones at each append (an invoice's): a dictionary from the start, not
      // a plain object that took a hidden class of its own for each new name
      const streams = Object.create(null) as Record<string, number>;
      const rows: Row[] = [];
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
          const metadata = JSON.stringify(e.metadata);
          const r = this.stmt.insert.run(stream, revision, e.id, e.type, data, metadata, recordedAt);
          position = Number(r.lastInsertRowid);
          rows.push({
            position,
            stream,
            revision,
            id: e.id,
            type: e.type,
            data,
            metadata,
            recorded_at: recordedAt,
          });
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
      this.offThread = { walFile: `${file}-wal`, durable: 0, syncing: false, waiting: [] };
      this.syncNow();
      this.offThread.watch = setInterval(() => this.noticeOtherCommits(), this.pollIntervalMs);
      this.offThread.watch.unref();
    }
  }

  /** The WAL's descriptor, opened once it exists (a connection in WAL mode makes it on its first write). */
  private walFd(): number | undefined {
    const o = this.offThread!;
    if (o.fd === undefined) {
      try {
        o.fd = openSync(o.walFile, 'r');
      } catch {
        return undefined; // nothing written yet
      }
    }
    return o.fd;
  }

  /** The head every connection committed, not counting the open group's own appends. */
  private committedHeadNow(): number {
    if (this.group) return this.group.committedHead;
    const head = this.stmt.head.get()?.position ?? 0;
    this.knownHead = Math.max(this.knownHead, head);
    return head;
  }

  /**
   * The last position known committed, without a query: what the last group began on or wrote, or the
   * last head read. Another connection's later commits may be missing from it (they are made durable by
   * `noticeOtherCommits` or `visibleLimit`, which read the head); this connection's never are.
   */
  private knownHead = 0;

  /** Fsyncs the WAL on this thread (at open, for `appendManySync`, at close). */
  private syncNow(): void {
    const o = this.offThread!;
    const head = this.committedHeadNow();
    const fd = this.walFd();
    if (fd !== undefined) fsyncSync(fd);
    o.durable = Math.max(o.durable, head);
  }

  /**
   * Calls `done` once everything committed so far is on disk: after the fsync that starts next (the one
   * running may have begun before the last COMMIT). One fsync answers every group that waited for it.
   */
  private afterSync(done: () => void): void {
    const o = this.offThread!;
    o.waiting.push(done);
    if (!o.syncing) this.startSync();
  }

  private startSync(): void {
    const o = this.offThread!;
    const batch = o.waiting;
    o.waiting = [];
    o.syncing = true;
    // read before the fsync: every commit it counts is in the WAL's pages the fsync writes out (known
    // without a query: a SELECT of the head after each group's commit was a read transaction each time)
    const head = this.group ? this.group.committedHead : this.knownHead;
    const fd = this.walFd();
    const finish = (error: Error | null) => {
      o.syncing = false;
      if (error)
        o.failed ??= Object.assign(new Error(`The event log could not be made durable: ${error.message}`), {
          cause: error,
        });
      else o.durable = Math.max(o.durable, head);
      for (const done of batch) done();
      if (o.waiting.length) this.startSync();
    };
    if (fd === undefined) finish(null);
    else fsync(fd, finish);
  }

  /** Another connection (another process) committed while this one was idle: its events are fsync'd too. */
  private noticeOtherCommits(): void {
    const o = this.offThread!;
    if (o.syncing || o.failed || !this.db.open) return;
    const version = this.stmt.dataVersion.get()!;
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.lastRevisions.clear();
    if (this.committedHeadNow() > o.durable) {
      o.othersPending = true;
      this.afterSync(() => {
        o.othersPending = false;
        this.headMemo = undefined;
        this.emitter.emit('append');
      });
    }
  }

  /**
   * The last position a reader other than a command's load may see. Another process's commits are made
   * durable here at once (an fsync on this thread) rather than at the next look of the watch: a client
   * that process answered must find its events in this one's reads straight away.
   */
  private visibleLimit(): number {
    if (this.offThread) {
      const o = this.offThread;
      if (!o.failed && this.db.open) {
        const version = this.stmt.dataVersion.get()!;
        // others' commits seen here first, or seen by the watch whose fsync has not answered yet
        if (version !== this.dataVersion || o.othersPending) {
          this.dataVersion = version;
          this.lastRevisions.clear();
          if (this.committedHeadNow() > o.durable) {
            this.syncNow();
            this.headMemo = undefined;
            queueMicrotask(() => this.emitter.emit('append'));
          }
        }
      }
      return o.durable;
    }
    if (this.visibleUpTo) return this.visibleUpTo();
    return Number.MAX_SAFE_INTEGER;
  }

  /** Whether the WAL is fsync'd off this thread (`syncOffThread`). */
  get syncsOffThread(): boolean {
    return this.offThread !== undefined;
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
    if (this.offThread?.failed) throw this.offThread.failed;
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
      group.head = Math.max(group.head, Number(settled.result.position));
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
    this.group = { units: [], committedHead, wrote: false, head: committedHead };
    this.schedule(() => this.flush());
  }

  /** Commits the group under way, if any, then answers each of its appends. */
  private flush(): void {
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
    this.knownHead = Math.max(this.knownHead, group.head);
    const answer = () => {
      const failed = this.offThread?.failed;
      if (group.wrote) {
        this.headMemo = undefined;
        this.emitter.emit('append');
      }
      for (const u of group.units) {
        if (failed && u.settled.ok && u.nonEmpty.length) u.reject(failed);
        else if (u.settled.ok) u.resolve(u.settled.result);
        else u.reject(u.settled.error);
      }
    };
    // with the fsync off this thread, answered (and shown to the subscriptions) once on disk
    if (this.offThread && group.wrote) this.afterSync(answer);
    else answer();
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
    this.flush();
    const nonEmpty = writes.filter((w) => w.events.length > 0);
    if (this.offThread?.failed) throw this.offThread.failed;
    try {
      const result = this.appendTx(writes);
      this.rememberWritten(result);
      if (this.offThread) this.syncNow();
      this.headMemo = undefined;
      this.emitter.emit('append');
      return result;
    } catch (e) {
      return this.answerFailed(nonEmpty, e);
    }
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
    const rows = this.stmt.stream.all(stream, from, asOf, upTo, options.maxCount ?? -1);
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
    if (limit < Number.MAX_SAFE_INTEGER)
      return this.stmt.allUpTo.all(Number(after), limit, maxCount).map(toRecorded);
    return this.stmt.all.all(Number(after), maxCount).map(toRecorded);
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
      const rows = this.stmt.tenant.all(from, limit, pattern, maxCount - out.length);
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
    this.flush();
    if (this.offThread?.failed) throw this.offThread.failed;
    const position = this.importTx(events);
    this.lastRevisions.clear();
    this.lastWritten.clear();
    if (this.offThread) this.syncNow();
    this.headMemo = undefined;
    this.emitter.emit('append');
    return position;
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
    this.flush(); // the open group is committed (and answered) before the file closes
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.flush();
    if (this.offThread) {
      clearInterval(this.offThread.watch);
      const o = this.offThread;
      // the fsyncs under way end (and answer) before the descriptor closes
      while (o.syncing || o.waiting.length) await new Promise<void>((resolve) => this.afterSync(resolve));
      if (this.db.open && !o.failed) this.syncNow();
      if (o.fd !== undefined) closeSync(o.fd);
      o.fd = undefined;
    }
    await this.checkpointer?.stop(); // the last connection to close checkpoints what is left
    if (this.db.open) this.db.close();
  }
}
