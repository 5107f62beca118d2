import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import TodayIcon from '@mui/icons-material/TodayOutlined';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import { lazyPage } from '../shell/chunks';

const reports = () => import('./SummaryReport');

/** `accounting/total-sales`: the invoices (API `invoices`), each opening as issued. */
export const invoices = {
  list: lazyPage(() => import('./InvoiceList').then((m) => m.InvoiceList)),
  show: lazyPage(() => import('./InvoiceShow').then((m) => m.InvoiceShow)),
  icon: ReceiptLongIcon,
  recordRepresentation: 'number',
  options: { label: 'app.sales.menu.invoices' },
};

/** `payments`: every payment taken, by method. */
export const payments = {
  list: lazyPage(() => import('./PaymentList').then((m) => m.PaymentList)),
  icon: PaymentsIcon,
  options: { label: 'app.sales.menu.payments' },
};

/** The daily and monthly general summaries (sales reports, permission 15). */
export const dailySummary = {
  list: lazyPage(() => reports().then((m) => m.DailySummary)),
  icon: TodayIcon,
  options: { label: 'app.sales.menu.daily' },
};
export const monthlySummary = {
  list: lazyPage(() => reports().then((m) => m.MonthlySummary)),
  icon: CalendarMonthIcon,
  options: { label: 'app.sales.menu.monthly' },
};

export { SALES_API_PATHS } from './types';
