// The event store's writer thread (SqliteEventStore with `syncOffThread`): the request thread checks
// and numbers each append, then posts its rows here at the end of its turn; this thread writes them
// in one transaction with every other batch waiting, checks each append again under the write lock,
// commits, fsyncs the WAL and answers. The COMMIT, the INSERTs and the transaction's bookkeeping were
// about 15 % of the request thread's time at the till.
import Database from 'better-sqlite3';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { runAfterRequests } from '../../runtime/thread-priority';
import { EVENTS_SCHEMA } from './sqlite-schema';
import { receiveWhileBusy } from '../../runtime/receive-while-busy';
import type { ToWriter, UnitOutcome, WireEvent, WriterData, WriterUnit } from './writer-protocol';

const {
  file,
  pollIntervalMs,
  inlineCheckpointPages,
  port,
  signal,
  openedAt,
  commits: told,
} = workerData as WriterData;
runAfterRequests('store-writer');
const committed = new Int32Array(told.count);
const durableAt = new BigInt64Array(told.durable);
/** Tells the readers of other threads that the log is durable up to `durable` (see CommitSignal). */
const tell = (durable: number) => {
  Atomics.store(durableAt, 0, BigInt(durable));
  Atomics.add(committed, 0, 1);
  Atomics.notify(committed, 0);
};
const db = new Database(file);
db.pragma('journal_mode = WAL');
// the WAL's fsync is this thread's own (below), after the COMMIT
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 10000');
db.pragma('temp_store = MEMORY'); // each append's SAVEPOINT journal (see the store)
if (inlineCheckpointPages) db.pragma(`wal_autocheckpoint = ${inlineCheckpointPages}`);
db.exec(EVENTS_SCHEMA);

const last = db.prepare<[string], number>(
  'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
);
last.pluck();
const insert = db.prepare<[string, number, string, string, string, string, number]>(
  'INSERT INTO events (stream, revision, id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
);
const head = db.prepare<[], number | null>('SELECT MAX(position) FROM events').pluck();
const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
const begin = db.prepare('BEGIN IMMEDIATE');
const commit = db.prepare('COMMIT');
const rollback = db.prepare('ROLLBACK');
const savepoint = db.prepare('SAVEPOINT unit');
const release = db.prepare('RELEASE unit');
const rollbackUnit = db.prepare('ROLLBACK TO unit');

const codeOf = (e: unknown): string | undefined => (e as { code?: string } | null)?.code;

class Refused extends Error {
  constructor(readonly outcome: UnitOutcome) {
    super('refused');
  }
}

/**
 * One unit in a SAVEPOINT of the batch's transaction, rolled back alone when it is refused (`Refused`,
 * or an id stored already); `write` answers its last event's position.
 */
const inSavepoint = (write: () => number): UnitOutcome => {
  savepoint.run();
  try {
    const position = write();
    release.run();
    return { ok: true, position };
  } catch (e) {
    rollbackUnit.run();
    release.run();
    if (e instanceof Refused) return e.outcome;
    if (codeOf(e) === 'SQLITE_CONSTRAINT_UNIQUE') return { ok: false, code: 'unique' };
    throw e; // an I/O error: the whole transaction goes
  }
};

const insertOne = (stream: string, revision: number, event: WireEvent, recordedAt: number): number =>
  Number(insert.run(stream, revision, event[0], event[1], event[2], event[3], recordedAt).lastInsertRowid);

/** One append: each stream must still be where the request thread saw it. */
const writeUnit = (unit: WriterUnit): UnitOutcome =>
  inSavepoint(() => {
    let position = 0;
    for (const w of unit.writes) {
      const actual = last.get(w.stream) ?? -1;
      if (actual !== w.last) throw new Refused({ ok: false, code: 'revision', stream: w.stream, actual });
      let revision = w.last;
      for (const event of w.events) position = insertOne(w.stream, ++revision, event, unit.recordedAt);
    }
    return position;
  });

/** A backup's events as they were, each stream's revisions following its last. */
const importUnit = (unit: WriterUnit): UnitOutcome =>
  inSavepoint(() => {
    const lastOf = new Map<string, number>();
    let position = 0;
    for (const w of unit.writes) {
      let previous = lastOf.get(w.stream) ?? last.get(w.stream) ?? -1;
      for (const event of w.events) {
        const [, , , , recordedAt = 0, revision = -1] = event;
        if (revision !== previous + 1)
          throw new Refused({
            ok: false,
            code: 'revision',
            stream: w.stream,
            actual: previous,
            expected: revision - 1,
          });
        position = insertOne(w.stream, revision, event, recordedAt);
        previous = revision;
      }
      lastOf.set(w.stream, previous);
    }
    return position;
  });

