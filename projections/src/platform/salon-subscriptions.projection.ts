import type { RecordedEvent, SubscriptionEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * Each salon's way through its subscription, for the manager's dashboard (trials converting): when its
 * trial started and when it first paid (the first SubscriptionRenewed). The salon's current plan and
 * valid till stay in `accounts`; this keeps what they overwrite.
 */
export const salonSubscriptionsProjection: Projection = {
  name: 'salon-subscriptions',
  version: 1,
  collections: [
    {
      name: 'salon_subscriptions',
      indexes: [{ fields: ['trial_started_at'] }, { fields: ['first_paid_at'] }],
    },
  ],
  handles: ['TrialStarted', 'SubscriptionRenewed'],
  reads: (e) => [{ collection: 'salon_subscriptions', id: e.metadata.tenantId }],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as SubscriptionEvent & RecordedEvent;
    const id = e.metadata.tenantId;
    const at = e.metadata.occurredAt;
    const current = lookup('salon_subscriptions', id);
    switch (event.type) {
      case 'TrialStarted':
        if (current?.trial_started_at) return [];
        return [
          {
            kind: 'upsert',
            collection: 'salon_subscriptions',
            doc: { id, trial_started_at: at, first_paid_at: null, ...current, tenantId: id },
          },
        ];
      case 'SubscriptionRenewed':
        if (current?.first_paid_at) return [];
        return [
          {
            kind: 'upsert',
            collection: 'salon_subscriptions',
            doc: {
              id,
              tenantId: id,
              trial_started_at: (current?.trial_started_at as string | undefined) ?? null,
              first_paid_at: at,
              first_plan: event.data.plan,
            },
          },
        ];
      default:
        return [];
    }
  },
};
