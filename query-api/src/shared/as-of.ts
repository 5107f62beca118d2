import { comparePositions, type RecordedEvent } from '@rawnaq/contracts';
import { applyChange, changeId, type Doc, type EventStore } from '@rawnaq/platform';
import { physicalCollection, projectBatch, type Projection } from '@rawnaq/projections';

/** Read models as they were: each logical collection's documents by id. */
export type ReplayedModels = { docs(collection: string): Doc[] };

/**
 * The read models as they were at an instant (an auditor's view): the streams' events stored up to
 * `asOf`, in the order they were stored, run through the live projections into memory. The same code
 * that builds the read models builds the view, so it cannot drift from them.
 */
export const replayAsOf = async (
  store: EventStore,
  streams: Iterable<string>,
  projections: Projection[],
  asOf: string,
): Promise<ReplayedModels> => {
  const events: RecordedEvent[] = [];
  for (const stream of new Set(streams)) events.push(...(await store.readStream(stream, { asOf })));
  events.sort((a, b) => comparePositions(a.position, b.position));
  const collections = new Map<string, Map<string, Doc>>();
  for (const projection of projections)
    for (const change of await projectBatch(projection, 0, events, async () => new Map())) {
      let docs = collections.get(change.collection);
      if (!docs) collections.set(change.collection, (docs = new Map()));
      const id = changeId(change);
      const next = applyChange(docs.get(id), change);
      if (next) docs.set(id, next);
      else docs.delete(id);
    }
  return {
    docs: (collection) =>
      [...(collections.get(physicalCollection(collection, 0))?.values() ?? [])].map(
        ({ _pos: _ignored, ...doc }) => doc as Doc,
      ),
  };
};
