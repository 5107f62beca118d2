import {
  canonicalMobileOrAsIs,
  WALLET_EVENT_TYPES,
  LOYALTY_EVENT_TYPES,
  type LoyaltyEvent,
  type CustomerEvent,
  type InvoiceCancelled,
  type InvoiceIssued,
  type RecordedEvent,
  type WalletEvent,
} from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

const by = (e: RecordedEvent) => ({ kind: e.metadata.actor.kind, id: e.metadata.actor.id });
const birthMonth = (date: unknown) => (typeof date === 'string' ? Number(date.slice(5, 7)) : null);

/** The customers on file she may be the same person as (registered online with their mobile). */
const likelyDuplicatesOf = (doc: Doc | undefined): string[] =>
  (doc?.likely_duplicate_of as string[] | undefined) ?? [];
/** The card's fields of them: the ids, and a flag the list filters on. */
const duplicates = (of: string[]) => ({ likely_duplicate_of: of, likely_duplicate: of.length > 0 });

/** A customer's invoices that count (issued, not cancelled): their ids, business dates and what they sold. */
type InvoicesMemo = { invoices: Array<{ id: string; date: string; items?: string[] }> };

/** The services and products an invoice sold, each once (a campaign's "bought" filter reads them). */
const itemsOf = (lines: ReadonlyArray<{ kind: string; item_id: string }> | undefined) => [
  ...new Set((lines ?? []).filter((l) => l.kind === 'service' || l.kind === 'product').map((l) => l.item_id)),
];

/**
 * What the customer card keeps of them: how many, the last one's date (the customer type's inputs)
 * and every service and product they sold her (`bought`, for the campaigns' audience).
 */
const invoiceFigures = (invoices: InvoicesMemo['invoices']) => ({
  invoices_count: invoices.length,
  last_invoice_date: invoices.reduce<string | null>(
    (last, i) => (!last || i.date > last ? i.date : last),
    null,
  ),
  bought: [...new Set(invoices.flatMap((i) => i.items ?? []))],
});

/**
 * The customer list and card: one document per customer with its details, status, serial number
 * (1, 2, 3... per salon, in order of registration) and what invoices will feed (count, last date,
 * wallet, loyalty points) so the customer type can be worked out against today. A likely duplicate
 * (registered online with a mobile on file) lists the customers she may be; a customer merged into
 * another says into whom (`merged_into`: the lists leave her out), and the kept one lists every id
 * merged into her (`merged_ids`: her screens read their visits, invoices, cards and offers too), her
 * invoice figures and penalties counting theirs.
 */
