import {
  businessDate,
  PLATFORM_TIME_ZONE,
  paymentGatewayOutcome,
  type GatewayPaymentEvent,
  type PaymentGatewayStatus,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * The payments through the online payment gateway (the customer's status page, the salon's
 * payment-gateway-payments report) and the platform's fee of each successful one (1 AED, doc2 §9),
 * listed for the manager.
 */
export const gatewayPaymentsProjection: Projection = {
  name: 'gateway-payments',
  version: 2,
  collections: [
    {
      name: 'gateway_payments',
      indexes: [
        { fields: ['tenantId', 'business_date'] },
        { fields: ['unique_id'] },
        { fields: ['outcome', 'expires_at'] },
      ],
    },
    {
      name: 'payment_gateway_fees',
      indexes: [
        { fields: ['business_date'] },
        { fields: ['tenantId', 'business_date'] },
        { fields: ['platform_date'] },
      ],
    },
  ],
  handles: [
    'GatewayPaymentStarted',
    'GatewayPaymentAwaitingConfirmation',
    'GatewayPaymentPaid',
    'GatewayPaymentFailed',
    'GatewayCallbackIgnored',
    'GatewayPurchaseDelivered',
    'GatewayPurchaseNotDelivered',
  ],
  reads: () => [],
  project: (e: RecordedEvent): Change[] => {
    const tenantId = e.metadata.tenantId;
    const at = e.metadata.occurredAt;
    const event = e as unknown as GatewayPaymentEvent;
    const id = event.data.payment_id;
    const status = (s: PaymentGatewayStatus) => ({
      status: s,
      outcome: paymentGatewayOutcome(s),
      updated_at: at,
    });
    switch (event.type) {
      case 'GatewayPaymentStarted':
        return [
          {
            kind: 'upsert',
            collection: 'gateway_payments',
            doc: {
              ...event.data,
              id,
              tenantId,
              started_at: at,
              ignored_callbacks: 0,
              ...status(1),
              // a purchase (gift card, offer): its buyer is the payment's customer until she is registered
              ...(event.data.purchase && { purchase_kind: event.data.purchase.kind }),
            },
          },
        ];
      case 'GatewayPaymentAwaitingConfirmation':
        return [
          {
            kind: 'patch',
            collection: 'gateway_payments',
            id,
            set: { ...status(2), ...(event.data.reference && { reference: event.data.reference }) },
          },
        ];
      case 'GatewayPaymentPaid': {
        const d = event.data;
        return [
          {
            kind: 'patch',
            collection: 'gateway_payments',
            id,
            set: {
              ...status(5),
              reference: d.reference,
              paid_at: at,
              paid_date: d.business_date,
              after_failure: d.after_failure,
              fee_amount: d.fee_amount,
              fee_currency: d.fee_currency,
              ...(d.deposit_id && { deposit_id: d.deposit_id }),
            },
          },
          {
            kind: 'upsert',
            collection: 'payment_gateway_fees',
            doc: {
              id,
              tenantId,
              payment_id: id,
              amount: d.fee_amount,
              currency: d.fee_currency,
              payment_amount: d.amount,
              payment_currency: d.currency,
              business_date: d.business_date,
              // the platform's day of the charge (its reports run on its own clock, not the salon's)
              platform_date: businessDate(at, PLATFORM_TIME_ZONE),
              charged_at: at,
            },
          },
        ];
      }
      case 'GatewayPaymentFailed':
        return [
          {
            kind: 'patch',
            collection: 'gateway_payments',
            id,
            set: {
              ...status(event.data.status),
              failed_reason: event.data.reason,
              failed_at: at,
              ...(event.data.reference && { reference: event.data.reference }),
            },
          },
        ];
      case 'GatewayPurchaseDelivered':
        return [
          {
            kind: 'patch',
            collection: 'gateway_payments',
            id,
            set: {
              document_unique_id: event.data.document_unique_id,
              invoice_id: event.data.invoice_id,
              invoice_number: event.data.invoice_number,
              customer_id: event.data.customer_id,
              delivered_at: at,
              not_delivered_reason: null,
              not_delivered_params: null,
            },
          },
        ];
      case 'GatewayPurchaseNotDelivered':
        return [
          {
            kind: 'patch',
            collection: 'gateway_payments',
            id,
            set: {
              not_delivered_reason: event.data.refusal,
              not_delivered_params: event.data.refusal_params ?? null,
              not_delivered_at: at,
            },
          },
        ];
      case 'GatewayCallbackIgnored':
        return [
          {
            kind: 'patch',
            collection: 'gateway_payments',
            id,
            inc: { ignored_callbacks: 1 },
            set: { last_ignored_status: event.data.status },
          },
        ];
    }
  },
};
