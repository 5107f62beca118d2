import { permissionMap, Permission, ALL_PERMISSIONS, STANDARD_ROLES } from '@rawnaq/contracts';
import { decideAccess, RESOURCE_ACCESS } from './access';

describe('permission → screen access', () => {
  const owner = permissionMap(ALL_PERMISSIONS);
  const receptionist = permissionMap([
    Permission.viewCustomers,
    Permission.addCustomer,
    Permission.editCustomer,
  ]);

  it('opens the customer screens by their permission on page 4', () => {
    expect(decideAccess(receptionist, 'customers', 'list')).toBe(true);
    expect(decideAccess(receptionist, 'customers', 'show')).toBe(true);
    expect(decideAccess(receptionist, 'customers', 'create')).toBe(true);
    expect(decideAccess(receptionist, 'customers', 'edit')).toBe(true);
    expect(decideAccess(receptionist, 'customers', 'status')).toBe(false);
    expect(decideAccess(receptionist, 'customers', 'export')).toBe(false);
    expect(decideAccess(receptionist, 'customers', 'history')).toBe(false);
  });

  it('needs page 11 permission 60 for the audit log, and 61 for records as of an instant', () => {
    expect(decideAccess(receptionist, 'advanced-accounting/audit-log', 'list')).toBe(false);
    expect(decideAccess(owner, 'advanced-accounting/audit-log', 'list')).toBe(true);
    expect(decideAccess({ '11': [61] }, 'advanced-accounting/audit-log', 'list')).toBe(false);
    expect(decideAccess({ '11': [61] }, 'customers', 'as-of')).toBe(true);
  });

  it('opens the menu with page 8: 50 to see it, 51 to change it; the receptionist has neither', () => {
    const viewer = permissionMap([Permission.viewMenu]);
    for (const resource of ['menu/services', 'menu/groups', 'menu/categories']) {
      expect(decideAccess(receptionist, resource, 'list')).toBe(false);
      expect(decideAccess(viewer, resource, 'list')).toBe(true);
      expect(decideAccess(viewer, resource, 'show')).toBe(true);
      for (const action of ['create', 'edit', 'activate']) {
        expect(decideAccess(viewer, resource, action)).toBe(false);
        expect(decideAccess(owner, resource, action)).toBe(true);
      }
    }
    expect(decideAccess(viewer, 'menu/services', 'reorder')).toBe(false);
    expect(decideAccess({ '8': [51] }, 'menu/services', 'reorder')).toBe(true);
    expect(decideAccess({ '8': [51] }, 'menu/services', 'list')).toBe(false);
  });

  it('opens offers and packages with page 8 (50 to see, 51 to change), their history with 50', () => {
    const viewer = permissionMap([Permission.viewMenu]);
    for (const resource of ['menu/offers', 'menu/packages']) {
      expect(decideAccess(receptionist, resource, 'list')).toBe(false);
      expect(decideAccess(viewer, resource, 'list')).toBe(true);
      for (const action of ['create', 'edit', 'status']) {
        expect(decideAccess(viewer, resource, action)).toBe(false);
        expect(decideAccess(owner, resource, action)).toBe(true);
      }
      expect(decideAccess(receptionist, resource, 'history')).toBe(false);
      expect(decideAccess(viewer, resource, 'history')).toBe(true);
    }
  });

  it('opens each Excel import with the right to add that record by hand: 21, 51, 31', () => {
    expect(decideAccess(receptionist, 'imports', 'customers')).toBe(true);
    expect(decideAccess(receptionist, 'imports', 'services')).toBe(false);
    expect(decideAccess(receptionist, 'imports', 'products')).toBe(false);
    expect(decideAccess(permissionMap([Permission.viewCustomers]), 'imports', 'customers')).toBe(false);
    expect(decideAccess(permissionMap([Permission.manageMenu]), 'imports', 'services')).toBe(true);
    expect(decideAccess(permissionMap([Permission.manageProducts]), 'imports', 'products')).toBe(true);
    expect(decideAccess(owner, 'imports', 'invoices')).toBe(false);
  });

  it('opens the settings with page 12: 70 to read them, 71 to save them', () => {
    expect(decideAccess(receptionist, 'settings', 'show')).toBe(false);
    expect(decideAccess(permissionMap([Permission.viewSettings]), 'settings', 'show')).toBe(true);
    expect(decideAccess(permissionMap([Permission.viewSettings]), 'settings', 'edit')).toBe(false);
    expect(decideAccess(owner, 'settings', 'edit')).toBe(true);
  });

  it('opens the staff screens with page 7: 40 to see, 41 for employees, 42 for logins and roles', () => {
    const viewer = permissionMap([Permission.viewEmployees]);
    const manager = permissionMap([Permission.viewEmployees, Permission.manageEmployees]);
    for (const resource of [
      'employees/employees',
      'employees/roles',
      'reports/detailed-attendence-report',
      'reports/commulative-attendence-report',
      'reports/employee-attendence-report',
    ]) {
      expect(decideAccess(receptionist, resource, 'list')).toBe(false);
      expect(decideAccess(viewer, resource, 'list')).toBe(true);
    }
    expect(decideAccess(viewer, 'employees/employees', 'edit')).toBe(false);
    expect(decideAccess(manager, 'employees/employees', 'edit')).toBe(true);
    expect(decideAccess(manager, 'employees/employees', 'login')).toBe(false);
    expect(decideAccess(manager, 'employees/roles', 'edit')).toBe(false);
    expect(decideAccess(permissionMap([Permission.manageRoles]), 'employees/roles', 'delete')).toBe(true);
    // checking in is everyone's own business; the wizard needs the right to change settings
    expect(decideAccess(receptionist, 'employees/attendence-system', 'show')).toBe(true);
    expect(decideAccess(permissionMap([Permission.viewSettings]), 'wizard', 'show')).toBe(false);
    expect(decideAccess(permissionMap([Permission.manageSettings]), 'wizard', 'show')).toBe(true);
  });

  it('opens products with page 5: 30 to see, 31 to change, 32 for stock, 33 for reports, 5 for the bell', () => {
    const viewer = permissionMap([Permission.viewProducts]);
    const stock = permissionMap([Permission.viewProducts, Permission.stockOperations]);
    const reports = permissionMap([Permission.inventoryReports]);
    expect(decideAccess(receptionist, 'products/define-product', 'list')).toBe(false);
    expect(decideAccess(viewer, 'products/define-product', 'list')).toBe(true);
    expect(decideAccess(viewer, 'products/stock-operations', 'list')).toBe(true);
    for (const [resource, action] of [
      ['products/define-product', 'create'],
      ['products/define-product', 'edit'],
      ['products/active-products', 'show'],
      ['products/add-quantity', 'show'],
      ['reports/inventory-status', 'show'],
      ['stock-notifications', 'list'],
    ])
      expect([resource, action, decideAccess(viewer, resource, action)]).toEqual([resource, action, false]);
    for (const screen of ['add-quantity', 'adjust-quantity', 'internal-use'])
      expect(decideAccess(stock, `products/${screen}`, 'show')).toBe(true);
    expect(decideAccess(stock, 'products/define-product', 'edit')).toBe(false);
    for (const report of ['reports/inventory-status', 'reports/internal-use-report'])
      expect(decideAccess(reports, report, 'show')).toBe(true);
    expect(decideAccess(reports, 'reports/inventory-movements', 'list')).toBe(true);
    expect(decideAccess(reports, 'products/define-product', 'list')).toBe(false);
    expect(decideAccess({ '5': [5] }, 'stock-notifications', 'list')).toBe(true);
    expect(decideAccess(receptionist, 'stock-notifications', 'list')).toBe(false);
  });

  it('opens her own attendance with the "profile and activities" level (43), not the staff screens', () => {
    const self = permissionMap([Permission.ownProfileAndActivities]);
    expect(decideAccess(self, 'employees/my-attendance', 'show')).toBe(true);
    expect(decideAccess(self, 'reports/employee-attendence-report', 'list')).toBe(true);
    expect(decideAccess(self, 'employees/employees', 'list')).toBe(false);
    expect(decideAccess(self, 'reports/detailed-attendence-report', 'list')).toBe(false);
    expect(
      decideAccess(permissionMap([Permission.viewEmployees]), 'reports/employee-attendence-report', 'list'),
    ).toBe(true);
    expect(decideAccess(receptionist, 'reports/employee-attendence-report', 'list')).toBe(false);
  });

  it('needs the permission, not only the page', () => {
    expect(decideAccess({ '4': [] }, 'customers', 'list')).toBe(false);
    expect(decideAccess({ '4': [21] }, 'customers', 'create')).toBe(true);
    expect(decideAccess({ '4': [21] }, 'customers', 'list')).toBe(false);
  });

  it('refuses what has no rule (delete, unknown screens) and everything without a permission map', () => {
    expect(decideAccess(owner, 'customers', 'delete')).toBe(false);
    expect(decideAccess(owner, 'invoices', 'list')).toBe(false);
    expect(decideAccess(undefined, 'customers', 'list')).toBe(false);
    expect(decideAccess(undefined, 'nationalities', 'list')).toBe(false);
    expect(decideAccess({}, 'nationalities', 'list')).toBe(true);
  });

  it('gives the owner every screen it has a rule for', () => {
    for (const [resource, actions] of Object.entries(RESOURCE_ACCESS))
      for (const action of Object.keys(actions))
        expect([resource, action, decideAccess(owner, resource, action)]).toEqual([resource, action, true]);
  });
});

