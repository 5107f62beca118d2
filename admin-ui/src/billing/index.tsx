import { Route } from 'react-router-dom';
import { Menu, useSidebarState } from 'react-admin';
import { useCanAccess, useTranslate } from 'ra-core';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import PointOfSaleIcon from '@mui/icons-material/PointOfSaleOutlined';
import { lazyPage } from '../shell/chunks';
import { useArea } from '../shell/area';
import { BILLING } from './paths';

export { BILLING, billingPath } from './paths';

/** The till is its own chunk, fetched when first opened. */
const BillingPage = lazyPage(() => import('./BillingPage').then((m) => m.BillingPage));

/** `billing` (doc1 §2): a page rather than a list, inside the layout (for `<CustomRoutes>`). */
export const billingRoutes = [<Route key="billing" path={`/${BILLING}`} element={<BillingPage />} />];

/** The side menu's "Point of sale" section: the till, for whoever may sell (page 3, permission 13). */
export const BillingMenu = () => {
  const { basename } = useArea();
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { canAccess } = useCanAccess({ resource: BILLING, action: 'show' });
  if (!canAccess) return null;
  return (
    <>
      {open ? (
        <ListSubheader
          component="div"
          disableSticky
          sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent', fontWeight: 600, textTransform: 'uppercase' }}
        >
          {translate('app.billing.menu_section')}
        </ListSubheader>
      ) : (
        <Divider sx={{ my: 1 }} />
      )}
      <Menu.Item
        to={`${basename}/${BILLING}`}
        primaryText="app.billing.menu"
        leftIcon={<PointOfSaleIcon />}
      />
    </>
  );
};
