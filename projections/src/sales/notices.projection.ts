import {
  shownOnline,
  type ComplaintOpened,
  type ContentCheckDecided,
  type GatewayPurchaseDelivered,
  type InvoiceHeld,
  type InvoiceRated,
  type NoticeRead,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** The notice of a held basket (closed once issued or cancelled: nothing is left to do about it). */
export const heldNoticeId = (heldInvoiceId: string) => `order-held-${heldInvoiceId}`;
/** The notice of an entry the platform's team rejected (closed once it approves it after all). */
export const checkNoticeId = (entryId: string) => `check-${entryId}`;

const HANDLES = [
  'InvoiceRated',
  'ComplaintOpened',
  'InvoiceHeld',
  'HeldInvoiceIssued',
  'HeldInvoiceCancelled',
  'GatewayPurchaseDelivered',
  'ContentCheckDecided',
  'NoticeRead',
] as const;

/**
 * The notification menu's surveys, complaints and orders (the stocks' are the inventory's): one notice
 * per rating, per complaint opened, per basket put on hold, per order paid online and per entry the
 * platform's team rejected (with its reason: what the owner is mailed too), unread until someone of the
 * salon opens it (`NoticeRead`). A held basket issued or cancelled, or a rejected entry approved after
 * all, closes its notice.
 */
export const noticesProjection: Projection = {
  name: 'notices',
  // 2: the platform's rejected entries (checks)
  version: 2,
  collections: [
    {
      name: 'notices',
      indexes: [{ fields: ['tenantId', 'kind', 'created_at'] }, { fields: ['tenantId', 'read'] }],
    },
  ],
  handles: HANDLES,
  reads: (e) => {
    if (e.type === 'NoticeRead')
      return [{ collection: 'notices', id: (e.data as NoticeRead['data']).notice_id }];
    if (e.type === 'HeldInvoiceIssued' || e.type === 'HeldInvoiceCancelled')
      return [
        { collection: 'notices', id: heldNoticeId((e.data as { held_invoice_id: string }).held_invoice_id) },
      ];
    if (e.type === 'ContentCheckDecided')
      return [{ collection: 'notices', id: checkNoticeId((e.data as { entry_id: string }).entry_id) }];
    return [];
  },
  project: (e: RecordedEvent, lookup): Change[] => {
    const tenantId = e.metadata.tenantId;
    const notice = (
      doc: Record<string, unknown> & { id: string; kind: string; created_at: string },
    ): Change[] => [
      { kind: 'upsert', collection: 'notices', doc: { tenantId, read: false, closed: false, ...doc } },
    ];
    switch (e.type) {
      case 'InvoiceRated': {
        const d = e.data as InvoiceRated['data'];
        return notice({
          id: `survey-${d.invoice_id}`,
          kind: 'surveys',
          created_at: d.rated_at,
          invoice_id: d.invoice_id,
          invoice_number: d.invoice_number,
          rating: d.rating,
          comment: d.comment ?? null,
          customer_name: d.customer_name ?? null,
        });
      }
      case 'ComplaintOpened': {
        const d = e.data as ComplaintOpened['data'];
        return notice({
          id: `complaint-${d.complaint_id}`,
          kind: 'complaints',
          created_at: d.at,
          complaint_id: d.complaint_id,
          customer_name: d.customer_name,
          description: d.description,
          rating: d.rating ?? null,
        });
      }
      case 'InvoiceHeld': {
        const d = e.data as InvoiceHeld['data'];
        return notice({
          id: heldNoticeId(d.held_invoice_id),
          kind: 'orders',
          order: 'held',
          created_at: d.held_at,
          held_invoice_id: d.held_invoice_id,
          customer_name: d.customer_name,
          total: d.total,
          currency: d.currency,
        });
      }
      case 'HeldInvoiceIssued':
      case 'HeldInvoiceCancelled': {
        const doc = lookup('notices', heldNoticeId((e.data as { held_invoice_id: string }).held_invoice_id));
        return doc
          ? [{ kind: 'upsert', collection: 'notices', doc: { ...doc, read: true, closed: true } }]
          : [];
      }
      case 'GatewayPurchaseDelivered': {
        const d = e.data as GatewayPurchaseDelivered['data'];
        return notice({
          id: `order-online-${d.payment_id}`,
          kind: 'orders',
          order: 'online',
          created_at: e.recordedAt,
          payment_id: d.payment_id,
          purchase: d.kind,
          invoice_id: d.invoice_id,
          invoice_number: d.invoice_number,
        });
      }
      case 'ContentCheckDecided': {
        const d = e.data as ContentCheckDecided['data'];
        const id = checkNoticeId(d.entry_id);
        if (d.decision === 'approved') {
          const doc = lookup('notices', id);
          return doc
            ? [{ kind: 'upsert', collection: 'notices', doc: { ...doc, read: true, closed: true } }]
            : [];
        }
        return notice({
          id,
          kind: 'checks',
          created_at: e.metadata.occurredAt,
          entry_id: d.entry_id,
          target_kind: d.target_kind,
          target_id: d.target_id,
          aspect: d.aspect,
          reason: d.rejection_reason,
          // withheld from the salon's online pages until changed, or only to correct
          hidden: shownOnline(d.target_kind, d.aspect),
        });
      }
      case 'NoticeRead': {
        const doc = lookup('notices', (e.data as NoticeRead['data']).notice_id);
        return doc && doc.tenantId === tenantId && doc.read !== true
          ? [{ kind: 'upsert', collection: 'notices', doc: { ...doc, read: true } }]
          : [];
      }
      default:
        return [];
    }
  },
};
