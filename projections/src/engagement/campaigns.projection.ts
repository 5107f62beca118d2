import type { CampaignEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * Campaigns (`ads-campaigns`, `ads-campaign/{id}`): each with its draft (name, message, filters,
 * hold-out share), and once launched its audience, recipients, those kept back and its planned
 * span; its progress and state (pending, sending, success, failed) are read from its messages.
 */
export const campaignsProjection: Projection = {
  name: 'campaigns',
  version: 1,
  collections: [{ name: 'campaigns', indexes: [{ fields: ['tenantId', 'created_at'] }] }],
  handles: [
    'CampaignSaved',
    'CampaignLaunched',
    'CampaignDisabled',
    'CampaignRenewed',
    'CampaignFailedResent',
  ],
  reads: (e) => [{ collection: 'campaigns', id: (e.data as { campaign_id: string }).campaign_id }],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as CampaignEvent & RecordedEvent;
    const id = event.data.campaign_id;
    const before = lookup('campaigns', id);
    if (event.type === 'CampaignSaved') {
      const { campaign_id: _id, at, renewed_from, ...draft } = event.data;
      return [
        {
          kind: 'upsert',
          collection: 'campaigns',
          doc: {
            ...(before ?? {}),
            id,
            tenantId: e.metadata.tenantId,
            ...draft,
            // a file taken off in an edit is gone
            attachment_id: draft.attachment_id ?? null,
            attachment: draft.attachment ?? null,
            status: 'temporary_saved',
            created_at: (before?.created_at as string | undefined) ?? at,
            updated_at: at,
            ...(renewed_from && { renewed_from }),
          },
        },
      ];
    }
    if (!before) return [];
    const set = (fields: Record<string, unknown>): Change[] => [
      { kind: 'upsert', collection: 'campaigns', doc: { ...before, ...fields } },
    ];
    switch (event.type) {
      case 'CampaignLaunched': {
        const d = event.data;
        return set({
          status: 'launched',
          launched_at: d.at,
          starts_at: d.starts_at,
          ends_at: d.ends_at,
          audience: d.audience,
          recipients: d.recipients,
          held_out: d.held_out,
          recipients_count: d.recipients.length,
          held_out_count: d.held_out.length,
        });
      }
      case 'CampaignDisabled':
        return set({ status: 'disabled', disabled_at: event.data.at });
      case 'CampaignRenewed':
        return set({ status: 'renewed', renewed_into: event.data.into });
      case 'CampaignFailedResent':
        return set({ rounds: event.data.round, resent_at: event.data.at });
    }
  },
};
