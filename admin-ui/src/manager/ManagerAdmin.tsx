import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import {
  PLATFORM_UPDATES,
  PlatformUpdateCreate,
  PlatformUpdateEdit,
  PlatformUpdateList,
} from './platformUpdates';
import LanguageIcon from '@mui/icons-material/Language';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { GATEWAY_SALONS, GLOBAL_ALIASES, GatewaySalonList, GlobalAliasList } from './onlineServices';
import { GATEWAY_FEES, GatewayFeesList } from './gatewayFees';
import { GATEWAY_PACKAGES } from './gatewayPackages';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import PhonelinkOffIcon from '@mui/icons-material/PhonelinkOff';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import HubIcon from '@mui/icons-material/Hub';
import SettingsPhoneIcon from '@mui/icons-material/SettingsPhone';
import {
  WA_CAMPAIGNS,
  WA_DISCONNECTED,
  WA_META,
  WA_PACKAGES,
  WA_SALONS,
  WA_SETTING,
  WA_TRACKER,
  WA_UNREACHABLE,
} from './whatsappPaths';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import LanIcon from '@mui/icons-material/Lan';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import {
  ACTIVE_EMPLOYEES,
  ADDED_CUSTOMERS,
  ADDED_EMPLOYEES,
  CURRENT_CONNECTIONS,
  INACTIVE_EMPLOYEES,
  ARCHIVE_DATABASE,
  SUGGESTIONS,
  SYSTEM_CONNECTIONS,
} from './consolePaths';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router-dom';
import {
  Admin,
  AppBar,
  CustomRoutes,
  Layout,
  LoadingIndicator,
  Logout,
  Menu,
  Resource,
  TitlePortal,
  UserMenu,
  defaultTheme,
  localStorageStore,
} from 'react-admin';
import { useLogout, useTranslate } from 'ra-core';
import BlockIcon from '@mui/icons-material/Block';
import BugReportIcon from '@mui/icons-material/BugReport';
import DashboardIcon from '@mui/icons-material/Dashboard';
import MailIcon from '@mui/icons-material/Mail';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WarningIcon from '@mui/icons-material/Warning';
import { raStoreAppKey } from '../auth/session';
import { FullPageLoading } from '../layout/FullPageMessage';
import { GlobalInformationGate, LayoutError } from '../layout/guards';
import { GlobalInformationProvider } from '../layout/globalInformationContext';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { lazyPage } from '../shell/chunks';
import { useArea } from '../shell/area';
import { mergeThemeOptions, themeOptions } from '../theme/theme';
import { ManagerDashboard } from './ManagerDashboard';
import { createManagerServices } from './services';
import { AppNotification, startWithMenuClosedOnPhone } from '../layout/phone';

