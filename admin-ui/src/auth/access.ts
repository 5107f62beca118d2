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
export const RESOURCE_ACCESS: Record<
  string,
  Record<string, Requirement | readonly Requirement[] | typeof SIGNED_IN>
> = {
  // The appointment book (page 2): seen with 10, booked and worked on with 11.
  appointments: {
    list: { page: Page.appointments, permission: Permission.viewAppointments },
    show: { page: Page.appointments, permission: Permission.viewAppointments },
    create: { page: Page.appointments, permission: Permission.manageAppointments },
    edit: { page: Page.appointments, permission: Permission.manageAppointments },
  },
  // the salon's e-invoicing devices (ZATCA): seen and connected with the settings' rights
  'setting/einvoicing-setting': {
    list: { page: Page.settings, permission: Permission.manageSettings },
    create: { page: Page.settings, permission: Permission.manageSettings },
  },
  'cancellation-reasons': {
    list: [
      { page: Page.appointments, permission: Permission.viewAppointments },
      { page: Page.settings, permission: Permission.viewSettings },
    ],
    edit: { page: Page.settings, permission: Permission.manageSettings },
  },
  // the day's work lists: seen with 10, worked on (remind, rebook) with 11
  'pos/appointments-reminder': { list: { page: Page.appointments, permission: Permission.viewAppointments } },
  'pos/no-show-reschedule': { list: { page: Page.appointments, permission: Permission.viewAppointments } },
  // the three appointment reports (12)
  'reports/appointments-report': {
    list: { page: Page.appointments, permission: Permission.appointmentReports },
    export: { page: Page.appointments, permission: Permission.appointmentReports },
  },
  'reports/checkin-checkout-report': {
    list: { page: Page.appointments, permission: Permission.appointmentReports },
    export: { page: Page.appointments, permission: Permission.appointmentReports },
  },
  'reports/appointments-cancellation-reasons': {
    list: { page: Page.appointments, permission: Permission.appointmentReports },
  },
  // The till (page 3): issuing invoices and taking payments needs 13.
  billing: { show: { page: Page.pos, permission: Permission.sell } },
  // The till (page 3): invoices and payments seen with 14, the money reports with 15.
  'accounting/total-sales': {
    list: { page: Page.pos, permission: Permission.viewInvoices },
    show: { page: Page.pos, permission: Permission.viewInvoices },
    export: { page: Page.pos, permission: Permission.viewInvoices },
  },
  // credit notes: issued by who sells (13), listed and read by who sees invoices (14)
  'accounting/total-sales/credit-note': { show: { page: Page.pos, permission: Permission.sell } },
  'accounting/credit-note': {
    list: { page: Page.pos, permission: Permission.viewInvoices },
    show: { page: Page.pos, permission: Permission.viewInvoices },
    export: { page: Page.pos, permission: Permission.viewInvoices },
  },
  // debit notes: the same as credit notes
  'accounting/total-sales/debit-note': { show: { page: Page.pos, permission: Permission.sell } },
  'accounting/debit-note': {
    list: { page: Page.pos, permission: Permission.viewInvoices },
    show: { page: Page.pos, permission: Permission.viewInvoices },
    export: { page: Page.pos, permission: Permission.viewInvoices },
  },
  // the credit and debit notes together: read by who sees invoices
  'accounting/accounting-notes': { list: { page: Page.pos, permission: Permission.viewInvoices } },
  // the baskets held at the till: seen, resumed and (with the "hold invoice" right) cancelled by who sells
  'on-hold-report': { list: { page: Page.pos, permission: Permission.sell } },
  'accounting/payments': {
    list: { page: Page.pos, permission: Permission.viewInvoices },
    export: { page: Page.pos, permission: Permission.viewInvoices },
  },
  'reports/daily-general-summary': { list: { page: Page.pos, permission: Permission.salesReports } },
  'reports/monthly-general-summary': { list: { page: Page.pos, permission: Permission.salesReports } },
  // what invoices left owed: read by who reads invoices (an accountant), settled at the till (13);
  // customers with money in their wallet (13)
  'accounting/receivable': {
    list: [
      { page: Page.pos, permission: Permission.sell },
      { page: Page.pos, permission: Permission.viewInvoices },
    ],
    show: { page: Page.pos, permission: Permission.viewInvoices },
    export: [
      { page: Page.pos, permission: Permission.sell },
      { page: Page.pos, permission: Permission.viewInvoices },
    ],
  },
  // the WhatsApp simulator's phones: whoever manages the settings (the salon's channel)
  'setting/whatsapp-simulator': { list: { page: Page.settings, permission: Permission.manageSettings } },
  'pos/customer-wallet-reminder': {
    list: { page: Page.pos, permission: Permission.sell },
    export: { page: Page.pos, permission: Permission.sell },
  },
  // the gift cards' management reports (15); a card's page for those who see the reports
  'reports/customers-discount-report': { list: { page: Page.pos, permission: Permission.salesReports } },
  'reports/unused-customers-offers-report': {
    list: { page: Page.pos, permission: Permission.salesReports },
  },
  'reports/active-gifts-cards': {
    list: { page: Page.pos, permission: Permission.salesReports },
    show: { page: Page.pos, permission: Permission.salesReports },
    export: { page: Page.pos, permission: Permission.salesReports },
  },
  'reports/used-gifts-cards': {
    list: { page: Page.pos, permission: Permission.salesReports },
    show: { page: Page.pos, permission: Permission.salesReports },
    export: { page: Page.pos, permission: Permission.salesReports },
  },
  'reports/expired-gifts-cards': {
    list: { page: Page.pos, permission: Permission.salesReports },
    show: { page: Page.pos, permission: Permission.salesReports },
    export: { page: Page.pos, permission: Permission.salesReports },
  },
  // The dashboard (page 1, 1) and its payments by method over a period.
  dashboard: { list: { page: Page.dashboard, permission: Permission.viewDashboard } },
  'dashboard/payments-details': { list: { page: Page.dashboard, permission: Permission.viewDashboard } },
  // The cashier's day (page 3): whoever sells (13).
  'pos/current-cashier-employee': { list: { page: Page.pos, permission: Permission.sell } },
  'pos/daily-payments': { list: { page: Page.pos, permission: Permission.sell } },
  'pos/employees-activities': { list: { page: Page.pos, permission: Permission.sell } },
  // The accounting and management money reports (15).
  ...Object.fromEntries(
    [
      'reports/general-summary-per-cashier-employees',
      'reports/daily-payments-summary',
      'reports/monthly-payments-summary',
      'reports/vat-report',
      'reports/credit-notes',
      'reports/debit-notes',
      'reports/refunded-invoices',
      'reports/payment-gateway-payments',
      'reports/profit-and-loss',
      'reports/employees-commissions-report',
      'reports/services-report',
      'reports/most-sold-products',
    ].map((r) => [r, { list: { page: Page.pos, permission: Permission.salesReports } }]),
  ),
  // The management reports of issue 11 (15): what each employee did, the customer types over time.
  ...Object.fromEntries(
    [
      'reports/acitivities-report',
      'reports/activities-report-summary',
      'reports/historical-data-for-customers-types',
      'reports/online-daily-visit',
    ].map((r) => [r, { list: { page: Page.pos, permission: Permission.salesReports } }]),
  ),
  // the products the salon used itself: an inventory report (page 5, 33)
  'reports/most-used-products': { list: { page: Page.products, permission: Permission.inventoryReports } },
  // today's invoices to ask a rating for: whoever sells (13)
  'pos/rate-us-for-issued-invoices': { list: { page: Page.pos, permission: Permission.sell } },
  'pos/birthday-congratulations': { list: { page: Page.pos, permission: Permission.sell } },
  // what the platform told the salon: every signed-in user
  'pos/system-updates': { list: SIGNED_IN },
  // campaigns over WhatsApp (issue 26): page 6, 37
  'ads-campaigns': {
    list: { page: Page.marketing, permission: Permission.campaigns },
    show: { page: Page.marketing, permission: Permission.campaigns },
    create: { page: Page.marketing, permission: Permission.campaigns },
    edit: { page: Page.marketing, permission: Permission.campaigns },
  },
  // what customers said (issue 26): the surveys report (6, 38) and the complaints (6, 39)
  'reports/surveys-report': { list: { page: Page.marketing, permission: Permission.surveysNotifications } },
  'reports/complaints': {
    list: { page: Page.marketing, permission: Permission.complaintsNotifications },
    show: { page: Page.marketing, permission: Permission.complaintsNotifications },
    create: { page: Page.marketing, permission: Permission.complaintsNotifications },
    edit: { page: Page.marketing, permission: Permission.complaintsNotifications },
  },
  // the customers' penalties: seen with 20 (added on a customer's page with 22, the "edit" of customers)
  'accounting/customers-penalties': {
    list: { page: Page.customers, permission: Permission.viewCustomers },
    export: { page: Page.customers, permission: Permission.viewCustomers },
  },
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
  // The books (issue 25): read with "view the books" (62); a statement as known at an instant also
  // needs "view records as they were" (61), the auditor's right.
  ...Object.fromEntries(
    [
      'advanced-accounting/chart-of-accounts',
      'advanced-accounting/journal-entries',
      'advanced-accounting/general-ledger',
      'advanced-accounting/trial-balance',
      'advanced-accounting/profit-and-loss',
      'advanced-accounting/balance-sheet',
      'advanced-accounting/vat-return',
      'advanced-accounting/post-payments',
      'advanced-accounting/accounting-reports',
    ].map((r) => [
      r,
      {
        list: { page: Page.advancedAccounting, permission: Permission.viewBooks },
        show: { page: Page.advancedAccounting, permission: Permission.viewBooks },
        export: { page: Page.advancedAccounting, permission: Permission.viewBooks },
        'known-at': { page: Page.advancedAccounting, permission: Permission.viewRecordsAsOf },
      },
    ]),
  ),
  // the salon's chart: read with the books (62), kept (accounts added, changed, disabled, deleted) with 63
  'advanced-accounting/chart-of-accounts': {
    list: { page: Page.advancedAccounting, permission: Permission.viewBooks },
    show: { page: Page.advancedAccounting, permission: Permission.viewBooks },
    export: { page: Page.advancedAccounting, permission: Permission.viewBooks },
    'known-at': { page: Page.advancedAccounting, permission: Permission.viewRecordsAsOf },
    create: { page: Page.advancedAccounting, permission: Permission.postJournals },
    edit: { page: Page.advancedAccounting, permission: Permission.postJournals },
    delete: { page: Page.advancedAccounting, permission: Permission.postJournals },
  },
  // the accountant's own journals: read with the books (62), posted and reversed with 63
  'advanced-accounting/general-journals': {
    list: { page: Page.advancedAccounting, permission: Permission.viewBooks },
    show: { page: Page.advancedAccounting, permission: Permission.viewBooks },
    create: { page: Page.advancedAccounting, permission: Permission.postJournals },
    reverse: { page: Page.advancedAccounting, permission: Permission.postJournals },
  },
  // the add-on's welcome page (what the books offer) and its wizard (opening the books: 63)
  'advanced-accounting/welcome': {
    show: { page: Page.advancedAccounting, permission: Permission.viewBooks },
  },
  'advanced-accounting/wizard': {
    show: { page: Page.advancedAccounting, permission: Permission.viewBooks },
    create: { page: Page.advancedAccounting, permission: Permission.postJournals },
  },
  // closing the books: the lock date read with the books (62), moved with 66
  'advanced-accounting/lock-date': {
    list: { page: Page.advancedAccounting, permission: Permission.viewBooks },
    edit: { page: Page.advancedAccounting, permission: Permission.closeBooks },
  },
  // money going out: read with the books (62), recorded and paid with 64
  ...Object.fromEntries(
    [
      'accounting/suppliers',
      'accounting/expense-types',
      'accounting/expenses',
      'accounting/expected-expenses',
      'accounting/purchases',
    ].map((r) => [
      r,
      {
        list: { page: Page.advancedAccounting, permission: Permission.viewBooks },
        show: { page: Page.advancedAccounting, permission: Permission.viewBooks },
        create: { page: Page.advancedAccounting, permission: Permission.manageExpenses },
        edit: { page: Page.advancedAccounting, permission: Permission.manageExpenses },
        pay: { page: Page.advancedAccounting, permission: Permission.manageExpenses },
        move: { page: Page.advancedAccounting, permission: Permission.manageExpenses },
      },
    ]),
  ),
  // the payroll: read with the books (62), recorded, changed and paid with 65
  'advanced-accounting/payrols': {
    list: { page: Page.advancedAccounting, permission: Permission.viewBooks },
    show: { page: Page.advancedAccounting, permission: Permission.viewBooks },
    create: { page: Page.advancedAccounting, permission: Permission.managePayroll },
    edit: { page: Page.advancedAccounting, permission: Permission.managePayroll },
    pay: { page: Page.advancedAccounting, permission: Permission.managePayroll },
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
  // Offers and packages (page 8): seen with 50, history included; added, changed, paused, renewed,
  // removed with 51.
  'menu/offers': {
    list: { page: Page.menu, permission: Permission.viewMenu },
    show: { page: Page.menu, permission: Permission.viewMenu },
    create: { page: Page.menu, permission: Permission.manageMenu },
    edit: { page: Page.menu, permission: Permission.manageMenu },
    status: { page: Page.menu, permission: Permission.manageMenu },
    history: { page: Page.menu, permission: Permission.viewMenu },
  },
  'menu/discount-codes': {
    list: { page: Page.menu, permission: Permission.viewMenu },
    create: { page: Page.menu, permission: Permission.manageMenu },
    edit: { page: Page.menu, permission: Permission.manageMenu },
  },
  'menu/packages': {
    list: { page: Page.menu, permission: Permission.viewMenu },
    show: { page: Page.menu, permission: Permission.viewMenu },
    create: { page: Page.menu, permission: Permission.manageMenu },
    edit: { page: Page.menu, permission: Permission.manageMenu },
    status: { page: Page.menu, permission: Permission.manageMenu },
    history: { page: Page.menu, permission: Permission.viewMenu },
  },
  // Excel imports (`imports/<entity>`): the same right as adding one record by hand.
  imports: {
    customers: { page: Page.customers, permission: Permission.addCustomer },
    services: { page: Page.menu, permission: Permission.manageMenu },
    products: { page: Page.products, permission: Permission.manageProducts },
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
  // the staff's papers (passport, residency) and details: whoever sees the employees
  'employees/employees-information': { show: { page: Page.employees, permission: Permission.viewEmployees } },
  // Everyone who signs in checks in and out for themselves (the server finds their employee record).
  'employees/attendence-system': { show: SIGNED_IN },
  'reports/detailed-attendence-report': {
    list: { page: Page.employees, permission: Permission.viewEmployees },
  },
  'reports/commulative-attendence-report': {
    list: { page: Page.employees, permission: Permission.viewEmployees },
  },
  // The detailed report of one employee (`reports/employee-attendence-report/{employeeId}`).
  // With the "profile and activities" level (43) alone, her own (the API answers nothing else).
  'reports/employee-attendence-report': {
    list: [
      { page: Page.employees, permission: Permission.viewEmployees },
      { page: Page.employees, permission: Permission.ownProfileAndActivities },
    ],
  },
  'employees/my-attendance': {
    show: { page: Page.employees, permission: Permission.ownProfileAndActivities },
  },
  // Products and stock (page 5): 30 to see products and their movements, 31 to define, change and
  // switch them on and off, 32 for the stock screens, 33 for the inventory reports, 5 for the bell.
  'products/define-product': {
    list: { page: Page.products, permission: Permission.viewProducts },
    show: { page: Page.products, permission: Permission.viewProducts },
    create: { page: Page.products, permission: Permission.manageProducts },
    edit: { page: Page.products, permission: Permission.manageProducts },
  },
  'products/active-products': { show: { page: Page.products, permission: Permission.manageProducts } },
  'products/add-quantity': { show: { page: Page.products, permission: Permission.stockOperations } },
  'products/adjust-quantity': { show: { page: Page.products, permission: Permission.stockOperations } },
  'products/internal-use': { show: { page: Page.products, permission: Permission.stockOperations } },
  'products/stock-operations': { list: { page: Page.products, permission: Permission.viewProducts } },
  'reports/inventory-status': { show: { page: Page.products, permission: Permission.inventoryReports } },
  'reports/inventory-movements': { list: { page: Page.products, permission: Permission.inventoryReports } },
  'reports/internal-use-report': { show: { page: Page.products, permission: Permission.inventoryReports } },
  'stock-notifications': { list: { page: Page.products, permission: Permission.stockNotifications } },
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
  // a list: any one of them opens it
  const rules: readonly Requirement[] = Array.isArray(rule) ? rule : [rule as Requirement];
  return rules.some(({ page, permission }) => canAccess(permissions, page, permission));
};
