import type { ReactElement, ReactNode } from 'react';
import { wizardStepsOf, type GlobalInformation } from '@rawnaq/contracts';
import AddBoxIcon from '@mui/icons-material/AddBoxOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import ContactPageIcon from '@mui/icons-material/ContactPageOutlined';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import FingerprintIcon from '@mui/icons-material/Fingerprint';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import LanguageIcon from '@mui/icons-material/Language';
import NotificationsIcon from '@mui/icons-material/Notifications';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import PointOfSaleIcon from '@mui/icons-material/PointOfSaleOutlined';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SettingsIcon from '@mui/icons-material/Settings';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import ToggleOnIcon from '@mui/icons-material/ToggleOnOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { BILLING } from '../../billing/paths';
import { BOOKS_RESOURCES } from '../../books';
import { PRODUCT_RESOURCES } from '../../products/types';
import { MANAGEMENT_PAGES, MONEY_REPORTS } from '../../reports';
import { MyAttendanceItem } from '../../staff/MyAttendanceItem';
import { STAFF_RESOURCES } from '../../staff/types';

/**
 * One entry of the side menu: a resource's list (its label and icon are the resource's), or a page
 * under the area's address. It is shown only to who may open it (`access`, by default the resource's
 * list), and found by the search under its label.
 */
export type MenuEntry = {
  resource?: string;
  /** a page's path under the area's base (`billing`) */
  to?: string;
  /** a message key (a resource's own label when not given) */
  label?: string;
  icon?: ReactElement;
  access?: { resource: string; action: string };
  /** shown only while this holds (the wizard, while unfinished) */
  when?: (information: GlobalInformation) => boolean;
  /** an entry that renders itself (my attendance: its address is her own employee record) */
  render?: () => ReactNode;
};

/** The entries of one job, under a heading that folds them away. */
export type MenuGroup = { key: string; label: string; icon: ReactElement; entries: MenuEntry[] };

const page = (to: string, label: string, icon: ReactElement, access = { resource: to, action: 'show' }) => ({
  to,
  label,
  icon,
  access,
});
/** The books' screens show once the add-on's wizard is done. */
const booksOpen = (information: GlobalInformation) =>
  information.global_informations.account.advanced_accounting_status === 2;
const resources = (names: readonly string[]): MenuEntry[] => names.map((resource) => ({ resource }));
const settings = { resource: 'settings', action: 'show' };

/** Above the groups: where every day starts. */
export const TOP_ENTRIES: MenuEntry[] = [{ resource: 'dashboard' }];

