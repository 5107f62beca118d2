import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/chunks';
import { BILLING } from './paths';

export { BILLING, billingPath } from './paths';

/** The till is its own chunk, fetched when first opened. */
const BillingPage = lazyPage(() => import('./BillingPage').then((m) => m.BillingPage));

/** `billing` (doc1 §2): a page rather than a list, inside the layout (for `<CustomRoutes>`). */
export const billingRoutes = [<Route key="billing" path={`/${BILLING}`} element={<BillingPage />} />];
