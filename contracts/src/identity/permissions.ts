/**
 * What a merchant user may do: a map from page number to the permission ids granted on that page
 * (spec doc2 §6). Page numbers and ids are stable: they are stored in roles and sent to the UI.
 * Ids known from the spec keep their numbers (5 stock notifications, 38 surveys, 39 complaints).
 */
export const Page = {
  dashboard: 1,
  appointments: 2,
  /** the till: invoices, payments and the money reports */
  pos: 3,
  customers: 4,
  products: 5,
  marketing: 6,
  employees: 7,
  menu: 8,
  advancedAccounting: 11,
  settings: 12,
} as const;
export type Page = (typeof Page)[keyof typeof Page];

export const Permission = {
  viewDashboard: 1,
  stockNotifications: 5,
  viewAppointments: 10,
  /** book, change, move, confirm, check in, cancel, mark no-show and remind */
  manageAppointments: 11,
  appointmentReports: 12,
  /** issue invoices and take payments at the till */
  sell: 13,
  viewInvoices: 14,
  salesReports: 15,
  viewProducts: 30,
  manageProducts: 31,
  stockOperations: 32,
  inventoryReports: 33,
  viewCustomers: 20,
  addCustomer: 21,
  editCustomer: 22,
  changeCustomerStatus: 23,
  exportCustomers: 24,
  viewCustomerHistory: 25,
  /** marketing campaigns over WhatsApp: audience, message, launch (issue 26) */
  campaigns: 37,
  surveysNotifications: 38,
  complaintsNotifications: 39,
  viewEmployees: 40,
  manageEmployees: 41,
  manageRoles: 42,
  /** the "profile and activities" level of doc2 §6: one's own employee record and attendance only */
  ownProfileAndActivities: 43,
  viewMenu: 50,
  manageMenu: 51,
  viewAuditLog: 60,
  viewRecordsAsOf: 61,
  /** the books: chart of accounts, journal, ledgers and statements (issue 25), read only */
  viewBooks: 62,
  /** post and reverse general journals */
  postJournals: 63,
  /** suppliers, expense types, expenses and paying them */
  manageExpenses: 64,
  /** the employees' monthly payroll: recorded, changed while owed, and paid */
  managePayroll: 65,
  /** close the books up to a date (the lock date), and open them again */
  closeBooks: 66,
  viewSettings: 70,
  manageSettings: 71,
  /**
   * The per-user rights of doc2 §6 given to everyone holding a role (each can still be given to one
   * person on her employee record): a front desk sees every employee's book out of the box.
   */
  changeInvoicePrice: 80,
  changeQuantity: 81,
  sellWithoutStock: 82,
  freeGiftCards: 83,
  holdInvoice: 84,
  debitInInvoice: 85,
  allEmployeesAppointments: 86,
  editPastAppointments: 87,
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

/** The page each permission belongs to, and its label key (`permissions.<name>`). */
export const PERMISSION_PAGE: Record<Permission, Page> = {
  1: Page.dashboard,
  5: Page.products,
  10: Page.appointments,
  11: Page.appointments,
  12: Page.appointments,
  13: Page.pos,
  14: Page.pos,
  15: Page.pos,
  30: Page.products,
  31: Page.products,
  32: Page.products,
  33: Page.products,
  20: Page.customers,
  21: Page.customers,
  22: Page.customers,
  23: Page.customers,
  24: Page.customers,
  25: Page.customers,
  37: Page.marketing,
  38: Page.marketing,
  39: Page.marketing,
  40: Page.employees,
  41: Page.employees,
  42: Page.employees,
  43: Page.employees,
  50: Page.menu,
  51: Page.menu,
  60: Page.advancedAccounting,
  61: Page.advancedAccounting,
  62: Page.advancedAccounting,
  63: Page.advancedAccounting,
  64: Page.advancedAccounting,
  65: Page.advancedAccounting,
  66: Page.advancedAccounting,
  70: Page.settings,
  71: Page.settings,
  80: Page.pos,
  81: Page.pos,
  82: Page.pos,
  83: Page.pos,
  84: Page.pos,
  85: Page.pos,
  86: Page.appointments,
  87: Page.appointments,
};

/** `{ "4": [20, 21] }`: JSON object keys are strings, as the UI receives them. */
export type PermissionMap = Record<string, number[]>;

export const permissionMap = (permissions: readonly Permission[]): PermissionMap => {
  const map: PermissionMap = {};
  for (const p of [...new Set(permissions)].sort((a, b) => a - b))
    (map[String(PERMISSION_PAGE[p])] ??= []).push(p);
  return map;
};

/** Page access: the page must be in the map and, when asked, hold the permission (spec doc2 §6). */
export const canAccess = (map: PermissionMap | undefined, page: number, permission?: number): boolean => {
  const granted = map?.[String(page)];
  if (!granted) return false;
  return permission === undefined || granted.includes(permission);
};

// frozen: its permission map is made once (platform's Authenticator keeps maps by list)
export const ALL_PERMISSIONS = Object.freeze(Object.values(Permission)) as Permission[];

/** What a role grants: an administrator role has every permission, including ones added later. */
export const rolePermissions = (role: Record<string, unknown> | undefined): Permission[] =>
  role?.is_admin === true ? ALL_PERMISSIONS : ((role?.permissions as Permission[] | undefined) ?? []);
const nameOf = Object.fromEntries(Object.entries(Permission).map(([k, v]) => [v, k])) as Record<
  Permission,
  string
>;
export const permissionLabelKey = (p: Permission) => `permissions.${nameOf[p]}`;

export const permissionMessages = {
  en: {
    permissions: {
      viewDashboard: 'View the dashboard',
      stockNotifications: 'Stock notifications',
      viewAppointments: 'View the appointment book',
      manageAppointments: 'Book, change, check in and cancel appointments',
      appointmentReports: 'Appointment reports',
      sell: 'Issue invoices and take payments',
      viewInvoices: 'View invoices and payments',
      salesReports: 'Sales and payment reports',
      viewProducts: 'View products',
      manageProducts: 'Add and change products',
      stockOperations: 'Add, adjust and use stock',
      inventoryReports: 'Inventory reports',
      viewCustomers: 'View customers',
      addCustomer: 'Add customers',
      editCustomer: 'Edit customers',
      changeCustomerStatus: 'Activate and disable customers',
      exportCustomers: 'Export customers',
      viewCustomerHistory: "View a customer's history",
      campaigns: 'Marketing campaigns',
      surveysNotifications: 'Survey notifications',
      complaintsNotifications: 'Complaint notifications',
      viewEmployees: 'View employees',
      manageEmployees: 'Add and change employees',
      manageRoles: 'Manage roles and permissions',
      ownProfileAndActivities: 'Their own profile and attendance only',
      viewMenu: 'View the menu (services, groups, categories)',
      manageMenu: 'Add and change services, groups and categories',
      viewAuditLog: 'View the audit log',
      viewRecordsAsOf: 'View records as they were at an instant',
      viewBooks: 'View the books: journal, ledgers and statements',
      postJournals: 'Post and reverse general journals',
      manageExpenses: 'Record suppliers and expenses, and pay bills',
      managePayroll: "Record the employees' monthly payroll and pay it",
      closeBooks: 'Close the books up to a date, and open them again',
      viewSettings: "View the salon's settings",
      manageSettings: "Change the salon's settings",
      changeInvoicePrice: 'Change the price on an invoice',
      changeQuantity: 'Change the quantity on an invoice',
      sellWithoutStock: 'Sell products without stock',
      freeGiftCards: 'Give free gift cards',
      holdInvoice: 'Hold invoices',
      debitInInvoice: 'Leave a debt on an invoice',
      allEmployeesAppointments: "See all employees' appointments",
      editPastAppointments: 'Change appointments that have already started',
    },
  },
  ar: {
    permissions: {
      viewDashboard: 'عرض لوحة التحكم',
      stockNotifications: 'تنبيهات المخزون',
      viewAppointments: 'عرض جدول المواعيد',
      manageAppointments: 'حجز المواعيد وتعديلها وتسجيل الحضور وإلغاؤها',
      appointmentReports: 'تقارير المواعيد',
      sell: 'إصدار الفواتير واستلام المدفوعات',
      viewInvoices: 'عرض الفواتير والمدفوعات',
      salesReports: 'تقارير المبيعات والمدفوعات',
      viewProducts: 'عرض المنتجات',
      manageProducts: 'إضافة المنتجات وتعديلها',
      stockOperations: 'إضافة المخزون وتسويته واستخدامه',
      inventoryReports: 'تقارير المخزون',
      viewCustomers: 'عرض العملاء',
      addCustomer: 'إضافة عملاء',
      editCustomer: 'تعديل العملاء',
      changeCustomerStatus: 'تفعيل العملاء وتعطيلهم',
      exportCustomers: 'تصدير العملاء',
      viewCustomerHistory: 'عرض سجل العميل',
      campaigns: 'الحملات التسويقية',
      surveysNotifications: 'تنبيهات الاستبيانات',
      complaintsNotifications: 'تنبيهات الشكاوى',
      viewEmployees: 'عرض الموظفين',
      manageEmployees: 'إضافة الموظفين وتعديلهم',
      manageRoles: 'إدارة الأدوار والصلاحيات',
      ownProfileAndActivities: 'ملفه الشخصي وحضوره فقط',
      viewMenu: 'عرض قائمة الخدمات والمجموعات والتصنيفات',
      manageMenu: 'إضافة الخدمات والمجموعات والتصنيفات وتعديلها',
      viewAuditLog: 'عرض سجل التدقيق',
      viewRecordsAsOf: 'عرض السجلات كما كانت في لحظة معينة',
      viewBooks: 'عرض الدفاتر: اليومية والأستاذ والقوائم المالية',
      postJournals: 'ترحيل القيود اليدوية وعكسها',
      manageExpenses: 'تسجيل الموردين والمصروفات وسداد الفواتير',
      managePayroll: 'تسجيل رواتب الموظفين الشهرية وصرفها',
      closeBooks: 'إقفال الدفاتر حتى تاريخ وإعادة فتحها',
      viewSettings: 'عرض إعدادات الصالون',
      manageSettings: 'تغيير إعدادات الصالون',
      changeInvoicePrice: 'تغيير السعر في الفاتورة',
      changeQuantity: 'تغيير الكمية في الفاتورة',
      sellWithoutStock: 'بيع المنتجات دون مخزون',
      freeGiftCards: 'منح بطاقات هدايا مجانية',
      holdInvoice: 'تعليق الفواتير',
      debitInInvoice: 'ترك دين على الفاتورة',
      allEmployeesAppointments: 'رؤية مواعيد جميع الموظفين',
      editPastAppointments: 'تعديل المواعيد التي بدأت',
    },
  },
};
