import type {
  AccountInvoiceEvent,
  AccountPaymentRequested,
  BillingSellerChanged,
  PlanChanged,
  RecordedEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

type BillingEvent = AccountInvoiceEvent | AccountPaymentRequested | BillingSellerChanged | PlanChanged;

/**
 * The platform's billing as the manager console and the salons read it: the plans (and the public
 * pricing page), the platform as a seller, its invoices to salons, their payments and the payment
 * requests mailed to owners.
 */
export const billingProjection: Projection = {
  name: 'billing',
  version: 1,
  collections: [
    { name: 'plans', indexes: [] },
    { name: 'billing_seller', indexes: [] },
    {
      name: 'account_invoices',
      indexes: [{ fields: ['unique_id'], unique: true }, { fields: ['account_id'] }, { fields: ['number'] }],
    },
    { name: 'account_payments', indexes: [{ fields: ['account_id'] }, { fields: ['paid_at'] }] },
    { name: 'account_payment_requests', indexes: [{ fields: ['invoice_id'] }, { fields: ['number'] }] },
  ],
  handles: [
    'PlanChanged',
    'BillingSellerChanged',
    'AccountInvoiceIssued',
    'AccountInvoiceCancelled',
    'AccountInvoicePaymentRecorded',
    'AccountInvoicePaid',
    'AccountPaymentRequested',
  ],
  project: (e: RecordedEvent): Change[] => {
    const event = e as unknown as BillingEvent & RecordedEvent;
    const at = e.metadata.occurredAt;
    switch (event.type) {
      case 'PlanChanged': {
        const { previous: _p, plan, ...definition } = event.data;
        return [
          { kind: 'upsert', collection: 'plans', doc: { id: plan, plan, ...definition, updated_at: at } },
        ];
      }
      case 'BillingSellerChanged':
        return [
          { kind: 'patch', collection: 'billing_seller', id: 'platform', set: { ...event.data.changed } },
        ];
      case 'AccountInvoiceIssued': {
        const d = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'account_invoices',
            doc: { id: d.invoice_id, ...d, paid: 0, status: 'unpaid', created_at: at },
          },
        ];
      }
      case 'AccountInvoiceCancelled':
        return [
          {
            kind: 'patch',
            collection: 'account_invoices',
            id: event.data.invoice_id,
            set: { status: 'cancelled', cancel_reason: event.data.reason, cancelled_at: at },
          },
        ];
      case 'AccountInvoicePaymentRecorded': {
        const d = event.data;
        return [
          { kind: 'patch', collection: 'account_invoices', id: d.invoice_id, inc: { paid: d.amount } },
          { kind: 'upsert', collection: 'account_payments', doc: { id: d.payment_id, ...d } },
        ];
      }
      case 'AccountInvoicePaid':
        return [
          {
            kind: 'patch',
            collection: 'account_invoices',
            id: event.data.invoice_id,
            set: { status: 'paid', paid_at: event.data.paid_at },
          },
        ];
      case 'AccountPaymentRequested': {
        const d = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'account_payment_requests',
            doc: { id: d.request_id, ...d, sent_at: at },
          },
        ];
      }
    }
  },
};
