import {
  businessDate,
  countryOf,
  isCountryId,
  PLATFORM_TENANT,
  type MessageEvent,
  type RecordedEvent,
  type SalonWhatsAppEvent,
  type TenantTimeZone,
  type WhatsAppConsentChanged,
  type WhatsAppPackageEvent,
  type WhatsAppSettingsChanged,
} from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { DocRef, Projection } from '../runner/projection';

/** The counters of a salon's messages, per day and per month on its own clock. */
export type UsageCounts = {
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  withheld: number;
};
export const NO_USAGE: UsageCounts = { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0, withheld: 0 };
/** Days kept in a salon's usage document (the tracker shows today; the months are kept). */
const DAYS_KEPT = 62;

/** The Cloud API's codes that say a number cannot get WhatsApp, as a failed status's detail begins. */
const UNREACHABLE_DETAIL = /^(131026|131021|131045|131049|131051|130472)\b/;

const COUNTED: Partial<Record<string, keyof UsageCounts>> = {
  MessageQueued: 'queued',
  MessageSent: 'sent',
  MessageDelivered: 'delivered',
  MessageRead: 'read',
  MessageFailed: 'failed',
  MessageWithheld: 'withheld',
};

const who = (e: RecordedEvent) => ({
  updated_at: e.metadata.occurredAt,
  updated_by: `${e.metadata.actor.kind}:${e.metadata.actor.id}`,
});

/**
 * The manager's WhatsApp read models (issue 26): the packages (`whatsapp-packages`), each salon's
 * package and connection without its token (`merchant-with-wa-package`, `merchant-whatsapp-meta`,
 * `merchant-with-wa-disconnected-package`), the platform's settings (no secret: the verify token's
 * hash only), each salon's messages counted per day and month on its clock (the allowance and
 * `qbot-tracker`), the latest failures, and the customers WhatsApp cannot reach
 * (`customers-inactive-wa`): a number that failed as unreachable, or a STOP reply.
 */
