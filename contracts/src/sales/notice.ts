import { canAccess, Page, Permission, type PermissionMap } from '../identity/permissions';

/**
 * The notification menu (doc1 §2, doc2 §6-7): stocks (a product at its warning level), surveys (a
 * customer rated her visit), complaints (one was opened), orders (a basket on hold, an online order)
 * checks (the platform's team rejected something the salon added: hidden from its online pages, or to
 * correct) and system updates. Each kind behind its permission: stocks page 5 permission 5, surveys
 * page 6 permission 38, complaints page 6 permission 39, orders the account's `hold_invoice` on,
 * checks whoever may change the menu or the settings.
 */
export const NOTIFICATION_KINDS = [
  'stocks',
  'surveys',
  'complaints',
  'orders',
  'checks',
  'systemUpdates',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notice's stream (its read mark): `notice-{tenant}.{notice id}`. */
export const NOTICE_CATEGORY = 'notice';

/** Someone of the salon opened a notice (surveys, complaints, orders): read for the whole salon. */
export type NoticeRead = {
  type: 'NoticeRead';
  data: { notice_id: string; kind: NotificationKind; at: string };
};

/**
 * Who sees (and reads) each kind (doc2 §6): stocks page 5 permission 5, surveys page 6 permission 38,
 * complaints page 6 permission 39, orders whoever may hold invoices (her `hold_invoice` right); system
 * updates everyone.
 */
export const mayReadNotificationKind = (
  permissions: PermissionMap | undefined,
  kind: NotificationKind,
  holdsInvoices: boolean,
): boolean => {
  switch (kind) {
    case 'stocks':
      return canAccess(permissions, Page.products, Permission.stockNotifications);
    case 'surveys':
      return canAccess(permissions, Page.marketing, Permission.surveysNotifications);
    case 'complaints':
      return canAccess(permissions, Page.marketing, Permission.complaintsNotifications);
    case 'orders':
      return holdsInvoices;
    case 'checks':
      return (
        canAccess(permissions, Page.menu, Permission.manageMenu) ||
        canAccess(permissions, Page.settings, Permission.manageSettings)
      );
    case 'systemUpdates':
      return true;
  }
};
