import type { EInvoiceSigned, EInvoiceSubmissionEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change, Doc, EventStore } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

const COLLECTION = 'einvoices';
/** How long the worker leaves a standard document to the clearance its command asks for. */
const CLEARANCE_GRACE_MS = 30_000;

/**
 * Every signed document of the salons (invoices, credit and debit notes) and where it stands with the
 * authority: pending (signed, not yet accepted), reported, reported with warnings, cleared, rejected.
 * The reporting worker takes the pending ones due (`next_attempt_at`); the invoice screens show the
 * state and the QR; the manager's failed and warning lists read it across salons. The signed XML
 * (some 15 kB a document) stays in its `EInvoiceSigned` event, the one copy the chain is verified
 * from: the document says where (`chain_stream`, `chain_revision`) and `signedXmlOf` reads it there
 * for the downloads and the reporting worker.
 */
export const einvoicesProjection: Projection = {
  name: 'einvoices',
  version: 2,
  collections: [
    {
      name: COLLECTION,
      indexes: [
        { fields: ['state', 'next_attempt_at'] },
        { fields: ['tenantId', 'document_id'] },
        { fields: ['tenantId', 'signed_at'] },
        { fields: ['state', 'signed_at'] },
      ],
    },
  ],
  handles: [
    'EInvoiceSigned',
    'EInvoiceSubmissionFailed',
    'EInvoiceAccepted',
    'EInvoiceRejected',
    'EInvoiceResubmissionAsked',
  ],
  reads: () => [],
  project: (e: RecordedEvent): Change[] => {
    const at = e.metadata.occurredAt;
    if (e.type === 'EInvoiceSigned') {
      const { xml: _xml, ...d } = e.data as EInvoiceSigned['data'];
      return [
        {
          kind: 'upsert',
          collection: COLLECTION,
          doc: {
            id: d.uuid,
            tenantId: e.metadata.tenantId,
            ...d,
            chain_stream: e.stream,
            chain_revision: e.revision,
            state: 'pending',
            attempts: 0,
            // a standard document is cleared by the command that issued it; the worker takes it up
            // only if that did not happen (a crash, the authority unreachable)
            next_attempt_at: d.standard ? new Date(Date.parse(at) + CLEARANCE_GRACE_MS).toISOString() : at,
            errors: [],
            warnings: [],
            http_status: null,
            signed_at: at,
            accepted_at: null,
            updated_at: at,
          },
        },
      ];
    }
    const event = e as unknown as EInvoiceSubmissionEvent;
    const id = event.data.uuid;
    switch (event.type) {
      case 'EInvoiceSubmissionFailed':
        return [
          {
            kind: 'patch',
            collection: COLLECTION,
            id,
            set: {
              attempts: event.data.attempt,
              http_status: event.data.http_status,
              next_attempt_at: event.data.retry_at,
              errors: event.data.errors,
              last_attempt_at: at,
              updated_at: at,
            },
          },
        ];
      case 'EInvoiceAccepted':
        return [
          {
            kind: 'patch',
            collection: COLLECTION,
            id,
            set: {
              state:
                event.data.status === 'CLEARED'
                  ? 'cleared'
                  : event.data.warnings.length
                    ? 'reported_with_warnings'
                    : 'reported',
              attempts: event.data.attempt,
              http_status: event.data.http_status,
              warnings: event.data.warnings,
              errors: [],
              next_attempt_at: null,
              accepted_at: at,
              last_attempt_at: at,
              ...(event.data.cleared_xml && { cleared_xml: event.data.cleared_xml }),
              updated_at: at,
            },
          },
        ];
      case 'EInvoiceRejected':
        return [
          {
            kind: 'patch',
            collection: COLLECTION,
            id,
            set: {
              state: 'rejected',
              attempts: event.data.attempt,
              http_status: event.data.http_status,
              errors: event.data.errors,
              warnings: event.data.warnings,
              next_attempt_at: null,
              last_attempt_at: at,
              updated_at: at,
            },
          },
        ];
      case 'EInvoiceResubmissionAsked':
        return [
          {
            kind: 'patch',
            collection: COLLECTION,
            id,
            set: { state: 'pending', next_attempt_at: at, updated_at: at },
          },
        ];
    }
  },
};

/**
 * The signed XML of a document of `einvoices`, exactly as hashed and submitted: read from its
 * `EInvoiceSigned` event (a document projected by version 1 still carries it), else undefined.
 */
export const signedXmlOf = async (
  events: Pick<EventStore, 'readStream'>,
  doc: Doc,
): Promise<string | undefined> => {
  if (typeof doc.xml === 'string') return doc.xml;
  if (typeof doc.chain_stream !== 'string' || typeof doc.chain_revision !== 'number') return undefined;
  const [signed] = await events.readStream(doc.chain_stream, {
    fromRevision: doc.chain_revision,
    maxCount: 1,
  });
  return signed?.type === 'EInvoiceSigned' && (signed.data as { uuid?: string }).uuid === doc.id
    ? (signed.data as EInvoiceSigned['data']).xml
    : undefined;
};