describe("the standard roles open their job's screens, and not the others", () => {
  const screens = (role: keyof typeof STANDARD_ROLES) => {
    const map = permissionMap([...STANDARD_ROLES[role].permissions]);
    return (resource: string, action = 'list') => decideAccess(map, resource, action);
  };

  it('the front desk: the book (everyone’s, booked), the till, invoices to reprint, customers', () => {
    const may = screens('receptionist');
    for (const [resource, action] of [
      ['appointments', 'list'],
      ['appointments', 'create'],
      ['billing', 'show'],
      ['accounting/total-sales', 'show'],
      ['customers', 'create'],
      ['employees/attendence-system', 'show'],
      ['employees/my-attendance', 'show'],
    ])
      expect([resource, action, may(resource, action)]).toEqual([resource, action, true]);
    for (const resource of ['employees/employees', 'reports/vat-report', 'advanced-accounting/audit-log'])
      expect([resource, may(resource)]).toEqual([resource, false]);
    expect(may('settings', 'show')).toBe(false);
  });

  it('the cashier reads the book but books nothing; the stylist neither sells nor reads invoices', () => {
    const cashier = screens('cashier');
    expect([cashier('billing', 'show'), cashier('appointments'), cashier('appointments', 'create')]).toEqual([
      true,
      true,
      false,
    ]);
    const stylist = screens('stylist');
    expect([stylist('appointments'), stylist('billing', 'show'), stylist('accounting/total-sales')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('the accountant reads invoices, what is owed, payments and reports, and sells nothing', () => {
    const may = screens('accountant');
    for (const resource of [
      'accounting/total-sales',
      'accounting/receivable',
      'accounting/payments',
      'reports/vat-report',
      'reports/inventory-movements',
      'dashboard',
    ])
      expect([resource, may(resource)]).toEqual([resource, true]);
    for (const resource of ['customers', 'appointments', 'pos/current-cashier-employee'])
      expect([resource, may(resource)]).toEqual([resource, false]);
    expect(may('billing', 'show')).toBe(false);
  });

  it('the manager runs the staff and the settings, but roles and logins stay the owner’s', () => {
    const may = screens('manager');
    expect([may('employees/employees', 'edit'), may('settings', 'edit'), may('employees/roles')]).toEqual([
      true,
      true,
      true,
    ]);
    expect([
      may('employees/roles', 'create'),
      may('employees/roles', 'edit'),
      may('employees/employees', 'login'),
    ]).toEqual([false, false, false]);
  });
});
