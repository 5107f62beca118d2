import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { comparePositions } from '@rawnaq/contracts';
import {
  ADVANCED_ALL,
  silentLogger,
  startWorkerFile,
  type CommitSignal,
  type Logger,
} from '@rawnaq/platform';
import type { ProjectionStatus } from './projection-runner';
import { whenReached } from './reached';

/**
 * The two files the projections' thread opens connections of its own to, and the count of commits of
 * the event store (one Int32 in shared memory, bumped by the thread that commits, this one or the
 * store's writer: bumping it and waking the thread costs far less than a message per commit).
 */
export type ThreadFiles = {
  events: string;
  read: string;
  appends: SharedArrayBuffer;
  /**
   * the last position the event store made durable (a BigInt64 in shared memory, set by its writer
   * thread before each bump of `appends`), when it fsyncs off its thread (`syncOffThread`): the
   * thread's reads stop there, so no read model is built on events a power cut could still take back
   */
  durable?: SharedArrayBuffer;
  /** how often its subscriptions look for appends of other processes (default 100 ms) */
  pollIntervalMs?: number;
};

/**
 * Small indexes (each below 0xD800, where UTF-16's surrogates begin) as the character codes of a
 * string, for 'advanced'.
 */
export const indexText = (indexes: readonly number[]): string => {
  for (const i of indexes)
    if (!Number.isInteger(i) || i < 0 || i >= 0xd800) throw new Error(`index out of range: ${i}`);
  return String.fromCharCode(...indexes);
};

export type ToThread = { type: 'status'; id: number } | { type: 'stop' };
export type FromThread =
  | { type: 'started'; positions: Array<[string, string]>; names: string[] }
  | { type: 'failed'; message: string; stack?: string }
  | {
      type: 'advanced';
      /**
       * the progress of one report (see ProgressReports), small to copy between threads (it comes after
       * every append): pairs of a projection (its index in `names` of 'started') and its position (an
       * index in `at`, the report's few distinct positions), then the projections that wrote. The indexes are the character codes of
       * a string (`indexText`): a string is taken in as one copy, where a typed array cost this thread
       * the allocation of its buffer (5.7 µs to take in the two arrays, 0.7 the two strings).
       */
      at: string[];
      pairs: string;
      changed: string;
    }
  | { type: 'status'; id: number; statuses: ProjectionStatus[] }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string; fields?: Record<string, unknown> }
  | { type: 'stopped' };

/** What the services need of the projections, in this thread or in a thread of their own. */
export type Projections = {
  /**
   * emits 'advanced' (projection name, position) after each committed batch, and before it 'changed'
   * (projection name) when the batch wrote documents (what readers keep of them is stale); then
   * 'advancedAll' (names, positions: the same advances, all of one report at once) for listeners that
   * look at every projection whichever advanced (`ADVANCED_ALL`)
   */
  readonly progress: EventEmitter;
  start(): Promise<void>;
  stop(): Promise<void>;
  waitFor(names: string[], position: string, timeoutMs: number): Promise<boolean>;
  status(): Promise<ProjectionStatus[]>;
};

export type ProjectionThreadOptions = Omit<ThreadFiles, 'appends' | 'durable'> & {
  logger?: Logger;
} & (
    | {
        /** tells the thread of each commit of this thread's event store (`SqliteEventStore.onAppended`) */
        onAppended: (listener: () => void) => () => void;
      }
    | {
        /**
         * a store that fsyncs off its thread (`syncOffThread`): its writer thread tells the thread of
         * each commit itself, and how far the log is durable, where the thread's reads stop
         * (`SqliteEventStore.commitSignal`); this thread is not woken for it
         */
        commits: CommitSignal;
      }
  );

const RESTART_AFTER_MS = 1_000;

/**
 * Every projection of the catalog, run in a worker thread on the embedded (SQLite) stores: the runner
 * there reads the events and writes the read models on connections of its own, so this thread (the
 * one answering requests) only serves. It is told of every append at once and tells back each
 * projection's committed position, so `waitFor` (read-your-writes) answers as promptly as an
 * in-thread runner's. A thread that dies is started again; it catches up from its checkpoints.
 */
export class ProjectionThread implements Projections {
  readonly progress = new EventEmitter();
  private worker?: Worker;
  private readonly positions = new Map<string, string>();
  private running = false;
  private stopAppends?: () => void;
  private readonly appends: Int32Array;
  private nextStatus = 0;
  private readonly statusAsked = new Map<number, (s: ProjectionStatus[]) => void>();
  private readonly logger: Logger;

