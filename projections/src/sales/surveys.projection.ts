import type { InvoiceRated, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * The customers' ratings of their visits (e-survey), one per invoice, for the invoice page, the public
 * page and the surveys report (by the salon's day it was given on: `rated_on`).
 */
export const surveysProjection: Projection = {
  name: 'surveys',
  version: 2,
  collections: [
    {
      name: 'invoice_ratings',
      indexes: [{ fields: ['tenantId', 'rated_at'] }, { fields: ['tenantId', 'rated_on'] }],
    },
  ],
  handles: ['InvoiceRated'],
  project: (e: RecordedEvent): Change[] => {
    const { data } = e as unknown as InvoiceRated & RecordedEvent;
    return [
      {
        kind: 'upsert',
        collection: 'invoice_ratings',
        // a rating recorded before it said its day: the UTC day of the instant
        doc: {
          id: data.invoice_id,
          tenantId: e.metadata.tenantId,
          ...data,
          rated_on: data.rated_on ?? data.rated_at.slice(0, 10),
        },
      },
    ];
  },
};
