import type { RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** Where each Excel import stands: running (rows done of the total), completed or failed. */
export const importsProjection: Projection = {
  name: 'imports',
  version: 1,
  collections: [{ name: 'imports', indexes: [{ fields: ['tenantId', 'started_at'] }] }],
  handles: ['ImportStarted', 'ImportProgressed', 'ImportCompleted', 'ImportFailed'],
  project: (e: RecordedEvent): Change[] => {
    const d = e.data as {
      import_id: string;
      entity?: string;
      total?: number;
      done?: number;
      created?: number;
      error?: string;
    };
    const at = e.metadata.occurredAt;
    switch (e.type) {
      case 'ImportStarted':
        return [
          {
            kind: 'upsert',
            collection: 'imports',
            doc: {
              id: d.import_id,
              tenantId: e.metadata.tenantId,
              entity: d.entity,
              total: d.total,
              done: 0,
              status: 'running',
              started_at: at,
            },
          },
        ];
      case 'ImportProgressed':
        return [{ kind: 'patch', collection: 'imports', id: d.import_id, set: { done: d.done } }];
      case 'ImportCompleted':
        return [
          {
            kind: 'patch',
            collection: 'imports',
            id: d.import_id,
            set: { done: d.created, status: 'completed', finished_at: at },
          },
        ];
      default:
        return [
          {
            kind: 'patch',
            collection: 'imports',
            id: d.import_id,
            set: { status: 'failed', error: d.error, finished_at: at },
          },
        ];
    }
  },
};
