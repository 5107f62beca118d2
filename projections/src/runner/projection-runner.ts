import { EventEmitter } from 'node:events';
import { comparePositions, type UpcasterRegistry } from '@rawnaq/contracts';
import {
  ADVANCED_ALL,
  silentLogger,
  type EventBus,
  type EventStore,
  type Logger,
  type ProjectionRecord,
  type ReadStore,
  type Subscription,
} from '@rawnaq/platform';
import { CommitFailed, PipelinedBatches, SKIPPED_CHECKPOINT_MS } from './pipelined-batches';
import { physicalCollection, type Projection, type Reactor } from './projection';
import { whenReached } from './reached';

export type RunnerOptions = {
  eventStore: EventStore;
  bus: EventBus;
  readStore: ReadStore;
  projections: Projection[];
  reactors?: Reactor[];
  upcasters?: UpcasterRegistry;
  logger?: Logger;
  /** events per transaction while catching up or rebuilding */
  catchUpBatch?: number;
  /** rebuild a projection beside the live one when its version changed (default true) */
  rebuildOnVersionChange?: boolean;
};

export type RebuildProgress = {
  projection: string;
  done: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number;
};

export type ProjectionStatus = {
  name: string;
  generation: number;
  version: number;
  position: string;
  head: string;
  /** how far behind the end of the log, in positions (events, on the embedded store) */
  lag: number;
  state: 'starting' | 'catching_up' | 'live' | 'failed' | 'stopped';
  lastError?: string;
  rebuilding?: RebuildProgress;
};

type Live = {
  projection: Projection;
  generation: number;
  batches: PipelinedBatches;
  state: ProjectionStatus['state'];
  subscription?: Subscription;
  stale: boolean;
  lastError?: string;
  rebuilding?: RebuildProgress;
  /** when the store was last asked whether the live generation moved */
  generationCheckedAt?: number;
  /** when its record was read (a registry read before that may not show its generation) */
  startedAt: number;
};

export const REACTOR_PREFIX = 'reactor:';
const now = () => new Date().toISOString();

/**
 * Keeps every projection's read models up to date: on start each one catches up from its checkpoint
 * straight from the event store (large batches), then follows the bus live. Each batch's writes and
 * the checkpoint land together. Rebuilds run blue-green: a new generation is built from position 0
 * while the live one keeps serving, then the two are swapped.
 */
export class ProjectionRunner {
  /**
   * emits 'advanced' (projection name, position) after each committed batch, and before it 'changed'
   * (projection name) when the batch wrote documents; then `ADVANCED_ALL` ([name], [position])
   */
  readonly progress = new EventEmitter();
  private readonly live = new Map<string, Live>();
  private readonly reactorSubs: Subscription[] = [];
  /** the registry as last read for generationMoved (shared by the projections) */
  private registry?: { at: number; records: Promise<ProjectionRecord[]> };
  private readonly logger: Logger;
  private readonly catchUpBatch: number;
  private running = false;
  /** rebuilds started by the runner itself (on a version change); stop() waits for them */
  private readonly background = new Set<Promise<unknown>>();

  constructor(private readonly o: RunnerOptions) {
    this.logger = o.logger ?? silentLogger;
    this.catchUpBatch = o.catchUpBatch ?? 10000;
    this.progress.setMaxListeners(0);
    const names = new Set<string>();
    for (const p of o.projections) {
      if (names.has(p.name)) throw new Error(`Two projections named ${p.name}`);
      names.add(p.name);
    }
  }

  get projections(): Projection[] {
    return this.o.projections;
  }

  private byName(name: string): Projection {
    const p = this.o.projections.find((x) => x.name === name);
    if (!p)
      throw new Error(
        `Unknown projection ${name}; known: ${this.o.projections.map((x) => x.name).join(', ')}`,
      );
    return p;
  }

  private async records(name: string): Promise<ProjectionRecord[]> {
    return (await this.o.readStore.projections()).filter((r) => r.name === name);
  }

  private async ensureCollections(p: Projection, generation: number): Promise<void> {
    for (const c of p.collections)
      await this.o.readStore.ensureCollection({ ...c, name: physicalCollection(c.name, generation) });
  }

  /** The live generation of a projection, created (empty, at position 0) the first time. */
  private async liveRecord(p: Projection): Promise<ProjectionRecord> {
    const records = await this.records(p.name);
    const live = records.find((r) => r.status === 'live');
    if (live) return live;
    const generation = Math.max(0, ...records.map((r) => r.generation)) + 1;
    const record: ProjectionRecord = {
      name: p.name,
      generation,
      version: p.version,
      status: 'live',
      position: '0',
      updatedAt: now(),
    };
    await this.ensureCollections(p, generation);
    await this.o.readStore.putProjection(record);
    return record;
  }

  async start(): Promise<void> {
    this.running = true;
    this.backgroundAbort = new AbortController();
    for (const p of this.o.projections) await this.startProjection(p);
    for (const r of this.o.reactors ?? []) this.reactorSubs.push(await this.startReactor(r));
  }

