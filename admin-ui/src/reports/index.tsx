import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Route } from 'react-router-dom';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import ContentCutIcon from '@mui/icons-material/ContentCutOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCardOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import PercentIcon from '@mui/icons-material/PercentOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptOutlined';
import TodayIcon from '@mui/icons-material/TodayOutlined';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import PostAddIcon from '@mui/icons-material/PostAddOutlined';
import WorkHistoryIcon from '@mui/icons-material/WorkHistoryOutlined';
import SummarizeIcon from '@mui/icons-material/SummarizeOutlined';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import TimelineIcon from '@mui/icons-material/TimelineOutlined';
import StarRateIcon from '@mui/icons-material/StarRateOutlined';
import GavelIcon from '@mui/icons-material/GavelOutlined';
import QueryStatsIcon from '@mui/icons-material/QueryStatsOutlined';
import { lazyPage } from '../shell/chunks';

const reports = () => import('./Reports');
const cashier = () => import('./CashierDay');

const page = (label: string, icon: typeof TodayIcon, load: () => Promise<React.ComponentType>) => ({
  list: lazyPage(load),
  icon,
  options: { label: `app.reports.menu.${label}` },
});

/** The cashier's day (pos, "sell" 13): hers, the day's payments, and the employees' work. */
export const currentCashier = page('current_cashier', PersonIcon, () =>
  cashier().then((m) => m.CurrentCashierPage),
);
export const dailyPayments = page('daily_payments', PaymentsIcon, () =>
  cashier().then((m) => m.DailyPaymentsPage),
);
export const employeesActivities = page('employees_activities', GroupsIcon, () =>
  cashier().then((m) => m.EmployeesActivitiesPage),
);

/** The accounting reports ("sales reports" 15). */
export const perCashierSummary = page('per_cashier', BadgeIcon, () =>
  reports().then((m) => m.PerCashierSummary),
);
export const dailyPaymentsSummary = page('daily_payments_summary', TodayIcon, () =>
  reports().then((m) => m.DailyPaymentsSummary),
);
export const monthlyPaymentsSummary = page('monthly_payments_summary', CalendarMonthIcon, () =>
  reports().then((m) => m.MonthlyPaymentsSummary),
);
export const vatReport = page('vat', AccountBalanceIcon, () => reports().then((m) => m.VatReport));
export const creditNotesReport = page('credit_notes', ReceiptIcon, () =>
  reports().then((m) => m.CreditNotesReport),
);
export const debitNotesReport = page('debit_notes', PostAddIcon, () =>
  reports().then((m) => m.DebitNotesReport),
);
export const refundedInvoicesReport = page('refunded_invoices', UndoIcon, () =>
  reports().then((m) => m.RefundedInvoicesReport),
);
/** The profit and loss of any salon, books or not: sales, less expenses and payroll. */
export const profitAndLossReport = page('profit_and_loss', QueryStatsIcon, () =>
  import('./ProfitAndLoss').then((m) => m.ProfitAndLossReport),
);
export const paymentGatewayPaymentsReport = page('payment_gateway_payments', CreditCardIcon, () =>
  import('./PaymentGatewayPayments').then((m) => m.PaymentGatewayPaymentsReport),
);

/** The management reports ("sales reports" 15). */
const EmployeeCommissions = lazyPage(() => reports().then((m) => m.EmployeeCommissionsReport));
export const commissionsReport = {
  ...page('commissions', PercentIcon, () => reports().then((m) => m.CommissionsReport)),
  // `reports/employees-commissions-report/{employeeId}`
  children: <Route path=":employeeId" element={<EmployeeCommissions />} />,
};
export const servicesReport = page('services', ContentCutIcon, () => reports().then((m) => m.ServicesReport));
export const mostSoldProducts = page('products', Inventory2Icon, () =>
  reports().then((m) => m.MostSoldProducts),
);

/** Every money report and cashier page, by its address (the resource name) — for the menu and the guards. */
export const MONEY_REPORTS = {
  cashier: ['pos/current-cashier-employee', 'pos/daily-payments', 'pos/employees-activities'],
  accounting: [
    'reports/general-summary-per-cashier-employees',
    'reports/daily-payments-summary',
    'reports/monthly-payments-summary',
    'reports/vat-report',
    'reports/credit-notes',
    'reports/debit-notes',
    'reports/refunded-invoices',
    'reports/payment-gateway-payments',
    'reports/profit-and-loss',
  ],
  management: [
    'reports/employees-commissions-report',
    'reports/services-report',
    'reports/most-sold-products',
  ],
} as const;

/** The management reports and pages of issue 11 (each its own chunk). */
const management = (label: string, icon: typeof TodayIcon, load: () => Promise<React.ComponentType>) => ({
  list: lazyPage(load),
  icon,
  options: { label: `app.management.menu.${label}` },
});
export const activitiesReport = management('activities', WorkHistoryIcon, () =>
  import('./ActivitiesReports').then((m) => m.ActivitiesReport),
);
export const activitiesSummary = management('activities_summary', SummarizeIcon, () =>
  import('./ActivitiesReports').then((m) => m.ActivitiesSummary),
);
export const mostUsedProducts = management('most_used_products', ScienceIcon, () =>
  import('./MostUsedProducts').then((m) => m.MostUsedProducts),
);
export const customerTypesHistory = management('customer_types', TimelineIcon, () =>
  import('./CustomerTypesHistory').then((m) => m.CustomerTypesHistory),
);
export const onlineDailyVisit = management('online_visits', TravelExploreIcon, () =>
  import('./OnlineDailyVisit').then((m) => m.OnlineDailyVisit),
);
export const rateUs = management('rate_us', StarRateIcon, () =>
  import('./RateUsPage').then((m) => m.RateUsPage),
);
export const customersPenalties = management('penalties', GavelIcon, () =>
  import('../customers/PenaltiesList').then((m) => m.PenaltiesList),
);

/** Their addresses, for the menu and the guards. */
export const MANAGEMENT_PAGES = {
  management: [
    'reports/acitivities-report',
    'reports/activities-report-summary',
    'reports/historical-data-for-customers-types',
    'reports/online-daily-visit',
  ],
  inventory: ['reports/most-used-products'],
  cashier: ['pos/rate-us-for-issued-invoices'],
  customers: ['accounting/customers-penalties'],
} as const;
