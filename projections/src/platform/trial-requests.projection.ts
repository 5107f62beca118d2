import type { RecordedEvent, TrialRequestEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * The free-trial requests, as the manager's lists show them (`trial-requests`, `rejected-merchants`,
 * `all-merchants-requests`): the request, its state and the decision's reason. The link's hash is
 * never here.
 */
export const trialRequestsProjection: Projection = {
  name: 'trial-requests',
  version: 2,
  collections: [
    {
      name: 'trial_requests',
      indexes: [{ fields: ['state'] }, { fields: ['email_lc'] }, { fields: ['requested_at'] }],
    },
  ],
  handles: ['FreeTrialRequested', 'FreeTrialEmailVerified', 'FreeTrialApproved', 'FreeTrialRejected'],
  project: (e: RecordedEvent): Change[] => {
    const event = e as unknown as TrialRequestEvent & RecordedEvent;
    const at = e.metadata.occurredAt;
    const id = event.data.request_id;
    switch (event.type) {
      case 'FreeTrialRequested': {
        const { token_hash: _hash, expires_at: expires, request_id: _id, ...d } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'trial_requests',
            doc: {
              id,
              ...d,
              email_lc: d.email.toLowerCase(),
              state: 'waiting_verification',
              requested_at: at,
              // until when the mailed link confirms it: after, unconfirmed, it is no longer pending
              link_expires_at: expires,
            },
          },
        ];
      }
      case 'FreeTrialEmailVerified':
        return [
          { kind: 'patch', collection: 'trial_requests', id, set: { state: 'requested', verified_at: at } },
        ];
      case 'FreeTrialApproved':
        return [
          {
            kind: 'patch',
            collection: 'trial_requests',
            id,
            set: {
              state: 'approved',
              decided_at: at,
              decided_by: e.metadata.actor.id,
              account_id: event.data.account_id,
              alias: event.data.alias,
              valid_till: event.data.valid_till,
            },
          },
        ];
      case 'FreeTrialRejected':
        return [
          {
            kind: 'patch',
            collection: 'trial_requests',
            id,
            set: {
              state: 'rejected',
              decided_at: at,
              decided_by: e.metadata.actor.id,
              reason: event.data.reason,
            },
          },
        ];
    }
  },
};
