import { randomBytes } from 'node:crypto';
import { DomainError, type ConnectEInvoicingInput } from '@rawnaq/contracts';
import {
  FatooraSimulator,
  HttpFatoora,
  SealedSecrets,
  SqliteEventStore,
  type InspectedDocument,
} from '@rawnaq/platform';
import type { CommandContext } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { canSign, statusOf } from './device';
import { EInvoicingOnboarding, type ComplianceSamples } from './onboarding';

const SEED = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';
const input: ConnectEInvoicingInput = {
  environment: 2,
  otp: '123456',
  vat_number: '399999999900003',
  commercial_registration: '1010010000',
  seller_name: 'Lamsa Beauty Salon',
  branch_name: 'Olaya Branch',
  industry: 'Beauty salon',
  street: 'Olaya Street',
  building_number: '1234',
  district: 'Al Olaya',
  city: 'Riyadh',
  postal_code: '12345',
};
const ctx = (key: string, now = new Date('2026-11-26T09:00:00Z')): CommandContext => ({
  tenantId: '7',
  actor: { kind: 'user', id: 'owner' },
  correlationId: key,
  idempotencyKey: key,
  now,
});

/**
 * The samples stand for the e-invoicing core's signed documents (JSON with the facts the simulator's
 * inspector reads): this spec is about the onboarding's steps and events, not the documents.
 */
describe('connecting a salon to the authority, step by step', () => {
  let store: SqliteEventStore;
  let simulator: FatooraSimulator;
  let refuse: string | undefined;
  let onboarding: EInvoicingOnboarding;
  const secrets = new SealedSecrets(randomBytes(32));
  const samples: ComplianceSamples = ({ kind, certificateBase64 }) => {
    const [flavour, typeCode] = kind.split('-');
    const doc = {
      uuid: `sample-${kind}`,
      hash: `hash-${kind}`,
      standard: flavour === 'standard',
      typeCode,
      cert: certificateBase64,
    };
    return {
      invoiceHash: doc.hash,
      uuid: doc.uuid,
      invoice: Buffer.from(JSON.stringify(doc)).toString('base64'),
    };
  };

  beforeEach(() => {
    refuse = undefined;
    store = new SqliteEventStore({ file: ':memory:' });
    simulator = new FatooraSimulator({
      environment: 2,
      file: ':memory:',
      pihSeed: SEED,
      inspect: ({ xml, certificateBase64 }): InspectedDocument => {
        const doc = JSON.parse(xml) as InspectedDocument & { cert: string };
        const errors =
          refuse && `${doc.standard ? 'standard' : 'simplified'}-${doc.typeCode}` === refuse
            ? [{ type: 'ERROR' as const, code: 'BR-KSA-37', message: 'building number' }]
            : doc.cert === certificateBase64
              ? []
              : [
                  {
                    type: 'ERROR' as const,
                    code: 'invalid-signature',
                    message: 'signed with another certificate',
                  },
                ];
        return { ...doc, errors, warnings: [] };
      },
    });
    const fatoora = new HttpFatoora({ environment: 2, fetch: simulator.fetch(), name: 'simulator' });
    onboarding = new EInvoicingOnboarding(new Aggregates(store), () => fatoora, samples, secrets);
  });
  afterEach(() => {
    simulator.close();
    store.close();
  });

  it('given a good OTP, when the owner connects, then the device passes the six checks and is connected (2) with its key sealed', async () => {
    const device = await onboarding.connect(ctx('k1'), input);
    expect(device).toMatchObject({ status: 2, active: true, compliance_missing: [], last_failure: null });
    expect(device.compliance_passed).toHaveLength(6);
    const events = await store.readStream('einvoicingdevice-7.devices');
    expect(events.map((e) => e.type)).toEqual([
      'EInvoicingDeviceOpened',
      'EInvoicingDeviceKeyGenerated',
      'EInvoicingCsidIssued',
      ...Array(6).fill('EInvoicingComplianceChecked'),
      'EInvoicingCsidIssued',
    ]);
    const text = JSON.stringify(events);
    expect(text).not.toContain('PRIVATE KEY');
    const devices = await onboarding.load({ tenantId: '7' });
    const stored = devices.devices[device.id];
    expect(secrets.open(stored.key!.private_key_sealed)).toContain('BEGIN EC PRIVATE KEY');
    expect(canSign(stored, new Date(Date.now() + 60_000))).toBe(true);
    expect(JSON.stringify(device)).not.toMatch(/sealed|secret|PRIVATE/);
  });

  it('given a wrong OTP, when the owner connects, then the refusal names the OTP and nothing is written', async () => {
    const refusal = await onboarding.connect(ctx('k2'), { ...input, otp: '000000' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      key: 'einvoicing.otp_refused',
      errors: { otp: 'einvoicing.otp_refused' },
    });
    expect(await store.readStream('einvoicingdevice-7.devices')).toEqual([]);
  });

  it('given a check the authority refuses, then the device stays pending (1) with the reason, and a retry finishes it without a new OTP', async () => {
    refuse = 'simplified-381';
    const pending = await onboarding.connect(ctx('k3'), input);
    expect(pending).toMatchObject({ status: 1, compliance_missing: ['simplified-381', 'simplified-383'] });
    expect(pending.last_failure).toMatchObject({
      step: 'compliance_checks',
      errors: [{ code: 'BR-KSA-37' }],
    });
    refuse = undefined;
    const connected = await onboarding.advance(ctx('k4'), pending.id);
    expect(connected).toMatchObject({ status: 2, compliance_missing: [], last_failure: null });
  });

  it('given a connected device, a second one connected replaces it (0), and a renewal gives status 3', async () => {
    const first = await onboarding.connect(ctx('k5'), input);
    const second = await onboarding.connect(ctx('k6'), input, first.id);
    const devices = await onboarding.load({ tenantId: '7' });
    expect(statusOf(devices.devices[first.id])).toBe(0);
    expect(devices.active).toBe(second.id);
    expect(second.cloned_from).toBe(first.id);
    const renewed = await onboarding.renew(ctx('k7'), second.id, '654321');
    expect(renewed).toMatchObject({ status: 3, active: true });
    await expect(onboarding.renew(ctx('k8'), second.id, '000000')).rejects.toMatchObject({
      key: 'einvoicing.otp_refused',
    });
    const cancelled = await onboarding.cancel(ctx('k9'), second.id);
    expect(cancelled).toMatchObject({ status: 0, active: false });
    await expect(onboarding.advance(ctx('k10'), second.id)).rejects.toMatchObject({
      key: 'einvoicing.device_cancelled',
    });
  });
});
