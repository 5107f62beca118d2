import {
  ALL_PERMISSIONS,
  MAX_PREFERRED_ARTISTS,
  Page,
  Permission,
  PERMISSION_PAGE,
  USER_RIGHTS,
  type BusinessDay,
  type UserRight,
} from '@rawnaq/contracts';

/** The staff screens (spec doc1 §2) and the API path each one reads (docs/api.md). */
export const STAFF_RESOURCES = {
  employees: 'employees/employees',
  roles: 'employees/roles',
  periods: 'employee-periods',
  attendance: 'employees/attendence-system',
  detailedReport: 'reports/detailed-attendence-report',
  cumulativeReport: 'reports/commulative-attendence-report',
  employeeReport: 'reports/employee-attendence-report',
  information: 'employees/employees-information',
} as const;

export const STAFF_API_PATHS: Record<string, string> = {
  [STAFF_RESOURCES.employees]: 'employees',
  [STAFF_RESOURCES.roles]: 'roles',
  [STAFF_RESOURCES.detailedReport]: 'reports/detailed-attendance',
};

export const EMPLOYEE_STATUS = { active: 1, disabled: 0 } as const;

export { MAX_PREFERRED_ARTISTS, USER_RIGHTS, type UserRight };

/** An employee as `GET employees` answers it: the salary as exact decimal text. */
export type Employee = {
  id: string;
  name_en: string;
  name_ar: string;
  picture_file_id?: string | null;
  job_title?: string | null;
  experience_years?: number | null;
  mobile?: string | null;
  passport_expiry?: string | null;
  residency_expiry?: string | null;
  joining_date?: string | null;
  leaving_date?: string | null;
  show_in_appointments: boolean;
  show_in_billing: boolean;
  salary?: string | null;
  commission_percentage?: number | null;
  working_hours: BusinessDay[];
  holidays: number[];
  rights: UserRight[];
  check_in_latitude?: number | null;
  check_in_longitude?: number | null;
  preferred_artist_ids?: string[];
  status: 0 | 1;
  user_id: string | null;
  login_access: boolean;
  username: string | null;
  role_id: string | null;
  role: string | null;
  is_owner: boolean;
};

export type Role = {
  id: string;
  name: string;
  is_admin: boolean;
  permissions: number[];
  holders: number;
};

export type EmployeePeriod = {
  id: string;
  employee_id: string;
  kind: 'custom_hours' | 'block';
  reason?: string;
  from_date: string;
  to_date: string;
  from?: string;
  to?: string;
};

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** What the employee form sends (docs/api.md `POST employees`); everything else on the record is the server's. */
export const EMPLOYEE_FORM_FIELDS = [
  'name_en',
  'name_ar',
  'picture_file_id',
  'job_title',
  'experience_years',
  'mobile',
  'passport_expiry',
  'residency_expiry',
  'joining_date',
  'leaving_date',
  'show_in_appointments',
  'show_in_billing',
  'salary',
  'commission_percentage',
  'working_hours',
  'holidays',
  'rights',
  'check_in_latitude',
  'check_in_longitude',
  'preferred_artist_ids',
] as const;

const empty = (value: unknown) => value === undefined || value === '' || value === null;

/** A coordinate typed as text or number; anything else stays as typed so the schema names the field. */
const coordinate = (value: unknown): unknown => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return value;
};

/** A day of the week editor: a closed day is only `{ is_open: false }` (the hours are not kept). */
export const dayPayload = (day: Partial<BusinessDay> | undefined): Record<string, unknown> =>
  day?.is_open
    ? {
        is_open: true,
        ...(empty(day.from) ? {} : { from: day.from }),
        ...(empty(day.to) ? {} : { to: day.to }),
      }
    : { is_open: false };

/** The body of POST/PUT employees: the whole form, empty fields as null (an edit clears them). */
export const employeePayload = (values: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const field of EMPLOYEE_FORM_FIELDS) out[field] = empty(values[field]) ? null : values[field];
  out.check_in_latitude = empty(values.check_in_latitude) ? null : coordinate(values.check_in_latitude);
  out.check_in_longitude = empty(values.check_in_longitude) ? null : coordinate(values.check_in_longitude);
  const week = values.working_hours;
  out.working_hours = Array.isArray(week)
    ? WEEKDAYS.map((d) => dayPayload(week[d] as Partial<BusinessDay>))
    : null;
  out.holidays = Array.isArray(values.holidays) ? values.holidays : [];
  out.rights = Array.isArray(values.rights) ? values.rights : [];
  out.preferred_artist_ids = Array.isArray(values.preferred_artist_ids) ? values.preferred_artist_ids : [];
  // the services she does: left out (unchanged) when the form did not limit them
  out.service_ids = Array.isArray(values.service_ids) ? values.service_ids : null;
  return out;
};

