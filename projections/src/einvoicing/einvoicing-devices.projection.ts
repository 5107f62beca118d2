import {
  complianceKinds,
  EINVOICING_DEVICE_EVENT_TYPES,
  type EInvoicingDeviceEvent,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

const COLLECTION = 'einvoicing_devices';

/**
 * A salon's e-invoicing devices (the spec's e-invoice settings) as the merchant's e-invoicing
 * settings and the manager's `zatca-setting` list show them: status 0-3, the environment, who the
 * salon is to the authority, the checks passed and missing, the last refusal. Never a key or secret.
 */
export const einvoicingDevicesProjection: Projection = {
  name: 'einvoicing-devices',
  version: 1,
  collections: [
    {
      name: COLLECTION,
      indexes: [{ fields: ['tenantId', 'created_at'] }, { fields: ['status', 'created_at'] }],
    },
  ],
  handles: EINVOICING_DEVICE_EVENT_TYPES,
  reads: (e) => [{ collection: COLLECTION, id: (e.data as { device_id: string }).device_id }],
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as EInvoicingDeviceEvent;
    const id = event.data.device_id;
    const at = e.metadata.occurredAt;
    const current = lookup(COLLECTION, id);
    const patch = (set: Record<string, unknown>): Change[] =>
      current ? [{ kind: 'patch', collection: COLLECTION, id, set: { ...set, updated_at: at } }] : [];
    switch (event.type) {
      case 'EInvoicingDeviceOpened': {
        const d = event.data;
        return [
          {
            kind: 'upsert',
            collection: COLLECTION,
            doc: {
              id,
              tenantId: e.metadata.tenantId,
              account_id: Number(e.metadata.tenantId),
              status: 1,
              active: false,
              environment: d.environment,
              vat_number: d.vat_number,
              commercial_registration: d.commercial_registration,
              seller_name: d.seller_name,
              branch_name: d.branch_name,
              industry: d.industry,
              ...d.address,
              common_name: d.common_name,
              cloned_from: d.cloned_from ?? null,
              compliance_passed: [],
              compliance_missing: complianceKinds(d.invoice_types),
              compliance_valid_to: null,
              production_valid_to: null,
              last_failure: null,
              created_by: e.metadata.actor,
              created_at: at,
              updated_at: at,
            },
          },
        ];
      }
      case 'EInvoicingDeviceKeyGenerated':
        return patch({ key_generated_at: at });
      case 'EInvoicingCsidIssued':
        return event.data.kind === 'compliance'
          ? patch({ compliance_valid_to: event.data.valid_to, last_failure: null })
          : patch({
              status: event.data.renewal ? 3 : 2,
              active: true,
              production_valid_to: event.data.valid_to,
              connected_at: at,
              last_failure: null,
            });
      case 'EInvoicingComplianceChecked': {
        const passed = [...((current?.compliance_passed as string[] | undefined) ?? [])];
        if (!passed.includes(event.data.kind)) passed.push(event.data.kind);
        const missing = ((current?.compliance_missing as string[] | undefined) ?? []).filter(
          (k) => k !== event.data.kind,
        );
        return patch({ compliance_passed: passed, compliance_missing: missing });
      }
      case 'EInvoicingOnboardingFailed':
        return patch({ last_failure: { ...event.data, at } });
      case 'EInvoicingDeviceCancelled':
        return patch({
          status: 0,
          active: false,
          cancel_reason: event.data.reason,
          replaced_by: event.data.replaced_by ?? null,
          cancelled_at: at,
        });
    }
  },
};
