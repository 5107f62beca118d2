import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyDocumentLocale, rememberLocale } from './locale';
import { documentPath, parseRoute, type SalonPage } from './routes';

const VISIT_PAGE: Record<SalonPage, string> = {
  'salon-home': 'home',
  booking: 'booking',
  'booking-success': 'booking-success',
  'price-list': 'price-list',
  'e-booking': 'e-booking',
  'terms-and-conditions': 'other',
  'refund-policy': 'other',
  'payment-gateway-status': 'other',
  offers: 'other',
  'buy-gift-card': 'other',
  'e-gift-card': 'other',
  'e-offer': 'other',
};
import './styles.css';

const { pathname, search, hash } = window.location;
const route = parseRoute(pathname);
// a gift card's or an offer's page is the admin app's customer document of it
if ((route.page === 'e-gift-card' || route.page === 'e-offer') && route.id)
  window.location.replace(documentPath(route.locale, route.page, route.id));
if (route.page === 'salon-home' && route.redirectTo !== undefined)
  window.history.replaceState(null, '', `${route.redirectTo}${search}${hash}`);

// Spec doc1 §1: the language is stored as en when the path starts with /en, otherwise as ar.
applyDocumentLocale(route.locale);
rememberLocale(route.locale);

// The salon's daily visits report counts this view (a beacon: it never holds the page up).
if (
  route.page !== 'not-found' &&
  route.page !== 'report-to-zatca' &&
  route.page !== 'account-contract' &&
  route.page !== 'account-invoice'
) {
  const page = VISIT_PAGE[route.page];
  try {
    navigator.sendBeacon?.(
      `/api/public/salons/${encodeURIComponent(route.alias)}/visits`,
      new Blob([JSON.stringify({ page })], { type: 'application/json' }),
    );
  } catch {
    // a browser without beacons, or one that refuses them: the count is only a report's
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App route={route} />
  </StrictMode>,
);
