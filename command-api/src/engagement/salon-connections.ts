import {
  salonWhatsAppStream,
  whatsappPackageStream,
  whatsappSettingsStream,
  type SalonWhatsAppEvent,
  type WhatsAppPackageEvent,
  type WhatsAppSettings,
  type WhatsAppSettingsChanged,
} from '@rawnaq/contracts';
import type { SealedSecrets } from '@rawnaq/platform';
import { evolveSalonWhatsApp, initialSalonWhatsApp, type SalonWhatsApp } from '../platform/salon-whatsapp';
import {
  evolveWhatsAppPackage,
  initialWhatsAppPackage,
  type WhatsAppPackageState,
} from '../platform/whatsapp-packages.commands';
import { evolveWhatsAppSettings, initialWhatsAppSettings } from '../platform/whatsapp-settings.commands';
import type { Aggregates } from '../shared/repository';
import type { RecordedConnection } from './channels';

/** What the outbox needs of a salon's WhatsApp set-up when it sends: its connection and its package. */
export type SalonSetup = {
  salon: SalonWhatsApp;
  recorded?: RecordedConnection;
  /** the package the salon is on, as it is now (its allowance may have changed since) */
  package?: { status: 0 | 1 | 2; starts_on: string; messages_per_month: number };
  settings: WhatsAppSettings;
};

/**
 * Reads a salon's WhatsApp set-up from its streams (the deciding side never reads projections), the
 * token opened only here, in memory, for the send or the test that needs it.
 */
export class SalonConnections {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly secrets: SealedSecrets,
  ) {}

  async settings(): Promise<WhatsAppSettings> {
    return (
      await this.aggregates.load<WhatsAppSettings, WhatsAppSettingsChanged>(
        undefined,
        whatsappSettingsStream,
        initialWhatsAppSettings,
        evolveWhatsAppSettings,
      )
    ).state;
  }

  /** The platform's app secret (the settings'), opened; undefined when none was given. */
  async platformAppSecret(): Promise<string | undefined> {
    const sealed = (await this.settings()).app_secret_sealed;
    try {
      return sealed ? this.secrets.open(sealed) : undefined;
    } catch {
      return undefined;
    }
  }

  async of(tenantId: string): Promise<SalonSetup> {
    const [{ state: salon }, settings] = await Promise.all([
      this.aggregates.load<SalonWhatsApp, SalonWhatsAppEvent>(
        undefined,
        salonWhatsAppStream(tenantId),
        initialSalonWhatsApp,
        evolveSalonWhatsApp,
      ),
      this.settings(),
    ]);
    let pkg: SalonSetup['package'];
    if (salon.package) {
      const { state } = await this.aggregates.load<WhatsAppPackageState, WhatsAppPackageEvent>(
        undefined,
        whatsappPackageStream(salon.package.package_id),
        initialWhatsAppPackage,
        evolveWhatsAppPackage,
      );
      if (state.exists)
        pkg = {
          status: salon.package.status,
          starts_on: salon.package.starts_on,
          messages_per_month: state.messages_per_month,
        };
    }
    return { salon, recorded: this.recorded(salon, settings), package: pkg, settings };
  }

  private recorded(salon: SalonWhatsApp, settings: WhatsAppSettings): RecordedConnection | undefined {
    const c = salon.connection;
    if (!c) return undefined;
    if (c.provider === 'simulator') return { provider: 'simulator' };
    let accessToken: string;
    try {
      accessToken = c.access_token_sealed ? this.secrets.open(c.access_token_sealed) : '';
    } catch {
      accessToken = '';
    }
    return {
      provider: c.provider,
      instanceBaseUrl: settings.instance_base_url,
      connection:
        c.provider === 'cloud_api'
          ? { phoneNumberId: c.phone_number_id ?? '', accessToken }
          : { phoneNumberId: c.mobile_number_id ?? '', accessToken, instanceId: c.instance_id },
    };
  }
}
