import type { ComplaintEvent, ComplaintOpened, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** One step of a complaint's history: what happened, who did it and when, what they said. */
export type ComplaintStep = {
  type: 'opened' | 'taken_up' | 'noted' | 'resolved';
  at: string;
  by_kind: string;
  by_id: string;
  by_name: string | null;
  note: string | null;
};

const STEP: Record<ComplaintEvent['type'], ComplaintStep['type']> = {
  ComplaintOpened: 'opened',
  ComplaintTakenUp: 'taken_up',
  ComplaintNoted: 'noted',
  ComplaintResolved: 'resolved',
};

/**
 * `reports/complaints`: each complaint with its state (new, in progress, resolved), what it is about
 * (the customer, the invoice and its rating when a low rating opened it) and its history, newest state
 * first. A complaint's events follow each other in its stream, so each step reads the document the
 * previous one wrote.
 */
export const complaintsProjection: Projection = {
  name: 'complaints',
  version: 1,
  collections: [
    {
      name: 'complaints',
      indexes: [
        { fields: ['tenantId', 'state'] },
        { fields: ['tenantId', 'opened_at'] },
        { fields: ['invoice_id'] },
      ],
    },
  ],
  handles: Object.keys(STEP),
  reads: (e) => [{ collection: 'complaints', id: (e.data as { complaint_id: string }).complaint_id }],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as ComplaintEvent & RecordedEvent;
    const step: ComplaintStep = {
      type: STEP[event.type],
      at: event.data.at,
      by_kind: e.metadata.actor.kind,
      by_id: e.metadata.actor.id,
      by_name: event.data.by_name ?? null,
      note: 'note' in event.data ? ((event.data as { note?: string }).note ?? null) : null,
    };
    if (event.type === 'ComplaintOpened') {
      const d = event.data as ComplaintOpened['data'];
      return [
        {
          kind: 'upsert',
          collection: 'complaints',
          doc: {
            id: d.complaint_id,
            tenantId: e.metadata.tenantId,
            // the salon's own count; before salons counted them, the opening's place in the log
            number: d.number ?? Number(e.position),
            state: 'new',
            source: d.source,
            description: d.description,
            customer_id: d.customer_id,
            customer_name: d.customer_name,
            invoice_id: d.invoice_id ?? null,
            invoice_number: d.invoice_number ?? null,
            rating: d.rating ?? null,
            business_date: d.business_date,
            opened_at: d.at,
            resolved_at: null,
            resolution: null,
            history: [step],
          },
        },
      ];
    }
    const doc = lookup('complaints', event.data.complaint_id);
    if (!doc) return [];
    return [
      {
        kind: 'upsert',
        collection: 'complaints',
        doc: {
          ...doc,
          ...(event.type === 'ComplaintTakenUp' && { state: 'in_progress' }),
          ...(event.type === 'ComplaintResolved' && {
            state: 'resolved',
            resolved_at: event.data.at,
            resolution: event.data.note,
          }),
          history: [...((doc.history as ComplaintStep[]) ?? []), step],
        },
      },
    ];
  },
};
