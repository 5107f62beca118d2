import type { OfferEvent, PackageEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

const STATUS: Record<string, string> = {
  Paused: 'paused',
  Resumed: 'active',
  Disabled: 'disabled',
  Removed: 'removed',
};

/** Offers and packages as lists, with their status (active, paused, disabled, removed). */
export const bundlesProjection: Projection = {
  name: 'bundles',
  version: 1,
  collections: [
    { name: 'offers', indexes: [{ fields: ['tenantId', 'status', 'expiry_date'] }] },
    { name: 'packages', indexes: [{ fields: ['tenantId', 'status'] }] },
  ],
  handles: [
    'OfferCreated',
    'OfferChanged',
    'OfferRenewed',
    'OfferPaused',
    'OfferResumed',
    'OfferDisabled',
    'OfferRemoved',
    'PackageCreated',
    'PackageChanged',
    'PackagePaused',
    'PackageResumed',
    'PackageDisabled',
    'PackageRemoved',
  ],
  project: (e: RecordedEvent): Change[] => {
    const event = e as unknown as (OfferEvent | PackageEvent) & RecordedEvent;
    const tenantId = e.metadata.tenantId;
    const at = e.metadata.occurredAt;
    const collection = event.type.startsWith('Offer') ? 'offers' : 'packages';
    const id = ('offer_id' in event.data ? event.data.offer_id : event.data.package_id) as string;
    switch (event.type) {
      case 'OfferCreated':
      case 'PackageCreated': {
        const { offer_id: _o, package_id: _p, ...details } = event.data as Record<string, unknown>;
        return [
          {
            kind: 'upsert',
            collection,
            doc: { id, tenantId, ...details, status: 'active', created_at: at, updated_at: at },
          },
        ];
      }
      case 'OfferChanged':
      case 'PackageChanged': {
        const set: Record<string, unknown> = { updated_at: at };
        const unset: string[] = [];
        for (const [k, v] of Object.entries(event.data.changed)) {
          if (v === null) unset.push(k);
          else set[k] = v;
        }
        return [{ kind: 'patch', collection, id, set, unset }];
      }
      case 'OfferRenewed':
        return [
          {
            kind: 'patch',
            collection,
            id,
            set: { expiry_date: event.data.expiry_date, renewed_at: at, updated_at: at },
          },
        ];
      default:
        return [
          {
            kind: 'patch',
            collection,
            id,
            set: { status: STATUS[event.type.replace(/^(Offer|Package)/, '')], updated_at: at },
          },
        ];
    }
  },
};
