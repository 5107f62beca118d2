import {
  contentEntryId,
  contentHoldId,
  shownOnline,
  type CheckAspect,
  type CheckList,
  type CheckTargetKind,
  type ContentCheckDecided,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change, ReadModels } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

type Entry = {
  list: CheckList;
  kind: CheckTargetKind;
  id: string;
  aspect: CheckAspect;
  /** the record's names as the event gives them (the list shows the current ones beside) */
  name_en?: string;
  name_ar?: string;
  /** a description's text, both languages */
  text_en?: string | null;
  text_ar?: string | null;
  /** an image's file */
  file_id?: string;
  /** a change: each field before and after */
  changes?: Record<string, { before: unknown; after: unknown }>;
  edited?: boolean;
};

type Changed = { changed: Record<string, unknown>; previous: Record<string, unknown> };

const changesOf = (d: Changed, keys?: readonly string[]) =>
  Object.fromEntries(
    Object.keys(d.changed)
      .filter((k) => !keys || keys.includes(k))
      .map((k) => [k, { before: d.previous[k] ?? null, after: d.changed[k] ?? null }]),
  );

const NAMES = ['name_en', 'name_ar'] as const;
const PRODUCT_TEXT = ['name_en', 'name_ar', 'barcode'] as const;
const touches = (d: Changed, keys: readonly string[]) => keys.some((k) => k in d.changed);
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

/** A description entry when the event wrote a non-empty one (removing it leaves nothing to check). */
const description = (
  kind: CheckTargetKind,
  id: string,
  aspect: CheckAspect,
  en: unknown,
  ar: unknown,
  names: { name_en?: string; name_ar?: string } = {},
): Entry[] =>
  str(en) || str(ar)
    ? [
        {
          list: 'added-descriptions',
          kind,
          id,
          aspect,
          text_en: str(en) ?? null,
          text_ar: str(ar) ?? null,
          ...names,
        },
      ]
    : [];

const image = (kind: CheckTargetKind, id: string, fileId: unknown, aspect: CheckAspect = 'image'): Entry[] =>
  typeof fileId === 'string' && fileId ? [{ list: 'added-images', kind, id, aspect, file_id: fileId }] : [];

/** The entries an event of a salon makes in the manager's check lists. */
const entriesOf = (e: RecordedEvent): Entry[] => {
  const d = e.data as Record<string, unknown>;
  const names = { name_en: d.name_en as string, name_ar: d.name_ar as string };
  switch (e.type) {
    case 'ServiceGroupAdded':
      return [{ list: 'added-groups', kind: 'group', id: d.group_id as string, aspect: 'item', ...names }];
    case 'ServiceGroupRenamed': {
      const c = d as Changed;
      return touches(c, NAMES)
        ? [
            {
              list: 'added-groups',
              kind: 'group',
              id: d.group_id as string,
              aspect: 'item',
              edited: true,
              changes: changesOf(c, NAMES),
            },
          ]
        : [];
    }
    case 'ServiceAdded':
      return [
        { list: 'added-services', kind: 'service', id: d.service_id as string, aspect: 'item', ...names },
        ...image('service', d.service_id as string, d.image_file_id),
      ];
    case 'ServiceChanged': {
      const c = d as Changed;
      const id = d.service_id as string;
      return [
        ...(touches(c, NAMES)
          ? [
              {
                list: 'added-services' as const,
                kind: 'service' as const,
                id,
                aspect: 'item' as const,
                edited: true,
                changes: changesOf(c, NAMES),
              },
            ]
          : []),
        ...image('service', id, c.changed.image_file_id),
      ];
    }
    case 'ProductDefined':
      return [
        { list: 'added-products', kind: 'product', id: d.product_id as string, aspect: 'item', ...names },
        ...image('product', d.product_id as string, d.image_file_id),
      ];
    case 'ProductChanged': {
      const c = d as Changed;
      const id = d.product_id as string;
      // what others read of a product (its price and stock settings are the salon's business)
      return [
        ...(touches(c, PRODUCT_TEXT)
          ? [
              {
                list: 'edited-products' as const,
                kind: 'product' as const,
                id,
                aspect: 'item' as const,
                edited: true,
                changes: changesOf(c, PRODUCT_TEXT),
              },
            ]
          : []),
        ...image('product', id, c.changed.image_file_id),
      ];
    }
    case 'OfferCreated':
      return description(
        'offer',
        d.offer_id as string,
        'description',
        d.description_en,
        d.description_ar,
        names,
      );
    case 'PackageCreated':
      return description(
        'package',
        d.package_id as string,
        'description',
        d.description_en,
        d.description_ar,
        names,
      );
    case 'OfferChanged':
    case 'PackageChanged': {
      const c = d as Changed;
      if (!touches(c, ['description_en', 'description_ar'])) return [];
      const kind = e.type === 'OfferChanged' ? 'offer' : 'package';
      const id = (kind === 'offer' ? d.offer_id : d.package_id) as string;
      // the text as it now reads: what changed, else what it was
      const now = (k: string) => (k in c.changed ? c.changed[k] : c.previous[k]);
      return description(kind, id, 'description', now('description_en'), now('description_ar'));
    }
    case 'OnlineSettingsChanged': {
      const c = d as Changed;
      const now = (k: string) => (k in c.changed ? c.changed[k] : c.previous[k]);
      const salon = e.metadata.tenantId;
      return [
        ...(touches(c, ['terms_en', 'terms_ar'])
          ? description('salon', salon, 'terms', now('terms_en'), now('terms_ar'))
          : []),
        ...(touches(c, ['refund_policy_en', 'refund_policy_ar'])
          ? description('salon', salon, 'refund_policy', now('refund_policy_en'), now('refund_policy_ar'))
          : []),
      ];
    }
    case 'GeneralSettingsChanged':
      return image('salon', e.metadata.tenantId, (d as Changed).changed.logo_file_id, 'logo');
    default:
      return [];
  }
};

