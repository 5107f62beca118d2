import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The niceness of work that may always wait: the lowest priority there is (Linux: 19). */
const BACKGROUND = 19;

/**
 * Lowers the calling thread to background priority, so its work takes only the processor time the
 * threads serving requests leave (Linux: a thread is a task of its own, and setpriority takes its id,
 * read from /proc/thread-self). For threads whose work is made ahead of need: the presignatures, the
 * WAL checkpoints. Answers whether it could (elsewhere the thread keeps its priority, which is only
 * slower under load, never wrong).
 */
export const runInBackground = (): boolean => {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, BACKGROUND);
    return true;
  } catch {
    return false;
  }
};
