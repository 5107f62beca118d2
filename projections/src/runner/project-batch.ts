import { comparePositions, type RecordedEvent, type UpcasterRegistry } from '@rawnaq/contracts';
import { applyChange, applyPatchInPlace, changeId, type Doc, type PositionedChange } from '@rawnaq/platform';
import { physicalCollection, type DocLookup, type Projection } from './projection';

export type Prefetch = (collection: string, ids: string[]) => Promise<Map<string, Doc>>;

export class UndeclaredReadError extends Error {
  constructor(projection: string, collection: string, id: string, type: string) {
    super(`Projection ${projection} read ${collection}/${id} on ${type} without naming it in reads()`);
  }
}

/**
 * Runs a projection over a batch of events and returns the writes for the read store, in order.
 * Documents the projection reads are loaded once per batch and kept in memory, so each is written
 * once with its final state; a change is skipped when its document already went past that event
 * (redelivery after a crash or by an at-least-once bus).
 */
export const projectBatch = async (
  projection: Projection,
  generation: number,
  batch: RecordedEvent[],
  prefetch: Prefetch,
  upcasters?: UpcasterRegistry,
): Promise<PositionedChange[]> => {
  const handles = projection.handles === 'all' ? undefined : new Set(projection.handles);
  const relevant = batch
    .filter((e) => !handles || handles.has(e.type))
    .map((e) => (upcasters ? upcasters.upcast(e) : e));
  if (relevant.length === 0) return [];

  const wanted = new Map<string, Set<string>>();
  for (const e of relevant)
    for (const ref of projection.reads?.(e) ?? []) {
      let ids = wanted.get(ref.collection);
      if (!ids) wanted.set(ref.collection, (ids = new Set()));
      ids.add(ref.id);
    }
  // null marks "looked up, not there" (or deleted in this batch)
  const memory = new Map<string, Map<string, Doc | null>>();
  for (const [collection, ids] of wanted) {
    const found = await prefetch(physicalCollection(collection, generation), [...ids]);
    memory.set(collection, new Map([...ids].map((id) => [id, found.get(id) ?? null])));
  }

  // changes to documents no event read go to the store as they are (it applies them in place)
  const blind: PositionedChange[] = [];
  const touched = new Map<string, { collection: string; id: string; position: string }>();
  for (const event of relevant) {
    const lookup: DocLookup = (collection, id) => {
      const docs = memory.get(collection);
      if (!docs || !docs.has(id)) throw new UndeclaredReadError(projection.name, collection, id, event.type);
      return docs.get(id) ?? undefined;
    };
    for (const change of projection.project(event, lookup)) {
      const id = changeId(change);
      const docs = memory.get(change.collection);
      if (!docs?.has(id)) {
        blind.push({
          ...change,
          collection: physicalCollection(change.collection, generation),
          position: event.position,
        });
        continue;
      }
      const current = docs.get(id) ?? undefined;
      if (current?._pos !== undefined && comparePositions(current._pos as string, event.position) >= 0)
        continue;
      // the batch owns its copies of the documents: a patch may change one in place
      const next =
        change.kind === 'patch' && current
          ? applyPatchInPlace(current, change)
          : applyChange(current, change);
      if (next) next._pos = event.position;
      docs.set(id, next ?? null);
      touched.set(`${change.collection}\u0000${id}`, {
        collection: change.collection,
        id,
        position: event.position,
      });
    }
  }

  // every document read is written once, with its final state and the position of the last event applied
  const settled = [...touched.values()].map(({ collection, id, position }): PositionedChange => {
    const doc = memory.get(collection)!.get(id);
    const target = physicalCollection(collection, generation);
    return doc
      ? { kind: 'upsert', collection: target, doc, position }
      : { kind: 'delete', collection: target, id, position };
  });
  return [...settled, ...blind];
};