const HANDLES = [
  'ServiceGroupAdded',
  'ServiceGroupRenamed',
  'ServiceAdded',
  'ServiceChanged',
  'ProductDefined',
  'ProductChanged',
  'OfferCreated',
  'OfferChanged',
  'PackageCreated',
  'PackageChanged',
  'OnlineSettingsChanged',
  'GeneralSettingsChanged',
  'ContentCheckDecided',
] as const;

/**
 * The manager's check lists (`check-entries/*`): one entry per thing a salon added or changed that
 * the public or the platform's catalogue sees, pending until the platform's team approves or rejects
 * it; and `content_holds`, what a rejection withholds from the salon's online pages until the salon
 * changes that part of the record again.
 */
export const contentChecksProjection: Projection = {
  name: 'content-checks',
  version: 1,
  collections: [
    {
      name: 'content_entries',
      indexes: [
        { fields: ['list', 'created_at'] },
        { fields: ['list', 'review', 'created_at'] },
        { fields: ['tenantId', 'list', 'created_at'] },
      ],
    },
    { name: 'content_holds', indexes: [{ fields: ['tenantId'] }] },
  ],
  handles: HANDLES,
  reads: (e) => {
    if (e.type !== 'ContentCheckDecided') return [];
    const d = (e as unknown as ContentCheckDecided).data;
    return [
      {
        collection: 'content_holds',
        id: contentHoldId(e.metadata.tenantId, d.target_kind, d.target_id, d.aspect),
      },
    ];
  },
  project: (e, lookup): Change[] => {
    const tenantId = e.metadata.tenantId;
    const at = e.metadata.occurredAt;
    if (e.type === 'ContentCheckDecided') {
      const d = (e as unknown as ContentCheckDecided).data;
      const holdId = contentHoldId(tenantId, d.target_kind, d.target_id, d.aspect);
      const hold = lookup('content_holds', holdId);
      return [
        {
          kind: 'patch',
          collection: 'content_entries',
          id: d.entry_id,
          set: {
            review: d.decision,
            reason: d.rejection_reason,
            reviewed_at: at,
            reviewed_by: e.metadata.actor.id,
          },
        },
        ...(d.decision === 'rejected' && shownOnline(d.target_kind, d.aspect)
          ? [
              {
                kind: 'upsert' as const,
                collection: 'content_holds',
                doc: {
                  id: holdId,
                  tenantId,
                  target_kind: d.target_kind,
                  target_id: d.target_id,
                  aspect: d.aspect,
                  entry_id: d.entry_id,
                  reason: d.rejection_reason,
                  at,
                },
              },
            ]
          : []),
        // approving the rejected entry gives it back; approving an older one leaves a newer rejection
        ...(d.decision === 'approved' && hold?.entry_id === d.entry_id
          ? [{ kind: 'delete' as const, collection: 'content_holds', id: holdId }]
          : []),
      ];
    }
    const entries = entriesOf(e);
    return entries.flatMap((x): Change[] => [
      {
        kind: 'upsert',
        collection: 'content_entries',
        doc: {
          id: contentEntryId(e.id, x.list),
          tenantId,
          list: x.list,
          target_kind: x.kind,
          target_id: x.id,
          aspect: x.aspect,
          ...(x.name_en !== undefined && { name_en: x.name_en, name_ar: x.name_ar }),
          ...(x.text_en !== undefined && { text_en: x.text_en, text_ar: x.text_ar }),
          ...(x.file_id && { file_id: x.file_id }),
          ...(x.changes && { changes: x.changes }),
          edited: x.edited === true,
          online: shownOnline(x.kind, x.aspect),
          by_kind: e.metadata.actor.kind,
          by_id: e.metadata.actor.id,
          created_at: at,
          review: 'pending',
          reason: null,
        },
      },
      // the salon changed what was withheld: it shows again, and the change waits for its own check
      { kind: 'delete', collection: 'content_holds', id: contentHoldId(tenantId, x.kind, x.id, x.aspect) },
    ]);
  },
};

/**
 * What the platform's team withheld from a salon's online pages (a rejected entry of its check lists,
 * until the salon changes it): `held(kind, id, aspect)`. Its pages and its online booking both ask.
 */
export const withheldOf = async (models: ReadModels, tenantId: string) => {
  const holds = await models.find('content_holds', { filter: { tenantId } });
  const ids = new Set(holds.map((h) => h.id));
  return (kind: CheckTargetKind, id: string, aspect: CheckAspect) =>
    ids.has(contentHoldId(tenantId, kind, id, aspect));
};
