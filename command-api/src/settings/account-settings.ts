import {
  conflict,
  notFound,
  rejected,
  type AccountOpened,
  type GeneralSettingsInput,
  type VatSettingsChanged,
  type VatSettingsInput,
  type WizardStep,
  DEFAULT_WEEK,
  type PaymentGatewaySettingsChanged,
} from '@rawnaq/contracts';

export type Vat = { vat_enabled: boolean; vat_name_en: string; vat_name_ar: string; vat_percentage: number };
export type { BusinessDay } from '@rawnaq/contracts';
import type { BusinessDay } from '@rawnaq/contracts';
export type Period = {
  name?: string;
  from_date: string;
  to_date: string;
  is_open: boolean;
  from?: string;
  to?: string;
};
type Section = Record<string, unknown>;

/** The account's settings as commands see them. */
export type AccountSettings =
  | { exists: false }
  | {
      exists: true;
      vat: Vat;
      general: Section;
      invoice: Section;
      notifications: Section;
      online: Section;
      /** what the platform turns on for the salon: search engines' indexing, the payment gateway package */
      services: Section;
      /** the gateway settings, the secrets as sealed in their event */
      paymentGateway: PaymentGatewaySettingsChanged['data'] | undefined;
      businessHours: BusinessDay[];
      periods: Map<string, Period>;
      wizard: string[];
    };
export const initialAccountSettings: AccountSettings = { exists: false };

type Changed = { changed: Record<string, unknown>; previous: Record<string, unknown> };
export type SettingsEvent =
  | AccountOpened
  | VatSettingsChanged
  | { type: 'GeneralSettingsChanged'; data: Changed }
  | { type: 'InvoiceSettingsChanged'; data: Changed }
  | { type: 'NotificationSettingsChanged'; data: Changed }
  | { type: 'OnlineSettingsChanged'; data: Changed }
  | { type: 'AccountOnlineServicesChanged'; data: Changed }
  | { type: 'BusinessHoursChanged'; data: { days: BusinessDay[]; previous: BusinessDay[] } }
  | { type: 'CustomBusinessHoursAdded'; data: { period_id: string } & Period }
  | { type: 'CustomBusinessHoursRemoved'; data: { period_id: string } }
  | { type: 'WizardStepCompleted'; data: { step: WizardStep } }
  | PaymentGatewaySettingsChanged;

const apply = (section: Section, changed: Record<string, unknown>): Section => {
  const next = { ...section };
  for (const [k, v] of Object.entries(changed)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next;
};

export const evolveAccountSettings = (state: AccountSettings, event: SettingsEvent): AccountSettings => {
  if (event.type === 'AccountOpened') {
    const d = event.data;
    return {
      exists: true,
      vat: {
        vat_enabled: d.vat_percentage > 0,
        vat_name_en: 'VAT',
        vat_name_ar: 'ضريبة القيمة المضافة',
        vat_percentage: d.vat_percentage,
      },
      general: {
        name_en: d.name_en,
        name_ar: d.name_ar,
        country_id: d.country_id,
        salon_type: d.salon_type,
        social: {},
      },
      invoice: {},
      notifications: {},
      online: { alias: d.alias, online_booking: false },
      services: {},
      paymentGateway: undefined,
      businessHours: DEFAULT_WEEK,
      periods: new Map(),
      wizard: [],
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'VatSettingsChanged':
      return { ...state, vat: { ...state.vat, ...(event.data.changed as Partial<Vat>) } };
    case 'GeneralSettingsChanged':
      return { ...state, general: apply(state.general, event.data.changed) };
    case 'InvoiceSettingsChanged':
      return { ...state, invoice: apply(state.invoice, event.data.changed) };
    case 'NotificationSettingsChanged':
      return { ...state, notifications: apply(state.notifications, event.data.changed) };
    case 'OnlineSettingsChanged':
      return { ...state, online: apply(state.online, event.data.changed) };
    case 'AccountOnlineServicesChanged':
      return { ...state, services: apply(state.services, event.data.changed) };
    case 'BusinessHoursChanged':
      return { ...state, businessHours: event.data.days };
    case 'PaymentGatewaySettingsChanged':
      return { ...state, paymentGateway: event.data };
    case 'CustomBusinessHoursAdded': {
      const { period_id, ...period } = event.data;
      return { ...state, periods: new Map(state.periods).set(period_id, period) };
    }
    case 'CustomBusinessHoursRemoved': {
      const periods = new Map(state.periods);
      periods.delete(event.data.period_id);
      return { ...state, periods };
    }
    case 'WizardStepCompleted':
      return {
        ...state,
        wizard: state.wizard.includes(event.data.step) ? state.wizard : [...state.wizard, event.data.step],
      };
  }
};

export type SettingsCommand =
  | { type: 'ChangeVat'; vat: VatSettingsInput }
  | {
      type: 'ChangeGeneral';
      /** with the city's names as the platform's list had them (the audit log and the online pages read them) */
      general: GeneralSettingsInput & { city_en?: string; city_ar?: string };
      countryLocked: boolean;
    }
  | { type: 'ChangeInvoice' | 'ChangeNotifications' | 'ChangeOnline'; values: Section }
  | { type: 'ChangeOnlineServices'; values: Section }
  | { type: 'SetBusinessHours'; days: BusinessDay[] }
  | { type: 'AddCustomBusinessHours'; periodId: string; period: Period }
  | { type: 'RemoveCustomBusinessHours'; periodId: string }
  | { type: 'CompleteWizardStep'; step: WizardStep }
  | {
      type: 'ChangePaymentGateway';
      /** the new values; a secret sealed only when a new one was typed, else the one set stays */
      settings: Omit<PaymentGatewaySettingsChanged['data'], 'secret_set' | 'terminal_resource_key_set'>;
    };

/** What changed between two versions of a section, with what it was (an empty form field clears it). */
export const diff = (before: Section, after: Section) => {
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k] ?? null) === JSON.stringify(after[k] ?? null)) continue;
    changed[k] = after[k] ?? null;
    previous[k] = before[k] ?? null;
  }
  return Object.keys(changed).length ? { changed, previous } : undefined;
};

