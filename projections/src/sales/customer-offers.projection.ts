import {
  CUSTOMER_OFFER_EVENT_TYPES,
  sessionsLeft,
  sessionsLeftOf,
  valueLeft,
  type CustomerOfferEvent,
  type CustomerOfferOpened,
  type CustomerOfferUse,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

type Use = CustomerOfferUse & {
  invoice_number: number;
  business_date: string;
  credit_note_id?: string | null;
};
type Purchase = Doc & CustomerOfferOpened['data'] & { uses: Use[]; closed: boolean };

/** The figures that follow from a purchase's uses: per service and in all, and the value left. */
const withFigures = (doc: Purchase): Doc => {
  const uses = doc.uses;
  const left = doc.closed ? 0 : sessionsLeft(doc, uses);
  return {
    ...doc,
    services: doc.services.map((s) => ({
      service_id: s.service_id,
      name_en: s.name_en,
      name_ar: s.name_ar,
      sessions: s.sessions,
      used: uses.filter((u) => !u.returned && u.service_id === s.service_id).length,
      left: doc.closed ? 0 : sessionsLeftOf(doc, uses, s.service_id),
    })),
    sessions_used: uses.filter((u) => !u.returned).length,
    sessions_left: left,
    value_left: valueLeft(doc.price, left, doc.allowance),
  };
};

/**
 * Every offer and package a customer bought, with its sessions used and left and what they are worth:
 * the customer's card, the till's "what she has left", the unused-offers report and the e-offer page.
 * Whether it expired is worked out against today (it expires without an event).
 */
export const customerOffersProjection: Projection = {
  name: 'customer-offers',
  // 2: a session given back after the purchase expired adds to its breakage
  version: 2,
  collections: [
    {
      name: 'customer_offers',
      indexes: [
        { fields: ['tenantId', 'customer_id', 'expires_on'] },
        { fields: ['tenantId', 'business_date'] },
        { fields: ['tenantId', 'expires_on'] },
        { fields: ['unique_id'] },
      ],
    },
  ],
  handles: CUSTOMER_OFFER_EVENT_TYPES,
  reads: (e) => [
    { collection: 'customer_offers', id: (e.data as { customer_offer_id: string }).customer_offer_id },
  ],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as CustomerOfferEvent & RecordedEvent;
    if (event.type === 'CustomerOfferOpened')
      return [
        {
          kind: 'upsert',
          collection: 'customer_offers',
          doc: withFigures({
            id: event.data.customer_offer_id,
            tenantId: e.metadata.tenantId,
            ...event.data,
            uses: [],
            closed: false,
            opened_at: e.metadata.occurredAt,
            last_used_on: null,
          } as Purchase),
        },
      ];
    const doc = lookup('customer_offers', event.data.customer_offer_id) as Purchase | undefined;
    if (!doc) return [];
    let next: Purchase;
    switch (event.type) {
      case 'CustomerOfferSessionUsed':
        next = {
          ...doc,
          uses: [
            ...doc.uses,
            {
              service_id: event.data.service_id,
              invoice_id: event.data.invoice_id,
              invoice_number: event.data.invoice_number,
              line_id: event.data.line_id,
              business_date: event.data.business_date,
              returned: false,
            },
          ],
          last_used_on: event.data.business_date,
        };
        break;
      case 'CustomerOfferSessionReturned':
        next = {
          ...doc,
          uses: doc.uses.map((u) =>
            u.invoice_id === event.data.invoice_id && u.line_id === event.data.line_id
              ? { ...u, returned: true, credit_note_id: event.data.credit_note_id }
              : u,
          ),
        };
        break;
      case 'CustomerOfferClosed':
        next = {
          ...doc,
          closed: true,
          closed_on: event.data.business_date,
          closed_reason: event.data.reason,
        };
        break;
      case 'CustomerOfferExpired':
        // expired with sessions left: no longer owed (the books took their value as income)
        next = { ...doc, expired_on: event.data.business_date, breakage: event.data.value_left };
        break;
      default:
        return [];
    }
    const figured = withFigures(next);
    // a session given back to a purchase that had expired can never be used: its value is breakage
    // too, as the books post it (an expired purchase's breakage is all it has left)
    if (event.type === 'CustomerOfferSessionReturned' && typeof doc.expired_on === 'string')
      figured.breakage = figured.value_left;
    return [{ kind: 'upsert', collection: 'customer_offers', doc: figured }];
  },
};
