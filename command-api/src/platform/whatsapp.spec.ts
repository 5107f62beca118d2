import { DomainError, DEFAULT_WHATSAPP_SETTINGS, type SalonWhatsAppEvent } from '@rawnaq/contracts';
import {
  decideSalonWhatsApp,
  evolveSalonWhatsApp,
  initialSalonWhatsApp,
  type SalonWhatsAppCommand,
} from './salon-whatsapp';
import {
  decideWhatsAppPackage,
  evolveWhatsAppPackage,
  initialWhatsAppPackage,
} from './whatsapp-packages.commands';
import { decideWhatsAppSettings } from './whatsapp-settings.commands';

const P1 = '0193a000-0000-7000-8000-0000000000c1';
const P2 = '0193a000-0000-7000-8000-0000000000c2';

/** given past events, when a command, then new events or the error's key */
const given = (...events: SalonWhatsAppEvent[]) => ({
  when: (command: SalonWhatsAppCommand) => {
    const state = events.reduce(evolveSalonWhatsApp, initialSalonWhatsApp);
    return {
      then: (expected: SalonWhatsAppEvent[]) => expect(decideSalonWhatsApp(command, state)).toEqual(expected),
      refused: (key: string, field?: string) => {
        try {
          decideSalonWhatsApp(command, state);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).message).toBe(key);
          if (field) expect((error as DomainError).errors).toEqual({ [field]: key });
          return;
        }
        throw new Error(`expected ${key}`);
      },
    };
  },
});

const assigned: SalonWhatsAppEvent = {
  type: 'WhatsAppPackageAssigned',
  data: { package_id: P1, starts_on: '2026-12-01', status: 1 },
};
const cloud: SalonWhatsAppEvent = {
  type: 'WhatsAppConnectionRecorded',
  data: {
    provider: 'cloud_api',
    phone_number_id: '1234567890',
    access_token_sealed: 'v1.x',
    token_last4: 'oken',
  },
};
const assign = (
  over: Partial<{ package_id: string; starts_on: string; status: 0 | 1 | 2 }> = {},
  status: 0 | 1 = 1,
) =>
  ({
    type: 'AssignPackage',
    input: { package_id: P1, starts_on: '2026-12-01', status: 1, ...over },
    offered: { exists: true, status },
  }) as SalonWhatsAppCommand;

describe('a salon’s WhatsApp package, given/when/then', () => {
  it('puts a salon on a package offered, and records nothing for the same again', () => {
    given().when(assign()).then([assigned]);
    given(assigned).when(assign()).then([]);
  });

  it('moves it to another package or pauses it, keeping what it was', () => {
    given(assigned)
      .when(assign({ package_id: P2 }))
      .then([
        {
          type: 'WhatsAppPackageAssigned',
          data: { package_id: P2, starts_on: '2026-12-01', status: 1, previous: assigned.data as never },
        },
      ]);
    given(assigned)
      .when(assign({ status: 2 }))
      .then([
        {
          type: 'WhatsAppPackageAssigned',
          data: { ...assigned.data, status: 2, previous: assigned.data as never },
        },
      ]);
  });

  it('refuses a package withdrawn (unless the salon has it) or unknown, naming the field', () => {
    given().when(assign({}, 0)).refused('whatsapp.package_withdrawn', 'package_id');
    given(assigned)
      .when(assign({ status: 2 }, 0))
      .then([expect.objectContaining({ type: 'WhatsAppPackageAssigned' })]);
    given()
      .when({ ...assign(), offered: { exists: false } } as SalonWhatsAppCommand)
      .refused('not_found.record', 'package_id');
  });
});

