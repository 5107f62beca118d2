import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AppBar, Layout, LoadingIndicator, Logout, TitlePortal, UserMenu, useUserMenu } from 'react-admin';
import { useTranslate } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import LockIcon from '@mui/icons-material/Lock';
import PersonIcon from '@mui/icons-material/Person';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { GlobalInformationGate, LayoutError, LockGuard } from '../layout/guards';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useArea } from '../shell/area';
import { NotificationsBell } from '../notifications/NotificationsBell';
import { SystemUpdatePopup } from '../notifications/SystemUpdates';
import { MerchantMenu } from './menu/MerchantMenu';

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
      <UserMenuLink
        to={`${basename}/development-suggestions`}
        icon={<LightbulbIcon />}
        label="app.suggestions.menu"
      />
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
        <NotificationsBell />
        <SystemUpdatePopup />
        <LanguageSwitch />
        <LoadingIndicator />
      </>
    }
    userMenu={<MerchantUserMenu />}
  >
    <TitlePortal />
  </AppBar>
);

/**
 * An expired or disabled salon reads and exports but neither sells nor books: said once, above every
 * screen, rather than only when a save is refused.
 */
const AccountStateBanner = () => {
  const information = useGlobalInformation<GlobalInformation>();
  const translate = useTranslate();
  const state = information?.global_informations.account.account_state;
  if (state !== 'expired' && state !== 'disabled') return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="account-state-banner">
      {translate(`account.${state}`)}
    </Alert>
  );
};

/** Platform support signed in as the owner: said on every screen, so no one mistakes it for her. */
const SupportSessionBanner = () => {
  const information = useGlobalInformation<GlobalInformation>();
  const translate = useTranslate();
  const by = information?.auth.support_by;
  if (!by) return null;
  return (
    <Alert severity="info" sx={{ mb: 1 }} data-testid="support-session-banner">
      {translate('app.support_session', { name: by.name })}
    </Alert>
  );
};

export const MerchantLayout = ({ children }: { children: ReactNode }) => (
  <LockGuard>
    <GlobalInformationGate>
      <Layout appBarAlwaysOn appBar={MerchantAppBar} menu={MerchantMenu} error={LayoutError}>
        <SupportSessionBanner />
        <AccountStateBanner />
        {children}
      </Layout>
    </GlobalInformationGate>
  </LockGuard>
);
