import { comparePositions } from '@rawnaq/contracts';
import { deepFreeze } from '../runtime/deep-freeze';
import type { EventEmitter } from 'node:events';
import {
  publicDoc,
  type CollectionSpec,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type SumRow,
  type SumSpec,
} from './port';

/** How long `getStable` keeps a document at most, and how many of one collection. */
const STABLE_MS = 1_000;
const STABLE_MAX = 10_000;

/** Each generation of a projection writes its own copy of its collections: `<collection>_g<generation>`. */
export const physicalCollection = (logical: string, generation: number): string =>
  `${logical}_g${generation}`;

/** What the query side needs to know of a projection: its name and the collections it owns. */
export type ReadModelOwner = { name: string; collections: CollectionSpec[] };

/**
 * The event a projections' progress emitter says every report of advances with, at once: (names,
 * positions). A reader that looks at every projection whichever advanced (`settle`) is woken once a
 * report, not once for each of the ~45 projections an append advances.
 */
export const ADVANCED_ALL = 'advancedAll';

/**
 * The query side's view of the read models: logical collection names resolved to the live
 * generation, platform fields stripped, and read-your-writes through `waitFor`.
 */
export class ReadModels {
  private readonly owner = new Map<string, string>();
  private generations = new Map<string, { generation: number; position: string }>();
  private loadedAt = 0;
  /** the projections that own a collection (`settle` waits for each), made once */
  private everyProjection?: string[];

  constructor(
    private readonly store: ReadStore,
    projections: ReadModelOwner[],
    /** the in-process runner's progress, if there is one: wakes waiters at once instead of polling */
    private readonly localProgress?: EventEmitter,
    private readonly cacheMs = 200,
  ) {
    const owned = new Map(projections.map((p) => [p.name, p.collections.map((c) => c.name)]));
    for (const p of projections) for (const c of p.collections) this.owner.set(c.name, p.name);
    // a projection wrote: what is kept of its documents is stale (said before its position is); told
    // for each projection an append touched, so only its own collections are visited
    localProgress?.on('changed', (name: string) => {
      for (const collection of owned.get(name) ?? []) {
        this.stable.delete(collection);
        this.stableVersion.set(collection, (this.stableVersion.get(collection) ?? 0) + 1);
      }
    });
    localProgress?.on(ADVANCED_ALL, (names: readonly string[], positions: readonly string[]) => {
      for (let i = 0; i < names.length; i++) {
        const g = this.generations.get(names[i]);
        if (g && comparePositions(positions[i], g.position) > 0) g.position = positions[i];
      }
    });
  }

  private async refresh(force = false): Promise<void> {
    if (!force && Date.now() - this.loadedAt < this.cacheMs) return;
    const next = new Map<string, { generation: number; position: string }>();
    for (const r of await this.store.projections())
      if (r.status === 'live') {
        // what this process's runner already said it applied may be ahead of what it has stored
        const known = this.generations.get(r.name);
        const position =
          known && known.generation === r.generation && comparePositions(known.position, r.position) > 0
            ? known.position
            : r.position;
        next.set(r.name, { generation: r.generation, position });
      }
    this.generations = next;
    this.loadedAt = Date.now();
  }

  /**
   * Calls `listener` each time the projection of one of `collections` wrote (this process's runner
   * says so); answers the way to stop, or undefined when no runner runs here (the caller then looks
   * again from time to time).
   */
  onChanged(collections: string[], listener: () => void): (() => void) | undefined {
    const progress = this.localProgress;
    if (!progress) return undefined;
    const owners = new Set(collections.map((c) => this.owner.get(c)).filter((o): o is string => !!o));
    const changed = (name: string) => {
      if (owners.has(name)) listener();
    };
    progress.on('changed', changed);
    return () => void progress.off('changed', changed);
  }

  async physical(collection: string): Promise<string> {
    const projection = this.owner.get(collection);
    if (!projection) throw new Error(`No projection owns the collection ${collection}`);
    await this.refresh();
    const g = this.generations.get(projection);
    return physicalCollection(collection, g?.generation ?? 1);
  }

  async get(collection: string, id: string): Promise<Doc | undefined> {
    const doc = await this.store.get(await this.physical(collection), id);
    return doc && publicDoc(doc);
  }

  /**
   * what `getStable` and `findOneStable` read, by collection and key (an id, or a filter), with when and
   * from where they were read; `doc` undefined: nothing was found
   */
  private readonly stable = new Map<
    string,
    Map<string, { doc: Readonly<Doc> | undefined; at: number; physical: string }>
  >();
  /** how many times each collection's kept documents were dropped (a read that overlapped one is not kept) */
  private readonly stableVersion = new Map<string, number>();

  /**
   * `get` for the few documents read on every request (a session, its user and role, the account, the
   * platform's settings): kept in memory, frozen, until their projection writes again (the projections
   * of this process say so before they report the position, so whoever waits on a write reads it
   * afresh), or for `STABLE_MS` at most. That nothing was found is kept the same way (the platform's
   * settings before a manager saved any). Only with the projections in this process; otherwise the
   * same as `get`. What it answers must not be changed (it is frozen).
   */
  async getStable(collection: string, id: string): Promise<Readonly<Doc> | undefined> {
    if (!this.localProgress) return this.get(collection, id);
    return this.stably(collection, id, (physical) => this.store.get(physical, id));
  }

