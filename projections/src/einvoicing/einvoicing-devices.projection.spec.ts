import { givenEvents } from '../testing/given-events.test-support';
import { einvoicingDevicesProjection } from './einvoicing-devices.projection';

const stream = 'einvoicingdevice-t1.devices';
const opened = (id: string) => ({
  type: 'EInvoicingDeviceOpened',
  stream,
  data: {
    device_id: id,
    environment: 2,
    vat_number: '399999999900003',
    commercial_registration: '1010010000',
    seller_name: 'Lamsa Beauty Salon',
    branch_name: 'Olaya',
    industry: 'Beauty salon',
    address: {
      street: 'Olaya St',
      building_number: '1234',
      district: 'Olaya',
      city: 'Riyadh',
      postal_code: '12345',
    },
    common_name: 'EGS-1',
    serial_number: '1-Rawnaq|2-Till|3-x',
    invoice_types: '1100',
  },
});
const csid = (id: string, kind: 'compliance' | 'production', renewal = false) => ({
  type: 'EInvoicingCsidIssued',
  stream,
  data: {
    device_id: id,
    kind,
    renewal,
    request_id: 'r',
    certificate_base64: 'MII',
    token: 'TUlJ',
    secret_sealed: 'v1.sealed',
    valid_from: '2026-11-26T00:00:00.000Z',
    valid_to: '2027-11-26T00:00:00.000Z',
  },
});
const checked = (id: string, kind: string) => ({
  type: 'EInvoicingComplianceChecked',
  stream,
  data: { device_id: id, kind, warnings: [] },
});

describe('e-invoicing devices projection', () => {
  it('given a device opened, it is pending (1) with the six checks missing', async () => {
    const then = await givenEvents(einvoicingDevicesProjection, [opened('d1'), csid('d1', 'compliance')]);
    expect(await then.get('einvoicing_devices', 'd1')).toMatchObject({
      status: 1,
      active: false,
      tenantId: 't1',
      city: 'Riyadh',
      compliance_missing: [
        'standard-388',
        'standard-381',
        'standard-383',
        'simplified-388',
        'simplified-381',
        'simplified-383',
      ],
      compliance_valid_to: '2027-11-26T00:00:00.000Z',
    });
  });

  it('given a refusal then the checks and the production CSID, it is connected (2) and the refusal is gone', async () => {
    const failed = {
      type: 'EInvoicingOnboardingFailed',
      stream,
      data: {
        device_id: 'd1',
        step: 'compliance_checks',
        http_status: 400,
        errors: [{ code: 'BR-KSA-37', message: 'm' }],
      },
    };
    const then = await givenEvents(einvoicingDevicesProjection, [
      opened('d1'),
      csid('d1', 'compliance'),
      checked('d1', 'standard-388'),
      failed,
    ]);
    expect(await then.get('einvoicing_devices', 'd1')).toMatchObject({
      status: 1,
      compliance_passed: ['standard-388'],
      last_failure: { step: 'compliance_checks', errors: [{ code: 'BR-KSA-37' }] },
    });
    const connected = await givenEvents(einvoicingDevicesProjection, [
      opened('d1'),
      csid('d1', 'compliance'),
      failed,
      ...[
        'standard-388',
        'standard-381',
        'standard-383',
        'simplified-388',
        'simplified-381',
        'simplified-383',
      ].map((k) => checked('d1', k)),
      csid('d1', 'production'),
    ]);
    const doc = await connected.get('einvoicing_devices', 'd1');
    expect(doc).toMatchObject({ status: 2, active: true, compliance_missing: [], last_failure: null });
    expect(JSON.stringify(doc)).not.toMatch(/sealed|MII|TUlJ/);
  });

  it('given a renewal it is renewed (3); given another device replacing it, cancelled (0)', async () => {
    const replaced = {
      type: 'EInvoicingDeviceCancelled',
      stream,
      data: { device_id: 'd1', reason: 'replaced', replaced_by: 'd2' },
    };
    const then = await givenEvents(einvoicingDevicesProjection, [
      opened('d1'),
      csid('d1', 'production'),
      csid('d1', 'production', true),
    ]);
    expect(await then.get('einvoicing_devices', 'd1')).toMatchObject({ status: 3 });
    const gone = await givenEvents(einvoicingDevicesProjection, [
      opened('d1'),
      csid('d1', 'production'),
      replaced,
    ]);
    expect(await gone.get('einvoicing_devices', 'd1')).toMatchObject({
      status: 0,
      active: false,
      replaced_by: 'd2',
    });
  });
});
