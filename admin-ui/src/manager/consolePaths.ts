/** The manager's cross-salon lists (issue 27): employees, customers and signed-in sessions. */
export const ADDED_EMPLOYEES = 'employees-merchants/added-employees';
export const ACTIVE_EMPLOYEES = 'employees-merchants/active-global-employees';
export const INACTIVE_EMPLOYEES = 'employees-merchants/inactive-global-employees';
export const CURRENT_CONNECTIONS = 'employees-merchants/current-connections';
export const ADDED_CUSTOMERS = 'customers-merchants/added-customers';
export const SYSTEM_CONNECTIONS = 'trackers/system-connections';
export const SUGGESTIONS = 'technical/development-suggestions';
export const ARCHIVE_DATABASE = 'database-management/archive-database';
/** `check-entries/<list>`: what salons added, for the platform's team to check (one resource per list). */
export const CHECK_ENTRIES = 'check-entries';
export const CHECK_LIST_NAMES = [
  'added-products',
  'edited-products',
  'added-images',
  'added-groups',
  'added-services',
  'added-descriptions',
] as const;

export const CONSOLE_API_PATHS: Record<string, string> = {
  [ADDED_EMPLOYEES]: ADDED_EMPLOYEES,
  [ACTIVE_EMPLOYEES]: ACTIVE_EMPLOYEES,
  [INACTIVE_EMPLOYEES]: INACTIVE_EMPLOYEES,
  [CURRENT_CONNECTIONS]: CURRENT_CONNECTIONS,
  [ADDED_CUSTOMERS]: ADDED_CUSTOMERS,
  [SYSTEM_CONNECTIONS]: 'system-connections',
  [SUGGESTIONS]: 'development-suggestions',
  [ARCHIVE_DATABASE]: 'archive-database',
  ...Object.fromEntries(CHECK_LIST_NAMES.map((l) => [`${CHECK_ENTRIES}/${l}`, `${CHECK_ENTRIES}/${l}`])),
};