const lists = () => import('./lists');
const consoleLists = () => import('./console');
const AddedEmployeesList = lazyPage(() => consoleLists().then((m) => m.AddedEmployeesList));
const ActiveEmployeesList = lazyPage(() => consoleLists().then((m) => m.ActiveEmployeesList));
const InactiveEmployeesList = lazyPage(() => consoleLists().then((m) => m.InactiveEmployeesList));
const CurrentConnectionsList = lazyPage(() => consoleLists().then((m) => m.CurrentConnectionsList));
const AddedCustomersList = lazyPage(() => consoleLists().then((m) => m.AddedCustomersList));
const SystemConnectionsList = lazyPage(() => consoleLists().then((m) => m.SystemConnectionsList));
const SuggestionList = lazyPage(() => import('./suggestions').then((m) => m.SuggestionList));
const ArchiveDatabaseList = lazyPage(() => import('./archive').then((m) => m.ArchiveDatabaseList));
const FailedLoginAttemptList = lazyPage(() => lists().then((m) => m.FailedLoginAttemptList));
const BlockedIpList = lazyPage(() => lists().then((m) => m.BlockedIpList));
const MailOutboxList = lazyPage(() => lists().then((m) => m.MailOutboxList));
const JsErrorList = lazyPage(() => lists().then((m) => m.JsErrorList));
const PlatformSettingsEdit = lazyPage(() => import('./PlatformSettings').then((m) => m.PlatformSettingsEdit));
const PaymentGatewaySettingEdit = lazyPage(() =>
  import('./PlatformSettings').then((m) => m.PaymentGatewaySettingEdit),
);
/** the platform's payment gateway defaults: the same record as the platform settings */
const GATEWAY_SETTING = 'platform-setting/payment-gateway-setting';
const packages = () => import('./gatewayPackages');
const GatewayPackageList = lazyPage(() => packages().then((m) => m.GatewayPackageList));
const GatewayPackageCreate = lazyPage(() => packages().then((m) => m.GatewayPackageCreate));
const GatewayPackageEdit = lazyPage(() => packages().then((m) => m.GatewayPackageEdit));
const whatsapp = () => import('./whatsapp');
const WhatsAppPackageList = lazyPage(() => whatsapp().then((m) => m.WhatsAppPackageList));
const WhatsAppPackageCreate = lazyPage(() => whatsapp().then((m) => m.WhatsAppPackageCreate));
const WhatsAppPackageEdit = lazyPage(() => whatsapp().then((m) => m.WhatsAppPackageEdit));
const WhatsAppSalonList = lazyPage(() => whatsapp().then((m) => m.WhatsAppSalonList));
const WhatsAppDisconnectedList = lazyPage(() => whatsapp().then((m) => m.WhatsAppDisconnectedList));
const WhatsAppMetaList = lazyPage(() => whatsapp().then((m) => m.WhatsAppMetaList));
const WhatsAppMetaEdit = lazyPage(() => whatsapp().then((m) => m.WhatsAppMetaEdit));
const WhatsAppUnreachableList = lazyPage(() => whatsapp().then((m) => m.WhatsAppUnreachableList));
const WhatsAppTrackerList = lazyPage(() => whatsapp().then((m) => m.WhatsAppTrackerList));
const WhatsAppSettingEdit = lazyPage(() => whatsapp().then((m) => m.WhatsAppSettingEdit));
const WhatsAppCampaignList = lazyPage(() => whatsapp().then((m) => m.WhatsAppCampaignList));
const merchants = () => import('./merchants');
const TrialRequestsList = lazyPage(() => merchants().then((m) => m.TrialRequestsList));
const TrialMerchantList = lazyPage(() => merchants().then((m) => m.TrialMerchantList));
const ExpiredMerchantList = lazyPage(() => merchants().then((m) => m.ExpiredMerchantList));
const DisabledMerchantList = lazyPage(() => merchants().then((m) => m.DisabledMerchantList));
const RejectedMerchantList = lazyPage(() => merchants().then((m) => m.RejectedMerchantList));
const AllRequestsList = lazyPage(() => merchants().then((m) => m.AllRequestsList));
const accounts = () => import('./accounts');
const AccountList = lazyPage(() => accounts().then((m) => m.AccountList));
const AccountCreate = lazyPage(() => accounts().then((m) => m.AccountCreate));
const zatca = () => import('../einvoicing/ZatcaSetting');
const ZatcaSettingList = lazyPage(() => zatca().then((m) => m.ZatcaSettingList));
const ZatcaSettingForm = lazyPage(() => zatca().then((m) => m.ZatcaSettingForm));
const ZatcaSettingClone = lazyPage(() => zatca().then((m) => m.ZatcaSettingClone));
const zatcaTransactions = () => import('../einvoicing/ZatcaTransactions');
const ZatcaFailedList = lazyPage(() => zatcaTransactions().then((m) => m.ZatcaFailedList));
const ZatcaWarningsList = lazyPage(() => zatcaTransactions().then((m) => m.ZatcaWarningsList));

const ManagerAppBar = () => (
  <AppBar
    color="primary"
    toolbar={
      <>
        <LanguageSwitch />
        <LoadingIndicator />
      </>
    }
    userMenu={
      <UserMenu>
        <Logout />
      </UserMenu>
    }
  >
    <TitlePortal />
  </AppBar>
);

