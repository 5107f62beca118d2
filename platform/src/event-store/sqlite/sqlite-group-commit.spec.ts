import Database from 'better-sqlite3';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anEvent, events, uniqueStream } from '../../testing/events.test-support';
import { DuplicateEventIdError, WrongExpectedRevisionError } from '../port';
import { SqliteEventStore } from './sqlite-event-store';

/**
 * Group commit: the appends made in one turn of the event loop share one transaction (and one fsync),
 * whether the calling thread writes them or the writer thread does (`syncOffThread`).
 */
describe.each([
  ['on the calling thread', false],
  ['by the writer thread', true],
])('SqliteEventStore group commit, written %s', (_, writer) => {
  let dir: string;
  let store: SqliteEventStore;
  const open = () =>
    new SqliteEventStore({
      file: join(dir, 'events.db'),
      ...(writer && { syncOffThread: true, pollIntervalMs: 20 }),
    });
  /** another connection's commit, up to `position`, as this store sees it: at once, or once its writer told */
  const seen = async (position: string) => {
    const until = Date.now() + 5000;
    while (store.durableHead < Number(position) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setImmediate(r));
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rawnaq-group-'));
    store = open();
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits the appends of one turn together; a later one sees the revisions of an earlier one', async () => {
    const stream = uniqueStream();
    const head = await store.headPosition();
    const appends = [
      store.append(stream, events(2), 'no_stream'),
      store.append(stream, events(1), 1),
    ] as const;
    const many = store.appendMany([
      { stream, events: events(1), expected: 2 },
      { stream: uniqueStream(), events: events(1), expected: 'no_stream' },
    ]);
    // not committed yet: only a read that asks for pending appends (a command's load) shows them
    expect(await store.headPosition()).toBe(head);
    expect(await store.readAll(head, 100)).toEqual([]);
    expect(await store.readStream(stream)).toEqual([]);
    expect(await store.readStream(stream, { pending: true })).toHaveLength(4);
    const [first, second, third] = await Promise.all([...appends, many]);
    expect(first.nextRevision).toBe(1);
    expect(second.nextRevision).toBe(2);
    expect(third.streams[stream]).toBe(3);
    expect(await store.readAll(head, 100)).toHaveLength(5);
    expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
  });

  it('refuses only the append that fails its expected revision; the others of its group are stored', async () => {
    const [a, b] = [uniqueStream(), uniqueStream()];
    const outcomes = await Promise.allSettled([
      store.append(a, events(1), 'no_stream'),
      store.appendMany([
        { stream: b, events: events(1), expected: 'no_stream' },
        { stream: a, events: events(1), expected: 5 }, // wrong: rolls back b's event too
      ]),
      store.append(a, events(1), 0),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ actual: 0, expected: 5 });
    expect(await store.readStream(a)).toHaveLength(2);
    expect(await store.readStream(b)).toEqual([]);
  });

  it('lets exactly one of the same-turn appends at one expected revision win', async () => {
    const stream = uniqueStream();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => store.append(stream, events(1), 'no_stream')),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('refuses an append repeating an event id of an earlier one of its group, alone', async () => {
    const batch = events(2);
    const other = uniqueStream();
    const outcomes = await Promise.allSettled([
      store.append(uniqueStream(), batch, 'no_stream'),
      store.appendMany([
        { stream: other, events: events(1), expected: 'no_stream' },
        { stream: uniqueStream(), events: [batch[1]], expected: 'no_stream' },
      ]),
      store.append(uniqueStream(), events(1), 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventIdError);
    expect(await store.readStream(other)).toEqual([]);
  });

  it('answers a retry with the first result, whether the first is in the same group or an earlier one', async () => {
    const stream = uniqueStream();
    const batch = events(2);
    const [first, retried] = await Promise.all([
      store.append(stream, batch, 'no_stream'),
      store.append(stream, batch, 'no_stream'),
    ]);
    expect(retried).toEqual(first);
    expect(await store.append(stream, batch, 'any')).toEqual(first);
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('commits the group under way before a synchronous append, which was asked after it', async () => {
    const stream = uniqueStream();
    const queued = store.append(stream, events(1), 'no_stream');
    expect(store.appendSync(stream, events(1), 0).nextRevision).toBe(1);
    expect((await queued).nextRevision).toBe(0);
  });

  it('commits the group under way when the store closes', async () => {
    const stream = uniqueStream();
    const queued = store.append(stream, events(1), 'no_stream');
    await store.close();
    await expect(queued).resolves.toMatchObject({ nextRevision: 0 });
    store = open();
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  // the writer thread's own failures: below, in its describe
  if (!writer)
    it('refuses every append of a group whose COMMIT failed, stores none, and counts the group discarded', async () => {
      const [a, b] = [uniqueStream(), uniqueStream()];
      const stored = events(1);
      const first = await store.append(a, stored, 'no_stream');
      const commit = (store as unknown as { sql: { commit: { run: () => unknown } } }).sql.commit;
      jest.spyOn(commit, 'run').mockImplementationOnce(() => {
        throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      });
      const outcomes = await Promise.allSettled([
        store.append(b, events(1), 'no_stream'),
        store.append(a, events(1), 0),
        store.append(a, stored, 'no_stream'), // a retry of an append stored before: still its first result
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
      expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_IOERR' });
      expect((outcomes[2] as PromiseFulfilledResult<unknown>).value).toEqual(first);
      expect(store.discardedGroups).toBe(1);
      expect(await store.readStream(b)).toEqual([]);
      expect(await store.readStream(a)).toHaveLength(1);
      expect((await store.append(a, events(1), 0)).nextRevision).toBe(1); // the next group commits
    });

  it('answers a load of what follows a stream it knows whole without a query, and sees other writers', async () => {
    const stream = uniqueStream();
    await store.append(stream, events(2), 'no_stream');
    const queries = jest.spyOn(
      (
        store as unknown as { stmt: { stream: { get: (limit?: number) => { all: () => unknown } } } }
      ).stmt.stream.get(undefined),
      'all',
    );
    expect(await store.readStream(stream, { fromRevision: 2, pending: true })).toEqual([]);
    expect(await store.readStream(uniqueStream(), { pending: true })).toEqual([]); // asked once...
    expect(queries).toHaveBeenCalledTimes(1);
    // ...an unknown stream then known empty; a read without `pending` always asks
    expect(await store.readStream(stream, { fromRevision: 2 })).toEqual([]);
    expect(queries).toHaveBeenCalledTimes(2);
    // another connection (another process) appends: seen from the next turn of the event loop on
    const other = new SqliteEventStore({ file: join(dir, 'events.db') });
    try {
      await seen((await other.append(stream, events(1), 1)).position);
      expect(await store.readStream(stream, { fromRevision: 2, pending: true })).toHaveLength(1);
      expect(await store.readStream(stream, { fromRevision: 3, pending: true })).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('answers a load of what this connection appended last without a query, as the query would', async () => {
    const stream = uniqueStream();
    await store.append(stream, events(2), 'no_stream');
    await store.append(stream, events(2), 1);
    const queries = jest.spyOn(
      (
        store as unknown as { stmt: { stream: { get: (limit?: number) => { all: () => unknown } } } }
      ).stmt.stream.get(undefined),
      'all',
    );
    const remembered = await store.readStream(stream, { fromRevision: 2, pending: true });
    expect(queries).toHaveBeenCalledTimes(0);
    expect(remembered).toEqual((await store.readStream(stream)).slice(2));
    expect(queries).toHaveBeenCalledTimes(1);
    // from another revision than the last append's first: asked
    expect(await store.readStream(stream, { fromRevision: 3, pending: true })).toEqual(remembered.slice(1));
    expect(queries).toHaveBeenCalledTimes(2);
    // a refused append leaves what is remembered as it was
    await expect(store.append(stream, events(1), 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(stream, { fromRevision: 2, pending: true })).toEqual(remembered);
    expect(queries).toHaveBeenCalledTimes(2);
    // another connection appends: asked again, and its event is there
    const other = new SqliteEventStore({ file: join(dir, 'events.db') });
    try {
      await seen((await other.append(stream, events(1), 3)).position);
      expect(await store.readStream(stream, { fromRevision: 2, pending: true })).toHaveLength(3);
      expect(queries).toHaveBeenCalledTimes(3);
    } finally {
      await other.close();
    }
  });

  it('keeps no rows of a stream its append began: its first load after is asked, as it reads', async () => {
    const stream = uniqueStream();
    const queries = jest.spyOn(
      (
        store as unknown as { stmt: { stream: { get: (limit?: number) => { all: () => unknown } } } }
      ).stmt.stream.get(undefined),
      'all',
    );
    await store.append(stream, events(2), 'no_stream');
    const first = await store.readStream(stream, { fromRevision: 0, pending: true });
    expect(queries).toHaveBeenCalledTimes(1);
    expect(first.map((e) => e.revision)).toEqual([0, 1]);
    // once it had events, what the next append wrote is kept
    await store.append(stream, events(1), 1);
    expect(await store.readStream(stream, { fromRevision: 2, pending: true })).toEqual(
      (await store.readStream(stream)).slice(2),
    );
    expect(queries).toHaveBeenCalledTimes(2); // the second read only, to compare
  });

  it('remembers a stream read to its end with nothing new, and asks again once another connection commits', async () => {
    const stream = uniqueStream();
    await store.append(stream, events(3), 'no_stream');
    const other = new SqliteEventStore({ file: join(dir, 'events.db') });
    try {
      // what this connection knew is forgotten
      await seen((await other.append(uniqueStream(), events(1), 'no_stream')).position);
      const queries = jest.spyOn(
        (
          store as unknown as { stmt: { stream: { get: (limit?: number) => { all: () => unknown } } } }
        ).stmt.stream.get(undefined),
        'all',
      );
      expect(await store.readStream(stream, { fromRevision: 3, pending: true })).toEqual([]);
      expect(queries).toHaveBeenCalledTimes(1);
      expect(await store.readStream(stream, { fromRevision: 3, pending: true })).toEqual([]);
      expect(queries).toHaveBeenCalledTimes(1);
      await seen((await other.append(stream, events(1), 2)).position);
      expect(await store.readStream(stream, { fromRevision: 3, pending: true })).toHaveLength(1);
      expect(queries).toHaveBeenCalledTimes(2);
    } finally {
      await other.close();
    }
  });

  it('wakes subscriptions once the group is committed, with every event of it', async () => {
    const stream = uniqueStream();
    const seen: string[] = [];
    const sub = store.subscribeAll(await store.headPosition(), (batch) => {
      seen.push(...batch.map((e) => e.id));
    });
    const batch = [anEvent(), anEvent(), anEvent()];
    await Promise.all(batch.map((e, i) => store.append(stream, [e], i === 0 ? 'no_stream' : i - 1)));
    const until = Date.now() + 5000;
    while (seen.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    await sub.stop();
    expect(seen).toEqual(batch.map((e) => e.id));
  });

  // each in a process of its own, whichever this describe's store is
  if (!writer)
    it.each([
      ['at COMMIT', 'commit'],
      ['off the thread', 'off-thread'],
    ])(
      'stores every unit it answered, and each unit whole or not at all, when killed mid-write (fsync %s)',
      async (_, how) => {
        const file = join(dir, 'crash.db');
        const child = fork(join(__dirname, 'group-commit-child.test-support.ts'), [file, how], {
          execArgv: ['--import', 'tsx'],
          stdio: 'inherit',
        });
        const answered: string[] = [];
        child.on('message', (unit) => answered.push(unit as string));
        const until = Date.now() + 20_000;
        while (answered.length < 300 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
        expect(answered.length).toBeGreaterThanOrEqual(300);

        const after = new SqliteEventStore({ file });
        try {
          const stored = await after.readAll('0', 1_000_000);
          const perUnit = new Map<string, number>();
          for (const e of stored)
            perUnit.set(String(e.data.unit), (perUnit.get(String(e.data.unit)) ?? 0) + 1);
          for (const unit of answered) expect(perUnit.get(unit)).toBe(3);
          for (const count of perUnit.values()) expect(count).toBe(3);
        } finally {
          await after.close();
        }
      },
      30_000,
    );
});

/**
 * `syncOffThread`: the writer thread writes, commits and fsyncs; only then is the append answered and
 * shown: to the subscriptions, to reads other than a command's load, and to a reader in another thread
 * that is told the durable head.
 */
describe('SqliteEventStore with the writer thread', () => {
  let dir: string;
  let file: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rawnaq-offsync-'));
    file = join(dir, 'events.db');
    store = new SqliteEventStore({ file, syncOffThread: true, pollIntervalMs: 20 });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const count = (stream: string) => {
    const raw = new Database(file, { readonly: true });
    try {
      return (raw.prepare('SELECT COUNT(*) AS n FROM events WHERE stream = ?').get(stream) as { n: number })
        .n;
    } finally {
      raw.close();
    }
  };

  it('shows an append to the commands at once, and to everyone else once it is stored and answered', async () => {
    const stream = uniqueStream();
    const head = await store.headPosition();
    const appended = store.append(stream, events(2), 'no_stream');
    expect(count(stream)).toBe(0); // posted to the writer at the end of the turn
    expect(await store.headPosition()).toBe(head);
    expect(await store.readAll(head, 10)).toEqual([]);
    expect(await store.readStream(stream)).toEqual([]);
    const loaded = await store.readStream(stream, { pending: true }); // a command's load
    expect(loaded.map((e) => e.revision)).toEqual([0, 1]);
    // the next append is checked against it
    await expect(store.append(stream, events(1), 'no_stream')).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    const { position } = await appended;
    expect(count(stream)).toBe(2);
    expect(store.durableHead).toBeGreaterThanOrEqual(Number(position));
    expect(await store.headPosition()).toBe(position);
    const stored = await store.readStream(stream);
    expect(stored.map((e) => [e.id, e.revision])).toEqual(loaded.map((e) => [e.id, e.revision]));
    expect(stored.at(-1)!.position).toBe(position);
  });

  it('writes the batches posted while it was busy together: five in at most two transactions', async () => {
    // another connection holds the write lock: the writer waits on its first batch while four more come
    const lock = new Database(file);
    lock.exec('BEGIN IMMEDIATE');
    const before = await store.writerStats();
    const all: Array<Promise<unknown>> = [];
    for (let turn = 0; turn < 5; turn++) {
      all.push(store.append(uniqueStream(), events(1), 'no_stream'));
      await new Promise((r) => setTimeout(r, 10)); // each posted in a turn of its own
    }
    lock.exec('ROLLBACK');
    lock.close();
    await Promise.all(all);
    const after = await store.writerStats();
    expect(after.commits - before.commits).toBeLessThanOrEqual(2);
  });

  it('refuses an append whose stream another process moved under it, forgets what it showed, and takes the retry', async () => {
    await store.close();
    // a watch that never looks: only the writer's own check under the lock finds the other commit
    store = new SqliteEventStore({ file, syncOffThread: true, pollIntervalMs: 600_000 });
    await store.writerStats(); // its writer is up, and has looked at the file
    const stream = uniqueStream();
    await store.append(stream, events(1), 'no_stream');
    const other = new SqliteEventStore({ file, backgroundCheckpoints: false });
    try {
      await other.append(stream, events(1), 0);
    } finally {
      await other.close();
    }
    const discarded = store.discardedGroups;
    const alongside = store.append(uniqueStream(), events(1), 'no_stream');
    await expect(store.append(stream, events(1), 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await alongside; // the other appends of its batch are stored
    expect(store.discardedGroups).toBe(discarded + 1);
    const loaded = await store.readStream(stream, { pending: true });
    expect(loaded.map((e) => e.revision)).toEqual([0, 1]);
    expect((await store.append(stream, events(1), 1)).nextRevision).toBe(2);
    expect(count(stream)).toBe(3);
  });

  it('does not look up a stream it knows nothing of for an append expecting none: the writer refuses it if it exists', async () => {
    const last = jest.spyOn(
      (store as unknown as { stmt: { last: { get: () => unknown } } }).stmt.last,
      'get',
    );
    const fresh = uniqueStream();
    expect((await store.append(fresh, events(1), 'no_stream')).nextRevision).toBe(0);
    expect(last).not.toHaveBeenCalled();
    // another process made this one: refused under the writer's lock, then by the look-up the retry makes
    const taken = uniqueStream();
    const other = new SqliteEventStore({ file, backgroundCheckpoints: false });
    try {
      await other.append(taken, events(1), 'no_stream');
    } finally {
      await other.close();
    }
    const discarded = store.discardedGroups;
    await expect(store.append(taken, events(1), 'no_stream')).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(store.discardedGroups).toBe(discarded + 1);
    await expect(store.append(taken, events(1), 'no_stream')).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(store.discardedGroups).toBe(discarded + 1); // known now: refused at the call
    expect(count(taken)).toBe(1);
    last.mockRestore();
  });

  it("imports a backup's events through the writer: revisions checked, all or nothing", async () => {
    const source = uniqueStream();
    await store.append(source, events(3), 'no_stream');
    const recorded = await store.readStream(source);
    const copy = uniqueStream();
    const moved = recorded.map(({ position: _, ...e }) => ({ ...e, stream: copy, id: `${e.id}-copy` }));
    const gap = moved.map((e, i) => (i === 2 ? { ...e, revision: 5 } : e));
    expect(() => store.importRecordedSync(gap)).toThrow(WrongExpectedRevisionError);
    expect(count(copy)).toBe(0);
    const position = store.importRecordedSync(moved);
    expect(store.durableHead).toBeGreaterThanOrEqual(Number(position));
    expect((await store.readStream(copy)).map((e) => [e.revision, e.recordedAt])).toEqual(
      recorded.map((e) => [e.revision, e.recordedAt]),
    );
  });

  it('refuses every append once its writer is gone, and what was in flight', async () => {
    const writer = (store as unknown as { writer: { worker: { terminate(): Promise<number> } } }).writer;
    const inFlight = store.append(uniqueStream(), events(1), 'no_stream');
    await writer.worker.terminate();
    await expect(inFlight).rejects.toThrow(/writer/);
    await expect(store.append(uniqueStream(), events(1), 'no_stream')).rejects.toThrow(/writer/);
  });

  it('tells a subscription of the events once they are durable, in order', async () => {
    const seen: string[] = [];
    const sub = store.subscribeAll(await store.headPosition(), (batch) => {
      for (const e of batch) {
        expect(Number(e.position)).toBeLessThanOrEqual(store.durableHead);
        seen.push(e.id);
      }
    });
    const stream = uniqueStream();
    const batch = [anEvent(), anEvent(), anEvent()];
    for (const [i, e] of batch.entries()) await store.append(stream, [e], i === 0 ? 'no_stream' : i - 1);
    const until = Date.now() + 5000;
    while (seen.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    await sub.stop();
    expect(seen).toEqual(batch.map((e) => e.id));
  });

  it('shows a reader in another thread only up to the durable head it is told', async () => {
    const told = { head: store.durableHead };
    const reader = new SqliteEventStore({ file, backgroundCheckpoints: false, visibleUpTo: () => told.head });
    try {
      const before = await reader.headPosition();
      // the head it may show is the one it is told: never asked of SQLite
      const heads = jest.spyOn(
        (reader as unknown as { stmt: { head: { get: () => unknown } } }).stmt.head,
        'get',
      );
      const { position } = await store.append(uniqueStream(), events(3), 'no_stream');
      expect(await reader.headPosition()).toBe(before);
      // nothing it may show past `before`: answered without a read
      const reads = jest.spyOn(
        (
          reader as unknown as { stmt: { allUpTo: { get: (limit: number) => { all: () => unknown } } } }
        ).stmt.allUpTo.get(10),
        'all',
      );
      expect(await reader.readAll(before, 10)).toEqual([]);
      expect(reads).not.toHaveBeenCalled();
      told.head = store.durableHead;
      expect(await reader.headPosition()).toBe(position);
      expect(await reader.readAll(before, 10)).toHaveLength(3);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(await reader.readAll(position, 10)).toEqual([]);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(heads).not.toHaveBeenCalled();
    } finally {
      await reader.close();
    }
  });

  it('makes durable, and shows, what another process committed while it was idle', async () => {
    const other = new SqliteEventStore({ file, synchronous: 'NORMAL', backgroundCheckpoints: false });
    try {
      const stream = uniqueStream();
      const { position } = await other.append(stream, events(1), 'no_stream');
      const until = Date.now() + 5000;
      while (store.durableHead < Number(position) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 5));
      expect(store.durableHead).toBe(Number(position));
      expect(await store.readStream(stream)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('makes what appendSync wrote durable before it returns', () => {
    const { position } = store.appendSync(uniqueStream(), events(1), 'no_stream');
    expect(store.durableHead).toBe(Number(position));
  });
});