/** The merchant's menu by job (the owner's has some 75 entries): the front desk, the till, ... */
export const MENU_GROUPS: MenuGroup[] = [
  {
    key: 'front_desk',
    label: 'app.menu.groups.front_desk',
    icon: <SupportAgentIcon />,
    entries: [
      { resource: 'appointments' },
      { resource: 'pos/appointments-reminder' },
      { resource: 'pos/no-show-reschedule' },
      ...resources(MANAGEMENT_PAGES.cashier),
      page(STAFF_RESOURCES.attendance, 'app.staff.menu.attendance', <FingerprintIcon />),
    ],
  },
  {
    key: 'till',
    label: 'app.menu.groups.till',
    icon: <PointOfSaleIcon />,
    entries: [
      page(BILLING, 'app.billing.menu', <PointOfSaleIcon />),
      page('pos/sell-gift-card', 'app.gift_cards.sell_hint', <CardGiftcardIcon />, {
        resource: BILLING,
        action: 'show',
      }),
      ...resources(MONEY_REPORTS.cashier),
      { resource: 'on-hold-report' },
      { resource: 'accounting/total-sales' },
      { resource: 'accounting/credit-note' },
      { resource: 'accounting/debit-note' },
      { resource: 'accounting/accounting-notes' },
      { resource: 'accounting/payments' },
      { resource: 'accounting/receivable' },
      { resource: 'pos/customer-wallet-reminder' },
      { resource: 'pos/birthday-congratulations' },
    ],
  },
  {
    key: 'customers',
    label: 'app.menu.groups.customers',
    icon: <PeopleIcon />,
    entries: [
      { resource: 'customers' },
      { resource: 'ads-campaigns' },
      ...resources(MANAGEMENT_PAGES.customers),
    ],
  },
  {
    key: 'staff',
    label: 'app.menu.groups.staff',
    icon: <BadgeIcon />,
    entries: [
      { resource: STAFF_RESOURCES.employees },
      { resource: STAFF_RESOURCES.roles },
      page(STAFF_RESOURCES.information, 'app.staff.menu.information', <ContactPageIcon />),
      {
        label: 'app.staff.menu.my_attendance',
        access: { resource: 'employees/my-attendance', action: 'show' },
        render: () => <MyAttendanceItem />,
      },
      { resource: STAFF_RESOURCES.detailedReport },
      { resource: STAFF_RESOURCES.cumulativeReport },
    ],
  },
  {
    key: 'menu_stock',
    label: 'app.menu.groups.menu_stock',
    icon: <InventoryIcon />,
    entries: [
      { resource: 'menu/services' },
      { resource: 'menu/groups' },
      { resource: 'menu/categories' },
      { resource: 'menu/offers' },
      { resource: 'menu/discount-codes' },
      { resource: PRODUCT_RESOURCES.products },
      page(PRODUCT_RESOURCES.active, 'app.products.activate', <ToggleOnIcon />),
      page('products/add-quantity', 'app.stock.add-quantity.title', <AddBoxIcon />),
      page('products/adjust-quantity', 'app.stock.adjust-quantity.title', <TuneIcon />),
      page('products/internal-use', 'app.stock.internal-use.title', <OutboxIcon />),
      { resource: PRODUCT_RESOURCES.operations },
    ],
  },
  {
    key: 'money_reports',
    label: 'app.menu.groups.money_reports',
    icon: <AssessmentIcon />,
    entries: [
      { resource: 'reports/daily-general-summary' },
      { resource: 'reports/monthly-general-summary' },
      ...resources(MONEY_REPORTS.accounting),
      ...resources(MONEY_REPORTS.management),
      { resource: 'reports/customers-discount-report' },
      { resource: 'reports/unused-customers-offers-report' },
      { resource: 'reports/active-gifts-cards' },
      { resource: 'reports/used-gifts-cards' },
      { resource: 'reports/expired-gifts-cards' },
      ...resources(MANAGEMENT_PAGES.management),
      { resource: 'reports/surveys-report' },
      { resource: 'reports/complaints' },
    ],
  },
  {
    key: 'other_reports',
    label: 'app.menu.groups.other_reports',
    icon: <InsightsIcon />,
    entries: [
      { resource: 'reports/appointments-report' },
      { resource: 'reports/checkin-checkout-report' },
      { resource: 'reports/appointments-cancellation-reasons' },
      page(PRODUCT_RESOURCES.status, 'app.inventory.status_title', <AssessmentIcon />),
      { resource: PRODUCT_RESOURCES.movements },
      page(PRODUCT_RESOURCES.internalUse, 'app.inventory.internal_use_title', <FactCheckIcon />),
      ...resources(MANAGEMENT_PAGES.inventory),
    ],
  },
  {
    key: 'books',
    label: 'app.menu.groups.books',
    icon: <MenuBookIcon />,
    entries: [
      // while the add-on is off or its wizard to do: one entry, to the welcome page or the wizard
      {
        ...page('advanced-accounting/welcome', 'app.books.menu.addon', <MenuBookIcon />),
        when: (information: GlobalInformation) =>
          (information.global_informations.account.advanced_accounting_status ?? 0) === 0,
      },
      {
        ...page('advanced-accounting/wizard', 'app.books.menu.wizard', <AutoFixHighIcon />),
        when: (information: GlobalInformation) =>
          information.global_informations.account.advanced_accounting_status === 1,
      },
      ...resources(BOOKS_RESOURCES).map((entry) => ({ ...entry, when: booksOpen })),
      // the advanced accounting audit log: the audit log's books view
      page(
        `advanced-accounting/audit-log?filter=${encodeURIComponent(JSON.stringify({ category: 'accounting' }))}`,
        'app.books.menu.audit_log',
        <HistoryIcon />,
        { resource: 'advanced-accounting/audit-log', action: 'list' },
      ),
    ].map((entry: MenuEntry) => (entry.when ? entry : { ...entry, when: booksOpen })),
  },
  {
    key: 'settings',
    label: 'app.menu.groups.settings',
    icon: <SettingsIcon />,
    entries: [
      page('setting/general-setting', 'app.menu.general_settings', <SettingsIcon />, settings),
      page('setting/invoice-setting', 'app.menu.invoice_settings', <ReceiptIcon />, settings),
      page(
        'setting/notifications-setting',
        'app.menu.notifications_settings',
        <NotificationsIcon />,
        settings,
      ),
      page('setting/online-setting', 'app.menu.online_settings', <LanguageIcon />, settings),
      { resource: 'setting/einvoicing-setting' },
      { resource: 'setting/whatsapp-simulator' },
      { resource: 'cancellation-reasons', access: { resource: 'settings', action: 'show' } },
      {
        ...page('wizard', 'app.menu.wizard', <AutoFixHighIcon />),
        // the setup wizard while a step is left
        when: (information) =>
          wizardStepsOf(information.global_informations.account.country_id).some(
            (step) => !(information.global_informations.account.wizard_progress ?? []).includes(step),
          ),
      },
      { resource: 'advanced-accounting/audit-log' },
    ],
  },
];

