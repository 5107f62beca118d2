import type { ContractEvent, ContractTemplateEvent, RecordedEvent } from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/**
 * The manager's contract templates, and the contracts sent to salons (`accounting/contracts`, the
 * salon's own list in its settings, the public signing page found by its link's id): each with its
 * frozen text, its state and, once signed, who signed, when and the files of the signature and PDF.
 */
export const accountContractsProjection: Projection = {
  name: 'account-contracts',
  version: 1,
  collections: [
    { name: 'contract_templates', indexes: [{ fields: ['name'] }] },
    {
      name: 'contracts',
      indexes: [
        { fields: ['unique_id'] },
        { fields: ['tenantId', 'sent_at'] },
        { fields: ['state', 'sent_at'] },
        { fields: ['sent_at'] },
      ],
    },
  ],
  handles: [
    'ContractTemplateCreated',
    'ContractTemplateChanged',
    'ContractSent',
    'ContractMailResent',
    'ContractCancelled',
    'ContractSigned',
  ],
  reads: (e) =>
    e.type === 'ContractMailResent'
      ? [{ collection: 'contracts', id: (e.data as { contract_id: string }).contract_id }]
      : [],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as (ContractEvent | ContractTemplateEvent) & RecordedEvent;
    const at = e.metadata.occurredAt;
    switch (event.type) {
      case 'ContractTemplateCreated': {
        const { template_id: id, ...fields } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'contract_templates',
            doc: { id, ...fields, created_at: at, updated_at: at },
          },
        ];
      }
      case 'ContractTemplateChanged': {
        const { template_id: id, previous: _p, ...changed } = event.data;
        return [{ kind: 'patch', collection: 'contract_templates', id, set: { ...changed, updated_at: at } }];
      }
      case 'ContractSent': {
        const { contract_id: id, ...d } = event.data;
        return [
          {
            kind: 'upsert',
            collection: 'contracts',
            doc: {
              id,
              tenantId: e.metadata.tenantId,
              ...d,
              state: 'sent',
              sent_at: at,
              sent_by: e.metadata.actor.id,
              mails_sent: 1,
            },
          },
        ];
      }
      case 'ContractMailResent': {
        const doc = lookup('contracts', event.data.contract_id);
        return [
          {
            kind: 'patch',
            collection: 'contracts',
            id: event.data.contract_id,
            set: { mails_sent: ((doc?.mails_sent as number | undefined) ?? 1) + 1, last_mailed_at: at },
          },
        ];
      }
      case 'ContractCancelled':
        return [
          {
            kind: 'patch',
            collection: 'contracts',
            id: event.data.contract_id,
            set: {
              state: 'cancelled',
              cancelled_at: at,
              cancelled_by: e.metadata.actor.id,
              reason: event.data.reason,
            },
          },
        ];
      case 'ContractSigned': {
        const { contract_id: id, ...d } = event.data;
        return [{ kind: 'patch', collection: 'contracts', id, set: { state: 'signed', ...d } }];
      }
    }
  },
};
