import type { PlatformUpdateEvent, PlatformUpdateSeen, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

export const seenId = (tenantId: string, userId: string) => `${tenantId}|${userId}`;

/**
 * The platform's updates to every salon (`platform-setting/platform-updates`, the notification menu's
 * system updates, `pos/system-updates`), and what each user of a salon has seen of them (the popup is
 * shown her once).
 */
export const platformUpdatesProjection: Projection = {
  name: 'platform-updates',
  version: 1,
  collections: [
    { name: 'platform_updates', indexes: [{ fields: ['status', 'published_at'] }] },
    { name: 'platform_updates_seen', indexes: [{ fields: ['tenantId'] }] },
  ],
  handles: [
    'PlatformUpdatePublished',
    'PlatformUpdateChanged',
    'PlatformUpdateWithdrawn',
    'PlatformUpdateSeen',
  ],
  reads: (e) =>
    e.type === 'PlatformUpdateSeen'
      ? [
          {
            collection: 'platform_updates_seen',
            id: seenId(e.metadata.tenantId, (e.data as PlatformUpdateSeen['data']).user_id),
          },
        ]
      : [{ collection: 'platform_updates', id: (e.data as { update_id: string }).update_id }],
  project: (e: RecordedEvent, lookup): Change[] => {
    if (e.type === 'PlatformUpdateSeen') {
      const d = e.data as PlatformUpdateSeen['data'];
      const id = seenId(e.metadata.tenantId, d.user_id);
      const doc = lookup('platform_updates_seen', id);
      const seen = (doc?.seen as string[] | undefined) ?? [];
      if (seen.includes(d.update_id)) return [];
      return [
        {
          kind: 'upsert',
          collection: 'platform_updates_seen',
          doc: { id, tenantId: e.metadata.tenantId, user_id: d.user_id, seen: [...seen, d.update_id] },
        },
      ];
    }
    const event = e as unknown as PlatformUpdateEvent & RecordedEvent;
    if (event.type === 'PlatformUpdatePublished') {
      const { update_id, ...fields } = event.data;
      return [
        {
          kind: 'upsert',
          collection: 'platform_updates',
          doc: { id: update_id, ...fields, status: 'published' },
        },
      ];
    }
    const doc = lookup('platform_updates', event.data.update_id);
    if (!doc) return [];
    if (event.type === 'PlatformUpdateWithdrawn')
      return [
        {
          kind: 'upsert',
          collection: 'platform_updates',
          doc: { ...doc, status: 'withdrawn', withdrawn_at: event.data.at },
        },
      ];
    const { update_id: _id, previous: _p, ...changed } = event.data;
    return [{ kind: 'upsert', collection: 'platform_updates', doc: { ...doc, ...changed } }];
  },
};