const ManagerMenu = () => {
  const { basename } = useArea();
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.Item to={`${basename}/dashboard`} primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItem name="merchants/active-merchants" />
      <Menu.ResourceItem name="merchants/trial-requests" />
      <Menu.ResourceItem name="merchants/trial-merchants" />
      <Menu.ResourceItem name="merchants/expired-merchants" />
      <Menu.ResourceItem name="merchants/disabled-merchants" />
      <Menu.ResourceItem name="merchants/rejected-merchants" />
      <Menu.ResourceItem name="merchants/all-merchants-requests" />
      <Menu.ResourceItem name={ADDED_EMPLOYEES} />
      <Menu.ResourceItem name={ACTIVE_EMPLOYEES} />
      <Menu.ResourceItem name={INACTIVE_EMPLOYEES} />
      <Menu.ResourceItem name={CURRENT_CONNECTIONS} />
      <Menu.ResourceItem name={ADDED_CUSTOMERS} />
      <Menu.ResourceItem name={SYSTEM_CONNECTIONS} />
      <Menu.ResourceItem name="trackers/failed-login-attempts" />
      <Menu.ResourceItem name="trackers/blocked-ips" />
      <Menu.ResourceItem name="trackers/mail-tracker" />
      <Menu.ResourceItem name="technical/js-errors" />
      <Menu.ResourceItem name={SUGGESTIONS} />
      <Menu.ResourceItem name={ARCHIVE_DATABASE} />
      <Menu.ResourceItem name={GLOBAL_ALIASES} />
      <Menu.ResourceItem name={GATEWAY_SALONS} />
      <Menu.ResourceItem name="zatca-setting" />
      <Menu.ResourceItem name="dashboard/zatca-failed-transactions" />
      <Menu.ResourceItem name="dashboard/zatca-warning-transactions" />
      <Menu.ResourceItem name={GATEWAY_FEES} />
      <Menu.ResourceItem name={GATEWAY_PACKAGES} />
      <Menu.ResourceItem name={PLATFORM_UPDATES} />
      <Menu.ResourceItem name={WA_PACKAGES} />
      <Menu.ResourceItem name={WA_SALONS} />
      <Menu.ResourceItem name={WA_DISCONNECTED} />
      <Menu.ResourceItem name={WA_META} />
      <Menu.ResourceItem name={WA_UNREACHABLE} />
      <Menu.ResourceItem name={WA_TRACKER} />
      <Menu.ResourceItem name={WA_CAMPAIGNS} />
      <Menu.Item
        to={`${basename}/${WA_SETTING}/platform`}
        primaryText={translate(`resources.${WA_SETTING}.name`, { smart_count: 2 })}
        leftIcon={<SettingsPhoneIcon />}
      />
      <Menu.Item
        to={`${basename}/platform-setting/platform-setting/platform`}
        primaryText="resources.platform-setting/platform-setting.name"
        leftIcon={<SettingsIcon />}
      />
      <Menu.Item
        to={`${basename}/${GATEWAY_SETTING}/platform`}
        primaryText={translate(`resources.${GATEWAY_SETTING}.name`, { smart_count: 2 })}
        leftIcon={<PaymentsIcon />}
      />
    </Menu>
  );
};

const ManagerLayout = ({ children }: { children: ReactNode }) => (
  <GlobalInformationGate>
    <Layout appBarAlwaysOn appBar={ManagerAppBar} menu={ManagerMenu} error={LayoutError}>
      {children}
    </Layout>
  </GlobalInformationGate>
);

/** Spec doc1 §2: the manager area's empty path goes to manager/dashboard. */
const ToDashboard = () => <Navigate to={`${useArea().basename}/dashboard`} replace />;
const GoToNotFound = () => <Navigate to={useArea().paths.notFound} replace />;

const LogoutRoute = () => {
  const logout = useLogout();
  useEffect(() => {
    void logout();
  }, [logout]);
  return <FullPageLoading />;
};

const Loading = () => <FullPageLoading message={useTranslate()('app.common.loading')} />;

