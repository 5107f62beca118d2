import { fdatasync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { events, uniqueStream } from '../../testing/events.test-support';
import { SqliteEventStore } from './sqlite-event-store';
import type { SyncFile } from './wal-sync';

/** Syncs a test still holds (let go after it, so a failed test does not leave a store waiting). */
const holding: Array<Array<(error: NodeJS.ErrnoException | null) => void>> = [];

/** The disk, held: each sync waits until the test lets it return (or fail). */
const heldDisk = () => {
  const held: Array<(error: NodeJS.ErrnoException | null) => void> = [];
  holding.push(held);
  const syncFile: SyncFile = (fd, done) => held.push((error) => (error ? done(error) : fdatasync(fd, done)));
  return {
    syncFile,
    get syncs() {
      return held.length;
    },
    /** lets the oldest sync under way return (with `error`, the disk's refusal) */
    release: (error: NodeJS.ErrnoException | null = null) => held.shift()!(error),
  };
};

const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Durability after the COMMIT (durable files' default): the WAL is synced on libuv's thread pool, not
 * on the thread serving requests, and an append is neither answered nor shown to any reader but the
 * committing commands' loads until its sync returned.
 */
describe('SqliteEventStore: the WAL synced after the COMMIT', () => {
  let dir: string;
  const opened: SqliteEventStore[] = [];
  const open = (options: ConstructorParameters<typeof SqliteEventStore>[0]) => {
    const store = new SqliteEventStore({ backgroundCheckpoints: false, ...options });
    opened.push(store);
    return store;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rawnaq-walsync-'));
  });
  afterEach(async () => {
    for (const held of holding.splice(0)) while (held.length) held.shift()!(null);
    for (const store of opened.splice(0).reverse()) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an append once the sync after its COMMIT returned; until then only pending loads see it, in this thread and in another', async () => {
    const disk = heldDisk();
    const file = join(dir, 'events.db');
    const writer = open({ file, syncFile: disk.syncFile });
    // a reader of the same file in this thread, and one standing for another thread's (a path of its
    // own: only the writer's mark, handed over as the projections' thread gets it, tells it)
    const sameThread = open({ file });
    mkdirSync(join(dir, 'other'));
    symlinkSync(dir, join(dir, 'other', 'link'));
    const otherThread = open({
      file: join(dir, 'other', 'link', 'events.db'),
      writerMark: writer.durableMark,
    });
    const stranger = open({ file: join(dir, 'other', 'link', 'events.db') });

    const stream = uniqueStream();
    let answered = false;
    const append = writer.append(stream, events(2), 'no_stream').then((r) => {
      answered = true;
      return r;
    });
    await turn();
    await turn();
    // committed, not yet on disk
    expect(disk.syncs).toBe(1);
    expect(answered).toBe(false);
    expect(await writer.readStream(stream, { pending: true })).toHaveLength(2);
    for (const reader of [writer, sameThread, otherThread]) {
      expect(await reader.readStream(stream)).toEqual([]);
      expect(await reader.readAll('0', 10)).toEqual([]);
      expect(await reader.headPosition()).toBe('0');
    }
    // (a connection nobody told of the writer sees what SQLite committed: what the mark is for)
    expect(await stranger.readStream(stream)).toHaveLength(2);

    disk.release();
    expect((await append).nextRevision).toBe(1);
    for (const reader of [writer, sameThread, otherThread]) {
      expect(await reader.readStream(stream)).toHaveLength(2);
      expect(await reader.headPosition()).toBe('2');
    }
  });

  it('lets the commits made while a sync is under way share the next one', async () => {
    const disk = heldDisk();
    const store = open({ file: join(dir, 'events.db'), syncFile: disk.syncFile });
    const first = store.append(uniqueStream(), events(1), 'no_stream');
    await turn();
    const later = [];
    for (let i = 0; i < 3; i++) {
      later.push(store.append(uniqueStream(), events(1), 'no_stream'));
      await turn(); // each in a group (a COMMIT) of its own
    }
    expect(disk.syncs).toBe(1);
    disk.release();
    await first;
    await turn();
    // the first sync covered only the first commit (it began before the others): one more for all three
    expect(disk.syncs).toBe(1);
    // the first sync's commit is shown; the three after it, committed during it, are not yet
    expect(await store.headPosition()).toBe('1');
    disk.release();
    expect((await Promise.all(later)).map((r) => r.position)).toEqual(['2', '3', '4']);
    expect(disk.syncs).toBe(0);
    expect(await store.headPosition()).toBe('4');
  });

  it('refuses an append whose sync failed (it may not survive a power cut); a retry finds it stored', async () => {
    const disk = heldDisk();
    const store = open({ file: join(dir, 'events.db'), syncFile: disk.syncFile });
    const stream = uniqueStream();
    const written = events(1);
    const append = store.append(stream, written, 'no_stream');
    await turn();
    disk.release(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(append).rejects.toThrow(/could not be synced to disk: Error: EIO/);
    // what SQLite committed is in the file: the same append again is answered with its first result
    const retry = store.append(stream, written, 'no_stream');
    await turn();
    disk.release();
    expect(await retry).toMatchObject({ nextRevision: 0, position: '1' });
  });

  it('leaves the sync inside the COMMIT when asked, and to no one on files that are not durable', async () => {
    const disk = heldDisk();
    for (const options of [{ durability: 'in-commit' as const }, { synchronous: 'NORMAL' as const }]) {
      const store = open({
        file: join(dir, `${Object.keys(options)[0]}.db`),
        syncFile: disk.syncFile,
        ...options,
      });
      expect((await store.append(uniqueStream(), events(1), 'no_stream')).position).toBe('1');
    }
    expect(disk.syncs).toBe(0);
  });

  it('syncs a synchronous append before answering it, and closes only once every append is answered', async () => {
    const disk = heldDisk();
    const store = open({ file: join(dir, 'events.db'), syncFile: disk.syncFile });
    // the synchronous path syncs on its own thread (fdatasyncSync): answered and shown at once
    expect(store.appendSync(uniqueStream(), events(1), 'no_stream').position).toBe('1');
    expect(await store.headPosition()).toBe('1');
    const pending = store.append(uniqueStream(), events(1), 'no_stream');
    await turn();
    let closed = false;
    const closing = store.close().then(() => (closed = true));
    opened.splice(opened.indexOf(store), 1);
    await turn();
    expect(closed).toBe(false);
    disk.release();
    expect((await pending).position).toBe('2');
    await closing;
  });
});
