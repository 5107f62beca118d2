import {
  applyWebsiteChange,
  type ContactMessageReceived,
  type RecordedEvent,
  type WebsiteSettings,
  type WebsiteSettingsChanged,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * The public website as the manager set it up (one document, `website`, that the gateway renders the
 * pages from), and the visitors' messages from its contact-us form (the manager's list).
 */
export const websiteProjection: Projection = {
  name: 'website',
  version: 1,
  collections: [
    { name: 'website_settings', indexes: [] },
    { name: 'contact_messages', indexes: [{ fields: ['received_at'] }] },
  ],
  handles: ['WebsiteSettingsChanged', 'ContactMessageReceived'],
  reads: (e) =>
    e.type === 'WebsiteSettingsChanged' ? [{ collection: 'website_settings', id: 'website' }] : [],
  project: (e: RecordedEvent, lookup): Change[] => {
    if (e.type === 'ContactMessageReceived') {
      const { message_id, ...d } = e.data as ContactMessageReceived['data'];
      return [{ kind: 'upsert', collection: 'contact_messages', doc: { id: message_id, ...d } }];
    }
    const { id: _id, ...current } = (lookup('website_settings', 'website') ?? {}) as WebsiteSettings & {
      id?: string;
    };
    const next = applyWebsiteChange(current, e.data as WebsiteSettingsChanged['data']);
    return [{ kind: 'upsert', collection: 'website_settings', doc: { id: 'website', ...next } }];
  },
};
