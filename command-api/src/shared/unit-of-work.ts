import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventEnvelope } from '@rawnaq/contracts';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type StreamWrite,
} from '@rawnaq/platform';

type Pending = {
  expected: ExpectedRevision;
  /** revision of the stream's last stored event when it was loaded (-1: none) */
  loadedRevision: number;
  events: EventEnvelope[];
  keepIfRefused: boolean;
};

/**
 * What one command decided to write, kept until the command is over: then it is stored in one
 * atomic append (with the command's reply when it has an idempotency key), or not at all when the
 * command is refused. So a refused command writes nothing, a command that touches several streams
 * (a customer and the claim on her mobile number) is never stored half-way, and a crash leaves
 * either the whole outcome or none of it.
 *
 * A few facts must be kept even when the command is refused (a failed sign-in counts towards the
 * IP block): those are added with `keepIfRefused`.
 */
export class UnitOfWork {
  private readonly writes = new Map<string, Pending>();
  /** streams the decision read and relies on, at the revision it read (checked, not written) */
  private readonly checks = new Map<string, number>();
  private closed = false;
  /** what to do once the unit is over, stored or not (release the locks it holds) */
  private readonly endings: Array<() => void> = [];
  private readonly held = new Set<string>();
  /** what to learn once the unit is stored (and only then) */
  private readonly storedListeners: Array<() => void> = [];

  /** 1 for the command's first run, then 2, 3… when a conflicting append made it run again */
  constructor(readonly attempt = 1) {}

  /** Holds `key` (a lock of `locks`) until the unit is over; holding it again in the same unit is free. */
  async hold(locks: KeyedLocks, key: string): Promise<void> {
    if (this.held.has(key)) return;
    this.held.add(key);
    this.endings.push(await locks.acquire(key));
  }

  /** The unit is over (stored, refused, or to be run again): what it held is let go. */
  end(): void {
    for (const release of this.endings.splice(0)) release();
    this.held.clear();
  }

  /**
   * Calls `listener` once the unit's append is stored (committed), never when it was refused, run again
   * or failed: what a cache may then take for granted of the streams it wrote.
   */
  afterStored(listener: () => void): void {
    this.storedListeners.push(listener);
  }

  /** The unit's append was stored. */
  stored(): void {
    for (const listener of this.storedListeners.splice(0)) listener();
  }

  /** The command's decision holds only if `stream` is still at `revision` when the unit is stored. */
  check(stream: string, revision: number): void {
    if (!this.checks.has(stream)) this.checks.set(stream, revision);
  }

  /** Events already decided for `stream` in this unit (they follow the stored ones). */
  pending(stream: string): { loadedRevision: number; events: EventEnvelope[] } | undefined {
    return this.writes.get(stream);
  }

  add(stream: string, loadedRevision: number, events: EventEnvelope[], keepIfRefused = false): void {
    if (this.closed)
      throw new Error(`Write to ${stream} after its command ended (background work must run detached)`);
    if (events.length === 0) return;
    const earlier = this.writes.get(stream);
    if (earlier) {
      earlier.events.push(...events);
      earlier.keepIfRefused &&= keepIfRefused;
      return;
    }
    this.writes.set(stream, {
      expected: loadedRevision < 0 ? 'no_stream' : loadedRevision,
      loadedRevision,
      events: [...events],
      keepIfRefused,
    });
  }

  /** Closes the unit: what to store when the command succeeded, or was refused. */
  close(refused: boolean): StreamWrite[] {
    this.closed = true;
    const writes = [...this.writes.entries()]
      .filter(([, w]) => !refused || w.keepIfRefused)
      .map(([stream, w]): StreamWrite => ({ stream, events: w.events, expected: w.expected }));
    if (refused || writes.length === 0) return writes;
    const checks = [...this.checks.entries()]
      .filter(([stream]) => !this.writes.has(stream))
      .map(([stream, revision]): StreamWrite => ({
        stream,
        events: [],
        expected: revision < 0 ? 'no_stream' : revision,
      }));
    return [...writes, ...checks];
  }
}

