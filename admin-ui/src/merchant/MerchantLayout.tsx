import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  Logout,
  Menu,
  TitlePortal,
  UserMenu,
  useSidebarState,
  useUserMenu,
} from 'react-admin';
import { useCanAccess, useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import HomeIcon from '@mui/icons-material/Home';
import LockIcon from '@mui/icons-material/Lock';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { GlobalInformationGate, LayoutError, LockGuard } from '../layout/guards';
import { SettingsMenuItems } from '../settings/SettingsMenuItems';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useArea } from '../shell/area';
import { BillingMenuItem } from '../billing';
import { MANAGEMENT_PAGES, MONEY_REPORTS } from '../reports';
import { ProductsMenu, StockNotificationsBell } from '../products';
import { StaffMenu } from '../staff';

const SalonName = () => {
  const information = useGlobalInformation<GlobalInformation>();
  const { language } = useArea();
  const account = information?.global_informations.account;
  if (!account) return null;
  return (
    <Chip
      icon={<StorefrontIcon />}
      label={language === 'ar' ? account.name_ar : account.name_en}
      size="small"
      sx={{
        display: { xs: 'none', md: 'inline-flex' },
        color: 'inherit',
        borderColor: 'rgba(255,255,255,0.5)',
        '& .MuiChip-icon': { color: 'inherit' },
        marginInlineEnd: 1,
      }}
      variant="outlined"
      data-testid="salon-name"
    />
  );
};

