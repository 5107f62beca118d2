import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';
import { lazyPage } from '../shell/chunks';

/** `dashboard` (view dashboard, 1): today's and this month's sales, visits, payments, the best. */
export const dashboard = {
  list: lazyPage(() => import('./DashboardPage').then((m) => m.DashboardPage)),
  icon: DashboardIcon,
  options: { label: 'app.dashboard.menu' },
};

/** `dashboard/payments-details`: payments by method over a chosen period. */
export const paymentsDetails = {
  list: lazyPage(() => import('../reports/Reports').then((m) => m.PaymentsDetails)),
  icon: RequestQuoteIcon,
  options: { label: 'app.dashboard.payments_details' },
};
