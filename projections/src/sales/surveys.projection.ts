import type { InvoiceRated, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** The customers' ratings of their visits (e-survey), one per invoice, for the invoice page and the public page. */
export const surveysProjection: Projection = {
  name: 'surveys',
  version: 1,
  collections: [{ name: 'invoice_ratings', indexes: [{ fields: ['tenantId', 'rated_at'] }] }],
  handles: ['InvoiceRated'],
  project: (e: RecordedEvent): Change[] => {
    const { data } = e as unknown as InvoiceRated & RecordedEvent;
    return [
      {
        kind: 'upsert',
        collection: 'invoice_ratings',
        doc: { id: data.invoice_id, tenantId: e.metadata.tenantId, ...data },
      },
    ];
  },
};
