import {
  rejected,
  type SalonWhatsAppConnectionInput,
  type SalonWhatsAppEvent,
  type SalonWhatsAppPackageInput,
  type WaConnectionState,
  type WaPackageStatus,
  type WhatsAppConnectionRecorded,
  type WhatsAppProvider,
} from '@rawnaq/contracts';

/** A salon's WhatsApp as the manager set it up: its package and its connection (the token sealed). */
export type SalonWhatsApp = {
  package?: { package_id: string; starts_on: string; status: WaPackageStatus };
  connection?: Omit<WhatsAppConnectionRecorded['data'], 'previous_provider'>;
  /** doc1 §4: 0 disconnected, 1 connected, 2 server disconnected */
  state: WaConnectionState;
  tested?: { ok: boolean; at: string; detail?: string };
};
export const initialSalonWhatsApp: SalonWhatsApp = { state: 0 };

export const evolveSalonWhatsApp = (s: SalonWhatsApp, e: SalonWhatsAppEvent): SalonWhatsApp => {
  switch (e.type) {
    case 'WhatsAppPackageAssigned': {
      const { previous: _p, ...pkg } = e.data;
      return { ...s, package: pkg };
    }
    case 'WhatsAppConnectionRecorded': {
      const { previous_provider: _p, ...connection } = e.data;
      // the simulator needs no test; a real provider is disconnected until one passes
      return { ...s, connection, state: connection.provider === 'simulator' ? 1 : 0, tested: undefined };
    }
    case 'WhatsAppConnectionTested':
      return {
        ...s,
        state: e.data.connection,
        tested: { ok: e.data.ok, at: e.data.at, ...(e.data.detail && { detail: e.data.detail }) },
      };
  }
};

/** What a package the salon is put on is, at that moment (loaded from its own stream). */
export type OfferedPackage = { exists: false } | { exists: true; status: 0 | 1 };

export type SalonWhatsAppCommand =
  | { type: 'AssignPackage'; input: SalonWhatsAppPackageInput; offered: OfferedPackage }
  /** `sealedToken` is the token typed now, sealed; none: the one kept stays (same provider) */
  | {
      type: 'RecordConnection';
      input: SalonWhatsAppConnectionInput;
      sealedToken?: { sealed: string; last4: string };
    }
  | {
      type: 'RecordTest';
      result: { ok: true } | { ok: false; detail: string; serverDown?: boolean };
      at: string;
    };

const NEEDS_TOKEN: readonly WhatsAppProvider[] = ['cloud_api', 'instance'];

/**
 * The manager's rules for a salon's WhatsApp:
 * - a salon is put on a package the platform offers now (a withdrawn one stays only for who has it);
 *   the same package, date and status again records nothing;
 * - a real provider's connection needs its ids and a token: typed now, or the one kept for that
 *   provider; only what the provider uses is kept (the Cloud API's phone number id; the instance
 *   gateway's mobile number id and instance id);
 * - a test needs a connection; it records connected, disconnected, or the provider's server down.
 */
export const decideSalonWhatsApp = (c: SalonWhatsAppCommand, s: SalonWhatsApp): SalonWhatsAppEvent[] => {
  switch (c.type) {
    case 'AssignPackage': {
      const { package_id, starts_on, status } = c.input;
      if (!c.offered.exists) throw rejected('not_found.record', 'package_id');
      if (c.offered.status !== 1 && s.package?.package_id !== package_id)
        throw rejected('whatsapp.package_withdrawn', 'package_id');
      const p = s.package;
      if (p && p.package_id === package_id && p.starts_on === starts_on && p.status === status) return [];
      return [
        {
          type: 'WhatsAppPackageAssigned',
          data: { package_id, starts_on, status, ...(p && { previous: p }) },
        },
      ];
    }
    case 'RecordConnection': {
      const { provider } = c.input;
      const kept = s.connection?.provider === provider ? s.connection : undefined;
      const token = c.sealedToken
        ? { access_token_sealed: c.sealedToken.sealed, token_last4: c.sealedToken.last4 }
        : kept?.access_token_sealed
          ? { access_token_sealed: kept.access_token_sealed, token_last4: kept.token_last4 }
          : undefined;
      if (NEEDS_TOKEN.includes(provider) && !token) throw rejected('whatsapp.token_required', 'access_token');
      const data: WhatsAppConnectionRecorded['data'] =
        provider === 'cloud_api'
          ? { provider, phone_number_id: c.input.phone_number_id!, ...token }
          : provider === 'instance'
            ? {
                provider,
                mobile_number_id: c.input.mobile_number_id!,
                instance_id: c.input.instance_id!,
                ...token,
              }
            : { provider };
      const same =
        s.connection &&
        JSON.stringify(Object.entries(s.connection).sort()) === JSON.stringify(Object.entries(data).sort());
      if (same) return [];
      return [
        {
          type: 'WhatsAppConnectionRecorded',
          data: { ...data, ...(s.connection && { previous_provider: s.connection.provider }) },
        },
      ];
    }
    case 'RecordTest': {
      if (!s.connection) throw rejected('whatsapp.no_connection');
      const r = c.result;
      return [
        {
          type: 'WhatsAppConnectionTested',
          data: r.ok
            ? { ok: true, at: c.at, connection: 1 }
            : { ok: false, at: c.at, detail: r.detail.slice(0, 200), connection: r.serverDown ? 2 : 0 },
        },
      ];
    }
  }
};
