import { X509Certificate } from 'node:crypto';
import {
  DEVICE_INVOICE_TYPES,
  DomainError,
  notFound,
  rejected,
  type ConnectEInvoicingInput,
  type EInvoiceEnvironment,
  type EInvoicingDeviceEvent,
  type EInvoicingDeviceOpened,
} from '@rawnaq/contracts';
import {
  buildCsr,
  generateDeviceKey,
  type CsidAnswer,
  type Fatoora,
  type FatooraCredentials,
  type FatooraMessage,
  type SealedSecrets,
  type Submission,
} from '@rawnaq/platform';
import type { CommandContext, TenantScope } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import {
  devicesStream,
  evolveDevices,
  initialDevices,
  missingChecks,
  nextStep,
  statusOf,
  type Devices,
  type DeviceState,
} from './device';

/** The authority's API of an environment (the local simulator unless configured otherwise). */
export type FatooraFor = (environment: EInvoiceEnvironment) => Fatoora;

/**
 * A signed sample document of a kind (`standard-388`, `simplified-381`...) for the compliance checks,
 * made by the e-invoicing core with the device's key and compliance certificate.
 */
export type ComplianceSamples = (input: {
  device: DeviceState & { exists: true };
  kind: string;
  privateKeyPem: string;
  certificateBase64: string;
  now: Date;
}) => Submission;

export const EINVOICING_TOKENS = {
  fatoora: Symbol('FatooraFor'),
  samples: Symbol('ComplianceSamples'),
} as const;

/** A certificate's validity, as ISO instants. */
export const validityOf = (certificateBase64: string) => {
  const cert = new X509Certificate(Buffer.from(certificateBase64, 'base64'));
  return { from: new Date(cert.validFrom).toISOString(), to: new Date(cert.validTo).toISOString() };
};

/** The device's certificate request: what it was opened with, signed with its (new) key. */
const csrOf = (opened: EInvoicingDeviceOpened['data'], privateKeyPem: string) =>
  buildCsr(
    {
      environment: opened.environment,
      commonName: opened.common_name,
      serialNumber: opened.serial_number,
      vatNumber: opened.vat_number,
      organizationUnit: opened.branch_name,
      organization: opened.seller_name,
      invoiceType: opened.invoice_types,
      location: `${opened.address.building_number} ${opened.address.street}, ${opened.address.city}`.slice(
        0,
        100,
      ),
      industry: opened.industry,
    },
    privateKeyPem,
  );

const brief = (errors: FatooraMessage[]) => errors.map((e) => ({ code: e.code, message: e.message }));

/** What a screen may see of a device: never a key or a secret, sealed or not. */
export const publicDevice = (id: string, d: DeviceState & { exists: true }, active: boolean) => ({
  id,
  status: statusOf(d),
  active,
  environment: d.opened.environment,
  vat_number: d.opened.vat_number,
  commercial_registration: d.opened.commercial_registration,
  seller_name: d.opened.seller_name,
  branch_name: d.opened.branch_name,
  industry: d.opened.industry,
  ...d.opened.address,
  common_name: d.opened.common_name,
  cloned_from: d.opened.cloned_from ?? null,
  compliance_passed: d.passed,
  compliance_missing: missingChecks(d),
  production_valid_to: d.production?.valid_to ?? null,
  last_failure: d.lastFailure ?? null,
});

/**
 * Connecting a salon's device to the authority, step by step, each step's outcome an event: the key
 * and CSR, the compliance CSID (with the OTP), one compliance check per document kind, the production
 * CSID. Nothing is written before the authority accepted the OTP, so a wrong OTP leaves no trace but
 * its refusal; a step refused afterwards leaves the device pending with the reasons, to be taken up
 * again (`retry`) without a new OTP while the compliance CSID lasts.
 */
