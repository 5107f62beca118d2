import { conflict, notFound, type ManagerCreated, type PlatformStaffEvent } from '@rawnaq/contracts';

/** A platform staff member as her role decides: her name, her areas (undefined: all), enabled or not. */
export type StaffState =
  { exists: false } | { exists: true; name: string; areas: string[] | undefined; active: boolean };
export const initialStaff: StaffState = { exists: false };

type StaffStreamEvent = ManagerCreated | PlatformStaffEvent | { type: string; data: unknown };

/** The manager's stream also holds her sign-ins and password changes: only these matter here. */
export const evolveStaff = (s: StaffState, e: StaffStreamEvent): StaffState => {
  const event = e as ManagerCreated | PlatformStaffEvent;
  if (event.type === 'ManagerCreated')
    return { exists: true, name: event.data.name, areas: event.data.areas, active: true };
  if (!s.exists) return s;
  switch (event.type) {
    case 'PlatformStaffChanged':
      return {
        ...s,
        ...(event.data.changed.name !== undefined && { name: event.data.changed.name }),
        ...(event.data.changed.areas !== undefined && { areas: event.data.changed.areas }),
      };
    case 'PlatformStaffDisabled':
      return { ...s, active: false };
    case 'PlatformStaffEnabled':
      return { ...s, active: true };
    default:
      return s;
  }
};

export type StaffCommand =
  | { type: 'Change'; name: string; areas: string[]; byHerself: boolean }
  | { type: 'Disable'; byHerself: boolean }
  | { type: 'Enable'; byHerself: boolean };

const sameAreas = (a: string[] | undefined, b: string[]) =>
  a !== undefined && a.length === b.length && a.every((x) => b.includes(x));

/**
 * Her name and areas changed in what differs, disabled and enabled once each. No one disables herself
 * or takes the settings area (where staff are managed) from herself: the console would lose its keys.
 */
export const decideStaff = (c: StaffCommand, s: StaffState, managerId: string): PlatformStaffEvent[] => {
  if (!s.exists) throw notFound('not_found.record');
  if (c.type === 'Disable' || c.type === 'Enable') {
    if (c.type === 'Disable' && c.byHerself) throw conflict('platform_staff.not_yourself');
    const active = c.type === 'Enable';
    if (s.active === active) return [];
    return [
      { type: active ? 'PlatformStaffEnabled' : 'PlatformStaffDisabled', data: { manager_id: managerId } },
    ];
  }
  if (c.byHerself && !c.areas.includes('settings')) throw conflict('platform_staff.not_yourself', 'areas');
  const changed: { name?: string; areas?: string[] } = {};
  const previous: { name?: string; areas?: string[] | null } = {};
  if (c.name !== s.name) {
    changed.name = c.name;
    previous.name = s.name;
  }
  const areas = [...new Set(c.areas)].sort();
  if (!sameAreas(s.areas, areas)) {
    changed.areas = areas;
    previous.areas = s.areas ?? null;
  }
  return Object.keys(changed).length
    ? [{ type: 'PlatformStaffChanged', data: { manager_id: managerId, changed, previous } }]
    : [];
};