export const whatsappManagerProjection: Projection = {
  name: 'whatsapp-manager',
  version: 1,
  collections: [
    { name: 'whatsapp_packages', indexes: [{ fields: ['created_at'] }] },
    { name: 'whatsapp_accounts', indexes: [{ fields: ['has_package'] }, { fields: ['phone_number_id'] }] },
    { name: 'whatsapp_settings', indexes: [] },
    { name: 'whatsapp_salons', indexes: [] },
    { name: 'whatsapp_message_memos', indexes: [] },
    { name: 'whatsapp_usage', indexes: [] },
    { name: 'whatsapp_failures', indexes: [{ fields: ['at'] }, { fields: ['tenantId', 'at'] }] },
    { name: 'whatsapp_unreachable', indexes: [{ fields: ['at'] }, { fields: ['tenantId', 'at'] }] },
  ],
  handles: [
    'WhatsAppPackageDefined',
    'WhatsAppPackageChanged',
    'WhatsAppPackageAssigned',
    'WhatsAppConnectionRecorded',
    'WhatsAppConnectionTested',
    'WhatsAppSettingsChanged',
    'AccountOpened',
    'GeneralSettingsChanged',
    'MessageQueued',
    'MessageSent',
    'MessageDelivered',
    'MessageRead',
    'MessageFailed',
    'MessageWithheld',
    'WhatsAppConsentChanged',
  ],
  reads: (e): DocRef[] => {
    const tenantId = e.metadata.tenantId;
    const data = e.data as Record<string, unknown>;
    if (e.type.startsWith('WhatsAppPackage') && e.type !== 'WhatsAppPackageAssigned')
      return [{ collection: 'whatsapp_packages', id: data.package_id as string }];
    if (e.type === 'WhatsAppPackageAssigned' || e.type.startsWith('WhatsAppConnection'))
      return [{ collection: 'whatsapp_accounts', id: tenantId }];
    if (e.type === 'WhatsAppSettingsChanged') return [{ collection: 'whatsapp_settings', id: 'platform' }];
    if (e.type === 'WhatsAppConsentChanged')
      return [{ collection: 'whatsapp_unreachable', id: `${tenantId}|${data.customer_id as string}` }];
    if (e.type in COUNTED)
      return [
        { collection: 'whatsapp_salons', id: tenantId },
        { collection: 'whatsapp_usage', id: tenantId },
        ...(e.type === 'MessageFailed'
          ? [{ collection: 'whatsapp_message_memos', id: data.message_id as string }]
          : []),
      ];
    return [];
  },
  project: (e: RecordedEvent, lookup): Change[] => {
    const tenantId = e.metadata.tenantId;
    const at = e.metadata.occurredAt;
    const data = e.data as Record<string, unknown>;
    switch (e.type) {
      case 'AccountOpened':
      case 'GeneralSettingsChanged': {
        const country = (
          e.type === 'AccountOpened' ? data.country_id : (data.changed as Record<string, unknown>)?.country_id
        ) as number | undefined;
        if (country === undefined || !isCountryId(country)) return [];
        return [
          {
            kind: 'upsert',
            collection: 'whatsapp_salons',
            doc: { id: tenantId, tenantId, time_zone: countryOf(country).timeZone },
          },
        ];
      }
      case 'WhatsAppPackageDefined':
      case 'WhatsAppPackageChanged': {
        const event = e as unknown as WhatsAppPackageEvent;
        const { package_id, ...fields } = event.data as typeof event.data & { previous?: unknown };
        delete fields.previous;
        const before = lookup('whatsapp_packages', package_id);
        if (!before && event.type === 'WhatsAppPackageChanged') return [];
        return [
          {
            kind: 'upsert',
            collection: 'whatsapp_packages',
            doc: {
              ...(before ?? { created_at: at, created_by: who(e).updated_by }),
              id: package_id,
              ...fields,
              ...who(e),
            },
          },
        ];
      }
      case 'WhatsAppPackageAssigned':
      case 'WhatsAppConnectionRecorded':
      case 'WhatsAppConnectionTested': {
        const event = e as unknown as SalonWhatsAppEvent;
        const before = lookup('whatsapp_accounts', tenantId) ?? {
          id: tenantId,
          tenantId,
          has_package: 0,
          connection_state: 0,
        };
        let set: Record<string, unknown>;
        if (event.type === 'WhatsAppPackageAssigned')
          set = {
            has_package: 1,
            package_id: event.data.package_id,
            starts_on: event.data.starts_on,
            package_status: event.data.status,
          };
        else if (event.type === 'WhatsAppConnectionRecorded') {
          const d = event.data;
          // never the token, sealed or not: only its last 4 characters
          set = {
            provider: d.provider,
            phone_number_id: d.phone_number_id ?? null,
            mobile_number_id: d.mobile_number_id ?? null,
            instance_id: d.instance_id ?? null,
            token_last4: d.token_last4 ?? null,
            connection_state: d.provider === 'simulator' ? 1 : 0,
            tested_at: null,
            test_ok: null,
            test_detail: null,
          };
        } else
          set = {
            connection_state: event.data.connection,
            tested_at: event.data.at,
            test_ok: event.data.ok,
            test_detail: event.data.detail ?? null,
          };
        return [{ kind: 'upsert', collection: 'whatsapp_accounts', doc: { ...before, ...set, ...who(e) } }];
      }
      case 'WhatsAppSettingsChanged': {
        const { changed } = (e as unknown as WhatsAppSettingsChanged).data;
        const { app_secret_sealed, ...plain } = changed;
        const before = lookup('whatsapp_settings', 'platform') ?? { id: 'platform' };
        return [
          {
            kind: 'upsert',
            collection: 'whatsapp_settings',
            doc: { ...before, ...plain, ...(app_secret_sealed && { app_secret_set: true }), ...who(e) },
          },
        ];
      }
      case 'WhatsAppConsentChanged': {
        const d = (e as unknown as WhatsAppConsentChanged).data;
        const id = `${tenantId}|${d.customer_id}`;
        const before = lookup('whatsapp_unreachable', id);
        if (d.allowed)
          return before?.why === 'stop_reply'
            ? [{ kind: 'delete', collection: 'whatsapp_unreachable', id }]
            : [];
        if (d.how !== 'stop_reply') return [];
        return [
          {
            kind: 'upsert',
            collection: 'whatsapp_unreachable',
            doc: {
              id,
              tenantId,
              customer_id: d.customer_id,
              phone: d.phone ?? null,
              why: 'stop_reply',
              at: d.at,
            },
          },
        ];
      }
    }
    // a message: counted on the salon's day and month, and a failure remembered
    if (tenantId === PLATFORM_TENANT) return [];
    const event = e as unknown as MessageEvent;
    const field = COUNTED[event.type]!;
    const zone =
      (lookup('whatsapp_salons', tenantId)?.time_zone as TenantTimeZone | undefined) ?? 'Asia/Riyadh';
    const day = businessDate(at, zone);
    const month = day.slice(0, 7);
    const usage = (lookup('whatsapp_usage', tenantId) as
      (Doc & { days: Record<string, UsageCounts>; months: Record<string, UsageCounts> }) | undefined) ?? {
      id: tenantId,
      tenantId,
      days: {},
      months: {},
    };
    const bump = (table: Record<string, UsageCounts>, key: string) => {
      const counts = { ...NO_USAGE, ...table[key] };
      counts[field] += 1;
      return { ...table, [key]: counts };
    };
    const days = bump(usage.days, day);
    for (const old of Object.keys(days).sort().slice(0, -DAYS_KEPT)) delete days[old];
    const changes: Change[] = [
      {
        kind: 'upsert',
        collection: 'whatsapp_usage',
        doc: {
          ...usage,
          time_zone: zone,
          days,
          months: bump(usage.months, month),
          last_at: at,
        },
      },
    ];
    if (event.type === 'MessageQueued')
      changes.push({
        kind: 'upsert',
        collection: 'whatsapp_message_memos',
        doc: {
          id: event.data.message_id,
          tenantId,
          customer_id: event.data.customer_id,
          phone: event.data.phone,
          kind: event.data.kind,
        },
      });
    if (event.type === 'MessageFailed') {
      const memo = lookup('whatsapp_message_memos', event.data.message_id);
      const d = event.data;
      const failure = {
        tenantId,
        message_id: d.message_id,
        customer_id: memo?.customer_id ?? null,
        phone: memo?.phone ?? null,
        reason: d.reason,
        detail: d.detail ?? null,
        at,
      };
      changes.push({
        kind: 'upsert',
        collection: 'whatsapp_failures',
        doc: { id: d.message_id, ...failure },
      });
      const unreachable =
        d.reason === 'number_unreachable' ||
        (d.reason === 'delivery_failed' && UNREACHABLE_DETAIL.test(d.detail ?? ''));
      if (unreachable && memo?.customer_id)
        changes.push({
          kind: 'upsert',
          collection: 'whatsapp_unreachable',
          doc: {
            id: `${tenantId}|${memo.customer_id as string}`,
            ...failure,
            why: 'number_unreachable',
          },
        });
    }
    return changes;
  },
};