  private async startProjection(p: Projection): Promise<void> {
    const record = await this.liveRecord(p);
    await this.ensureCollections(p, record.generation);
    const live: Live = {
      projection: p,
      generation: record.generation,
      batches: this.batches(p, record.generation, record.position),
      state: 'starting',
      stale: false,
      startedAt: Date.now(),
    };
    this.live.set(p.name, live);
    await this.dropLeftovers(p.name, record.generation);
    if (record.version !== p.version && (this.o.rebuildOnVersionChange ?? true)) {
      this.logger.info('projection version changed: rebuilding beside the live one', {
        projection: p.name,
        from: record.version,
        to: p.version,
      });
      const job = this.rebuild(p.name, undefined, this.backgroundAbort.signal)
        .catch((error) => this.running && this.logger.error('rebuild failed', { projection: p.name, error }))
        .finally(() => this.background.delete(job));
      this.background.add(job);
    }
    await this.follow(live);
  }

  /** Catches up from the store in big batches, then follows the bus. */
  private async follow(live: Live): Promise<void> {
    const p = live.projection;
    live.state = 'catching_up';
    try {
      for (;;) {
        const batch = await this.o.eventStore.readAll(live.batches.submitted, this.catchUpBatch);
        if (batch.length === 0) break;
        await live.batches.apply(batch);
      }
      await live.batches.settle();
    } catch (error) {
      live.state = 'failed';
      live.lastError = (error as Error).message;
      this.logger.error('projection failed while catching up; it will retry live', {
        projection: p.name,
        error,
      });
    }
    const subscription = await this.o.bus.consume(
      p.name,
      {
        resumeAfter: async () => {
          await live.batches.settle().catch(() => undefined);
          return live.batches.position;
        },
        maxBatch: this.catchUpBatch,
        onCaughtUp: () => {
          if (live.state !== 'stopped') live.state = 'live';
        },
        onError: (error) => {
          live.state = 'failed';
          live.lastError = (error as Error).message;
          this.logger.error('projection batch failed; retrying', { projection: p.name, error });
        },
      },
      async (batch) => {
        if (live.stale) return;
        if (await this.generationMoved(live)) return;
        try {
          await live.batches.apply(batch);
        } catch (error) {
          // what followed the failed batch was handed over already: start again from the last commit
          if (error instanceof CommitFailed) {
            live.stale = true;
            setImmediate(() => void this.restart(live.projection.name));
          }
          throw error;
        }
        if (live.state === 'failed') {
          live.state = 'live';
          live.lastError = undefined;
        }
      },
    );
    live.subscription = subscription;
    // stop() may have run while this consumer was being set up
    if (!this.running || live.stale) await subscription.stop();
  }

  /**
   * Another process (the rebuild CLI) may have swapped generations: follow the new live one. Asked of
   * the store at most every quarter second per projection, not for every batch.
   */
  private async generationMoved(live: Live): Promise<boolean> {
    const at = Date.now();
    if (at - (live.generationCheckedAt ?? 0) < SKIPPED_CHECKPOINT_MS) return false;
    live.generationCheckedAt = at;
    // one read of the registry answers every projection checking within the same quarter second
    if (!this.registry || at - this.registry.at >= SKIPPED_CHECKPOINT_MS || this.registry.at < live.startedAt)
      this.registry = { at, records: this.o.readStore.projections() };
    const records = await this.registry.records;
    const current = records.find((r) => r.name === live.projection.name && r.status === 'live');
    if (!current || current.generation === live.generation) return false;
    live.stale = true;
    setImmediate(() => void this.restart(live.projection.name));
    return true;
  }

  private async restart(name: string): Promise<void> {
    const old = this.live.get(name);
    if (old) {
      old.stale = true;
      await old.subscription?.stop();
      await old.batches.settle().catch(() => undefined);
    }
    if (this.running) await this.startProjection(this.byName(name));
  }

  /** Batches of one generation; only the generation readers see counts as progress (not one being rebuilt). */
  private batches(p: Projection, generation: number, start: string): PipelinedBatches {
    const batches: PipelinedBatches = new PipelinedBatches(
      this.o.readStore,
      p,
      generation,
      start,
      (position, wrote) => {
        if (this.live.get(p.name)?.batches !== batches) return;
        // what readers keep of the projection's documents is stale from now on (before they are woken)
        if (wrote) this.progress.emit('changed', p.name);
        this.progress.emit('advanced', p.name, position);
        this.progress.emit(ADVANCED_ALL, [p.name], [position]);
      },
      this.o.upcasters,
    );
    return batches;
  }

  /** Drops what a crashed or finished rebuild left behind (not a rebuild running right now elsewhere). */
  private async dropLeftovers(name: string, liveGeneration: number): Promise<void> {
    const p = this.byName(name);
    const staleAfterMs = 60_000;
    for (const r of await this.records(name)) {
      if (r.generation === liveGeneration) continue;
      const idle = Date.now() - Date.parse(r.updatedAt);
      if (r.status === 'building' && idle < staleAfterMs) continue;
      for (const c of p.collections)
        await this.o.readStore.dropCollection(physicalCollection(c.name, r.generation));
      await this.o.readStore.deleteProjection(name, r.generation);
    }
  }

