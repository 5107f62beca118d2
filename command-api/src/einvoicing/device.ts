import {
  complianceKinds,
  deviceStatus,
  streamName,
  type EInvoicingCsidIssued,
  type EInvoicingDeviceEvent,
  type EInvoicingDeviceOpened,
  type EInvoicingDeviceKeyGenerated,
  type EInvoicingOnboardingFailed,
} from '@rawnaq/contracts';

/**
 * A salon's devices, all on one stream (a salon has one or two in its life): the onboarding of one
 * and the replacing of another are decided together, and the issuing of an invoice finds the
 * device in force by reading one short stream.
 */
export const devicesStream = (tenantId: string) => streamName('einvoicingdevice', tenantId, 'devices');

/** A device as its events make it. */
export type DeviceState =
  | { exists: false }
  | {
      exists: true;
      opened: EInvoicingDeviceOpened['data'];
      key?: EInvoicingDeviceKeyGenerated['data'];
      compliance?: EInvoicingCsidIssued['data'];
      production?: EInvoicingCsidIssued['data'];
      renewed: boolean;
      passed: string[];
      cancelled: boolean;
      lastFailure?: EInvoicingOnboardingFailed['data'];
    };

export const initialDevice: DeviceState = { exists: false };

export const evolveDevice = (state: DeviceState, event: EInvoicingDeviceEvent): DeviceState => {
  if (event.type === 'EInvoicingDeviceOpened')
    return { exists: true, opened: event.data, renewed: false, passed: [], cancelled: false };
  if (!state.exists) return state;
  switch (event.type) {
    case 'EInvoicingDeviceKeyGenerated':
      return { ...state, key: event.data };
    case 'EInvoicingCsidIssued':
      return event.data.kind === 'compliance'
        ? { ...state, compliance: event.data, lastFailure: undefined }
        : { ...state, production: event.data, renewed: event.data.renewal, lastFailure: undefined };
    case 'EInvoicingComplianceChecked':
      return state.passed.includes(event.data.kind)
        ? state
        : { ...state, passed: [...state.passed, event.data.kind] };
    case 'EInvoicingOnboardingFailed':
      return { ...state, lastFailure: event.data };
    case 'EInvoicingDeviceCancelled':
      return { ...state, cancelled: true };
  }
};

/** Doc1 §4: 0 cancelled, 1 pending, 2 connected, 3 renewed. */
export const statusOf = (state: DeviceState): 0 | 1 | 2 | 3 =>
  state.exists
    ? deviceStatus({ cancelled: state.cancelled, production: !!state.production, renewed: state.renewed })
    : 1;

/** What the onboarding still has to do, in order. */
export type NextStep = 'compliance_checks' | 'production_csid' | 'done' | 'cancelled';
export const nextStep = (state: DeviceState, now: Date): NextStep => {
  if (!state.exists || state.cancelled) return 'cancelled';
  if (state.production && Date.parse(state.production.valid_to) > now.getTime()) return 'done';
  const missing = complianceKinds(state.opened.invoice_types).filter((k) => !state.passed.includes(k));
  return missing.length ? 'compliance_checks' : 'production_csid';
};

/** The compliance kinds still to pass. */
export const missingChecks = (state: DeviceState): string[] =>
  state.exists ? complianceKinds(state.opened.invoice_types).filter((k) => !state.passed.includes(k)) : [];

/** Whether the device signs documents now: connected (or renewed) and its production CSID in force. */
export const canSign = (state: DeviceState, now: Date): boolean =>
  state.exists &&
  !state.cancelled &&
  !!state.production &&
  !!state.key &&
  Date.parse(state.production.valid_from) <= now.getTime() &&
  now.getTime() < Date.parse(state.production.valid_to);

/** The salon's devices and the one in force (the last connected, not cancelled). */
export type Devices = { devices: Record<string, DeviceState & { exists: true }>; active?: string };
export const initialDevices: Devices = { devices: {} };

export const evolveDevices = (state: Devices, event: EInvoicingDeviceEvent): Devices => {
  const id = event.data.device_id;
  const before = state.devices[id] ?? initialDevice;
  const after = evolveDevice(before, event);
  if (!after.exists) return state;
  const devices = { ...state.devices, [id]: after };
  let active = state.active;
  if (event.type === 'EInvoicingCsidIssued' && event.data.kind === 'production') active = id;
  if (event.type === 'EInvoicingDeviceCancelled' && active === id) active = undefined;
  return { devices, active };
};
