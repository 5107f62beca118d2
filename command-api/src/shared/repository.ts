import { hash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { newId, timeOfV7, type EventEnvelope, type RecordedEvent } from '@rawnaq/contracts';
import type { EventStore } from '@rawnaq/platform';
import type { CommandContext, UnitScope } from './command-context';
import type { UnitOfWork } from './unit-of-work';
import { StreamCache } from './stream-cache';
import { inUnit, readingUnit, Transactions, unitOf } from './unit-of-work';

export type Fact = { type: string; data: object };

/**
 * An id derived from the request's idempotency key: the same retried request creates the same ids,
 * so the event store recognises its events and writes nothing twice. Version-8 (custom) UUID layout.
 *
 * With a time-ordered key (UUID v7, as the back office and the booking site make them) the id begins
 * with the key's millisecond, like the ids `newId` makes: the log's id index (and each read model's)
 * grows at its end. Hashed whole, each keyed command's ids and its invoice's stream each landed on a
 * random page of those indexes: a keyed sale wrote ~50 KB more to disk than an unkeyed one, ~15 KB
 * more with the key's time first (runs of each in turn in one process).
 */
export const idFor = (ctx: CommandContext, ...parts: Array<string | number>): string => {
  if (!ctx.idempotencyKey) return newId();
  const h = hash('sha256', [ctx.tenantId, ctx.actor.id, ctx.idempotencyKey, ...parts].join('\u0000'), 'hex');
  const time = timeOfV7(ctx.idempotencyKey) ?? h.slice(0, 12);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export type Decision<S, E extends Fact> = {
  initial: S;
  evolve: (state: S, event: E & { metadata: RecordedEvent['metadata'] }) => S;
  decide: (state: S) => E[];
  /**
   * The states are values nothing changes in place (a number): the state folded from the stored
   * events is kept instead of the events, and the next load reads and folds only what was stored
   * since. For streams that only grow (a sequence's numbers, one event per invoice for years), whose
   * events every command would otherwise keep in memory, copy and fold again.
   */
  keepState?: boolean;
};

export type Outcome<S, E> = { state: S; events: E[]; position?: string };

export type HandleOptions = {
  /** keep these events even if the command is refused afterwards (a failed sign-in) */
  keepIfRefused?: boolean;
  /**
   * The stream is named after an id this command has just made (`idFor`, random): nothing can be
   * stored under it, so it is not read (a lookup that finds nothing, on every sale at the till). The
   * append still refuses it if something is (it expects no stream), and the command's next run (the
   * same request twice at once makes the same ids from its key) reads it as any other.
   */
  newStream?: boolean;
};

type Evolve<S, E> = Decision<S, E & Fact>['evolve'];

/** How many stored events make a stream's folded state worth keeping between loads (see `foldStored`). */
const FOLDED_FROM = 4;

/** Folds events (stored, or decided and not stored yet) into a state with a decision's `evolve`. */
const folder =
  <S, E>(evolve: Evolve<S, E>) =>
  (from: S, events: readonly unknown[]): S =>
    (events as Array<E & Fact & { metadata: RecordedEvent['metadata'] }>).reduce(
      (s, e) => evolve(s, e),
      from,
    );

/**
 * States folded from streams' stored events, by stream: `load` and the decisions that keep their
 * state fold only what was stored after the state kept. States are values nothing changes in place
 * (evolve makes a new one). An initial state made afresh at each load (an empty menu) counts as the
 * same value. Dropped when the store rolled back appends it had shown (a failed group commit); at
 * most 10,000 streams are kept.
 */
class FoldedStates {
  private readonly states = new Map<
    string,
    { initial: unknown; evolve: unknown; revision: number; state: unknown }
  >();
  private discarded?: number;

  constructor(private readonly store: EventStore) {}

  /** The state kept for `stream` folded by `evolve` from `initial` (or an equal value), and its revision. */
  get<S>(stream: string, initial: S, evolve: unknown): { state: S; revision: number } | undefined {
    if (this.store.discardedGroups !== this.discarded) {
      this.states.clear();
      this.discarded = this.store.discardedGroups;
    }
    const kept = this.states.get(stream);
    if (!kept || kept.evolve !== evolve) return undefined;
    if (kept.initial !== initial) {
      if (!isDeepStrictEqual(kept.initial, initial)) return undefined;
      // the same value: the next load from it is known by reference (a state kept since a load from
      // another copy, as the demo seed's menu, was compared deeply at every sale)
      kept.initial = initial;
    }
    return { state: kept.state as S, revision: kept.revision };
  }

  set<S>(stream: string, initial: S, evolve: unknown, revision: number, state: S): void {
    if (this.states.size >= 10_000 && !this.states.has(stream)) this.states.clear();
    this.states.set(stream, { initial, evolve, revision, state });
  }
}

/**
 * Loads an aggregate from its stream and decides. Inside a command (a unit of work, see
 * `unit-of-work.ts`) the events are recorded in the unit and stored when the command ends, all
 * together; outside one (the demo seed, background work) each decision is its own unit, stored at once.
 */
export class Aggregates {
  private readonly transactions: Transactions;
  private readonly streams: StreamCache;
  private readonly folded: FoldedStates;

  constructor(private readonly store: EventStore) {
    this.transactions = new Transactions(store);
    this.streams = new StreamCache(store);
    this.folded = new FoldedStates(store);
  }

  /**
   * Runs several decisions as one unit (all stored together, or none): `work` is given `ctx` inside
   * the unit, and makes its decisions with it. When `ctx` already belongs to a command's unit, `work`
   * joins that unit, and the position is only known when the command ends.
   */
  transaction<T>(ctx: CommandContext, work: (ctx: CommandContext) => Promise<T>) {
    const within = unitOf(ctx);
    return this.transactions.run(
      (unit) => work(unit === within ? ctx : inUnit(ctx, unit)),
      undefined,
      within,
    );
  }

  /**
   * The stream's state, including what the command of `ctx` (when it runs in a unit) already decided
   * for it. `ctx` is undefined (or a bare tenant) for a read outside any command, or of a stream the
   * command does not write (see `readingUnit`).
   */
  async load<S, E extends Fact>(
    ctx: UnitScope,
    stream: string,
    initial: S,
    evolve: Evolve<S, E>,
    asOf?: string,
  ) {
    const unit = readingUnit(ctx, stream);
    const stored = asOf ? await this.store.readStream(stream, { asOf }) : await this.streams.read(stream);
    const pending = asOf ? undefined : unit?.pending(stream);
    const storedRevision = stored.length ? stored[stored.length - 1].revision : -1;
    // a unit loads a stream once: what it decided follows what was stored when it first looked
    const base = pending ? stored.filter((e) => e.revision <= pending.loadedRevision) : stored;
    const fold = folder(evolve);
    const state = fold(
      asOf ? fold(initial, base) : this.foldStored(stream, initial, evolve, base),
      pending?.events ?? [],
    );
    const revision = pending ? pending.loadedRevision + pending.events.length : storedRevision;
    return {
      state,
      revision,
      events: stored,
      loadedRevision: pending ? pending.loadedRevision : storedRevision,
    };
  }

  /**
   * `stored` (a stream's events from its first, in order) folded from `initial`, from the state kept
   * when there is one: every command loads the menu (to price a sale), the settings and the e-invoicing
   * device, and folding them whole each time grew with their history. Streams of a few events are
   * folded each time (cheap), so one-off streams (a new invoice) never fill what is kept.
   */
  private foldStored<S, E extends Fact>(
    stream: string,
    initial: S,
    evolve: Evolve<S, E>,
    stored: readonly RecordedEvent[],
  ): S {
    const fold = folder(evolve);
    if (stored.length < FOLDED_FROM) return fold(initial, stored);
    const last = stored[stored.length - 1].revision;
    const kept = this.folded.get(stream, initial, evolve);
    const usable = kept && kept.revision <= last && stored[0].revision === 0 && last === stored.length - 1;
    const state = usable ? fold(kept.state, stored.slice(kept.revision + 1)) : fold(initial, stored);
    if (!usable || kept.revision !== last) this.folded.set(stream, initial, evolve, last, state);
    return state;
  }

  /**
   * `load` for a decision that keeps its state: the kept state plus what was stored after it (what the
   * previous commands of this process appended counts, committed or not yet; usually nothing to read),
   * without the stream cache. Undefined when the running command's unit loaded the stream at another
   * revision than the one kept (another process appended meanwhile): `load` then folds it whole.
   */
  private async loadKept<S, E extends Fact>(
    unit: UnitOfWork,
    stream: string,
    initial: S,
    evolve: Evolve<S, E>,
  ) {
    const fold = folder(evolve);
    const kept = this.folded.get(stream, initial, evolve);
    let state = kept ? kept.state : initial;
    let revision = kept ? kept.revision : -1;
    const fresh = await this.store.readStream(
      stream,
      revision >= 0 ? { fromRevision: revision + 1, pending: true } : { pending: true },
    );
    state = fold(state, fresh);
    if (fresh.length) revision = fresh[fresh.length - 1].revision;
    this.folded.set(stream, initial, evolve, revision, state);
    const pending = unit.pending(stream);
    if (pending && pending.loadedRevision !== revision) return undefined;
    return {
      state: fold(state, pending?.events ?? []),
      revision: pending ? pending.loadedRevision + pending.events.length : revision,
      loadedRevision: revision,
    };
  }

  /**
   * Loads a stream the command's decision relies on without writing to it (an employee's hours when
   * a visit is booked): the command is stored only if the stream has not moved meanwhile, else it runs
   * again on the new state.
   */
  async loadHeld<S, E extends Fact>(ctx: UnitScope, stream: string, initial: S, evolve: Evolve<S, E>) {
    const loaded = await this.load(ctx, stream, initial, evolve);
    unitOf(ctx)?.check(stream, loaded.loadedRevision);
    return loaded;
  }

  envelopes(ctx: CommandContext, stream: string, revision: number, facts: Fact[]): EventEnvelope[] {
    const metadata = this.metadataOf(ctx);
    return facts.map((f, i) => ({
      id: idFor(ctx, stream, revision + 1 + i),
      type: f.type,
      data: f.data as Record<string, unknown>,
      metadata,
    }));
  }

  /** each command's metadata, made once for its events (see metadataOf) */
  private readonly metadata = new WeakMap<
    CommandContext,
    { metadata: EventEnvelope['metadata']; now: Date; at: number }
  >();

  /**
   * The metadata of the events of the command run with `ctx`: one object for all of them (nothing
   * changes an event's metadata), so the event store writes its JSON once for the command's append
   * instead of once for each event (a sale's four or five). Made again if `ctx` was changed since.
   */
  private metadataOf(ctx: CommandContext): EventEnvelope['metadata'] {
    const made = this.metadata.get(ctx);
    if (
      made &&
      made.metadata.tenantId === ctx.tenantId &&
      made.metadata.actor === ctx.actor &&
      made.metadata.correlationId === ctx.correlationId &&
      made.now === ctx.now &&
      made.at === ctx.now.getTime()
    )
      return made.metadata;
    const metadata = {
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      correlationId: ctx.correlationId,
      causationId: ctx.correlationId,
      occurredAt: ctx.now.toISOString(),
      schemaVersion: 1,
    };
    this.metadata.set(ctx, { metadata, now: ctx.now, at: ctx.now.getTime() });
    return metadata;
  }

  async handle<S, E extends Fact>(
    stream: string,
    ctx: CommandContext,
    d: Decision<S, E>,
    options: HandleOptions = {},
  ): Promise<Outcome<S, E>> {
    const within = unitOf(ctx);
    const { result, position } = await this.transactions.run(
      async (unit) => {
        const inside = unit === within ? ctx : inUnit(ctx, unit);
        const { state, revision, loadedRevision } =
          options.newStream && unit.attempt === 1 && !unit.pending(stream)
            ? { state: d.initial, revision: -1, loadedRevision: -1 }
            : ((d.keepState ? await this.loadKept(unit, stream, d.initial, d.evolve) : undefined) ??
              (await this.load(inside, stream, d.initial, d.evolve)));
        const events = d.decide(state);
        const envelopes = this.envelopes(ctx, stream, revision, events);
        unit.add(stream, loadedRevision, envelopes, options.keepIfRefused);
        const next = envelopes.reduce(
          (s, e) => d.evolve(s, e as unknown as E & { metadata: RecordedEvent['metadata'] }),
          state,
        );
        return { state: next, events };
      },
      undefined,
      within,
    );
    return Object.assign({ position }, result); // not a spread first: see README, hot paths
  }

  /** Records facts for a stream that must not exist yet (a creation). */
  async create(stream: string, ctx: CommandContext, facts: Fact[]): Promise<string | undefined> {
    const { position } = await this.transactions.run(
      async (unit) => unit.add(stream, -1, this.envelopes(ctx, stream, -1, facts)),
      undefined,
      unitOf(ctx),
    );
    return position;
  }
}