export const customersProjection: Projection = {
  name: 'customers',
  // 2: mobiles in the canonical form, whichever way an event spelled them; 3: no-shows and penalties
  // 4: invoices (the customer type's count and last date), the wallet's balance and the loyalty points
  // 5: a cancelled invoice no longer counts (each customer's counted invoices kept beside the card)
  // 6: likely duplicates and merges (issue 24)
  // 7: the services and products each customer bought (issue 26: a campaign's audience)
  version: 7,
  collections: [
    {
      name: 'customers',
      // what the list sorts on, the desk's lookup by mobile, and the customer-type filter; other filters
      // (status, gender, nationality) narrow a salon's own rows, which the tenant prefix already finds
      indexes: [
        { fields: ['tenantId', 'serial'] },
        { fields: ['tenantId', 'name'] },
        { fields: ['tenantId', 'mobile_key'] },
        { fields: ['tenantId', 'last_invoice_date'] },
        { fields: ['tenantId', 'wallet_balance'] },
        { fields: ['tenantId', 'likely_duplicate'] },
      ],
    },
    { name: 'customer_serials' },
    { name: 'customer_invoices' },
  ],
  handles: [
    'CustomerRegistered',
    'CustomerDetailsChanged',
    'CustomerDisabled',
    'CustomerActivated',
    'CustomerPenaltyRecorded',
    'CustomerFlaggedAsLikelyDuplicate',
    'LikelyDuplicateDismissed',
    'CustomerMerged',
    'DuplicateCustomerMergedIn',
    'WhatsAppConsentChanged',
    'InvoiceIssued',
    'InvoiceCancelled',
    ...WALLET_EVENT_TYPES,
    ...LOYALTY_EVENT_TYPES,
  ],
  // the customer's own document is read too, so several events of one customer in a batch make one write
  reads: (e) => [
    ...(e.data.customer_id ? [{ collection: 'customers', id: e.data.customer_id as string }] : []),
    ...((e.type === 'InvoiceIssued' || e.type === 'InvoiceCancelled') && e.data.customer_id
      ? [{ collection: 'customer_invoices', id: e.data.customer_id as string }]
      : []),
    ...(e.type === 'CustomerRegistered' ? [{ collection: 'customer_serials', id: e.metadata.tenantId }] : []),
    // a merge folds the merged customer's card and invoices into the kept one's
    ...(e.type === 'DuplicateCustomerMergedIn'
      ? [
          { collection: 'customers', id: e.data.merged_customer_id as string },
          { collection: 'customer_invoices', id: e.data.customer_id as string },
          { collection: 'customer_invoices', id: e.data.merged_customer_id as string },
        ]
      : []),
  ],
  project: (e, lookup): Change[] => {
    if (e.type === 'InvoiceIssued' || e.type === 'InvoiceCancelled') {
      const d = (e as unknown as InvoiceIssued | InvoiceCancelled).data;
      const customerId = d.customer_id;
      if (!customerId || !lookup('customers', customerId)) return [];
      const memo =
        (lookup('customer_invoices', customerId) as (InvoicesMemo & { id: string }) | undefined)?.invoices ??
        [];
      const others = memo.filter((i) => i.id !== d.invoice_id);
      const invoices =
        e.type === 'InvoiceIssued'
          ? [
              ...others,
              { id: d.invoice_id, date: d.business_date, items: itemsOf((d as InvoiceIssued['data']).lines) },
            ]
          : others;
      if (invoices.length === memo.length && e.type === 'InvoiceCancelled') return [];
      return [
        {
          kind: 'upsert',
          collection: 'customer_invoices',
          doc: { id: customerId, tenantId: e.metadata.tenantId, invoices },
        },
        { kind: 'patch', collection: 'customers', id: customerId, set: invoiceFigures(invoices) },
      ];
    }
    if ((LOYALTY_EVENT_TYPES as readonly string[]).includes(e.type)) {
      const d = (e as unknown as LoyaltyEvent).data;
      if (!lookup('customers', d.customer_id)) return [];
      return [
        { kind: 'patch', collection: 'customers', id: d.customer_id, set: { loyalty_points: d.balance } },
      ];
    }
    if ((WALLET_EVENT_TYPES as readonly string[]).includes(e.type)) {
      const d = (e as unknown as WalletEvent).data;
      if (!lookup('customers', d.customer_id)) return [];
      return [
        { kind: 'patch', collection: 'customers', id: d.customer_id, set: { wallet_balance: d.balance } },
      ];
    }
    const event = e as unknown as CustomerEvent & RecordedEvent;
    const tenantId = e.metadata.tenantId;
    const id = event.data.customer_id;
    const stamp = { updated_at: e.metadata.occurredAt, updated_by: by(e) };
    switch (event.type) {
      case 'CustomerRegistered': {
        const serial = ((lookup('customer_serials', tenantId)?.last as number) ?? 0) + 1;
        const { customer_id: _id, ...details } = event.data;
        return [
          { kind: 'upsert', collection: 'customer_serials', doc: { id: tenantId, last: serial } },
          {
            kind: 'upsert',
            collection: 'customers',
            doc: {
              id,
              tenantId,
              serial,
              ...details,
              mobile: canonicalMobileOrAsIs(details.mobile),
              birth_month: birthMonth(details.birth_date),
              status: 1,
              invoices_count: 0,
              last_invoice_date: null,
              loyalty_points: 0,
              wallet_balance: 0,
              no_shows: 0,
              penalties: 0,
              created_at: e.metadata.occurredAt,
              created_by: by(e),
              ...stamp,
            },
          },
        ];
      }
      case 'CustomerDetailsChanged': {
        const set: Record<string, unknown> = { ...stamp };
        const unset: string[] = [];
        for (const [field, value] of Object.entries(event.data.changed)) {
          if (value === null) unset.push(field);
          else set[field] = field === 'mobile' ? canonicalMobileOrAsIs(value) : value;
        }
        if ('birth_date' in event.data.changed) set.birth_month = birthMonth(event.data.changed.birth_date);
        return [{ kind: 'patch', collection: 'customers', id, set, unset }];
      }
      case 'WhatsAppConsentChanged':
        if (!lookup('customers', id)) return [];
        return [
          {
            kind: 'patch',
            collection: 'customers',
            id,
            set: {
              whatsapp_allowed: event.data.allowed,
              whatsapp_consent: { allowed: event.data.allowed, how: event.data.how, at: event.data.at },
              ...stamp,
            },
          },
        ];
      case 'CustomerDisabled':
        return [{ kind: 'patch', collection: 'customers', id, set: { status: 0, ...stamp } }];
      case 'CustomerActivated':
        return [{ kind: 'patch', collection: 'customers', id, set: { status: 1, ...stamp } }];
      case 'CustomerFlaggedAsLikelyDuplicate': {
        const of = [...new Set([...likelyDuplicatesOf(lookup('customers', id)), ...event.data.of])];
        return [{ kind: 'patch', collection: 'customers', id, set: { ...duplicates(of), ...stamp } }];
      }
      case 'LikelyDuplicateDismissed': {
        const of = likelyDuplicatesOf(lookup('customers', id)).filter((o) => o !== event.data.of);
        return [{ kind: 'patch', collection: 'customers', id, set: { ...duplicates(of), ...stamp } }];
      }
      case 'CustomerMerged':
        // she leaves the lists; her card stays readable, saying whom she was merged into
        return [
          {
            kind: 'patch',
            collection: 'customers',
            id,
            set: {
              merged_into: event.data.into_customer_id,
              merged_at: e.metadata.occurredAt,
              merged_by: by(e),
              ...duplicates([]),
              ...stamp,
            },
          },
        ];
      case 'DuplicateCustomerMergedIn': {
        const kept = lookup('customers', id);
        if (!kept) return [];
        const mergedId = event.data.merged_customer_id;
        const merged = lookup('customers', mergedId);
        const gone = new Set(event.data.merged_ids);
        const invoicesOf = (customer: string) =>
          (lookup('customer_invoices', customer) as (InvoicesMemo & { id: string }) | undefined)?.invoices ??
          [];
        const invoices = [
          ...new Map([...invoicesOf(id), ...invoicesOf(mergedId)].map((i) => [i.id, i])).values(),
        ];
        return [
          { kind: 'upsert', collection: 'customer_invoices', doc: { id, tenantId, invoices } },
          {
            kind: 'patch',
            collection: 'customers',
            id,
            set: {
              ...invoiceFigures(invoices),
              merged_ids: [...new Set([...((kept.merged_ids as string[] | undefined) ?? []), ...gone])],
              ...duplicates(likelyDuplicatesOf(kept).filter((o) => !gone.has(o))),
              ...stamp,
            },
            // her penalties and no-shows are the kept customer's now (the balances move by their own events)
            inc: {
              penalties: (merged?.penalties as number | undefined) ?? 0,
              no_shows: (merged?.no_shows as number | undefined) ?? 0,
            },
          },
        ];
      }
      case 'CustomerPenaltyRecorded':
        return [
          {
            kind: 'patch',
            collection: 'customers',
            id,
            inc: { penalties: 1, ...(event.data.penalty_type === 1 && { no_shows: 1 }) },
          },
        ];
    }
  },
};