const overlaps = (a: Period, b: Period) => a.from_date <= b.to_date && b.from_date <= a.to_date;

/**
 * A VAT change is one event: every service's and product's price with VAT follows it (they keep their
 * price before VAT), so changing it back restores every price exactly.
 */
export const decideAccountSettings = (command: SettingsCommand, state: AccountSettings): SettingsEvent[] => {
  if (!state.exists) throw notFound('not_found.account');
  switch (command.type) {
    case 'ChangeVat': {
      const d = diff(state.vat, { ...command.vat, vat_percentage: Number(command.vat.vat_percentage) });
      return d ? [{ type: 'VatSettingsChanged', data: d }] : [];
    }
    case 'ChangeGeneral': {
      if (command.countryLocked && command.general.country_id !== state.general.country_id)
        throw rejected('settings.country_locked', 'country_id');
      const d = diff(state.general, command.general);
      return d ? [{ type: 'GeneralSettingsChanged', data: d }] : [];
    }
    case 'ChangeInvoice':
    case 'ChangeNotifications':
    case 'ChangeOnline': {
      const section =
        command.type === 'ChangeInvoice'
          ? state.invoice
          : command.type === 'ChangeNotifications'
            ? state.notifications
            : state.online;
      const d = diff(section, command.values);
      if (!d) return [];
      const type =
        command.type === 'ChangeInvoice'
          ? 'InvoiceSettingsChanged'
          : command.type === 'ChangeNotifications'
            ? 'NotificationSettingsChanged'
            : 'OnlineSettingsChanged';
      return [{ type, data: d }];
    }
    case 'ChangeOnlineServices': {
      // only the fields given change (the manager flips one switch at a time)
      const d = diff(state.services, { ...state.services, ...command.values });
      return d ? [{ type: 'AccountOnlineServicesChanged', data: d }] : [];
    }
    case 'SetBusinessHours': {
      const days = command.days.map((d) => (d.is_open ? d : { is_open: false }));
      return JSON.stringify(days) === JSON.stringify(state.businessHours)
        ? []
        : [{ type: 'BusinessHoursChanged', data: { days, previous: state.businessHours } }];
    }
    case 'AddCustomBusinessHours': {
      if (state.periods.has(command.periodId)) return [];
      for (const other of state.periods.values())
        if (overlaps(other, command.period)) throw conflict('settings.periods_overlap', 'from_date');
      const period = command.period.is_open
        ? command.period
        : { ...command.period, from: undefined, to: undefined };
      return [
        {
          type: 'CustomBusinessHoursAdded',
          data: { period_id: command.periodId, ...JSON.parse(JSON.stringify(period)) },
        },
      ];
    }
    case 'RemoveCustomBusinessHours':
      if (!state.periods.has(command.periodId)) throw notFound('not_found.record');
      return [{ type: 'CustomBusinessHoursRemoved', data: { period_id: command.periodId } }];
    case 'CompleteWizardStep':
      return state.wizard.includes(command.step)
        ? []
        : [{ type: 'WizardStepCompleted', data: { step: command.step } }];
    case 'ChangePaymentGateway': {
      const before = state.paymentGateway;
      const next = command.settings;
      const secret = next.secret_sealed ?? before?.secret_sealed;
      const resourceKey = next.terminal_resource_key_sealed ?? before?.terminal_resource_key_sealed;
      const unchanged =
        before &&
        before.gateway === next.gateway &&
        before.key === next.key &&
        before.tranportal_id === next.tranportal_id &&
        !next.secret_sealed &&
        !next.terminal_resource_key_sealed;
      if (unchanged) return [];
      return [
        {
          type: 'PaymentGatewaySettingsChanged',
          data: {
            gateway: next.gateway,
            key: next.key,
            tranportal_id: next.tranportal_id,
            secret_set: secret !== undefined,
            terminal_resource_key_set: resourceKey !== undefined,
            ...(secret && { secret_sealed: secret }),
            ...(resourceKey && { terminal_resource_key_sealed: resourceKey }),
          },
        },
      ];
    }
  }
};