  /**
   * Builds a new generation from the whole log while the live one keeps serving, then swaps them.
   * Only the projection's own `project` runs: reactors (side effects) never run during a rebuild.
   */
  async rebuild(
    name: string,
    onProgress?: (p: RebuildProgress) => void,
    signal?: AbortSignal,
  ): Promise<{ generation: number; events: number; seconds: number }> {
    const p = this.byName(name);
    const records = await this.records(name);
    const generation = Math.max(0, ...records.map((r) => r.generation)) + 1;
    const building = this.batches(p, generation, '0');
    await this.o.readStore.putProjection({
      name,
      generation,
      version: p.version,
      status: 'building',
      position: '0',
      updatedAt: now(),
    });
    for (const c of p.collections)
      await this.o.readStore.dropCollection(physicalCollection(c.name, generation));
    await this.ensureCollections(p, generation);

    const started = Date.now();
    let head = Number(await this.o.eventStore.headPosition());
    let done = 0;
    const report = () => {
      const seconds = Math.max((Date.now() - started) / 1000, 1e-3);
      const fraction = head > 0 ? Math.min(Number(building.submitted) / head, 1) : 1;
      const total = fraction > 0 ? Math.max(done, Math.round(done / fraction)) : done;
      const eventsPerSecond = done / seconds;
      const progress = {
        projection: name,
        done,
        total,
        eventsPerSecond,
        etaSeconds: eventsPerSecond > 0 ? (total - done) / eventsPerSecond : 0,
      };
      const live = this.live.get(name);
      if (live) live.rebuilding = progress;
      onProgress?.(progress);
    };
    for (;;) {
      if (signal?.aborted) throw new Error(`Rebuild of ${name} interrupted: the runner is stopping`);
      const batch = await this.o.eventStore.readAll(building.submitted, this.catchUpBatch);
      if (batch.length === 0) break;
      await building.apply(batch);
      done += batch.length;
      if (Number(building.submitted) > head) head = Number(building.submitted);
      report();
    }
    await building.settle();
    if (done === 0) report();
    await this.o.readStore.swapLive(name, generation);
    const live = this.live.get(name);
    if (live) live.rebuilding = undefined;
    this.logger.info('projection rebuilt and swapped in', { projection: name, generation, events: done });
    if (this.running && this.live.has(name)) await this.restart(name);
    return { generation, events: done, seconds: (Date.now() - started) / 1000 };
  }

  /** Drops the collections of retired generations (call once readers have moved on). */
  async dropRetired(name: string): Promise<void> {
    const p = this.byName(name);
    for (const r of await this.records(name))
      if (r.status === 'retired') {
        for (const c of p.collections)
          await this.o.readStore.dropCollection(physicalCollection(c.name, r.generation));
        await this.o.readStore.deleteProjection(name, r.generation);
      }
  }

  private async startReactor(r: Reactor): Promise<Subscription> {
    const name = `${REACTOR_PREFIX}${r.name}`;
    let record = (await this.records(name))[0];
    if (!record) {
      // a new reactor starts at the end of the log: history must not trigger messages again
      record = {
        name,
        generation: 1,
        version: 1,
        status: 'live',
        position: await this.o.eventStore.headPosition(),
        updatedAt: now(),
      };
      await this.o.readStore.putProjection(record);
    }
    let position = record.position;
    const handles = new Set(r.handles);
    return this.o.bus.consume(
      name,
      {
        resumeAfter: async () => position,
        onError: (error) => this.logger.error('reactor failed; retrying', { reactor: r.name, error }),
      },
      async (batch) => {
        for (const event of batch) {
          if (comparePositions(event.position, position) <= 0) continue;
          if (handles.has(event.type))
            await r.react(this.o.upcasters ? this.o.upcasters.upcast(event) : event);
          position = event.position;
          await this.o.readStore.applyChanges([], { projection: name, generation: 1, position });
        }
      },
    );
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.o.eventStore.headPosition();
    return this.o.projections.map((p) => {
      const live = this.live.get(p.name);
      const position = live?.batches.position ?? '0';
      return {
        name: p.name,
        generation: live?.generation ?? 0,
        version: p.version,
        position,
        head,
        lag: Math.max(0, Number(BigInt(head) - BigInt(position))),
        state: live?.state ?? 'stopped',
        lastError: live?.lastError,
        rebuilding: live?.rebuilding,
      };
    });
  }

  /** Resolves true once every named projection has applied the event at `position`, false on timeout. */
  async waitFor(names: string[], position: string, timeoutMs: number): Promise<boolean> {
    return whenReached(this.progress, (n) => this.live.get(n)?.batches.position, names, position, timeoutMs);
  }

  private backgroundAbort = new AbortController();

  async stop(): Promise<void> {
    this.running = false;
    this.backgroundAbort.abort();
    await Promise.all([...this.background]);
    for (const live of this.live.values()) {
      live.state = 'stopped';
      await live.subscription?.stop();
      await live.batches.settle().catch(() => undefined);
    }
    for (const s of this.reactorSubs) await s.stop();
    this.reactorSubs.length = 0;
  }
}
