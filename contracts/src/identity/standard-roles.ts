import { USER_RIGHTS, type UserRight } from '../staff/staff-input';
import { ALL_PERMISSIONS, canAccess, Permission, PERMISSION_PAGE, type PermissionMap } from './permissions';

/** The permission that gives a per-user right (doc2 §6) to everyone holding a role. */
export const RIGHT_PERMISSION: Record<UserRight, Permission> = {
  change_invoice_price: Permission.changeInvoicePrice,
  change_quantity: Permission.changeQuantity,
  sell_without_stock: Permission.sellWithoutStock,
  free_gift_cards: Permission.freeGiftCards,
  hold_invoice: Permission.holdInvoice,
  debit_in_invoice: Permission.debitInInvoice,
  view_all_appointments: Permission.allEmployeesAppointments,
  edit_past_appointments: Permission.editPastAppointments,
};

/** The per-user rights a role gives everyone holding it. */
export const rightsOfRole = (permissions: PermissionMap | undefined): UserRight[] =>
  USER_RIGHTS.filter((right) => {
    const p = RIGHT_PERMISSION[right];
    return canAccess(permissions, PERMISSION_PAGE[p], p);
  });

const P = Permission;

/**
 * The roles every salon opens with (doc2 §6 names them), one per job; the owner changes them and
 * adds others in the role editor. Each is what that job needs on an ordinary day, no more:
 * - the owner: everything, including what is added later (an administrator role);
 * - the manager runs the salon: everything but who may do what (roles, logins);
 * - the receptionist runs the front desk: every employee's book, customers, the till, the invoices
 *   (to reprint a receipt), her own attendance;
 * - the cashier: the till and its invoices, the book to see who is due to pay, customers at the till;
 * - the stylist: her own appointments and customers, her own attendance;
 * - the accountant: invoices, payments and the reports read only; the books, her own journals, the
 *   suppliers, the expenses and the payroll, closing the books;
 * - the auditor reads: the invoices and reports, the books (also as they stood at any instant), the
 *   audit log and records as they were; she changes nothing.
 */
export const STANDARD_ROLES = {
  owner: { is_admin: true, permissions: ALL_PERMISSIONS },
  manager: { is_admin: false, permissions: ALL_PERMISSIONS.filter((p) => p !== P.manageRoles) },
  receptionist: {
    is_admin: false,
    permissions: [
      P.viewDashboard,
      P.viewAppointments,
      P.manageAppointments,
      P.allEmployeesAppointments,
      P.sell,
      P.viewInvoices,
      P.changeQuantity,
      P.holdInvoice,
      P.viewCustomers,
      P.addCustomer,
      P.editCustomer,
      P.viewCustomerHistory,
      P.ownProfileAndActivities,
    ],
  },
  cashier: {
    is_admin: false,
    permissions: [
      P.viewDashboard,
      P.viewAppointments,
      P.allEmployeesAppointments,
      P.sell,
      P.viewInvoices,
      P.changeQuantity,
      P.holdInvoice,
      P.viewCustomers,
      P.addCustomer,
      P.ownProfileAndActivities,
    ],
  },
  stylist: {
    is_admin: false,
    permissions: [P.viewAppointments, P.viewCustomers, P.ownProfileAndActivities],
  },
  accountant: {
    is_admin: false,
    permissions: [
      P.viewDashboard,
      P.viewInvoices,
      P.salesReports,
      P.inventoryReports,
      P.viewBooks,
      P.postJournals,
      P.manageExpenses,
      P.managePayroll,
      P.closeBooks,
    ],
  },
  auditor: {
    is_admin: false,
    permissions: [
      P.viewDashboard,
      P.viewInvoices,
      P.salesReports,
      P.inventoryReports,
      P.viewBooks,
      P.viewAuditLog,
      P.viewRecordsAsOf,
    ],
  },
} as const satisfies Record<string, { is_admin: boolean; permissions: readonly Permission[] }>;

export type StandardRole = keyof typeof STANDARD_ROLES;
export const STANDARD_ROLE_NAMES = Object.keys(STANDARD_ROLES) as StandardRole[];
