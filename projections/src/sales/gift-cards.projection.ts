import type { GiftCardEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * Every gift card with what remains on it and where it was spent: the active, used and expired lists
 * (the status is worked out against today; the expiry worker's event, a day or so later, marks what was
 * left on it as no longer owed: `expired_on`, `breakage`), the till's look-up by
 * code, and the e-gift page.
 */
export const giftCardsProjection: Projection = {
  name: 'gift-cards',
  version: 1,
  collections: [
    {
      name: 'gift_cards',
      indexes: [
        { fields: ['tenantId', 'business_date'] },
        { fields: ['tenantId', 'code'] },
        { fields: ['tenantId', 'customer_id'] },
        { fields: ['unique_id'] },
      ],
    },
  ],
  handles: ['GiftCardIssued', 'GiftCardRedeemed', 'GiftCardExpired'],
  reads: (e) => [{ collection: 'gift_cards', id: (e.data as { gift_card_id: string }).gift_card_id }],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as GiftCardEvent & RecordedEvent;
    if (event.type === 'GiftCardIssued')
      return [
        {
          kind: 'upsert',
          collection: 'gift_cards',
          doc: {
            id: event.data.gift_card_id,
            tenantId: e.metadata.tenantId,
            ...event.data,
            remaining: event.data.value,
            redemptions: [],
            issued_at: e.metadata.occurredAt,
            last_used_on: null,
          },
        },
      ];
    const card = lookup('gift_cards', event.data.gift_card_id) as
      (Doc & { redemptions: unknown[] }) | undefined;
    if (!card) return [];
    // expired with something left: no longer owed (the books took it as income); what was left stays shown
    if (event.type === 'GiftCardExpired')
      return [
        {
          kind: 'upsert',
          collection: 'gift_cards',
          doc: { ...card, expired_on: event.data.business_date, breakage: event.data.remaining },
        },
      ];
    const { gift_card_id: _id, code: _code, remaining, ...redemption } = event.data;
    return [
      {
        kind: 'upsert',
        collection: 'gift_cards',
        doc: {
          ...card,
          remaining,
          redemptions: [...card.redemptions, { ...redemption, at: e.metadata.occurredAt }],
          last_used_on: event.data.business_date,
        },
      },
    ];
  },
};
