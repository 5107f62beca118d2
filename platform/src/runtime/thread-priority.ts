import { readlinkSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The niceness of work that may always wait: the lowest priority there is (Linux: 19). */
const BACKGROUND = 19;

/**
 * The niceness of work that follows a request's (writing its events, signing its e-invoice, projecting
 * its read models, checkpointing): below the thread serving requests, above work made ahead of need.
 * On two cores, a thread of the product woken at the request thread's priority often took the request
 * thread's core from it mid-turn: at the till (200 invoices/s) 2–3 times an invoice. Measured paired
 * (the niceness switched every second within one run, 35 stretches each way, two runs): the time the
 * request thread was held without running fell from 0.53 and 0.33 ms of each invoice to 0.28 and
 * 0.19 ms, its busy time from 2.44 and 1.84 ms to 2.33 and 1.74 ms, while its CPU rose a little (1.91
 * → 2.05 and 1.51 → 1.55 ms); an invoice's time until the reports show it stayed as it was (p50 12.0
 * and 7.0 ms both ways; p99 71.5 → 78.7 and 40.2 → 40.6 ms, within the runs' noise). Nothing waits
 * while a core is free, which at the till the other one mostly is; where both are busy the request
 * thread goes first, and what a reply waits for (a commit, a signature, a read model) runs while it
 * waits.
 */
export const FOLLOWING = 10;

/** The calling thread's id (Linux: a thread is a task of its own, named by /proc/thread-self). */
const osThreadId = (): number | undefined => {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Names the calling thread (as `top -H`, `ps -L` and /proc show it; at most 15 characters) and, when
 * `nice` is above 0, lowers its priority by that much below the one it started at (at most to
 * BACKGROUND). Answers whether the priority was lowered (elsewhere than Linux the thread keeps its name
 * and priority, which is only slower under load, never wrong).
 */
const setThreadRole = (name: string, nice: number): boolean => {
  const tid = osThreadId();
  if (tid === undefined) return false;
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // a name is only a help to whoever looks at the threads
  }
  if (nice <= 0) return false;
  try {
    setPriority(tid, Math.min(BACKGROUND, getPriority(tid) + nice));
    return true;
  } catch {
    return false;
  }
};

/**
 * Lowers the calling thread to background priority, so its work takes only the processor time the
 * threads serving requests leave: for threads whose work is made ahead of need (the presignatures).
 */
export const runInBackground = (name = 'background'): boolean => setThreadRole(name, BACKGROUND);

/**
 * The niceness the threads that follow a request's work run at (`THREAD_NICE`, read by each thread as
 * it starts): `npm start` sets FOLLOWING unless told otherwise (main.ts); unset or 0, they keep the
 * process's priority. Tests leave it unset: their servers share the cores with Chromium and with
 * other suites, which a lowered thread would wait behind.
 */
export const followingNice = (): number => {
  const nice = Number(process.env.THREAD_NICE ?? 0);
  return Number.isInteger(nice) && nice > 0 && nice <= BACKGROUND ? nice : 0;
};

/**
 * Names the calling thread and, when `THREAD_NICE` asks for it, lowers it below the request thread:
 * for work that follows a request's (FOLLOWING).
 */
export const runAfterRequests = (name: string): boolean => setThreadRole(name, followingNice());
