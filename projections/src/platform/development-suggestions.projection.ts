import type { DevelopmentSuggestionEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * The salons' suggestions to the platform: the manager's list across salons
 * (`technical/development-suggestions`) and each salon's own, with the manager's status and reply.
 */
export const developmentSuggestionsProjection: Projection = {
  name: 'development-suggestions',
  version: 1,
  collections: [
    {
      name: 'development_suggestions',
      indexes: [
        { fields: ['tenantId', 'created_at'] },
        { fields: ['status', 'created_at'] },
        { fields: ['created_at'] },
      ],
    },
  ],
  handles: ['DevelopmentSuggestionSubmitted', 'DevelopmentSuggestionAnswered'],
  project: (e: RecordedEvent): Change[] => {
    const event = e as unknown as DevelopmentSuggestionEvent & RecordedEvent;
    const at = e.metadata.occurredAt;
    switch (event.type) {
      case 'DevelopmentSuggestionSubmitted': {
        const { suggestion_id: id, ...d } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'development_suggestions',
            doc: {
              id,
              tenantId: e.metadata.tenantId,
              ...d,
              status: 1,
              reply: null,
              created_at: at,
              answered_at: null,
            },
          },
        ];
      }
      case 'DevelopmentSuggestionAnswered':
        return [
          {
            kind: 'patch',
            collection: 'development_suggestions',
            id: event.data.suggestion_id,
            set: { status: event.data.status, reply: event.data.reply, answered_at: at },
          },
        ];
      default:
        return [];
    }
  },
};