export const ManagerAdmin = () => {
  const area = useArea();
  const services = useMemo(() => createManagerServices(area), [area]);
  const store = useMemo(
    () => startWithMenuClosedOnPhone(localStorageStore(undefined, raStoreAppKey('manager'))),
    [],
  );
  const theme = useMemo(() => mergeThemeOptions(defaultTheme, themeOptions(area.language)), [area.language]);
  return (
    <GlobalInformationProvider store={services.global}>
      <Admin
        basename={area.basename}
        dataProvider={services.dataProvider}
        authProvider={services.authProvider}
        i18nProvider={area.i18nProvider}
        store={store}
        theme={theme}
        darkTheme={null}
        layout={ManagerLayout}
        notification={AppNotification}
        dashboard={ToDashboard}
        loginPage={false}
        requireAuth
        catchAll={GoToNotFound}
        loading={Loading}
        disableTelemetry
        title={area.i18nProvider.translate('app.name')}
      >
        <Resource
          name="merchants/active-merchants"
          list={AccountList}
          create={AccountCreate}
          icon={StorefrontIcon}
          recordRepresentation="name_en"
        />
        <Resource name="merchants/trial-requests" list={TrialRequestsList} icon={StorefrontIcon} />
        <Resource name="merchants/trial-merchants" list={TrialMerchantList} icon={StorefrontIcon} />
        <Resource name="merchants/expired-merchants" list={ExpiredMerchantList} icon={StorefrontIcon} />
        <Resource name="merchants/disabled-merchants" list={DisabledMerchantList} icon={StorefrontIcon} />
        <Resource name="merchants/rejected-merchants" list={RejectedMerchantList} icon={StorefrontIcon} />
        <Resource name="merchants/all-merchants-requests" list={AllRequestsList} icon={StorefrontIcon} />
        <Resource name={ADDED_EMPLOYEES} list={AddedEmployeesList} icon={BadgeIcon} />
        <Resource name={ACTIVE_EMPLOYEES} list={ActiveEmployeesList} icon={BadgeIcon} />
        <Resource name={INACTIVE_EMPLOYEES} list={InactiveEmployeesList} icon={BadgeIcon} />
        <Resource name={CURRENT_CONNECTIONS} list={CurrentConnectionsList} icon={LanIcon} />
        <Resource name={ADDED_CUSTOMERS} list={AddedCustomersList} icon={PersonAddIcon} />
        <Resource name={SYSTEM_CONNECTIONS} list={SystemConnectionsList} icon={LanIcon} />
        <Resource name="trackers/failed-login-attempts" list={FailedLoginAttemptList} icon={WarningIcon} />
        <Resource name="trackers/blocked-ips" list={BlockedIpList} icon={BlockIcon} />
        <Resource name="trackers/mail-tracker" list={MailOutboxList} icon={MailIcon} />
        <Resource name="technical/js-errors" list={JsErrorList} icon={BugReportIcon} />
        <Resource name={SUGGESTIONS} list={SuggestionList} icon={LightbulbIcon} />
        <Resource name={ARCHIVE_DATABASE} list={ArchiveDatabaseList} icon={ArchiveIcon} />
        <Resource name="platform-setting/platform-setting" edit={PlatformSettingsEdit} />
        <Resource name={GATEWAY_SETTING} edit={PaymentGatewaySettingEdit} />
        <Resource name={GLOBAL_ALIASES} list={GlobalAliasList} icon={LanguageIcon} />
        <Resource name={GATEWAY_SALONS} list={GatewaySalonList} icon={CreditCardIcon} />
        <Resource name="dashboard/zatca-failed-transactions" list={ZatcaFailedList} icon={ErrorOutlineIcon} />
        <Resource
          name="dashboard/zatca-warning-transactions"
          list={ZatcaWarningsList}
          icon={WarningAmberIcon}
        />
        <Resource name="zatca-setting" list={ZatcaSettingList} icon={ReceiptLongIcon}>
          <Route path="form" element={<ZatcaSettingForm />} />
          <Route path="form-clone/:id" element={<ZatcaSettingClone />} />
        </Resource>
        <Resource name={GATEWAY_FEES} list={GatewayFeesList} icon={ReceiptLongIcon} />
        <Resource
          name={GATEWAY_PACKAGES}
          list={GatewayPackageList}
          create={GatewayPackageCreate}
          edit={GatewayPackageEdit}
          icon={InventoryIcon}
          recordRepresentation="name_en"
        />
        <Resource
          name={PLATFORM_UPDATES}
          list={PlatformUpdateList}
          create={PlatformUpdateCreate}
          edit={PlatformUpdateEdit}
          icon={CampaignIcon}
          recordRepresentation="english_title"
        />
        <Resource
          name={WA_PACKAGES}
          list={WhatsAppPackageList}
          create={WhatsAppPackageCreate}
          edit={WhatsAppPackageEdit}
          icon={WhatsAppIcon}
          recordRepresentation="name_en"
        />
        <Resource name={WA_SALONS} list={WhatsAppSalonList} icon={WhatsAppIcon} />
        <Resource name={WA_DISCONNECTED} list={WhatsAppDisconnectedList} icon={PhonelinkOffIcon} />
        <Resource
          name={WA_META}
          list={WhatsAppMetaList}
          edit={WhatsAppMetaEdit}
          icon={HubIcon}
          recordRepresentation="salon_en"
        />
        <Resource name={WA_UNREACHABLE} list={WhatsAppUnreachableList} icon={PersonOffIcon} />
        <Resource name={WA_TRACKER} list={WhatsAppTrackerList} icon={QueryStatsIcon} />
        <Resource name={WA_CAMPAIGNS} list={WhatsAppCampaignList} icon={CampaignIcon} />
        <Resource name={WA_SETTING} edit={WhatsAppSettingEdit} />
        <CustomRoutes>
          <Route path="/dashboard" element={<ManagerDashboard />} />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/logout" element={<LogoutRoute />} />
        </CustomRoutes>
      </Admin>
    </GlobalInformationProvider>
  );
};
