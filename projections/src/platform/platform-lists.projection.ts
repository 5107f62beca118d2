import {
  defaultCountryEntry,
  platformListDocId,
  type CountryId,
  type PlatformListEvent,
  type PlatformRecordChanged,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** The fields a name search looks in (both languages, lower case). */
const searchText = (doc: Record<string, unknown>) =>
  [doc.name_en, doc.name_ar]
    .filter((v): v is string => typeof v === 'string')
    .join(' ')
    .toLowerCase();

/**
 * The manager's lists (`platform-setting/*`: countries, cities, payment methods, suggested groups,
 * services and products) in one collection keyed `list:entry`, and the platform's one-record settings
 * (e-mail, allowed countries, marketing). A sealed secret is kept (the mailer opens it), never served.
 */
export const platformListsProjection: Projection = {
  name: 'platform-lists',
  version: 1,
  collections: [
    { name: 'platform_lists', indexes: [{ fields: ['list', 'status'] }] },
    { name: 'platform_records', indexes: [] },
  ],
  handles: [
    'PlatformListEntryAdded',
    'PlatformListEntryChanged',
    'PlatformListEntryDisabled',
    'PlatformListEntryEnabled',
    'PlatformRecordChanged',
  ],
  reads: (e) =>
    e.type === 'PlatformRecordChanged'
      ? [{ collection: 'platform_records', id: (e.data as PlatformRecordChanged['data']).record }]
      : [
          {
            collection: 'platform_lists',
            id: platformListDocId(
              (e.data as PlatformListEvent['data']).list,
              (e.data as PlatformListEvent['data']).entry_id,
            ),
          },
        ],
  project: (e: RecordedEvent, lookup): Change[] => {
    if (e.type === 'PlatformRecordChanged') {
      const d = e.data as PlatformRecordChanged['data'];
      const doc = lookup('platform_records', d.record) ?? { id: d.record };
      return [
        {
          kind: 'upsert',
          collection: 'platform_records',
          doc: { ...doc, ...d.changed, id: d.record, changed_at: e.metadata.occurredAt },
        },
      ];
    }
    const event = e as unknown as PlatformListEvent & RecordedEvent;
    const { list, entry_id } = event.data;
    const id = platformListDocId(list, entry_id);
    if (event.type === 'PlatformListEntryAdded') {
      const base = list === 'countries' ? defaultCountryEntry(Number(entry_id) as CountryId) : {};
      const doc = {
        ...base,
        ...event.data.fields,
        id,
        entry_id,
        list,
        status: 'enabled',
        created_at: e.metadata.occurredAt,
      };
      return [{ kind: 'upsert', collection: 'platform_lists', doc: { ...doc, search: searchText(doc) } }];
    }
    const doc = lookup('platform_lists', id);
    if (!doc) return [];
    if (event.type === 'PlatformListEntryChanged') {
      const next = { ...doc, ...event.data.changed };
      return [{ kind: 'upsert', collection: 'platform_lists', doc: { ...next, search: searchText(next) } }];
    }
    return [
      {
        kind: 'upsert',
        collection: 'platform_lists',
        doc: { ...doc, status: event.type === 'PlatformListEntryDisabled' ? 'disabled' : 'enabled' },
      },
    ];
  },
};
