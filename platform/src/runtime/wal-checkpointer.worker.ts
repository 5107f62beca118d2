// A SQLite file's checkpointer thread: copies what the writers appended to the WAL back into the
// database, on a connection of its own, so no writer's COMMIT ever carries a checkpoint (tens of
// milliseconds of copying and fsync on the thread that serves requests).
import Database from 'better-sqlite3';
import { closeSync, fdatasyncSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { runAfterRequests } from './thread-priority';
import type { CheckpointerOptions } from './wal-checkpointer';

runAfterRequests('checkpointer');
const options = workerData as CheckpointerOptions;
const db = new Database(options.file);
db.pragma(`synchronous = ${options.synchronous}`);

/**
 * Where the WAL stands, read from the wal-index (the `-shm` file, SQLite's documented WAL-index format,
 * native byte order): the frames written (the header's mxFrame, offset 16) and how many of them are
 * not in the database yet (less the checkpoint info's nBackfill, offset 96). Reading 100 bytes costs
 * far less than a checkpoint, whose fsync would compete with every commit's if it ran on a clock.
 * Undefined when there is no wal-index to read.
 */
const header = Buffer.alloc(100);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
let shm: number | undefined;
const readWalIndex = (): { written: number; behind: number } | undefined => {
  try {
    shm ??= openSync(`${options.file}-shm`, 'r');
    if (readSync(shm, header, 0, 100, 0) < 100) return { written: 0, behind: 0 };
    const u32 = (at: number) => (littleEndian ? header.readUInt32LE(at) : header.readUInt32BE(at));
    return { written: u32(16), behind: Math.max(0, u32(16) - u32(96)) };
  } catch {
    return undefined;
  }
};
/** How many WAL frames are not in the database yet (with no wal-index, the threshold: SQLite knows). */
const framesBehind = (): number => readWalIndex()?.behind ?? options.everyFrames;

/**
 * A store whose commits do not sync (the read store, synchronous=NORMAL) leaves its WAL in the page
 * cache until the checkpoint syncs it: 16 MiB written to the disk at once, ten milliseconds or more
 * during which every fsync of the event store's commits on the same disk waits behind it (measured: the
 * request thread's slow commits came every half second, each at the start of a read-store checkpoint).
 * Synced a few hundred KiB at a time as it grows, the WAL reaches the disk in short writes between the
 * commits', and the checkpoint finds it already there. Only a flush: what SQLite wrote, and when it
 * regards it as durable, are unchanged.
 */
let wal: number | undefined;
let walSyncedTo = 0;
let walSyncs = 0;
const syncWalAsItGrows = (written: number) => {
  if (!options.syncWalEveryFrames) return;
  if (written < walSyncedTo) walSyncedTo = 0; // the WAL started over from the top
  if (written - walSyncedTo < options.syncWalEveryFrames) return;
  try {
    wal ??= openSync(`${options.file}-wal`, 'r');
    fdatasyncSync(wal);
    walSyncedTo = written;
    walSyncs++;
  } catch {
    // no WAL file yet, or closing: the checkpoint syncs it anyway
  }
};

const FINISH_UNDER = 256;
db.pragma('busy_timeout = 0');
let last = Date.now();
let checkpoints = 0;
const round = () => {
  const index = readWalIndex();
  if (index) syncWalAsItGrows(index.written);
  const behind = index?.behind ?? options.everyFrames;
  // as many frames as SQLite's own threshold would wait for, or anything left for a while
  if (behind < options.everyFrames && !(behind > 0 && Date.now() - last > options.atLeastEveryMs)) return;
  try {
    // PASSIVE never waits: frames a reader still needs are left for the next round
    db.pragma('wal_checkpoint(PASSIVE)');
    checkpoints++;
    // while it copied, the writers went on: the last few frames are copied holding the write lock (a
    // millisecond, taken only between two commits: no busy wait here), so the WAL is all in the
    // database and its next writer starts it over from the top, rewriting the same blocks (a WAL that
    // only grows syncs slower: every commit extends the file)
    const left = framesBehind();
    if (left > 0 && left <= FINISH_UNDER) db.pragma('wal_checkpoint(FULL)');
  } catch {
    // busy or closing: the next round tries again
  }
  last = Date.now();
};
const timer = setInterval(round, options.lookEveryMs);
parentPort!.on('message', (m: 'stop' | 'stats') => {
  if (m === 'stats') return parentPort!.postMessage({ checkpoints, walSyncs });
  if (m !== 'stop') return;
  clearInterval(timer);
  if (shm !== undefined) closeSync(shm);
  if (wal !== undefined) closeSync(wal);
  db.close();
  parentPort!.postMessage('stopped');
});
