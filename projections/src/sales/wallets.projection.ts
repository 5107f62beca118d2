import {
  LOYALTY_EVENT_TYPES,
  WALLET_EVENT_TYPES,
  type LoyaltyEvent,
  type RecordedEvent,
  type WalletEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

const LOYALTY_KINDS: Record<LoyaltyEvent['type'], string> = {
  LoyaltyPointsEarned: 'earned',
  LoyaltyPointsReversed: 'reversed',
  LoyaltyPointsCancelled: 'cancelled',
  LoyaltyPointsRedeemed: 'redeemed',
  LoyaltyPointsReset: 'reset',
  LoyaltyPointsMovedOut: 'moved_out',
  LoyaltyPointsMovedIn: 'moved_in',
};

/**
 * Each customer's wallet statement: one row per movement (a top-up, an invoice paid from it, a refund
 * into it, a merge's move of a balance to or from another customer) with the balance it left, newest
 * first on the customer's card. The balance itself is on the
 * customer's document (the customers projection), where the lists and the reminder find it.
 */
export const walletsProjection: Projection = {
  name: 'wallets',
  // 2: the loyalty points' statement beside the wallet's; 4: each movement's place in its customer's
  // wallet (or points) stream, the order of two movements of one instant (the balance is the last
  // one's); the stream's own count, not the log's position, which another store (a backup imported)
  // numbers differently
  version: 4,
  collections: [
    { name: 'wallet_movements', indexes: [{ fields: ['tenantId', 'customer_id', 'at'] }] },
    { name: 'loyalty_movements', indexes: [{ fields: ['tenantId', 'customer_id', 'at'] }] },
  ],
  handles: [...WALLET_EVENT_TYPES, ...LOYALTY_EVENT_TYPES],
  reads: () => [],
  project: (e: RecordedEvent): Change[] => {
    if ((LOYALTY_EVENT_TYPES as readonly string[]).includes(e.type)) {
      const l = e as unknown as LoyaltyEvent & RecordedEvent;
      const { customer_id, points, balance, ...about } = l.data;
      const sign = l.type === 'LoyaltyPointsEarned' || l.type === 'LoyaltyPointsMovedIn' ? 1 : -1;
      // a merge's move names the other customer; what each invoice earned stays in the event
      if (l.type === 'LoyaltyPointsMovedIn') delete (about as { earned_on?: unknown }).earned_on;
      return [
        {
          kind: 'upsert',
          collection: 'loyalty_movements',
          doc: {
            id: e.id,
            tenantId: e.metadata.tenantId,
            customer_id,
            kind: LOYALTY_KINDS[l.type],
            points: sign * points,
            balance,
            at: e.metadata.occurredAt,
            seq: e.revision,
            by: e.metadata.actor.id,
            ...about,
          },
        },
      ];
    }
    const event = e as unknown as WalletEvent & RecordedEvent;
    const d = event.data;
    const base = {
      id: e.id,
      tenantId: e.metadata.tenantId,
      customer_id: d.customer_id,
      business_date: d.business_date,
      at: e.metadata.occurredAt,
      seq: e.revision,
      by: e.metadata.actor.id,
      balance: d.balance,
    };
    switch (event.type) {
      case 'WalletToppedUp':
        return [
          {
            kind: 'upsert',
            collection: 'wallet_movements',
            doc: {
              ...base,
              kind: 'top_up',
              amount: event.data.amount,
              method: event.data.payment.method,
              payment_id: event.data.payment.payment_id,
              notes: event.data.notes ?? null,
            },
          },
        ];
      case 'WalletDebited':
        return [
          {
            kind: 'upsert',
            collection: 'wallet_movements',
            doc: {
              ...base,
              kind: 'invoice',
              amount: -event.data.amount,
              invoice_id: event.data.invoice_id,
              invoice_number: event.data.invoice_number,
            },
          },
        ];
      case 'WalletCredited':
        return [
          {
            kind: 'upsert',
            collection: 'wallet_movements',
            doc: {
              ...base,
              kind: 'refund',
              amount: event.data.amount,
              credit_note_id: event.data.credit_note_id,
              credit_note_number: event.data.credit_note_number,
            },
          },
        ];
      case 'WalletMovedOut':
        return [
          {
            kind: 'upsert',
            collection: 'wallet_movements',
            doc: {
              ...base,
              kind: 'moved_out',
              amount: -event.data.amount,
              to_customer_id: event.data.to_customer_id,
            },
          },
        ];
      case 'WalletMovedIn':
        return [
          {
            kind: 'upsert',
            collection: 'wallet_movements',
            doc: {
              ...base,
              kind: 'moved_in',
              amount: event.data.amount,
              from_customer_id: event.data.from_customer_id,
            },
          },
        ];
    }
  },
};
