import type { RecordedEvent } from '@rawnaq/contracts';
import type { Doc } from '@rawnaq/platform';
import { visitsProjection } from '../testing/visits.test-support';
import { projectBatch, UndeclaredReadError } from './project-batch';

let position = 100;
const visit = (stream: string, amount: number, day = '2026-11-21'): RecordedEvent => ({
  id: `e${++position}`,
  type: 'VisitRecorded',
  data: { amount, day },
  metadata: {
    tenantId: 't1',
    actor: { kind: 'user', id: 'u1' },
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
const store = (docs: Record<string, Doc>) => async (_c: string, ids: string[]) =>
  new Map(ids.filter((id) => docs[id]).map((id) => [id, docs[id]]));

describe('projectBatch', () => {
  it('given no documents, when two visits of one customer arrive, then the customer is written once and the day is patched in place', async () => {
    const e1 = visit('customer-t1.a', 50);
    const e2 = visit('customer-t1.a', 70);
    const changes = await projectBatch(visitsProjection(), 3, [e1, e2], store({}));
    expect(changes).toEqual([
      {
        kind: 'upsert',
        collection: 'visit_totals_g3',
        position: e2.position,
        doc: { id: 'customer-t1.a', tenantId: 't1', visits: 2, total: 120, _pos: e2.position },
      },
      {
        kind: 'patch',
        collection: 'daily_visits_g3',
        id: '2026-11-21',
        inc: { count: 1, amount: 50 },
        position: e1.position,
      },
      {
        kind: 'patch',
        collection: 'daily_visits_g3',
        id: '2026-11-21',
        inc: { count: 1, amount: 70 },
        position: e2.position,
      },
    ]);
  });

  it('given a document already past an event, when that event is redelivered, then it changes nothing', async () => {
    const e1 = visit('customer-t1.b', 10);
    const e2 = visit('customer-t1.b', 20);
    const after = { id: 'customer-t1.b', tenantId: 't1', visits: 2, total: 30, _pos: e2.position };
    const changes = await projectBatch(visitsProjection(), 1, [e1, e2], store({ 'customer-t1.b': after }));
    expect(changes.filter((c) => c.collection === 'visit_totals_g1')).toEqual([]);
  });

  it('given a customer, when forgotten, then the document is deleted', async () => {
    const e1 = visit('customer-t1.c', 10);
    const forget: RecordedEvent = { ...visit('customer-t1.c', 0), type: 'CustomerForgotten' };
    const changes = await projectBatch(visitsProjection(), 1, [e1, forget], store({}));
    expect(changes[0]).toEqual({
      kind: 'delete',
      collection: 'visit_totals_g1',
      id: 'customer-t1.c',
      position: forget.position,
    });
  });

  it('ignores events it does not handle', async () => {
    const other: RecordedEvent = { ...visit('x-t1.1', 1), type: 'SomethingElse' };
    expect(await projectBatch(visitsProjection(), 1, [other], store({}))).toEqual([]);
  });

  it('refuses a read the projection did not declare (it would make batches wrong)', async () => {
    const p = { ...visitsProjection(), reads: () => [] };
    await expect(projectBatch(p, 1, [visit('customer-t1.d', 5)], store({}))).rejects.toBeInstanceOf(
      UndeclaredReadError,
    );
  });
});
