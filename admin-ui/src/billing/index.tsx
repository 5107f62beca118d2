import { Route } from 'react-router-dom';
import { Menu } from 'react-admin';
import { useCanAccess } from 'ra-core';
import PointOfSaleIcon from '@mui/icons-material/PointOfSaleOutlined';
import { lazyPage } from '../shell/chunks';
import { useArea } from '../shell/area';
import { BILLING } from './paths';

export { BILLING, billingPath } from './paths';

/** The till is its own chunk, fetched when first opened. */
const BillingPage = lazyPage(() => import('./BillingPage').then((m) => m.BillingPage));

/** `billing` (doc1 §2): a page rather than a list, inside the layout (for `<CustomRoutes>`). */
export const billingRoutes = [<Route key="billing" path={`/${BILLING}`} element={<BillingPage />} />];

/** The till's item of the side menu's "Point of sale" section, for whoever may sell (page 3, permission 13). */
export const BillingMenuItem = () => {
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: BILLING, action: 'show' });
  if (!canAccess) return null;
  return (
    <Menu.Item to={`${basename}/${BILLING}`} primaryText="app.billing.menu" leftIcon={<PointOfSaleIcon />} />
  );
};