let walFd: number | undefined;
const syncWal = () => {
  if (walFd === undefined) {
    try {
      walFd = openSync(`${file}-wal`, 'r');
    } catch {
      return; // nothing written yet
    }
  }
  fsyncSync(walFd);
};

let failed: string | undefined;
/** another process committed since the last answer */
let others = false;
let version = dataVersion.get()!;
let commits = 0;

/** Writes every batch waiting, in one transaction, then answers each append once the WAL is on disk. */
const writeAll = (batches: Array<Extract<ToWriter, { kind: 'units' }>>) => {
  const ids: number[] = [];
  for (const b of batches) for (const u of b.units) ids.push(u.id);
  let outcomes: UnitOutcome[] = [];
  let durableNow = false;
  if (failed) outcomes = ids.map(() => ({ ok: false, code: 'failed', message: failed! }));
  else {
    let committed = false;
    try {
      begin.run();
      try {
        // under the write lock: whether another process committed since this thread last looked (its
        // own commits leave the number as it is)
        const now = dataVersion.get()!;
        others = others || now !== version;
        version = now;
        for (const b of batches)
          for (const u of b.units) outcomes.push(u.import ? importUnit(u) : writeUnit(u));
        commit.run();
        committed = true;
      } finally {
        if (db.inTransaction) rollback.run();
      }
      commits += 1;
      syncWal();
      durableNow = true;
    } catch (e) {
      const message = (e as Error).message;
      if (committed) {
        // stored, but it cannot be said durable (a failed fsync): no append is taken after that
        failed = `The event log could not be made durable: ${message}`;
        outcomes = ids.map(() => ({ ok: false, code: 'failed', message: failed! }));
      } else {
        // nothing of these batches is stored (the lock not had, a full disk)
        outcomes = ids.map(() => ({ ok: false, code: 'rolledBack', message }));
      }
    }
  }
  const durable = failed ? 0 : (head.get() ?? 0);
  // the readers first: they read the log while the request thread takes in the answers
  if (durableNow) tell(durable);
  port.postMessage({ kind: 'done', ids, outcomes, durable, others, failed });
  others = false;
  if (batches.some((b) => b.sync)) {
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  }
};

const take = (first: ToWriter) => {
  const batches: Array<Extract<ToWriter, { kind: 'units' }>> = [];
  let closing = false;
  for (let m: ToWriter | undefined = first; m; m = receiveMessageOnPort(port)?.message as ToWriter) {
    if (m.kind === 'units') batches.push(m);
    else if (m.kind === 'stats') port.postMessage({ kind: 'stats', commits });
    else closing = true;
  }
  if (batches.length) writeAll(batches);
  if (closing) {
    closed = true;
    clearInterval(watch);
    if (walFd !== undefined) closeSync(walFd);
    db.close();
    port.postMessage({ kind: 'closed' });
    port.close();
  }
};
let closed = false;
// the appends of a busy till taken without the request thread waking this one for each (see
// receiveWhileBusy), the watch for other processes' commits kept meanwhile
let watchedAt = performance.now();
receiveWhileBusy(port as MessagePort, (m) => take(m as ToWriter), {
  between: () => {
    if (performance.now() - watchedAt >= pollIntervalMs) lookForOthers();
    return false;
  },
  done: () => closed,
});

// what another process committed between the request thread's open and this thread's is made durable
// and shown now: the watch below only sees what is committed after this
try {
  const now = head.get() ?? 0;
  if (now > openedAt) {
    syncWal();
    tell(now);
    port.postMessage({ kind: 'others', durable: now });
  }
} catch (e) {
  failed = `The event log could not be made durable: ${(e as Error).message}`;
}

/**
 * Another process committed (this connection's own commits leave data_version as it is): its events are
 * made durable, and the request thread told, so it shows them and forgets the revisions it knew.
 */
function lookForOthers(): void {
  watchedAt = performance.now();
  if (failed || !db.open) return;
  const now = dataVersion.get()!;
  if (now === version) return;
  version = now;
  try {
    syncWal();
  } catch {
    return;
  }
  const durable = head.get() ?? 0;
  tell(durable);
  port.postMessage({ kind: 'others', durable });
}
const watch = setInterval(lookForOthers, pollIntervalMs);
