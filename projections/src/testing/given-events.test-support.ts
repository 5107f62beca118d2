import type { RecordedEvent } from '@rawnaq/contracts';
import { publicDoc, SqliteReadStore, type Doc } from '@rawnaq/platform';
import { projectBatch } from '../runner/project-batch';
import { physicalCollection, type Projection } from '../runner/projection';

let position = 0;
export type TestEvent = {
  type: string;
  data: Record<string, unknown>;
  stream: string;
  tenantId?: string;
  actor?: string;
  at?: string;
  /** the event's id when a test needs to know it (else one from its position) */
  id?: string;
};

export const recorded = (e: TestEvent, revision = 0): RecordedEvent => {
  position += 1;
  const at = e.at ?? new Date(Date.UTC(2026, 10, 21, 9, 0, position % 60)).toISOString();
  return {
    id: e.id ?? `00000000-0000-7000-8000-${String(position).padStart(12, '0')}`,
    type: e.type,
    data: e.data,
    metadata: {
      tenantId: e.tenantId ?? 't1',
      actor: { kind: 'user', id: e.actor ?? 'u1' },
      correlationId: 'c',
      causationId: 'c',
      occurredAt: at,
      schemaVersion: 1,
    },
    stream: e.stream,
    revision,
    position: String(position),
    recordedAt: at,
  };
};

/** given these events (one batch each, as live), then the read models hold... */
export const givenEvents = async (projection: Projection, events: TestEvent[]) => {
  const store = new SqliteReadStore({ file: ':memory:' });
  for (const c of projection.collections)
    await store.ensureCollection({ ...c, name: physicalCollection(c.name, 1) });
  for (const e of events) {
    const changes = await projectBatch(projection, 1, [recorded(e)], (c, ids) => store.getMany(c, ids));
    await store.applyChanges(changes);
  }
  return {
    get: async (collection: string, id: string): Promise<Doc | undefined> => {
      const d = await store.get(physicalCollection(collection, 1), id);
      return d && publicDoc(d);
    },
    find: async (collection: string): Promise<Doc[]> =>
      (await store.find(physicalCollection(collection, 1), { sort: [['id', 'asc']] })).map(publicDoc),
  };
};
