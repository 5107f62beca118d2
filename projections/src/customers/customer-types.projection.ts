import {
  businessDate,
  countryOf,
  customerTypeTimeline,
  isCountryId,
  type CustomerTypeChange,
  type CustomerTypeName,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { DocRef, Projection } from '../runner/projection';

/** A customer as the history needs it: since when it counts, and its invoices that count. */
type Memo = Doc & { since: string; invoices: Array<{ id: string; date: string }>; merged_into?: string };

const TYPES: readonly CustomerTypeName[] = ['new', 'frequent', 'missed'];

/** `tenantId|date`: how many customers became (+) or stopped being (-) of each type that day. */
export const customerTypeDayId = (tenantId: string, date: string) => `${tenantId}|${date}`;

/**
 * The differences between timelines before and after (of one customer, or of the customers an event
 * changes: each timeline counts one customer), per day and type: what the day documents must add so
 * that their running sum (from the first day to any date) counts the customers of each type.
 */
export const timelineDelta = (before: CustomerTypeChange[][], after: CustomerTypeChange[][]) => {
  const delta = new Map<string, Record<CustomerTypeName, number>>();
  const add = (timeline: CustomerTypeChange[], sign: number) =>
    timeline.forEach((c, i) => {
      const day = delta.get(c.date) ?? { new: 0, frequent: 0, missed: 0 };
      day[c.type] += sign;
      if (i > 0) day[timeline[i - 1].type] -= sign;
      delta.set(c.date, day);
    });
  for (const timeline of before) add(timeline, -1);
  for (const timeline of after) add(timeline, 1);
  return [...delta].filter(([, d]) => TYPES.some((t) => d[t] !== 0));
};

/** One patch per day document (an event's changes to one document must be one change). */
const dayChanges = (
  tenantId: string,
  before: CustomerTypeChange[][],
  after: CustomerTypeChange[][],
): Change[] =>
  timelineDelta(before, after).map(([date, inc]) => ({
    kind: 'patch',
    collection: 'customer_type_days',
    id: customerTypeDayId(tenantId, date),
    set: { tenantId, date, month: date.slice(0, 7) },
    inc: Object.fromEntries(TYPES.filter((t) => inc[t] !== 0).map((t) => [t, inc[t]])),
  }));

const timelineOf = (memo: Memo | undefined) =>
  memo
    ? customerTypeTimeline(
        memo.since,
        memo.invoices.map((i) => i.date),
      )
    : [];

/**
 * The history of the customer types (doc2 §9: new, frequent, missed; the 60-day rule) for
 * `reports/historical-data-for-customers-types`: per day, how many customers changed into and out of
 * each type, so that the count of each type on any date is the sum of the days up to it — including
 * the changes no event marks (a customer becomes missed 61 days after her last invoice, which the day
 * documents hold ahead of time and take back if she comes again). A customer counts from the day of her
 * registration in the salon's time zone; a cancelled invoice is taken out of her timeline. A customer
 * merged into another is one customer with her: the kept one's timeline takes her invoices.
 */
export const customerTypesProjection: Projection = {
  name: 'customer-types',
  // 2: a customer is new from the day she joined, until 60 days pass without an invoice (issue 24)
  version: 2,
  collections: [
    { name: 'customer_type_days', indexes: [{ fields: ['tenantId', 'date'] }] },
    { name: 'customer_type_memos' },
    { name: 'customer_type_salons' },
  ],
  handles: [
    'AccountOpened',
    'GeneralSettingsChanged',
    'CustomerRegistered',
    'InvoiceIssued',
    'InvoiceCancelled',
    'DuplicateCustomerMergedIn',
  ],
  reads: (e): DocRef[] => {
    const tenantId = e.metadata.tenantId;
    if (e.type === 'CustomerRegistered')
      return [
        { collection: 'customer_type_salons', id: tenantId },
        { collection: 'customer_type_memos', id: e.data.customer_id as string },
      ];
    if ((e.type === 'InvoiceIssued' || e.type === 'InvoiceCancelled') && e.data.customer_id)
      return [{ collection: 'customer_type_memos', id: e.data.customer_id as string }];
    if (e.type === 'DuplicateCustomerMergedIn')
      return [
        { collection: 'customer_type_memos', id: e.data.customer_id as string },
        { collection: 'customer_type_memos', id: e.data.merged_customer_id as string },
      ];
    return [];
  },
  project: (e: RecordedEvent, lookup): Change[] => {
    const tenantId = e.metadata.tenantId;
    const data = e.data as Record<string, unknown>;
    switch (e.type) {
      case 'AccountOpened':
      case 'GeneralSettingsChanged': {
        const country = (
          e.type === 'AccountOpened'
            ? data.country_id
            : (data.changed as Record<string, unknown> | undefined)?.country_id
        ) as number | undefined;
        if (country === undefined || !isCountryId(country)) return [];
        return [
          {
            kind: 'upsert',
            collection: 'customer_type_salons',
            doc: { id: tenantId, tenantId, time_zone: countryOf(country).timeZone },
          },
        ];
      }
      case 'CustomerRegistered': {
        const id = data.customer_id as string;
        if (lookup('customer_type_memos', id)) return [];
        const zone = lookup('customer_type_salons', tenantId)?.time_zone as string | undefined;
        const memo: Memo = {
          id,
          tenantId,
          since: businessDate(e.metadata.occurredAt, (zone ?? 'Asia/Riyadh') as never),
          invoices: [],
        };
        return [
          { kind: 'upsert', collection: 'customer_type_memos', doc: memo },
          ...dayChanges(tenantId, [], [timelineOf(memo)]),
        ];
      }
      case 'InvoiceIssued':
      case 'InvoiceCancelled': {
        const id = data.customer_id as string | null | undefined;
        const before = id ? (lookup('customer_type_memos', id) as Memo | undefined) : undefined;
        if (!id || !before || before.merged_into) return [];
        const others = before.invoices.filter((i) => i.id !== data.invoice_id);
        const invoices =
          e.type === 'InvoiceIssued'
            ? [...others, { id: data.invoice_id as string, date: data.business_date as string }]
            : others;
        if (e.type === 'InvoiceCancelled' && invoices.length === before.invoices.length) return [];
        const after: Memo = { id, tenantId, since: before.since, invoices };
        return [
          { kind: 'upsert', collection: 'customer_type_memos', doc: after },
          ...dayChanges(tenantId, [timelineOf(before)], [timelineOf(after)]),
        ];
      }
      case 'DuplicateCustomerMergedIn': {
        // two records of one person become one customer: from the earlier day either joined, with the
        // invoices of both; the merged one stops counting on every day she counted
        const id = data.customer_id as string;
        const kept = lookup('customer_type_memos', id) as Memo | undefined;
        const merged = lookup('customer_type_memos', data.merged_customer_id as string) as Memo | undefined;
        if (!kept || !merged || merged.merged_into) return [];
        const after: Memo = {
          id,
          tenantId,
          since: merged.since < kept.since ? merged.since : kept.since,
          invoices: [...new Map([...kept.invoices, ...merged.invoices].map((i) => [i.id, i])).values()],
        };
        return [
          { kind: 'upsert', collection: 'customer_type_memos', doc: after },
          { kind: 'upsert', collection: 'customer_type_memos', doc: { ...merged, merged_into: id } },
          ...dayChanges(tenantId, [timelineOf(merged), timelineOf(kept)], [timelineOf(after)]),
        ];
      }
      default:
        return [];
    }
  },
};