/** Every entry of the menu by its key (its resource or page path). */
const MENU_ENTRIES = new Map(
  [...TOP_ENTRIES, ...MENU_GROUPS.flatMap((group) => group.entries)].flatMap((entry) => {
    const key = entry.resource ?? entry.to;
    return key ? [[key, entry] as const] : [];
  }),
);
/** The menu's entries of these screens; a screen not in this menu is a resource's list (shown if it exists). */
const fromMenu = (keys: readonly string[]): MenuEntry[] =>
  keys.map((key) => MENU_ENTRIES.get(key) ?? { resource: key });

/**
 * The spec's index pages (doc1 §2, "pos, with sub-pages", "each [reports] group has an index page"):
 * at its path, a group lists its screens as the menu offers them, so only those the user may open.
 */
export type IndexPage = { path: string; label: string; hint: string; entries: MenuEntry[] };

export const INDEX_PAGES: IndexPage[] = [
  {
    path: 'pos',
    label: 'app.menu.indexes.pos',
    hint: 'app.menu.indexes.pos_hint',
    entries: fromMenu([
      BILLING,
      'pos/appointments-reminder',
      'pos/no-show-reschedule',
      ...MANAGEMENT_PAGES.cashier,
      'pos/customer-wallet-reminder',
      'pos/birthday-congratulations',
      'pos/sell-gift-card',
      ...MONEY_REPORTS.cashier,
    ]),
  },
  {
    path: 'reports/general',
    label: 'app.menu.indexes.general',
    hint: 'app.menu.indexes.general_hint',
    entries: fromMenu([
      'reports/appointments-report',
      'reports/checkin-checkout-report',
      'reports/appointments-cancellation-reasons',
    ]),
  },
  {
    path: 'reports/inventory',
    label: 'app.menu.indexes.inventory',
    hint: 'app.menu.indexes.inventory_hint',
    entries: fromMenu([
      PRODUCT_RESOURCES.status,
      PRODUCT_RESOURCES.movements,
      PRODUCT_RESOURCES.internalUse,
      ...MANAGEMENT_PAGES.inventory,
      'reports/most-sold-products',
    ]),
  },
  {
    path: 'reports/management',
    label: 'app.menu.indexes.management',
    hint: 'app.menu.indexes.management_hint',
    entries: fromMenu([
      'reports/acitivities-report',
      'reports/activities-report-summary',
      STAFF_RESOURCES.detailedReport,
      STAFF_RESOURCES.cumulativeReport,
      'reports/employees-commissions-report',
      'reports/services-report',
      'reports/customers-discount-report',
      'reports/unused-customers-offers-report',
      'reports/active-gifts-cards',
      'reports/used-gifts-cards',
      'reports/expired-gifts-cards',
      'reports/historical-data-for-customers-types',
      'reports/online-daily-visit',
      'reports/surveys-report',
      'reports/complaints',
    ]),
  },
  {
    path: 'reports/accounting',
    label: 'app.menu.indexes.accounting',
    hint: 'app.menu.indexes.accounting_hint',
    entries: fromMenu([
      'reports/daily-general-summary',
      'reports/monthly-general-summary',
      ...MONEY_REPORTS.accounting,
      'reports/debit-notes',
    ]),
  },
];
