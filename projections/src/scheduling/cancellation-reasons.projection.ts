import type { CancellationReasonEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** The salon's cancellation reasons, for the cancel dialog and the cancellation-reasons report. */
export const cancellationReasonsProjection: Projection = {
  name: 'cancellation_reasons',
  version: 1,
  collections: [{ name: 'cancellation_reasons', indexes: [{ fields: ['tenantId', 'name_en'] }] }],
  handles: ['CancellationReasonAdded', 'CancellationReasonChanged', 'CancellationReasonRemoved'],
  project: (e: RecordedEvent): Change[] => {
    const event = e as unknown as CancellationReasonEvent & RecordedEvent;
    const id = event.data.reason_id;
    if (event.type === 'CancellationReasonRemoved')
      return [{ kind: 'delete', collection: 'cancellation_reasons', id }];
    return [
      {
        kind: 'upsert',
        collection: 'cancellation_reasons',
        doc: {
          id,
          tenantId: e.metadata.tenantId,
          name_en: event.data.name_en,
          name_ar: event.data.name_ar,
          updated_at: e.metadata.occurredAt,
        },
      },
    ];
  },
};