describe('a salon’s WhatsApp connection, given/when/then', () => {
  const record = (input: Record<string, unknown>, sealed?: string): SalonWhatsAppCommand => ({
    type: 'RecordConnection',
    input: input as never,
    ...(sealed && { sealedToken: { sealed, last4: 'oken' } }),
  });

  it('keeps the Cloud API’s phone number id and the sealed token; disconnected until a test passes', () => {
    given()
      .when(record({ provider: 'cloud_api', phone_number_id: '1234567890', instance_id: 'ignored' }, 'v1.x'))
      .then([cloud]);
    expect([cloud].reduce(evolveSalonWhatsApp, initialSalonWhatsApp).state).toBe(0);
  });

  it('asks for a token when none is kept for that provider, and keeps the one kept when none is typed', () => {
    given()
      .when(record({ provider: 'instance', mobile_number_id: '971500000001', instance_id: 'inst-1' }))
      .refused('whatsapp.token_required', 'access_token');
    given(cloud)
      .when(record({ provider: 'cloud_api', phone_number_id: '1234567890' }))
      .then([]);
    given(cloud)
      .when(record({ provider: 'cloud_api', phone_number_id: '999' }))
      .then([
        {
          type: 'WhatsAppConnectionRecorded',
          data: {
            provider: 'cloud_api',
            phone_number_id: '999',
            access_token_sealed: 'v1.x',
            token_last4: 'oken',
            previous_provider: 'cloud_api',
          },
        },
      ]);
  });

  it('connects the simulator at once, with nothing else kept', () => {
    given(cloud)
      .when(record({ provider: 'simulator', phone_number_id: '1' }))
      .then([
        {
          type: 'WhatsAppConnectionRecorded',
          data: { provider: 'simulator', previous_provider: 'cloud_api' },
        },
      ]);
    const state = [
      cloud,
      { type: 'WhatsAppConnectionRecorded', data: { provider: 'simulator' } } as SalonWhatsAppEvent,
    ].reduce(evolveSalonWhatsApp, initialSalonWhatsApp);
    expect(state.state).toBe(1);
  });

  it('records a test: connected, disconnected with why, or the provider’s server down; none without a connection', () => {
    const at = '2026-12-03T09:00:00.000Z';
    given(cloud)
      .when({ type: 'RecordTest', result: { ok: true }, at })
      .then([{ type: 'WhatsAppConnectionTested', data: { ok: true, at, connection: 1 } }]);
    given(cloud)
      .when({ type: 'RecordTest', result: { ok: false, detail: '401 Invalid OAuth access token' }, at })
      .then([
        {
          type: 'WhatsAppConnectionTested',
          data: { ok: false, at, detail: '401 Invalid OAuth access token', connection: 0 },
        },
      ]);
    given(cloud)
      .when({ type: 'RecordTest', result: { ok: false, detail: 'timeout', serverDown: true }, at })
      .then([
        { type: 'WhatsAppConnectionTested', data: { ok: false, at, detail: 'timeout', connection: 2 } },
      ]);
    given()
      .when({ type: 'RecordTest', result: { ok: true }, at })
      .refused('whatsapp.no_connection');
  });
});

describe('WhatsApp packages and settings, given/when/then', () => {
  const input = {
    name_en: 'Starter',
    name_ar: 'المبتدئة',
    messages_per_month: 1000,
    currency: 'SAR' as const,
    monthly_price: 9900,
    status: 1 as const,
  };
  it('defines a package once; a change records only what differs, with the old values', () => {
    const defined = decideWhatsAppPackage({ type: 'Define', id: P1, input }, initialWhatsAppPackage);
    expect(defined).toEqual([{ type: 'WhatsAppPackageDefined', data: { package_id: P1, ...input } }]);
    const state = defined.reduce(evolveWhatsAppPackage, initialWhatsAppPackage);
    expect(decideWhatsAppPackage({ type: 'Define', id: P1, input }, state)).toEqual([]);
    expect(
      decideWhatsAppPackage({ type: 'Change', id: P1, input: { ...input, messages_per_month: 2000 } }, state),
    ).toEqual([
      {
        type: 'WhatsAppPackageChanged',
        data: { package_id: P1, messages_per_month: 2000, previous: { messages_per_month: 1000 } },
      },
    ]);
    expect(() => decideWhatsAppPackage({ type: 'Change', id: P2, input }, initialWhatsAppPackage)).toThrow(
      DomainError,
    );
  });

  it('records a secret only as set or replaced, never its old value', () => {
    const first = decideWhatsAppSettings(
      { send_from: '10:00', app_secret_sealed: 'v1.a' },
      DEFAULT_WHATSAPP_SETTINGS,
    );
    expect(first).toEqual([
      {
        type: 'WhatsAppSettingsChanged',
        data: {
          changed: { send_from: '10:00', app_secret_sealed: 'v1.a' },
          previous: { send_from: '09:00', app_secret_set: false },
        },
      },
    ]);
    expect(decideWhatsAppSettings({ send_from: '09:00' }, DEFAULT_WHATSAPP_SETTINGS)).toEqual([]);
  });
});