  /**
   * The first document matching `filter` (equalities only, as `find`), kept as `getStable` keeps
   * documents: for a look-up made on every request (the signed-in user's employee record).
   */
  async findOneStable(collection: string, filter: Filter): Promise<Readonly<Doc> | undefined> {
    if (!this.localProgress) return (await this.find(collection, { filter, limit: 1 }))[0];
    return this.stably(collection, `?${JSON.stringify(filter)}`, async (physical) => {
      const [found] = await this.store.find(physical, { filter, limit: 1 });
      return found;
    });
  }

  private async stably(
    collection: string,
    key: string,
    read: (physical: string) => Promise<Doc | undefined>,
  ): Promise<Readonly<Doc> | undefined> {
    const physical = await this.physical(collection);
    const kept = this.stable.get(collection)?.get(key);
    const now = Date.now();
    if (kept && kept.physical === physical && now - kept.at < STABLE_MS) return kept.doc;
    const version = this.stableVersion.get(collection) ?? 0;
    const found = await read(physical);
    const doc = found && deepFreeze(publicDoc(found));
    if ((this.stableVersion.get(collection) ?? 0) === version) {
      let docs = this.stable.get(collection);
      if (!docs) this.stable.set(collection, (docs = new Map()));
      if (docs.size >= STABLE_MAX) docs.clear();
      docs.set(key, { doc, at: now, physical });
    }
    return doc;
  }

  private sideCollections = new Map<string, Promise<void>>();
  private side(collection: string): Promise<string> {
    const physical = `side_${collection}`;
    if (!this.sideCollections.has(physical))
      this.sideCollections.set(physical, this.store.ensureCollection({ name: physical }));
    return this.sideCollections.get(physical)!.then(() => physical);
  }

  /**
   * A record kept beside the read models by the services themselves, not projected from events (a
   * session's last activity: an event per request would be absurd). Never rebuilt; what it holds may
   * be lost without harm beyond its own purpose.
   */
  async getSide(collection: string, id: string): Promise<Doc | undefined> {
    const doc = await this.store.get(await this.side(collection), id);
    return doc && publicDoc(doc);
  }

  /** Writes a side record; `version` only ever grows (an older write arriving late is dropped). */
  async putSide(collection: string, doc: Doc, version: number): Promise<void> {
    await this.store.applyChanges([
      { kind: 'upsert', collection: await this.side(collection), doc, position: String(version) },
    ]);
  }

  async getMany(collection: string, ids: string[]): Promise<Doc[]> {
    const found = await this.store.getMany(await this.physical(collection), ids);
    return ids.flatMap((id) => (found.has(id) ? [publicDoc(found.get(id)!)] : []));
  }

  async find(collection: string, options: FindOptions = {}): Promise<Doc[]> {
    return (await this.store.find(await this.physical(collection), options)).map(publicDoc);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    return this.store.count(await this.physical(collection), filter);
  }

  async aggregate(collection: string, spec: SumSpec): Promise<SumRow[]> {
    return this.store.aggregate(await this.physical(collection), spec);
  }

  /** Which projections feed these collections. */
  projectionsOf(collections: string[]): string[] {
    return [
      ...new Set(collections.map((c) => this.owner.get(c)).filter((p): p is string => p !== undefined)),
    ];
  }

  /**
   * Once every projection this process runs (in this thread or the projections' thread) has applied
   * the event at `position`, or `timeoutMs` passed (the write stands; readers still wait on its
   * position). Without local projections (the scale-out topology) it answers at once.
   */
  async settle(position: string, timeoutMs = 5_000): Promise<void> {
    if (!this.localProgress) return;
    this.everyProjection ??= [...new Set(this.owner.values())];
    await this.waitFor(this.everyProjection, position, timeoutMs);
  }

  /** True once the projections have applied the event at `position`; false after `timeoutMs`. */
  async waitFor(projections: string[], position: string, timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    const reached = () =>
      projections.every((p) => {
        const g = this.generations.get(p);
        return g !== undefined && comparePositions(g.position, position) >= 0;
      });
    await this.refresh();
    while (!reached()) {
      const left = until - Date.now();
      if (left <= 0) return false;
      // woken by this process's runner, the positions it said are already in memory (the ADVANCED_ALL
      // listener above): only a wait that timed out reads the registry again (a rebuild may have
      // swapped a projection's generation, or another process may run it), not each of the many
      // advances of other projections while a request waits; nor one waiting for a projection the
      // registry did not yet show live
      const advanced = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), Math.min(left, this.localProgress ? 50 : 10));
        const local = this.localProgress;
        const onAdvanced = () => done(true);
        function done(byRunner: boolean) {
          clearTimeout(timer);
          local?.off(ADVANCED_ALL, onAdvanced);
          resolve(byRunner);
        }
        local?.on(ADVANCED_ALL, onAdvanced);
      });
      const unknown = projections.some((p) => !this.generations.has(p)); // not live when last read
      if (!reached() && (!advanced || unknown)) await this.refresh(true);
    }
    return true;
  }
}
