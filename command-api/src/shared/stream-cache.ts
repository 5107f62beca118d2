import type { RecordedEvent } from '@rawnaq/contracts';
import { deepFreeze, type EventStore } from '@rawnaq/platform';

/**
 * The events of the streams commands load, kept in memory: a stored event never changes, so a
 * stream read once is afterwards read only from its next revision on (the store still answers what
 * anyone, in any process, appended since). A command loads many streams whose history only grows (a
 * sequence's numbers, the menu, the settings); without this each load reads and parses all of it.
 * Kept events are frozen, so a decision that tried to change one would fail loudly, not corrupt the
 * next command's state. At most `maxEvents` are kept; the streams used least recently go first.
 * Empty streams are not kept.
 */
export class StreamCache {
  private readonly streams = new Map<string, RecordedEvent[]>();
  private kept = 0;
  private discarded?: number;

  constructor(
    private readonly store: EventStore,
    private readonly maxEvents = 200_000,
  ) {}

  async read(stream: string): Promise<readonly RecordedEvent[]> {
    if (this.store.discardedGroups !== this.discarded) {
      // the store rolled back appends it had already shown (a group commit failed): what is kept may
      // hold events that were never stored
      this.streams.clear();
      this.kept = 0;
      this.discarded = this.store.discardedGroups;
    }
    const known = this.streams.get(stream);
    const next = known?.length ? known[known.length - 1].revision + 1 : 0;
    // what the previous commands of this process appended counts, committed or not yet
    const fresh = await this.store.readStream(
      stream,
      next ? { fromRevision: next, pending: true } : { pending: true },
    );
    // another read of the same stream may have finished meanwhile: keep only what follows what is kept
    const inMap = this.streams.get(stream);
    const current = inMap ?? known ?? [];
    const last = current.length ? current[current.length - 1].revision : -1;
    const added = fresh.filter((e) => e.revision > last).map(deepFreeze);
    const events = added.length ? [...current, ...added] : current;
    this.streams.delete(stream);
    // a stream with nothing in it is read from its start anyway: not kept (each new invoice, visit or
    // customer loads its own empty stream once, and those entries would otherwise pile up forever)
    if (events.length) this.streams.set(stream, events);
    this.kept += events.length - (inMap?.length ?? 0);
    this.trim();
    return events;
  }

  private trim() {
    for (const [stream, events] of this.streams) {
      if (this.kept <= this.maxEvents) break;
      this.streams.delete(stream);
      this.kept -= events.length;
    }
  }
}
