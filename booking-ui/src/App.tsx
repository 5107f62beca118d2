import type { Route } from './routes';
import { Shell } from './components/Shell';
import { BookingPage } from './pages/BookingPage';
import { EBookingPage } from './pages/EBookingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PaymentStatusPage } from './pages/PaymentStatusPage';
import { PolicyPage } from './pages/PolicyPage';
import { PriceListPage } from './pages/PriceListPage';
import { SalonHomePage } from './pages/SalonHomePage';
import { Loading } from './components/States';
import { lazy, Suspense } from 'react';

// the shop's pages load only when opened: the first page's scripts stay within their budget
const OffersPage = lazy(() => import('./pages/OffersPage').then((m) => ({ default: m.OffersPage })));
const GiftCardPage = lazy(() => import('./pages/GiftCardPage').then((m) => ({ default: m.GiftCardPage })));
const AccountContractPage = lazy(() =>
  import('./pages/AccountContractPage').then((m) => ({ default: m.AccountContractPage })),
);
const ReportToZatcaPage = lazy(() =>
  import('./pages/ReportToZatcaPage').then((m) => ({ default: m.ReportToZatcaPage })),
);

const AccountInvoicePage = lazy(() =>
  import('./pages/AccountInvoicePage').then((m) => ({ default: m.AccountInvoicePage })),
);

const Page = ({ route }: { route: Route }) => {
  if (route.page === 'account-invoice')
    return (
      <Suspense fallback={<Loading locale={route.locale} />}>
        <AccountInvoicePage locale={route.locale} id={route.id} />
      </Suspense>
    );
  if (route.page === 'not-found') return <NotFoundPage locale={route.locale} reason="page" />;
  if (route.page === 'report-to-zatca')
    return (
      <Suspense fallback={<Loading locale={route.locale} />}>
        <ReportToZatcaPage locale={route.locale} />
      </Suspense>
    );
  if (route.page === 'account-contract')
    return (
      <Suspense fallback={<Loading locale={route.locale} />}>
        <AccountContractPage locale={route.locale} id={route.id} />
      </Suspense>
    );
  const { locale, alias, id } = route;
  switch (route.page) {
    case 'salon-home':
      return <SalonHomePage locale={locale} alias={alias} />;
    case 'booking':
      return <BookingPage locale={locale} alias={alias} />;
    case 'price-list':
      return <PriceListPage locale={locale} alias={alias} />;
    case 'terms-and-conditions':
      return <PolicyPage locale={locale} alias={alias} kind="terms" />;
    case 'refund-policy':
      return <PolicyPage locale={locale} alias={alias} kind="refund_policy" />;
    case 'booking-success':
    case 'e-booking':
      return <EBookingPage locale={locale} id={id ?? ''} justBooked={route.page === 'booking-success'} />;
    case 'payment-gateway-status':
      return <PaymentStatusPage locale={locale} id={id ?? ''} />;
    case 'offers':
      return (
        <Suspense fallback={<Loading locale={locale} />}>
          <OffersPage locale={locale} alias={alias} />
        </Suspense>
      );
    case 'buy-gift-card':
      return (
        <Suspense fallback={<Loading locale={locale} />}>
          <GiftCardPage locale={locale} alias={alias} />
        </Suspense>
      );
    case 'e-gift-card':
    case 'e-offer':
      // on its way to the customer document (main.tsx sends the browser on)
      return <Loading locale={locale} />;
  }
};

export const App = ({ route }: { route: Route }) => (
  <Shell locale={route.locale}>
    <Page route={route} />
  </Shell>
);
