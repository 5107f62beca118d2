import type { CustomerPenaltyRecorded, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * `accounting/customers-penalties`: every penalty on a customer's record (doc1 §3: 1 no-show, recorded
 * by the appointment book; 2 others, written by hand), when and by whom, with its appointment and notes.
 * The customer's and the appointment's details are read beside it when listed (they may change).
 */
export const customerPenaltiesProjection: Projection = {
  name: 'customer-penalties',
  version: 1,
  collections: [
    {
      name: 'customer_penalties',
      indexes: [{ fields: ['tenantId', 'at'] }, { fields: ['tenantId', 'customer_id', 'at'] }],
    },
  ],
  handles: ['CustomerPenaltyRecorded'],
  project: (e: RecordedEvent): Change[] => {
    const d = (e as unknown as CustomerPenaltyRecorded).data;
    return [
      {
        kind: 'upsert',
        collection: 'customer_penalties',
        doc: {
          id: e.id,
          tenantId: e.metadata.tenantId,
          customer_id: d.customer_id,
          penalty_type: d.penalty_type,
          appointment_id: d.appointment_id ?? null,
          notes: d.notes ?? null,
          at: e.metadata.occurredAt,
          by: e.metadata.actor.id,
        },
      },
    ];
  },
};
