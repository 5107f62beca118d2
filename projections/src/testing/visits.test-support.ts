import type { RecordedEvent } from '@rawnaq/contracts';
import type { Projection } from '../runner/projection';

/** A small projection for testing the runner: visits and spend per customer, and per day. */
export const visitsProjection = (version = 1): Projection => ({
  name: 'visits',
  version,
  collections: [
    { name: 'visit_totals', indexes: [{ fields: ['tenantId', 'total'] }] },
    { name: 'daily_visits' },
  ],
  handles: ['VisitRecorded', 'CustomerForgotten'],
  reads: (e: RecordedEvent) => [{ collection: 'visit_totals', id: e.stream }],
  project: (e, lookup) => {
    if (e.type === 'CustomerForgotten') return [{ kind: 'delete', collection: 'visit_totals', id: e.stream }];
    const current = lookup('visit_totals', e.stream);
    const amount = e.data.amount as number;
    return [
      {
        kind: 'upsert',
        collection: 'visit_totals',
        doc: {
          id: e.stream,
          tenantId: e.metadata.tenantId,
          visits: ((current?.visits as number) ?? 0) + 1,
          total: ((current?.total as number) ?? 0) + amount * (version === 2 ? 10 : 1),
        },
      },
      // not read first: the store applies the increment itself
      { kind: 'patch', collection: 'daily_visits', id: String(e.data.day), inc: { count: 1, amount } },
    ];
  },
});
