import type { DiscountCodeEvent, InvoiceIssued, RecordedEvent } from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * The salon's discount codes with how often they were used and what they took off; and per customer
 * and day, the discounts its invoices gave (codes and manual ones), so the customers' discount report
 * sums days, not invoices.
 */
export const discountCodesProjection: Projection = {
  name: 'discount-codes',
  version: 1,
  collections: [
    { name: 'discount_codes', indexes: [{ fields: ['tenantId', 'code'] }] },
    { name: 'customer_discount_days', indexes: [{ fields: ['tenantId', 'date'] }] },
  ],
  handles: ['DiscountCodeDefined', 'DiscountCodeChanged', 'DiscountCodeUsed', 'InvoiceIssued'],
  reads: (e) => {
    if (e.type === 'InvoiceIssued') {
      const d = e.data as InvoiceIssued['data'];
      return d.discount > 0
        ? [
            {
              collection: 'customer_discount_days',
              id: `${e.metadata.tenantId}|${d.business_date}|${d.customer_id ?? ''}`,
            },
          ]
        : [];
    }
    return [{ collection: 'discount_codes', id: (e.data as { discount_code_id: string }).discount_code_id }];
  },
  project: (e: RecordedEvent, lookup): Change[] => {
    const tenantId = e.metadata.tenantId;
    if (e.type === 'InvoiceIssued') {
      const d = (e as unknown as InvoiceIssued).data;
      if (d.discount <= 0) return [];
      const id = `${tenantId}|${d.business_date}|${d.customer_id ?? ''}`;
      const before = lookup('customer_discount_days', id) as
        (Doc & { invoices: number; gross: number; discount: number; code_discount: number }) | undefined;
      return [
        {
          kind: 'upsert',
          collection: 'customer_discount_days',
          doc: {
            id,
            tenantId,
            date: d.business_date,
            customer_id: d.customer_id,
            customer_name: d.customer_name,
            invoices: (before?.invoices ?? 0) + 1,
            gross: (before?.gross ?? 0) + d.gross,
            discount: (before?.discount ?? 0) + d.discount,
            code_discount: (before?.code_discount ?? 0) + (d.discount_code?.amount ?? 0),
          },
        },
      ];
    }
    const event = e as unknown as DiscountCodeEvent & RecordedEvent;
    const id = event.data.discount_code_id;
    switch (event.type) {
      case 'DiscountCodeDefined':
        return [
          {
            kind: 'upsert',
            collection: 'discount_codes',
            doc: { ...event.data, id, tenantId, uses: 0, discounted: 0, created_at: e.metadata.occurredAt },
          },
        ];
      case 'DiscountCodeChanged':
        return [{ kind: 'patch', collection: 'discount_codes', id, set: { ...event.data.changed } }];
      case 'DiscountCodeUsed':
        return [
          {
            kind: 'patch',
            collection: 'discount_codes',
            id,
            inc: { uses: 1, discounted: event.data.amount },
            set: { last_used_on: event.data.business_date },
          },
        ];
    }
  },
};
