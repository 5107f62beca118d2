import { Page, Permission, canAccess, type PermissionMap } from '@rawnaq/contracts';

/** What a screen or button needs: a page of the permission map and, optionally, one permission on it. */
export type Requirement = { page: number; permission?: number };

/** Open to any signed-in user (reference lists that only feed labels and selects). */
const SIGNED_IN = 'signed-in' as const;

/**
 * react-admin asks `canAccess({ resource, action })` for every page, menu entry and button; this is
 * the table that answers it from the permission map (spec doc2 §6). Resource names are the screens'
 * paths. Anything not listed is refused, so a new screen is hidden until it is given a rule.
 */
export const RESOURCE_ACCESS: Record<string, Record<string, Requirement | typeof SIGNED_IN>> = {
  customers: {
    list: { page: Page.customers, permission: Permission.viewCustomers },
    show: { page: Page.customers, permission: Permission.viewCustomers },
    create: { page: Page.customers, permission: Permission.addCustomer },
    edit: { page: Page.customers, permission: Permission.editCustomer },
    status: { page: Page.customers, permission: Permission.changeCustomerStatus },
    export: { page: Page.customers, permission: Permission.exportCustomers },
    history: { page: Page.customers, permission: Permission.viewCustomerHistory },
    'as-of': { page: Page.advancedAccounting, permission: Permission.viewRecordsAsOf },
  },
  'advanced-accounting/audit-log': {
    list: { page: Page.advancedAccounting, permission: Permission.viewAuditLog },
    export: { page: Page.advancedAccounting, permission: Permission.viewAuditLog },
  },
  // The salon's menu (page 8): seeing it needs 50; adding, renaming, switching on and off, ordering 51.
  'menu/services': {
    list: { page: Page.menu, permission: Permission.viewMenu },
    show: { page: Page.menu, permission: Permission.viewMenu },
    create: { page: Page.menu, permission: Permission.manageMenu },
    edit: { page: Page.menu, permission: Permission.manageMenu },
    activate: { page: Page.menu, permission: Permission.manageMenu },
    reorder: { page: Page.menu, permission: Permission.manageMenu },
  },
  'menu/groups': {
    list: { page: Page.menu, permission: Permission.viewMenu },
    show: { page: Page.menu, permission: Permission.viewMenu },
    create: { page: Page.menu, permission: Permission.manageMenu },
    edit: { page: Page.menu, permission: Permission.manageMenu },
    activate: { page: Page.menu, permission: Permission.manageMenu },
  },
  'menu/categories': {
    list: { page: Page.menu, permission: Permission.viewMenu },
    show: { page: Page.menu, permission: Permission.viewMenu },
    create: { page: Page.menu, permission: Permission.manageMenu },
    edit: { page: Page.menu, permission: Permission.manageMenu },
    activate: { page: Page.menu, permission: Permission.manageMenu },
  },
  // The settings screens (`setting/...`, page 12): read with 70, saved with 71.
  settings: {
    show: { page: Page.settings, permission: Permission.viewSettings },
    edit: { page: Page.settings, permission: Permission.manageSettings },
  },
  // The setup wizard saves settings at every step: it needs the right to change them.
  wizard: {
    show: { page: Page.settings, permission: Permission.manageSettings },
  },
  // Staff (page 7): 40 to see, 41 to add and change employees, 42 for logins, roles and permissions.
  'employees/employees': {
    list: { page: Page.employees, permission: Permission.viewEmployees },
    show: { page: Page.employees, permission: Permission.viewEmployees },
    create: { page: Page.employees, permission: Permission.manageEmployees },
    edit: { page: Page.employees, permission: Permission.manageEmployees },
    status: { page: Page.employees, permission: Permission.manageEmployees },
    periods: { page: Page.employees, permission: Permission.manageEmployees },
    login: { page: Page.employees, permission: Permission.manageRoles },
  },
  'employees/roles': {
    list: { page: Page.employees, permission: Permission.viewEmployees },
    show: { page: Page.employees, permission: Permission.viewEmployees },
    create: { page: Page.employees, permission: Permission.manageRoles },
    edit: { page: Page.employees, permission: Permission.manageRoles },
    delete: { page: Page.employees, permission: Permission.manageRoles },
  },
  // Everyone who signs in checks in and out for themselves (the server finds their employee record).
  'employees/attendence-system': { show: SIGNED_IN },
  'reports/detailed-attendence-report': {
    list: { page: Page.employees, permission: Permission.viewEmployees },
  },
  'reports/commulative-attendence-report': {
    list: { page: Page.employees, permission: Permission.viewEmployees },
  },
  nationalities: { list: SIGNED_IN },
  users: { list: SIGNED_IN },
};

export const decideAccess = (
  permissions: PermissionMap | undefined,
  resource: string,
  action: string,
): boolean => {
  const rule = RESOURCE_ACCESS[resource]?.[action];
  if (rule === undefined) return false;
  if (rule === SIGNED_IN) return permissions !== undefined;
  return canAccess(permissions, rule.page, rule.permission);
};
