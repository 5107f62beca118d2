import {
  notFound,
  type AccountOpened,
  type VatSettingsChanged,
  type VatSettingsInput,
} from '@rawnaq/contracts';

export type Vat = { vat_enabled: boolean; vat_name_en: string; vat_name_ar: string; vat_percentage: number };

/** The account's settings as commands see them (only VAT so far; the other settings join it). */
export type AccountSettings = { exists: false } | { exists: true; vat: Vat };
export const initialAccountSettings: AccountSettings = { exists: false };

type AccountEvent = AccountOpened | VatSettingsChanged;

export const evolveAccountSettings = (state: AccountSettings, event: AccountEvent): AccountSettings => {
  switch (event.type) {
    case 'AccountOpened':
      return {
        exists: true,
        vat: {
          vat_enabled: event.data.vat_percentage > 0,
          vat_name_en: 'VAT',
          vat_name_ar: 'ضريبة القيمة المضافة',
          vat_percentage: event.data.vat_percentage,
        },
      };
    case 'VatSettingsChanged':
      return state.exists
        ? { ...state, vat: { ...state.vat, ...(event.data.changed as Partial<Vat>) } }
        : state;
  }
};

export type SettingsCommand = { type: 'ChangeVat'; vat: VatSettingsInput };

/**
 * A VAT change is one event: every service's and product's price with VAT follows it (they keep their
 * price before VAT), so changing it back restores every price exactly.
 */
export const decideAccountSettings = (command: SettingsCommand, state: AccountSettings): AccountEvent[] => {
  if (!state.exists) throw notFound('not_found.account');
  const next: Vat = { ...command.vat, vat_percentage: Number(command.vat.vat_percentage) };
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const k of Object.keys(next) as Array<keyof Vat>)
    if (next[k] !== state.vat[k]) {
      changed[k] = next[k];
      previous[k] = state.vat[k];
    }
  return Object.keys(changed).length ? [{ type: 'VatSettingsChanged', data: { changed, previous } }] : [];
};