/** The salon's default week for a new employee form: the server uses the salon's hours when none is sent. */
export const emptyWeek = (): BusinessDay[] =>
  WEEKDAYS.map(() => ({ is_open: true, from: '10:00', to: '22:00' }) as BusinessDay);

/** The name in the page's language. */
export const nameOf = (e: { name_en?: string | null; name_ar?: string | null }, language: 'en' | 'ar') =>
  (language === 'ar' ? e.name_ar || e.name_en : e.name_en || e.name_ar) ?? '';

// ---- Roles: the permission matrix ----------------------------------------------------------------

const permissionName = Object.fromEntries(Object.entries(Permission).map(([k, v]) => [v, k])) as Record<
  number,
  string
>;
/** Seeing a page is the permission named view…; a page without one (marketing) has no "view" level. */
const isViewPermission = (p: number) => permissionName[p]?.startsWith('view') ?? false;
/** The "profile and activities" level is the permission named own…: one's own record only. */
const isProfilePermission = (p: number) => permissionName[p]?.startsWith('own') ?? false;

/**
 * The pages of the catalogue in the order of the side menu, each with its permissions, the one
 * that opens the page (its first `view…` permission) first.
 */
export const PERMISSION_PAGES: {
  page: number;
  key: string;
  hasView: boolean;
  /** the page's "profile and activities" permission (one's own record only), if it has one */
  profile?: Permission;
  permissions: Permission[];
}[] = (Object.entries(Page) as [string, number][]).map(([key, page]) => {
  const all = ALL_PERMISSIONS.filter((p) => PERMISSION_PAGE[p] === page);
  const view = all.find(isViewPermission);
  const profile = all.find(isProfilePermission);
  return {
    page,
    key,
    hasView: view !== undefined,
    ...(profile !== undefined && { profile }),
    permissions: view === undefined ? all : [view, ...all.filter((p) => p !== view)],
  };
});

/**
 * The access level of one page in the role editor (spec doc2 §6): no access, view only (the page's
 * first permission, which is seeing it), full access (all of them), or some of them chosen one by one.
 */
export type AccessLevel = 'none' | 'profile' | 'view' | 'full' | 'custom';

export const levelOf = (
  granted: readonly number[],
  pagePermissions: readonly number[],
  hasView = true,
  profile?: number,
): AccessLevel => {
  const held = pagePermissions.filter((p) => granted.includes(p));
  if (held.length === 0) return 'none';
  if (profile !== undefined && held.length === 1 && held[0] === profile) return 'profile';
  if (held.length === pagePermissions.length) return 'full';
  if (hasView && held.length === 1 && held[0] === pagePermissions[0]) return 'view';
  return 'custom';
};

/** The role's permissions with one page set to a level (custom leaves the page as it is). */
export const withLevel = (
  granted: readonly number[],
  pagePermissions: readonly number[],
  level: AccessLevel,
  profile?: number,
): number[] => {
  const others = granted.filter((p) => !pagePermissions.includes(p));
  const page =
    level === 'none'
      ? []
      : level === 'profile' && profile !== undefined
        ? [profile]
        : level === 'view'
          ? pagePermissions.slice(0, 1)
          : level === 'full'
            ? [...pagePermissions]
            : pagePermissions.filter((p) => granted.includes(p));
  return [...others, ...page].sort((a, b) => a - b);
};

/** One permission switched on or off; switching one on also opens the page's view permission. */
export const withPermission = (
  granted: readonly number[],
  pagePermissions: readonly number[],
  permission: number,
  on: boolean,
  hasView = true,
): number[] => {
  const set = new Set(granted);
  if (on) {
    set.add(permission);
    if (hasView) set.add(pagePermissions[0]);
  } else {
    set.delete(permission);
    // without seeing the page, the other rights of it mean nothing
    if (hasView && permission === pagePermissions[0]) for (const p of pagePermissions) set.delete(p);
  }
  return [...set].sort((a, b) => a - b);
};

export const rolePayload = (values: Record<string, unknown>) => ({
  name: typeof values.name === 'string' ? values.name : null,
  is_admin: values.is_admin === true,
  permissions: Array.isArray(values.permissions) ? values.permissions : [],
});

// ---- Attendance ----------------------------------------------------------------------------------

/** Minutes worked as hours:minutes (90 → "1:30"). */
export const hoursMinutes = (minutes: unknown): string => {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return '';
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
};