/**
 * Locks by name, within this process: `acquire` waits until the name is free and answers its release.
 * Commands that take the next number of the same sequence hold its lock from the moment they take it
 * until they are stored, so they queue instead of racing: the loser of a race runs the whole command
 * again, and at a busy salon's rate those reruns fed each other (the other processes, if any, are
 * still held off by the append's expected revision).
 */
export class KeyedLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async acquire(key: string): Promise<() => void> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

const current = new AsyncLocalStorage<UnitOfWork>();

/** The unit of the command running in this async context, if any. */
export const currentUnitOfWork = (): UnitOfWork | undefined => current.getStore();

/**
 * Runs `work` outside any command's unit: for background work a command starts and does not wait
 * for (an import's rows), which must not write into a unit that is already stored.
 */
export const detached = <T>(work: () => T): T => current.exit(work);

const ATTEMPTS = 4;

export type Committed<T> = { result: T; position?: string };

/**
 * Runs commands as units of work. When another writer changed a stream the command had read (a lost
 * race), the whole command runs again on fresh state, a few times, before answering 409.
 */
export class Transactions {
  constructor(private readonly store: EventStore) {}

  /**
   * `work` decides (through `Aggregates`, which records into the unit); then its writes, plus those
   * `finish` adds from the result (an idempotent reply), are appended at once. A conflict on one of
   * `finish`'s own streams is not retried: it means another request already finished this one.
   * Inside a running unit, `work` simply joins it.
   */
  async run<T>(work: () => Promise<T>, finish?: (result: T) => StreamWrite[]): Promise<Committed<T>> {
    if (current.getStore()) return { result: await work() };
    for (let attempt = 1; ; attempt++) {
      const unit = new UnitOfWork(attempt);
      try {
        const outcome = await this.attempt(unit, work, finish, attempt);
        if (outcome) return outcome;
      } finally {
        unit.end();
      }
    }
  }

  /**
   * Appends what the unit decided. A store that orders appends at the call (the embedded one commits
   * them in groups, at the end of the event loop's turn) already shows this append to the next
   * command's reads, so what the unit holds (a sequence's lock) is let go at once: the next number is
   * taken while this one commits, in the same group, instead of one command per commit.
   */
  private append(unit: UnitOfWork, writes: StreamWrite[]) {
    const appended = this.store.appendMany(writes);
    if (this.store.ordersAppendsOnCall) unit.end();
    return appended;
  }

  /** One run of the command in `unit`: its outcome, or undefined to run it again. */
  private async attempt<T>(
    unit: UnitOfWork,
    work: () => Promise<T>,
    finish: ((result: T) => StreamWrite[]) | undefined,
    attempt: number,
  ): Promise<Committed<T> | undefined> {
    let result: T;
    try {
      result = await current.run(unit, work);
    } catch (error) {
      const kept = unit.close(true);
      try {
        if (kept.length) await this.append(unit, kept);
      } catch (keptError) {
        if (keptError instanceof WrongExpectedRevisionError && attempt < ATTEMPTS) return undefined;
        throw keptError;
      }
      if (error instanceof WrongExpectedRevisionError && attempt < ATTEMPTS) return undefined;
      throw error;
    }
    const extra = finish?.(result) ?? [];
    const writes = [...unit.close(false), ...extra];
    if (writes.every((w) => w.events.length === 0)) return { result };
    let position: string;
    try {
      ({ position } = await this.append(unit, writes));
    } catch (error) {
      const retry =
        error instanceof WrongExpectedRevisionError &&
        attempt < ATTEMPTS &&
        !extra.some((w) => w.stream === error.stream);
      if (!retry) throw error;
      return undefined;
    }
    // outside the append's error handling: what is stored is stored, whatever a listener does
    unit.stored();
    return { result, position };
  }
}
