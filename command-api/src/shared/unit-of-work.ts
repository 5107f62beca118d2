import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventEnvelope } from '@rawnaq/contracts';
import { UNIT, type CommandContext, type UnitScope } from './command-context';
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

  /** The unit was closed: its command is over (stored, refused, or run again). */
  get isClosed(): boolean {
    return this.closed;
  }

  add(stream: string, loadedRevision: number, events: EventEnvelope[], keepIfRefused = false): void {
    if (this.closed)
      throw new Error(
        `Write to ${stream} after its command ended (background work runs detached, outsideUnit(ctx))`,
      );
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

/**
 * How a command's code finds its unit: the unit rides on the command's context (`ctx[UNIT]`, put
 * there by whoever started the unit: the answer interceptor for a request, `Aggregates.transaction`
 * for work of its own), and every operation that records into a unit (`Aggregates`, `Sequences`,
 * `Chains`) is given that context. Passed explicitly, not through `AsyncLocalStorage`: on Node 20 one
 * `run` of an `AsyncLocalStorage` turns V8's promise hooks on for the whole process, which every
 * promise of every request then pays for (measured at the till: 0.11 ms of the request thread's CPU a
 * sale, about 4 % of it at one sale at a time, both builds driven at once).
 *
 * A context that lost its unit on the way (a context made afresh inside a command) would make its
 * writes a unit of their own, stored even if the command is then refused. So the tests run with
 * `RAWNAQ_CHECK_UNITS=1` (jest's global setup), which also tracks each unit with an
 * `AsyncLocalStorage` and throws wherever the unit given differs from the one the code runs in.
 */
const checking = process.env.RAWNAQ_CHECK_UNITS === '1';
const tracked = checking ? new AsyncLocalStorage<UnitOfWork>() : undefined;

/** The unit a context belongs to, if any (checked against the one the code runs in, in the tests). */
export const unitOf = (ctx: UnitScope): UnitOfWork | undefined => {
  const unit = ctx?.[UNIT];
  if (tracked && tracked.getStore() !== unit) throw new UnitMismatchError(unit, tracked.getStore());
  return unit;
};

/**
 * The unit a read of `stream` with `ctx` sees the pending writes of. A read given no unit inside a
 * command (a salon's settings looked up by a helper that has only the tenant) reads what is stored,
 * which is what the command would see anyway unless it already wrote to that stream: the tests' check
 * throws only then.
 */
export const readingUnit = (ctx: UnitScope, stream: string): UnitOfWork | undefined => {
  const unit = ctx?.[UNIT];
  if (!tracked || tracked.getStore() === unit) return unit;
  if (unit === undefined && !tracked.getStore()!.pending(stream)) return undefined;
  throw new UnitMismatchError(unit, tracked.getStore());
};

/** `ctx` inside `unit`: what the unit's commands record into it. */
export const inUnit = (ctx: CommandContext, unit: UnitOfWork): CommandContext =>
  Object.assign({}, ctx, { [UNIT]: unit });

/** `ctx` outside any unit: for work a command starts and does not wait for (it must not write into a unit that is over). */
export const outsideUnit = (ctx: CommandContext): CommandContext =>
  ctx[UNIT] ? Object.assign({}, ctx, { [UNIT]: undefined }) : ctx;

/** A context whose unit is not the one its code runs in (see `unitOf`): a bug, found by the tests. */
export class UnitMismatchError extends Error {
  constructor(given: UnitOfWork | undefined, running: UnitOfWork | undefined) {
    super(
      `unit of work mismatch: the context ${given ? 'belongs to a unit' : 'has no unit'} but the code runs ` +
        `${running ? (given ? 'in another unit' : 'in a unit') : 'outside any unit'}` +
        (given?.isClosed ? " (the context's unit is over)" : ''),
    );
  }
}

/**
 * Runs `work` outside any command's unit: for background work a command starts and does not wait
 * for (an import's rows). Its contexts must be `outsideUnit` too; this only tells the tests' check.
 */
export const detached = <T>(work: () => T): T => (tracked ? tracked.exit(work) : work());

const ATTEMPTS = 4;

export type Committed<T> = { result: T; position?: string };

/**
 * Runs commands as units of work. When another writer changed a stream the command had read (a lost
 * race), the whole command runs again on fresh state, a few times, before answering 409.
 */
export class Transactions {
  constructor(private readonly store: EventStore) {}

  /**
   * `work` decides in the unit it is given (through `Aggregates`, which records into it); then its
   * writes, plus those `finish` adds from the result (an idempotent reply), are appended at once. A
   * conflict on one of `finish`'s own streams is not retried: it means another request already
   * finished this one. Given a running unit (`within`), `work` simply joins it.
   */
  async run<T>(
    work: (unit: UnitOfWork) => Promise<T>,
    finish?: (result: T) => StreamWrite[],
    within?: UnitOfWork,
  ): Promise<Committed<T>> {
    if (within) return { result: await work(within) };
    if (tracked?.getStore()) throw new UnitMismatchError(undefined, tracked.getStore());
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
    work: (unit: UnitOfWork) => Promise<T>,
    finish: ((result: T) => StreamWrite[]) | undefined,
    attempt: number,
  ): Promise<Committed<T> | undefined> {
    let result: T;
    try {
      result = await (tracked ? tracked.run(unit, work, unit) : work(unit));
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
