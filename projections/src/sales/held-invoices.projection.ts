import type { HeldInvoiceEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * `on-hold-report`: every basket held at the till, with who held it and when, and what became of it
 * (cancelled, or issued as which invoice, by whom and when).
 */
export const heldInvoicesProjection: Projection = {
  name: 'held-invoices',
  version: 1,
  collections: [
    {
      name: 'held_invoices',
      indexes: [{ fields: ['tenantId', 'status', 'held_at'] }, { fields: ['tenantId', 'business_date'] }],
    },
  ],
  handles: ['InvoiceHeld', 'HeldInvoiceCancelled', 'HeldInvoiceIssued'],
  project: (e: RecordedEvent): Change[] => {
    const event = e as unknown as HeldInvoiceEvent & RecordedEvent;
    const tenantId = e.metadata.tenantId;
    switch (event.type) {
      case 'InvoiceHeld':
        return [
          {
            kind: 'upsert',
            collection: 'held_invoices',
            doc: { id: event.data.held_invoice_id, tenantId, ...event.data, status: 'on_hold' },
          },
        ];
      case 'HeldInvoiceCancelled':
        return [
          {
            kind: 'patch',
            collection: 'held_invoices',
            id: event.data.held_invoice_id,
            set: {
              status: 'cancelled',
              cancelled_at: event.data.cancelled_at,
              cancelled_by: event.data.cancelled_by,
            },
          },
        ];
      case 'HeldInvoiceIssued':
        return [
          {
            kind: 'patch',
            collection: 'held_invoices',
            id: event.data.held_invoice_id,
            set: {
              status: 'issued',
              invoice_id: event.data.invoice_id,
              invoice_number: event.data.invoice_number,
              issued_at: event.data.issued_at,
              issued_by: event.data.issued_by,
            },
          },
        ];
      default:
        return [];
    }
  },
};
