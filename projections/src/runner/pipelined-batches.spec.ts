import type { RecordedEvent } from '@rawnaq/contracts';
import { SqliteReadStore, type Checkpoint, type PositionedChange, type ReadStore } from '@rawnaq/platform';
import { visitsProjection } from '../testing/visits.test-support';
import { CommitFailed, PipelinedBatches } from './pipelined-batches';
import { physicalCollection, type Projection } from './projection';

let position = 0;
const event = (type: string, stream: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: {
    tenantId: 't1',
    actor: { kind: 'user', id: 'u' },
    correlationId: 'c',
    causationId: 'c',
    occurredAt: '2026-11-21T10:00:00.000Z',
    schemaVersion: 1,
  },
  stream,
  revision: 0,
  position: String(position),
  recordedAt: '2026-11-21T10:00:00.000Z',
});
const visit = (stream: string, amount: number) =>
  event('VisitRecorded', stream, { amount, day: '2026-11-21' });

/** A store whose commits wait until the test lets them through (or fail). */
const gatedStore = async () => {
  const inner = new SqliteReadStore({ file: ':memory:' });
  const gates: Array<{ open: () => void; fail: (e: Error) => void }> = [];
  const store: ReadStore = Object.create(inner);
  store.applyChanges = (changes: PositionedChange[], checkpoint?: Checkpoint) =>
    new Promise<void>((resolve, reject) =>
      gates.push({ open: () => inner.applyChanges(changes, checkpoint).then(resolve, reject), fail: reject }),
    );
  return { inner, store, gates };
};

const setup = async (projection: Projection) => {
  const g = await gatedStore();
  for (const c of projection.collections)
    await g.inner.ensureCollection({ ...c, name: physicalCollection(c.name, 1) });
  const committed: string[] = [];
  const batches = new PipelinedBatches(g.store, projection, 1, '0', (p) => committed.push(p));
  return { ...g, batches, committed };
};

describe('PipelinedBatches', () => {
  it('projects the next batch while the last one commits, reading what it wrote from memory', async () => {
    const t = await setup(visitsProjection());
    await t.batches.apply([visit('customer-t1.a', 10)]);
    expect(t.batches.submitted).toBe(String(position));
    expect(t.batches.position).toBe('0'); // not committed yet: readers and checkpoints do not see it
    const second = t.batches.apply([visit('customer-t1.a', 5)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(t.gates).toHaveLength(1); // batch 2 is projected but waits for batch 1
    t.gates[0].open();
    await second;
    t.gates[1].open();
    await t.batches.settle();
    expect(t.committed).toHaveLength(2);
    expect(await t.inner.get('visit_totals_g1', 'customer-t1.a')).toMatchObject({ visits: 2, total: 15 });
  });

  it('reads a document the store changed in place only once that change is committed', async () => {
    const reader: Projection = {
      ...visitsProjection(),
      handles: ['VisitRecorded', 'DayClosed'],
      reads: (e) =>
        e.type === 'DayClosed'
          ? [{ collection: 'daily_visits', id: '2026-11-21' }]
          : [{ collection: 'visit_totals', id: e.stream }],
      project: (e, lookup) =>
        e.type === 'DayClosed'
          ? [
              {
                kind: 'upsert',
                collection: 'visit_totals',
                doc: { id: 'closing', count: lookup('daily_visits', '2026-11-21')?.count ?? 0 },
              },
            ]
          : visitsProjection().project(e, lookup),
    };
    const t = await setup(reader);
    await t.batches.apply([visit('customer-t1.a', 10), visit('customer-t1.b', 10)]);
    const closing = t.batches.apply([event('DayClosed', 'day-t1.x', {})]);
    await new Promise((r) => setTimeout(r, 10));
    t.gates[0].open();
    await closing;
    t.gates[1].open();
    await t.batches.settle();
    expect(await t.inner.get('visit_totals_g1', 'closing')).toMatchObject({ count: 2 });
  });

  it('reports a failed commit on the next batch and goes back to the last committed position', async () => {
    const t = await setup(visitsProjection());
    await t.batches.apply([visit('customer-t1.a', 10)]);
    const first = t.batches.submitted;
    t.gates[0].open();
    await t.batches.settle();
    await t.batches.apply([visit('customer-t1.a', 20)]);
    t.gates[1].fail(new Error('disk full'));
    await expect(t.batches.apply([visit('customer-t1.a', 30)])).rejects.toBeInstanceOf(CommitFailed);
    expect(t.batches.position).toBe(first);
    expect(t.batches.submitted).toBe(first);
    expect(await t.inner.get('visit_totals_g1', 'customer-t1.a')).toMatchObject({ visits: 1, total: 10 });
  });
});