export class EInvoicingOnboarding {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly fatooraFor: FatooraFor,
    private readonly samples: ComplianceSamples,
    private readonly secrets: SealedSecrets,
  ) {}

  async load(at: TenantScope): Promise<Devices> {
    return (await this.aggregates.load(at, devicesStream(at.tenantId), initialDevices, evolveDevices)).state;
  }

  private async record(ctx: CommandContext, events: EInvoicingDeviceEvent[]): Promise<Devices> {
    const { state } = await this.aggregates.handle<Devices, EInvoicingDeviceEvent>(
      devicesStream(ctx.tenantId),
      ctx,
      { initial: initialDevices, evolve: evolveDevices, decide: () => events },
    );
    return state;
  }

  private refusedCsid(answer: Extract<CsidAnswer, { ok: false }>): DomainError {
    const otp = answer.errors.some((e) => /otp/i.test(e.code));
    if (otp) return rejected('einvoicing.otp_refused', 'otp');
    if (answer.httpStatus === 0 || answer.httpStatus >= 500 || answer.httpStatus === 429)
      return new DomainError('einvoicing.authority_unavailable', 422);
    return new DomainError('einvoicing.csid_refused', 422, undefined, {
      reason: answer.errors.map((e) => e.message || e.code).join('; ') || String(answer.httpStatus),
    });
  }

  private csidEvent(
    deviceId: string,
    kind: 'compliance' | 'production',
    renewal: boolean,
    answer: Extract<CsidAnswer, { ok: true }>,
    validity: { from: string; to: string },
  ): EInvoicingDeviceEvent {
    return {
      type: 'EInvoicingCsidIssued',
      data: {
        device_id: deviceId,
        kind,
        renewal,
        request_id: answer.requestId,
        certificate_base64: answer.certificateBase64,
        token: answer.credentials.binarySecurityToken,
        secret_sealed: this.secrets.seal(answer.credentials.secret),
        valid_from: validity.from,
        valid_to: validity.to,
      },
    };
  }

  private credentials(csid: { token: string; secret_sealed: string }): FatooraCredentials {
    return { binarySecurityToken: csid.token, secret: this.secrets.open(csid.secret_sealed) };
  }

  /** Opens a device for the salon and connects it as far as the authority lets it. */
  async connect(ctx: CommandContext, input: ConnectEInvoicingInput, clonedFrom?: string) {
    const deviceId = idFor(ctx, 'einvoicingdevice');
    const serial = idFor(ctx, 'einvoicing-serial');
    const key = generateDeviceKey();
    const opened = {
      device_id: deviceId,
      environment: input.environment,
      vat_number: input.vat_number,
      commercial_registration: input.commercial_registration,
      seller_name: input.seller_name,
      branch_name: input.branch_name,
      industry: input.industry,
      address: {
        street: input.street,
        building_number: input.building_number,
        ...(input.additional_number && { additional_number: input.additional_number }),
        district: input.district,
        city: input.city,
        postal_code: input.postal_code,
      },
      common_name: `EGS-${input.vat_number}-${serial.slice(0, 8)}`,
      serial_number: `1-Rawnaq|2-Till|3-${serial}`,
      invoice_types: DEVICE_INVOICE_TYPES,
      ...(clonedFrom && { cloned_from: clonedFrom }),
    };
    const csr = csrOf(opened, key.privateKeyPem);
    const answer = await this.fatooraFor(input.environment).complianceCsid(csr.base64, input.otp);
    if (!answer.ok) throw this.refusedCsid(answer);
    await this.record(ctx, [
      { type: 'EInvoicingDeviceOpened', data: opened },
      {
        type: 'EInvoicingDeviceKeyGenerated',
        data: {
          device_id: deviceId,
          public_key_pem: key.publicKeyPem,
          private_key_sealed: this.secrets.seal(key.privateKeyPem),
          csr_base64: csr.base64,
        },
      },
      this.csidEvent(deviceId, 'compliance', false, answer, validityOf(answer.certificateBase64)),
    ]);
    return this.advance(ctx, deviceId);
  }

  private async device(ctx: CommandContext, deviceId: string) {
    const devices = await this.load(ctx);
    const device = devices.devices[deviceId];
    if (!device) throw notFound('not_found.einvoicing_device');
    return { devices, device };
  }

  /** Takes the onboarding up where it stopped: the compliance checks left, then the production CSID. */
  async advance(ctx: CommandContext, deviceId: string) {
    let { devices, device } = await this.device(ctx, deviceId);
    if (nextStep(device, ctx.now) === 'cancelled') throw rejected('einvoicing.device_cancelled');
    const fatoora = this.fatooraFor(device.opened.environment);
    if (nextStep(device, ctx.now) === 'compliance_checks') {
      if (!device.compliance || !device.key) throw rejected('einvoicing.device_incomplete');
      const privateKeyPem = this.secrets.open(device.key.private_key_sealed);
      const credentials = this.credentials(device.compliance);
      for (const kind of missingChecks(device)) {
        const sample = this.samples({
          device,
          kind,
          privateKeyPem,
          certificateBase64: device.compliance.certificate_base64,
          now: ctx.now,
        });
        const answer = await fatoora.complianceCheck(credentials, sample);
        if (answer.outcome !== 'accepted' && answer.outcome !== 'accepted_with_warnings') {
          devices = await this.record(ctx, [
            {
              type: 'EInvoicingOnboardingFailed',
              data: {
                device_id: deviceId,
                step: 'compliance_checks',
                http_status: answer.httpStatus,
                errors: brief(answer.errors).length
                  ? brief(answer.errors)
                  : [{ code: answer.outcome, message: `${kind}: ${answer.outcome}` }],
              },
            },
          ]);
          return this.view(devices, deviceId);
        }
        devices = await this.record(ctx, [
          {
            type: 'EInvoicingComplianceChecked',
            data: { device_id: deviceId, kind, warnings: brief(answer.warnings) },
          },
        ]);
      }
      device = devices.devices[deviceId];
    }
    if (nextStep(device, ctx.now) === 'production_csid') {
      const answer = await fatoora.productionCsid(
        this.credentials(device.compliance!),
        device.compliance!.request_id,
      );
      if (!answer.ok) {
        devices = await this.record(ctx, [
          {
            type: 'EInvoicingOnboardingFailed',
            data: {
              device_id: deviceId,
              step: 'production_csid',
              http_status: answer.httpStatus,
              errors: brief(answer.errors),
            },
          },
        ]);
        return this.view(devices, deviceId);
      }
      devices = await this.record(ctx, [
        this.csidEvent(deviceId, 'production', false, answer, validityOf(answer.certificateBase64)),
        // the salon signs with one device at a time: the one it replaces stops
        ...Object.keys(devices.devices)
          .filter((id) => id !== deviceId && statusOf(devices.devices[id]) !== 0)
          .map((id): EInvoicingDeviceEvent => ({
            type: 'EInvoicingDeviceCancelled',
            data: { device_id: id, reason: 'replaced', replaced_by: deviceId },
          })),
      ]);
    }
    return this.view(devices, deviceId);
  }

  /** A new production CSID for a new key, before the one in force expires (status 3). */
  async renew(ctx: CommandContext, deviceId: string, otp: string) {
    const { device } = await this.device(ctx, deviceId);
    if (device.cancelled) throw rejected('einvoicing.device_cancelled');
    if (!device.production) throw rejected('einvoicing.not_connected');
    const key = generateDeviceKey();
    const csr = csrOf(device.opened, key.privateKeyPem);
    const answer = await this.fatooraFor(device.opened.environment).renewProductionCsid(
      this.credentials(device.production),
      csr.base64,
      otp,
    );
    if (!answer.ok) throw this.refusedCsid(answer);
    const devices = await this.record(ctx, [
      {
        type: 'EInvoicingDeviceKeyGenerated',
        data: {
          device_id: deviceId,
          public_key_pem: key.publicKeyPem,
          private_key_sealed: this.secrets.seal(key.privateKeyPem),
          csr_base64: csr.base64,
        },
      },
      this.csidEvent(deviceId, 'production', true, answer, validityOf(answer.certificateBase64)),
    ]);
    return this.view(devices, deviceId);
  }

  async cancel(ctx: CommandContext, deviceId: string) {
    const { device } = await this.device(ctx, deviceId);
    if (device.cancelled) return this.view(await this.load(ctx), deviceId);
    const devices = await this.record(ctx, [
      { type: 'EInvoicingDeviceCancelled', data: { device_id: deviceId, reason: 'cancelled' } },
    ]);
    return this.view(devices, deviceId);
  }

  view(devices: Devices, deviceId: string) {
    return publicDevice(deviceId, devices.devices[deviceId], devices.active === deviceId);
  }
}
