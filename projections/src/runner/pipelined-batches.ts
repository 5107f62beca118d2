import { comparePositions, type RecordedEvent, type UpcasterRegistry } from '@rawnaq/contracts';
import { changeId, type Doc, type PositionedChange, type ReadStore } from '@rawnaq/platform';
import { projectBatch } from './project-batch';
import type { Projection } from './projection';

/** The batch that was being written failed: what came after it must be projected again. */
export class CommitFailed extends Error {
  constructor(override readonly cause: unknown) {
    super(`A projection batch could not be stored: ${(cause as Error)?.message ?? cause}`);
  }
}

const key = (collection: string, id: string) => `${collection}\u0000${id}`;

/**
 * A batch with nothing for this projection is not written: its position advances in memory (readers
 * in this process are told at once) and is stored with the next write, or after this long at the
 * latest, so a busy store is not written to by every projection for every event. A restart replays
 * what was skipped, which changes nothing.
 */
export const SKIPPED_CHECKPOINT_MS = 250;

/**
 * One timer for the skipped positions of every projection, so they are handed to the store in one
 * stretch of code (the SQLite read store writes them in one transaction): `store` answers false when
 * it is not due yet, and is asked again at the next tick.
 */
const dueCheckpoints = new Set<() => boolean>();
let checkpointTimer: ReturnType<typeof setTimeout> | undefined;
const storeSoon = (store: () => boolean) => {
  dueCheckpoints.add(store);
  if (checkpointTimer) return;
  checkpointTimer = setTimeout(() => {
    checkpointTimer = undefined;
    const due = [...dueCheckpoints];
    dueCheckpoints.clear();
    for (const f of due) if (!f()) storeSoon(f);
  }, SKIPPED_CHECKPOINT_MS);
  checkpointTimer.unref?.();
};

/**
 * Projects batches of one projection generation, one batch ahead of the store: while batch N
 * commits (in the store's writer thread), batch N+1 is projected. Reads of documents batch N
 * changed are answered from memory; a document the store changes in place (a patch it applies
 * itself) is only read once batch N is committed. `position` is what is committed; readers and
 * checkpoints only ever see that.
 */
export class PipelinedBatches {
  position: string;
  /** the last position handed to the store (committed or not) */
  submitted: string;
  private inflight?: Promise<void>;
  private written = new Map<string, Doc | null>();
  private changedInPlace = new Set<string>();
  private readonly handles?: ReadonlySet<string>;
  private lastStored = 0;
  /** the skipped position waits for the shared checkpoint timer */
  private skippedUnstored = false;

  constructor(
    private readonly store: ReadStore,
    private readonly projection: Projection,
    readonly generation: number,
    start: string,
    /** each position committed, and whether the batch up to it wrote anything (false: skipped) */
    private readonly committed: (position: string, wrote: boolean) => void,
    private readonly upcasters?: UpcasterRegistry,
  ) {
    this.position = start;
    this.submitted = start;
    this.handles = projection.handles === 'all' ? undefined : new Set(projection.handles);
  }

  private async prefetch(collection: string, ids: string[]): Promise<Map<string, Doc>> {
    if (this.inflight && ids.some((id) => this.changedInPlace.has(key(collection, id)))) await this.settle();
    const found = new Map<string, Doc>();
    const missing: string[] = [];
    for (const id of ids) {
      const k = key(collection, id);
      if (!this.written.has(k)) missing.push(id);
      else {
        const doc = this.written.get(k);
        // a copy: this batch may change it in place, the one in flight must not see that
        if (doc) found.set(id, structuredClone(doc));
      }
    }
    if (missing.length)
      for (const [id, doc] of await this.store.getMany(collection, missing)) found.set(id, doc);
    return found;
  }

  /** Projects a batch and hands it to the store once the previous one is committed. */
  async apply(batch: RecordedEvent[]): Promise<void> {
    const last = batch[batch.length - 1].position;
    if (comparePositions(last, this.submitted) <= 0) return;
    const fresh = batch.filter((e) => comparePositions(e.position, this.submitted) > 0);
    const relevant = !this.handles || fresh.some((e) => this.handles!.has(e.type));
    if (!relevant && Date.now() - this.lastStored < SKIPPED_CHECKPOINT_MS) {
      // nothing to write: the position moves on once what is in flight is committed
      await this.settle();
      this.submitted = last;
      this.position = last;
      this.committed(last, false);
      // stored soon even if nothing else comes: other processes read positions from the store
      if (!this.skippedUnstored) {
        this.skippedUnstored = true;
        storeSoon(this.storeSkipped);
      }
      return;
    }
    this.lastStored = Date.now();
    const changes = await projectBatch(
      this.projection,
      this.generation,
      fresh,
      (c, ids) => this.prefetch(c, ids),
      this.upcasters,
    );
    await this.settle();
    this.remember(changes);
    this.submitted = last;
    const checkpoint = { projection: this.projection.name, generation: this.generation, position: last };
    const wrote = changes.length > 0;
    this.inflight = this.store.applyChanges(changes, checkpoint).then(
      () => {
        this.position = last;
        this.committed(last, wrote);
      },
      (error: unknown) => {
        throw new CommitFailed(error);
      },
    );
    // nobody may be waiting when it fails; settle() reports it
    this.inflight.catch(() => undefined);
  }

  /** Stores the skipped position (false: not due yet, a write stored a position less than a tick ago). */
  private readonly storeSkipped = (): boolean => {
    if (this.inflight) {
      this.skippedUnstored = false; // the write in flight, or the one after it, carries a later position
      return true;
    }
    if (Date.now() - this.lastStored < SKIPPED_CHECKPOINT_MS) return false;
    this.skippedUnstored = false;
    this.lastStored = Date.now();
    const checkpoint = {
      projection: this.projection.name,
      generation: this.generation,
      position: this.position,
    };
    this.inflight = this.store.applyChanges([], checkpoint).then(
      () => undefined,
      (error: unknown) => {
        throw new CommitFailed(error);
      },
    );
    this.inflight.catch(() => undefined);
    return true;
  };

  private remember(changes: PositionedChange[]): void {
    this.written = new Map();
    this.changedInPlace = new Set();
    for (const c of changes) {
      const k = key(c.collection, changeId(c));
      if (c.kind === 'upsert') this.written.set(k, c.doc);
      else if (c.kind === 'delete') this.written.set(k, null);
      else this.changedInPlace.add(k);
    }
  }

  /** Waits for the batch in flight; if it failed, forgets everything after the last commit and says so. */
  async settle(): Promise<void> {
    const inflight = this.inflight;
    if (!inflight) return;
    try {
      await inflight;
    } catch (error) {
      this.written = new Map();
      this.changedInPlace = new Set();
      this.submitted = this.position;
      throw error;
    } finally {
      if (this.inflight === inflight) this.inflight = undefined;
    }
  }
}
