import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { anEvent } from '../testing/events.test-support';

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
});
