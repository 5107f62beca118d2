import {
  conflict,
  notFound,
  type PlatformList,
  type PlatformListEvent,
  type PlatformRecord,
  type PlatformRecordChanged,
} from '@rawnaq/contracts';

/** One entry of a platform list (a city, a payment method, a suggested service...). */
export type ListEntryState =
  { exists: false } | { exists: true; disabled: boolean; fields: Record<string, unknown> };
export const initialListEntry: ListEntryState = { exists: false };

export const evolveListEntry = (s: ListEntryState, e: PlatformListEvent): ListEntryState => {
  if (e.type === 'PlatformListEntryAdded') return { exists: true, disabled: false, fields: e.data.fields };
  if (!s.exists) return s;
  if (e.type === 'PlatformListEntryDisabled') return { ...s, disabled: true };
  if (e.type === 'PlatformListEntryEnabled') return { ...s, disabled: false };
  return { ...s, fields: { ...s.fields, ...e.data.changed } };
};

export type ListEntryCommand =
  | { type: 'Add'; list: PlatformList; id: string; fields: Record<string, unknown> }
  | { type: 'Change'; list: PlatformList; id: string; fields: Record<string, unknown> }
  | { type: 'Disable'; list: PlatformList; id: string }
  | { type: 'Enable'; list: PlatformList; id: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Added once; changed in what differs (nothing: nothing written); disabled and enabled, each only when
 * it changes something. The countries are the coded Gulf list: their first change records them, and
 * they are neither added nor disabled.
 */
export const decideListEntry = (c: ListEntryCommand, s: ListEntryState): PlatformListEvent[] => {
  const countries = c.list === 'countries';
  if (c.type === 'Add') {
    if (countries) throw conflict('platform_lists.countries_fixed');
    return s.exists
      ? []
      : [{ type: 'PlatformListEntryAdded', data: { list: c.list, entry_id: c.id, fields: c.fields } }];
  }
  if (c.type === 'Change' && countries && !s.exists)
    return [{ type: 'PlatformListEntryAdded', data: { list: c.list, entry_id: c.id, fields: c.fields } }];
  if (!s.exists) throw notFound('not_found.record');
  if (c.type === 'Disable' || c.type === 'Enable') {
    if (countries) throw conflict('platform_lists.countries_fixed');
    const disable = c.type === 'Disable';
    if (s.disabled === disable) return [];
    return [
      {
        type: disable ? 'PlatformListEntryDisabled' : 'PlatformListEntryEnabled',
        data: { list: c.list, entry_id: c.id },
      },
    ];
  }
  if (s.disabled) throw conflict('platform_lists.entry_disabled');
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c.fields))
    if (!same(s.fields[k], v)) {
      changed[k] = v;
      previous[k] = s.fields[k] ?? null;
    }
  return Object.keys(changed).length
    ? [{ type: 'PlatformListEntryChanged', data: { list: c.list, entry_id: c.id, changed, previous } }]
    : [];
};

/** The platform's one-record settings (e-mail, allowed countries, marketing). */
export type RecordState = Record<string, unknown>;
export const evolveRecord = (s: RecordState, e: PlatformRecordChanged): RecordState => ({
  ...s,
  ...e.data.changed,
});

/** Secrets kept sealed: the audit log says only whether one was set before. */
const SECRETS = new Set(['smtp_password_sealed']);

/** Records what changes, with what it was; a secret's old value never leaves the stream. */
export const decideRecord = (
  record: PlatformRecord,
  wanted: Record<string, unknown>,
  s: RecordState,
): PlatformRecordChanged[] => {
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(wanted)) {
    if (v === undefined || same(s[k], v)) continue;
    changed[k] = v;
    if (SECRETS.has(k)) previous[`${k.replace(/_sealed$/, '')}_set`] = s[k] !== undefined;
    else previous[k] = s[k] ?? null;
  }
  return Object.keys(changed).length
    ? [{ type: 'PlatformRecordChanged', data: { record, changed, previous } }]
    : [];
};