const UserMenuLink = ({ to, icon, label }: { to: string; icon: ReactNode; label: string }) => {
  const userMenu = useUserMenu();
  const translate = useTranslate();
  return (
    <MenuItem component={Link} to={to} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
};

const LockMenuItem = () => {
  const { session, paths } = useArea();
  const userMenu = useUserMenu();
  const translate = useTranslate();
  return (
    <MenuItem
      component={Link}
      to={paths.lock}
      state={{ from: `${window.location.pathname}${window.location.search}` }}
      onClick={() => {
        // Locked before leaving, so a reload or a typed address cannot skip the lock screen.
        session.setLocked(true);
        userMenu?.onClose();
      }}
    >
      <ListItemIcon>
        <LockIcon />
      </ListItemIcon>
      <ListItemText>{translate('app.lock.lock_now')}</ListItemText>
    </MenuItem>
  );
};

const MerchantUserMenu = () => {
  const { basename } = useArea();
  return (
    <UserMenu>
      <UserMenuLink to={`${basename}/profile`} icon={<PersonIcon />} label="app.menu.profile" />
      <LockMenuItem />
      <Logout />
    </UserMenu>
  );
};

const MerchantAppBar = () => (
  <AppBar
    color="primary"
    toolbar={
      <>
        <SalonName />
        <StockNotificationsBell />
        <LanguageSwitch />
        <LoadingIndicator />
      </>
    }
    userMenu={<MerchantUserMenu />}
  >
    <TitlePortal />
  </AppBar>
);

/** A heading over related entries; a line when the sidebar shows icons only. */
const MenuSection = ({ title }: { title: string }) => {
  const [open] = useSidebarState();
  const translate = useTranslate();
  if (!open) return <Divider sx={{ my: 1 }} />;
  return (
    <ListSubheader
      component="div"
      disableSticky
      sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent', fontWeight: 600, textTransform: 'uppercase' }}
    >
      {translate(title)}
    </ListSubheader>
  );
};

/**
 * Only entries for screens that exist and the user may open: react-admin hides the resources the
 * permissions do not open; the other entries and the headings ask the same table.
 */
/** The appointment reports, under their heading when the user may read them (page 2, 12). */
const AppointmentReportsMenu = () => {
  const { canAccess } = useCanAccess({ resource: 'reports/appointments-report', action: 'list' });
  if (!canAccess) return null;
  return (
    <>
      <MenuSection title="app.menu.sections.appointment_reports" />
      <Menu.ResourceItem name="reports/appointments-report" />
      <Menu.ResourceItem name="reports/checkin-checkout-report" />
      <Menu.ResourceItem name="reports/appointments-cancellation-reasons" />
    </>
  );
};

/** "Point of sale": the till, the cashier's day, then the invoices, payments and money reports, each for who may see it. */
const SalesMenu = () => {
  const till = useCanAccess({ resource: 'billing', action: 'show' });
  const invoices = useCanAccess({ resource: 'accounting/total-sales', action: 'list' });
  const reports = useCanAccess({ resource: 'reports/daily-general-summary', action: 'list' });
  if (!till.canAccess && !invoices.canAccess && !reports.canAccess) return null;
  return (
    <>
      <MenuSection title="app.sales.section" />
      <BillingMenuItem />
      {MONEY_REPORTS.cashier.map((r) => (
        <Menu.ResourceItem key={r} name={r} />
      ))}
      <Menu.ResourceItem name="on-hold-report" />
      <Menu.ResourceItem name="accounting/total-sales" />
      <Menu.ResourceItem name="accounting/credit-note" />
      <Menu.ResourceItem name="accounting/debit-note" />
      <Menu.ResourceItem name="payments" />
      <Menu.ResourceItem name="accounting/receivable" />
      <Menu.ResourceItem name="pos/customer-wallet-reminder" />
      {MANAGEMENT_PAGES.cashier.map((r) => (
        <Menu.ResourceItem key={r} name={r} />
      ))}
    </>
  );
};

/** The money reports (15): the accounting ones, then the management ones, each under its heading. */
const MoneyReportsMenu = () => {
  const { canAccess } = useCanAccess({ resource: 'reports/daily-general-summary', action: 'list' });
  if (!canAccess) return null;
  return (
    <>
      <MenuSection title="app.reports.sections.accounting" />
      <Menu.ResourceItem name="reports/daily-general-summary" />
      <Menu.ResourceItem name="reports/monthly-general-summary" />
      {MONEY_REPORTS.accounting.map((r) => (
        <Menu.ResourceItem key={r} name={r} />
      ))}
      <MenuSection title="app.reports.sections.management" />
      {MONEY_REPORTS.management.map((r) => (
        <Menu.ResourceItem key={r} name={r} />
      ))}
      <Menu.ResourceItem name="reports/customers-discount-report" />
      <Menu.ResourceItem name="reports/unused-customers-offers-report" />
      <Menu.ResourceItem name="reports/active-gifts-cards" />
      <Menu.ResourceItem name="reports/used-gifts-cards" />
      <Menu.ResourceItem name="reports/expired-gifts-cards" />
      {MANAGEMENT_PAGES.management.map((r) => (
        <Menu.ResourceItem key={r} name={r} />
      ))}
    </>
  );
};

const MerchantMenu = () => {
  const { basename } = useArea();
  const menu = useCanAccess({ resource: 'menu/services', action: 'list' });
  const settings = useCanAccess({ resource: 'settings', action: 'show' });
  return (
    <Menu>
      <Menu.Item to={`${basename}/`} primaryText="app.menu.welcome" leftIcon={<HomeIcon />} />
      <Menu.ResourceItem name="dashboard" />
      <Menu.ResourceItem name="appointments" />
      <Menu.ResourceItem name="customers" />
      {MANAGEMENT_PAGES.customers.map((r) => (
        <Menu.ResourceItem key={r} name={r} />
      ))}
      <Menu.ResourceItem name="pos/appointments-reminder" />
      <Menu.ResourceItem name="pos/no-show-reschedule" />
      <Menu.ResourceItem name="advanced-accounting/audit-log" />
      <SalesMenu />
      <MoneyReportsMenu />
      {menu.canAccess && <MenuSection title="app.menu.sections.menu" />}
      <Menu.ResourceItem name="menu/services" />
      <Menu.ResourceItem name="menu/groups" />
      <Menu.ResourceItem name="menu/categories" />
      <Menu.ResourceItem name="menu/offers" />
      <Menu.ResourceItem name="menu/discount-codes" />
      <ProductsMenu />
      {/* under the inventory reports the products menu ends with */}
      {MANAGEMENT_PAGES.inventory.map((r) => (
        <Menu.ResourceItem key={r} name={r} />
      ))}
      <AppointmentReportsMenu />
      <StaffMenu />
      {settings.canAccess && <MenuSection title="app.menu.sections.settings" />}
      {settings.canAccess && (
        <Menu.Item
          to={`${basename}/setting/general-setting`}
          primaryText="app.menu.general_settings"
          leftIcon={<SettingsIcon />}
        />
      )}
      <SettingsMenuItems />
      {(menu.canAccess || settings.canAccess) && <Divider sx={{ my: 1 }} />}
      <Menu.Item to={`${basename}/profile`} primaryText="app.menu.profile" leftIcon={<PersonIcon />} />
    </Menu>
  );
};

export const MerchantLayout = ({ children }: { children: ReactNode }) => (
  <LockGuard>
    <GlobalInformationGate>
      <Layout appBarAlwaysOn appBar={MerchantAppBar} menu={MerchantMenu} error={LayoutError}>
        {children}
      </Layout>
    </GlobalInformationGate>
  </LockGuard>
);
