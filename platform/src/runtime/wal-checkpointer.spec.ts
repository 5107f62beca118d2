import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { anEvent } from '../testing/events.test-support';
import { READ_STORE_CHECKPOINTS, WalCheckpointer } from './wal-checkpointer';

const event = (i: number) => anEvent('NoteWritten', { i, text: 'x'.repeat(2_000) });

const until = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return ok();
};

describe('the WAL checkpointer thread', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'rawnaq-ckpt-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // one commit of ~1 MB: ~300 WAL pages, under SQLite's own threshold (1,000 pages) and the store's
  // own (2,000): five of them, no commit checkpoints
  const write = (store: SqliteEventStore, from = 0) =>
    store.appendMany(
      Array.from({ length: 500 }, (_, i) => ({
        stream: `note-t1.n${from + i}`,
        expected: 'no_stream' as const,
        events: [event(i)],
      })),
    );

  it('copies what the commits wrote into the database file from its own thread once 1,000 frames wait, none of the commits carrying a checkpoint', async () => {
    const file = join(dir, 'events.db');
    const store = new SqliteEventStore({ file });
    try {
      // five such commits: past the checkpointer's 1,000 frames
      for (let k = 0; k < 5; k++) await write(store, k * 500);
      expect(await until(() => statSync(file).size > 4_000_000, 3_000)).toBe(true);
      // and the WAL holds nothing the database file lacks
      const probe = new Database(file);
      const [{ log, checkpointed }] = probe.pragma('wal_checkpoint(PASSIVE)') as Array<{
        log: number;
        checkpointed: number;
      }>;
      probe.close();
      expect(checkpointed).toBe(log);
    } finally {
      await store.close();
    }
  });

  it('starts the WAL over under a writer that never pauses, instead of letting it grow without end', async () => {
    const file = join(dir, 'events.db');
    const store = new SqliteEventStore({ file, synchronous: 'NORMAL' });
    try {
      // 8,000 commits back to back, ~3 pages each: 24,000 frames (~100 MB) were the WAL never started over
      for (let i = 0; i < 8_000; i++)
        await store.append(`note-t1.w${i}`, [anEvent('NoteWritten', { i })], 'no_stream');
      // it was: its file never went past a few times the thresholds (SQLite does not shrink it)
      expect(statSync(`${file}-wal`).size).toBeLessThan(20_000_000);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('leaves the WAL alone when turned off: the database file only grows at a checkpoint', async () => {
    const file = join(dir, 'events.db');
    const store = new SqliteEventStore({ file, backgroundCheckpoints: false });
    try {
      await write(store);
      await new Promise((r) => setTimeout(r, 500));
      expect(statSync(file).size).toBeLessThan(200_000);
    } finally {
      await store.close();
    }
  });

  describe("a store whose commits do not sync (the read store's NORMAL)", () => {
    // commits that do not sync, ~200 WAL frames a burst: three bursts stay far under the checkpoint's 4,096
    const open = (file: string) => {
      const db = new Database(file);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('wal_autocheckpoint = 0');
      db.exec('CREATE TABLE IF NOT EXISTS docs (id INTEGER PRIMARY KEY, doc TEXT)');
      const insert = db.prepare('INSERT INTO docs (doc) VALUES (?)');
      return { db, burst: () => db.transaction(() => insert.run('y'.repeat(800_000)))() };
    };
    // after each burst, until the thread synced once more (a second at most: a thread that never
    // syncs is waited for that long each time)
    const threeBursts = async (checkpointer: WalCheckpointer, burst: () => void) => {
      for (let i = 0; i < 3; i++) {
        const before = (await checkpointer.stats()).walSyncs;
        burst();
        const end = Date.now() + 1_000;
        while ((await checkpointer.stats()).walSyncs === before && Date.now() < end)
          await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 150)); // a few more rounds: no sync without growth
      return checkpointer.stats();
    };

    it('has its WAL synced by the thread each time it grew by 256 KiB, long before a checkpoint', async () => {
      const file = join(dir, 'read.db');
      const { db, burst } = open(file);
      const checkpointer = new WalCheckpointer({ file, synchronous: 'NORMAL', ...READ_STORE_CHECKPOINTS });
      try {
        const stats = await threeBursts(checkpointer, burst);
        expect(stats.checkpoints).toBe(0);
        // once after each burst
        expect(stats.walSyncs).toBe(3);
      } finally {
        await checkpointer.stop();
        db.close();
      }
    });

    it('leaves the WAL to the checkpoint when not asked to sync it', async () => {
      const file = join(dir, 'read.db');
      const { db, burst } = open(file);
      const { syncWalEveryFrames: _, ...plain } = READ_STORE_CHECKPOINTS;
      const checkpointer = new WalCheckpointer({ file, synchronous: 'NORMAL', ...plain });
      try {
        expect(await threeBursts(checkpointer, burst)).toEqual({ checkpoints: 0, walSyncs: 0 });
      } finally {
        await checkpointer.stop();
        db.close();
      }
    });
  });
});
