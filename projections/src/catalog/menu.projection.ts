import type { MenuEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

const status = (activated: string[], deactivated: string[], collection: string): Change[] => [
  ...activated.map((id): Change => ({ kind: 'patch', collection, id, set: { status: 1 } })),
  ...deactivated.map((id): Change => ({ kind: 'patch', collection, id, set: { status: 0 } })),
];

const rename = (collection: string, id: string, changed: Record<string, unknown>): Change => ({
  kind: 'patch',
  collection,
  id,
  set: changed,
});

/**
 * The menu as lists: service groups, categories and services. Prices stay before VAT here; the query
 * side adds the price with VAT from the account's current VAT, so a VAT change reprices everything at once.
 */
export const menuProjection: Projection = {
  name: 'menu',
  version: 1,
  collections: [
    { name: 'service_groups', indexes: [{ fields: ['tenantId', 'name_en'] }] },
    { name: 'categories', indexes: [{ fields: ['tenantId', 'name_en'] }] },
    {
      name: 'services',
      indexes: [{ fields: ['tenantId', 'group_id', 'order'] }, { fields: ['tenantId', 'name_en'] }],
    },
  ],
  handles: [
    'ServiceGroupAdded',
    'ServiceGroupRenamed',
    'ServiceGroupsActivationChanged',
    'CategoryAdded',
    'CategoryRenamed',
    'CategoriesActivationChanged',
    'ServiceAdded',
    'ServiceChanged',
    'ServicesActivationChanged',
    'ServicesReordered',
  ],
  project: (e: RecordedEvent): Change[] => {
    const event = e as unknown as MenuEvent & RecordedEvent;
    const tenantId = e.metadata.tenantId;
    const stamp = { updated_at: e.metadata.occurredAt };
    switch (event.type) {
      case 'ServiceGroupAdded':
        return [
          {
            kind: 'upsert',
            collection: 'service_groups',
            doc: {
              id: event.data.group_id,
              tenantId,
              name_en: event.data.name_en,
              name_ar: event.data.name_ar,
              status: 1,
              created_at: e.metadata.occurredAt,
              ...stamp,
            },
          },
        ];
      case 'ServiceGroupRenamed':
        return [rename('service_groups', event.data.group_id, { ...event.data.changed, ...stamp })];
      case 'ServiceGroupsActivationChanged':
        return status(event.data.activated, event.data.deactivated, 'service_groups');
      case 'CategoryAdded':
        return [
          {
            kind: 'upsert',
            collection: 'categories',
            doc: {
              id: event.data.category_id,
              tenantId,
              name_en: event.data.name_en,
              name_ar: event.data.name_ar,
              status: 1,
              created_at: e.metadata.occurredAt,
              ...stamp,
            },
          },
        ];
      case 'CategoryRenamed':
        return [rename('categories', event.data.category_id, { ...event.data.changed, ...stamp })];
      case 'CategoriesActivationChanged':
        return status(event.data.activated, event.data.deactivated, 'categories');
      case 'ServiceAdded': {
        const { service_id, ...details } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'services',
            doc: {
              id: service_id,
              tenantId,
              ...details,
              status: 1,
              created_at: e.metadata.occurredAt,
              ...stamp,
            },
          },
        ];
      }
      case 'ServiceChanged': {
        const set: Record<string, unknown> = { ...stamp };
        const unset: string[] = [];
        for (const [k, v] of Object.entries(event.data.changed)) {
          if (v === null) unset.push(k);
          else set[k] = v;
        }
        return [{ kind: 'patch', collection: 'services', id: event.data.service_id, set, unset }];
      }
      case 'ServicesActivationChanged':
        return status(event.data.activated, event.data.deactivated, 'services');
      case 'ServicesReordered':
        return event.data.service_ids.map((id, order): Change => ({
          kind: 'patch',
          collection: 'services',
          id,
          set: { order },
        }));
    }
  },
};
