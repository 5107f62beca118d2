import {
  CHART_OF_ACCOUNTS_EVENT_TYPES,
  type ChartOfAccountsEvent,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** A salon's account document: `<tenant>|<code>`. */
export const chartAccountId = (tenantId: string, code: string) => `${tenantId}|${code}`;

/**
 * The salon's changes to the default chart (issue 25): one document per account it added, renamed,
 * disabled or activated. The query side lays them over the default chart (`chartOf`).
 */
export const chartProjection: Projection = {
  name: 'chart-of-accounts',
  version: 1,
  collections: [{ name: 'chart_accounts', indexes: [{ fields: ['tenantId', 'code'] }] }],
  handles: CHART_OF_ACCOUNTS_EVENT_TYPES,
  reads: () => [],
  project: (event: RecordedEvent): Change[] => {
    const tenantId = event.metadata.tenantId;
    const e = event as unknown as ChartOfAccountsEvent;
    const id = chartAccountId(tenantId, e.data.code);
    switch (e.type) {
      case 'AccountAdded':
        return [
          {
            kind: 'upsert',
            collection: 'chart_accounts',
            doc: { id, tenantId, ...e.data, own: true, disabled: false, added_at: event.metadata.occurredAt },
          },
        ];
      case 'AccountChanged':
        return [{ kind: 'patch', collection: 'chart_accounts', id, set: { tenantId, ...e.data } }];
      case 'AccountDisabled':
      case 'AccountActivated':
        return [
          {
            kind: 'patch',
            collection: 'chart_accounts',
            id,
            set: { tenantId, code: e.data.code, disabled: e.type === 'AccountDisabled' },
          },
        ];
      case 'AccountDeleted':
        return [{ kind: 'delete', collection: 'chart_accounts', id }];
    }
    return [];
  },
};
