import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract, type Attempt, type AttemptOutcome } from '../event-store.contract.test-support';
import { SqliteEventStore } from './sqlite-event-store';
import { eventually, events, uniqueStream } from '../../testing/events.test-support';

const racers = (file: string, n: number) => {
  const workers: ChildProcess[] = Array.from({ length: n }, () =>
    fork(join(__dirname, 'race-worker.test-support.ts'), [file], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    }),
  );
  const ready = Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
  return {
    async race(stream: string, attempts: Attempt[]): Promise<AttemptOutcome[]> {
      await ready;
      const go = Date.now() + 50;
      return Promise.all(
        attempts.map(
          (a, i) =>
            new Promise<AttemptOutcome>((resolve) => {
              workers[i].once('message', (m) => resolve(m as AttemptOutcome));
              workers[i].send({ stream, expected: a.expected, events: a.events, go });
            }),
        ),
      );
    },
    stop: () => workers.forEach((w) => w.kill()),
  };
};

eventStoreContract(describe, 'sqlite (separate processes racing)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rawnaq-es-'));
  const file = join(dir, 'events.db');
  const store = new SqliteEventStore({ file });
  const r = racers(file, 8);
  return {
    store,
    race: r.race,
    cleanup: async () => {
      r.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

eventStoreContract(describe, 'sqlite (fsync off the thread, other processes racing)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rawnaq-es-'));
  const file = join(dir, 'events.db');
  const store = new SqliteEventStore({
    file,
    syncOffThread: true,
    pollIntervalMs: 20,
    filteredCategories: ['test', 'filtered'],
  });
  const r = racers(file, 8);
  return {
    store,
    race: r.race,
    // the writer's watch looks every 20 ms; a loaded machine may delay it well past that
    othersShownWithinMs: 2_000,
    filteredCategory: 'filtered',
    cleanup: async () => {
      r.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

eventStoreContract(describe, 'sqlite (in memory)', async () => {
  const store = new SqliteEventStore({ file: ':memory:' });
  return { store, cleanup: () => store.close() };
});

describe('sqlite event store connection', () => {
  it("keeps its appends' savepoint journals in memory, never in a temporary file on the request thread", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rawnaq-es-'));
    const store = new SqliteEventStore({ file: join(dir, 'events.db') });
    try {
      const db = (store as unknown as { db: { pragma(p: string, o: { simple: true }): unknown } }).db;
      expect(db.pragma('temp_store', { simple: true })).toBe(2); // MEMORY
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sqlite event store filter of streams', () => {
  it('knows, after a restart, every stream of its categories the file holds, from the stream index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rawnaq-es-'));
    const file = join(dir, 'events.db');
    const open = () => new SqliteEventStore({ file, syncOffThread: true, filteredCategories: ['reply'] });
    try {
      const first = open();
      const replies = Array.from({ length: 50 }, () => uniqueStream('reply'));
      for (const stream of replies) await first.append(stream, events(1), 'no_stream');
      await first.close();

      const again = open();
      try {
        const fresh = uniqueStream('reply');
        await eventually(() => again.surelyEmpty(fresh), 5_000, 'the filter built');
        expect(replies.filter((s) => again.surelyEmpty(s))).toEqual([]);
        // a filter that says nothing is no filter: without the categories, every answer is "read"
        const plain = new SqliteEventStore({ file: join(dir, 'plain.db'), syncOffThread: true });
        expect(plain.surelyEmpty(fresh)).toBe(false);
        await plain.close();
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