  constructor(private readonly o: ProjectionThreadOptions) {
    this.logger = o.logger ?? silentLogger;
    this.progress.setMaxListeners(0);
    this.appends = new Int32Array('commits' in o ? o.commits.count : new SharedArrayBuffer(4));
  }

  async start(): Promise<void> {
    this.running = true;
    if ('onAppended' in this.o)
      this.stopAppends = this.o.onAppended(() => {
        Atomics.add(this.appends, 0, 1);
        Atomics.notify(this.appends, 0);
      });
    await this.launch();
  }

  private launch(): Promise<void> {
    const worker = startWorkerFile(__dirname, 'projection-thread.worker', {
      events: this.o.events,
      read: this.o.read,
      pollIntervalMs: this.o.pollIntervalMs,
      appends: this.appends.buffer as SharedArrayBuffer,
      ...('commits' in this.o && { durable: this.o.commits.durable }),
    } satisfies ThreadFiles);
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      let started = false;
      let names: string[] = [];
      worker.on('message', (m: FromThread) => {
        switch (m.type) {
          case 'started':
            started = true;
            names = m.names;
            // a thread started again may have written what its predecessor never reported
            for (const [name] of m.positions) this.progress.emit('changed', name);
            this.advance(m.positions);
            resolve();
            return;
          case 'failed':
            reject(Object.assign(new Error(m.message), { stack: m.stack }));
            return;
          case 'advanced': {
            // one posted while the thread caught up, before 'started' (which carries every position
            // and says every projection changed): nothing it says is missed
            if (!started) return;
            const { at, pairs, changed } = m;
            for (let k = 0; k < changed.length; k++)
              this.progress.emit('changed', names[changed.charCodeAt(k)]);
            const advancedNames: string[] = [];
            const advancedAt: string[] = [];
            for (let k = 0; k < pairs.length; k += 2)
              this.advanceOne(
                names[pairs.charCodeAt(k)],
                at[pairs.charCodeAt(k + 1)],
                advancedNames,
                advancedAt,
              );
            if (advancedNames.length) this.progress.emit(ADVANCED_ALL, advancedNames, advancedAt);
            return;
          }
          case 'status':
            this.statusAsked.get(m.id)?.(m.statuses);
            this.statusAsked.delete(m.id);
            return;
          case 'log':
            this.logger[m.level](m.message, { ...m.fields, thread: 'projections' });
            return;
        }
      });
      worker.on('error', (error) => {
        this.logger.error('the projections thread failed', { error });
        if (!started) reject(error);
      });
      worker.on('exit', (code) => {
        if (this.worker !== worker) return;
        this.worker = undefined;
        for (const answer of this.statusAsked.values()) answer([]);
        this.statusAsked.clear();
        if (!started) return reject(new Error(`the projections thread exited (${code}) before it started`));
        if (!this.running) return;
        this.logger.error('the projections thread stopped unexpectedly: starting it again', { code });
        setTimeout(() => {
          if (this.running && !this.worker)
            this.launch().catch((error) =>
              this.logger.error('the projections thread could not start again', { error }),
            );
        }, RESTART_AFTER_MS).unref();
      });
    });
  }

  /** Positions only move forward (a restarted thread may not have stored a skipped one yet). */
  private advance(positions: Array<[string, string]>): void {
    const names: string[] = [];
    const at: string[] = [];
    for (const [name, position] of positions) this.advanceOne(name, position, names, at);
    if (names.length) this.progress.emit(ADVANCED_ALL, names, at);
  }

  /** One projection's advance, added to `names`/`at` (said together by the caller) if it is one. */
  private advanceOne(name: string, position: string, names: string[], at: string[]): void {
    const known = this.positions.get(name);
    if (known !== undefined && comparePositions(known, position) >= 0) return;
    this.positions.set(name, position);
    this.progress.emit('advanced', name, position);
    names.push(name);
    at.push(position);
  }

  async waitFor(names: string[], position: string, timeoutMs: number): Promise<boolean> {
    return whenReached(this.progress, (n) => this.positions.get(n), names, position, timeoutMs);
  }

  async status(): Promise<ProjectionStatus[]> {
    const worker = this.worker;
    if (!worker) return [];
    const id = this.nextStatus++;
    return new Promise((resolve) => {
      this.statusAsked.set(id, resolve);
      worker.postMessage({ type: 'status', id } satisfies ToThread);
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopAppends?.();
    Atomics.notify(this.appends, 0); // the thread's wait ends
    const worker = this.worker;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      worker.on('message', (m: FromThread) => m.type === 'stopped' && resolve());
      worker.once('exit', () => resolve());
      worker.postMessage({ type: 'stop' } satisfies ToThread);
    });
    this.worker = undefined;
    await worker.terminate();
  }
}
