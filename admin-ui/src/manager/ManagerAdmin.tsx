import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import PublicIcon from '@mui/icons-material/Public';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import SpaIcon from '@mui/icons-material/SpaOutlined';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBagOutlined';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
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
import { useEffect, useMemo, type ComponentProps, type ReactNode } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import LanIcon from '@mui/icons-material/Lan';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import {
  ACTIVE_EMPLOYEES,
  ADDED_CUSTOMERS,
  ADDED_EMPLOYEES,
  CURRENT_CONNECTIONS,
  INACTIVE_EMPLOYEES,
  ARCHIVE_DATABASE,
  CHECK_ENTRIES,
  CHECK_LIST_NAMES,
  SUGGESTIONS,
  SYSTEM_CONNECTIONS,
} from './consolePaths';
import { Navigate, Route } from 'react-router-dom';
import {
  Admin,
  AppBar,
  CustomRoutes,
  Layout,
  LoadingIndicator,
  Logout,
  Menu,
  TitlePortal,
  UserMenu,
  defaultTheme,
  localStorageStore,
} from 'react-admin';
import { useCanAccess, useLogout, useTranslate } from 'ra-core';
import BlockIcon from '@mui/icons-material/Block';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import BugReportIcon from '@mui/icons-material/BugReport';
import DashboardIcon from '@mui/icons-material/Dashboard';
import MailIcon from '@mui/icons-material/Mail';
import SettingsIcon from '@mui/icons-material/Settings';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import WebIcon from '@mui/icons-material/Web';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WarningIcon from '@mui/icons-material/Warning';
import { raStoreAppKey } from '../auth/session';
import { FullPageLoading } from '../layout/FullPageMessage';
import { GlobalInformationGate, LayoutError } from '../layout/guards';
import { GlobalInformationProvider } from '../layout/globalInformationContext';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { lazyPage } from '../shell/chunks';
import { useArea } from '../shell/area';
import { AppResource, GoToNotFound } from '../shell/AppResource';
import { nameInLanguage } from '../shell/names';
import { mergeThemeOptions, themeOptions } from '../theme/theme';
import { ManagerDashboard } from './ManagerDashboard';
import { createManagerServices } from './services';
import { WEBSITE, WEBSITE_SECTION_IDS } from './websitePaths';
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
const checkLists = () => import('./checkEntries');
/** One list screen per check list, made once (a component made in render would remount each time). */
const CHECK_LIST_PAGES = CHECK_LIST_NAMES.map((list) => ({
  name: `${CHECK_ENTRIES}/${list}`,
  page: lazyPage(() => checkLists().then((m) => m.checkListPage(list))),
}));
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
const contracts = () => import('./contracts');
const ContractList = lazyPage(() => contracts().then((m) => m.ContractList));
const ContractCreate = lazyPage(() => contracts().then((m) => m.ContractCreate));
const ContractShow = lazyPage(() => contracts().then((m) => m.ContractShow));
const ContractTemplateList = lazyPage(() => contracts().then((m) => m.ContractTemplateList));
const ContractTemplateCreate = lazyPage(() => contracts().then((m) => m.ContractTemplateCreate));
const ContractTemplateEdit = lazyPage(() => contracts().then((m) => m.ContractTemplateEdit));
/** doc1 §2 `accounting/contracts…` (the names are the screens' paths; kept here so the menu needs no chunk) */
const CONTRACTS = 'accounting/contracts';
const CONTRACT_TEMPLATES = 'accounting/contract-templates';
const billing = () => import('./billing');
const PlanList = lazyPage(() => billing().then((m) => m.PlanList));
const PlanEdit = lazyPage(() => billing().then((m) => m.PlanEdit));
const BillingSellerEdit = lazyPage(() => billing().then((m) => m.BillingSellerEdit));
const TotalSalesList = lazyPage(() => billing().then((m) => m.TotalSalesList));
const TotalSalesCreate = lazyPage(() => billing().then((m) => m.TotalSalesCreate));
const TotalSalesShow = lazyPage(() => billing().then((m) => m.TotalSalesShow));
const PaymentList = lazyPage(() => billing().then((m) => m.PaymentList));
const PaymentRequestList = lazyPage(() => billing().then((m) => m.PaymentRequestList));
const PaymentRequestCreate = lazyPage(() => billing().then((m) => m.PaymentRequestCreate));
const PaymentRequestShow = lazyPage(() => billing().then((m) => m.PaymentRequestShow));
const AdvancedAccountingList = lazyPage(() => billing().then((m) => m.AdvancedAccountingList));
/** the platform's billing (issue 27): kept as plain names so the menu does not load the screens' chunk */
const PLANS = 'platform-setting/plans';
const BILLING_SELLER = 'platform-setting/billing-seller';
const TOTAL_SALES = 'accounting/total-sales';
const PAYMENTS = 'accounting/payments';
const PAYMENT_REQUESTS = 'accounting/payments-requests';
const platformLists = () => import('./platformLists');
const PlatformListList = lazyPage(() => platformLists().then((m) => m.PlatformListList));
const PlatformListCreate = lazyPage(() => platformLists().then((m) => m.PlatformListCreate));
const PlatformListEdit = lazyPage(() => platformLists().then((m) => m.PlatformListEdit));
const EmailSettingEdit = lazyPage(() => platformLists().then((m) => m.EmailSettingEdit));
const AllowedCountriesEdit = lazyPage(() => platformLists().then((m) => m.AllowedCountriesEdit));
const MarketingSettingEdit = lazyPage(() => platformLists().then((m) => m.MarketingSettingEdit));
const MarketingRequestsList = lazyPage(() => platformLists().then((m) => m.MarketingRequestsList));
const MarketingActiveList = lazyPage(() => platformLists().then((m) => m.MarketingActiveList));
const platformStaff = () => import('./platformStaff');
const PlatformStaffList = lazyPage(() => platformStaff().then((m) => m.PlatformStaffList));
const PlatformStaffCreate = lazyPage(() => platformStaff().then((m) => m.PlatformStaffCreate));
const PlatformStaffEdit = lazyPage(() => platformStaff().then((m) => m.PlatformStaffEdit));
/** the platform's lists (platform-setting/*): each with its list, create (not the countries) and edit */
const PLATFORM_LIST_RESOURCES = [
  { name: 'platform-setting/countries-list', creatable: false, icon: PublicIcon },
  { name: 'platform-setting/cities-list', creatable: true, icon: LocationCityIcon },
  { name: 'platform-setting/payments-methods', creatable: true, icon: PaymentsIcon },
  { name: 'platform-setting/suggested-groups', creatable: true, icon: CategoryIcon },
  { name: 'platform-setting/suggested-services', creatable: true, icon: SpaIcon },
  { name: 'platform-setting/suggested-products', creatable: true, icon: ShoppingBagIcon },
] as const;
/** the platform's one-record settings: the menu opens the record (its id is its name) */
const PLATFORM_RECORD_LINKS = [
  { name: 'platform-setting/email-setting', id: 'email-setting', icon: AlternateEmailIcon },
  { name: 'platform-setting/allowed-countries', id: 'allowed-countries', icon: PublicIcon },
  { name: 'marketing/marketing-setting', id: 'marketing-setting', icon: CampaignIcon },
] as const;
const zatca = () => import('../einvoicing/ZatcaSetting');
const ZatcaSettingList = lazyPage(() => zatca().then((m) => m.ZatcaSettingList));
const ZatcaSettingForm = lazyPage(() => zatca().then((m) => m.ZatcaSettingForm));
const ZatcaSettingClone = lazyPage(() => zatca().then((m) => m.ZatcaSettingClone));
const zatcaTransactions = () => import('../einvoicing/ZatcaTransactions');
const ZatcaFailedList = lazyPage(() => zatcaTransactions().then((m) => m.ZatcaFailedList));
const ZatcaWarningsList = lazyPage(() => zatcaTransactions().then((m) => m.ZatcaWarningsList));

const website = () => import('./website');
const WebsiteTextsEdit = lazyPage(() => website().then((m) => m.WebsiteTextsEdit));
const WebsiteTermsEdit = lazyPage(() => website().then((m) => m.WebsiteTermsEdit));
const WebsitePrivacyEdit = lazyPage(() => website().then((m) => m.WebsitePrivacyEdit));
const WebsiteFaqEdit = lazyPage(() => website().then((m) => m.WebsiteFaqEdit));
const WebsiteSocialEdit = lazyPage(() => website().then((m) => m.WebsiteSocialEdit));
const SeoDefaultsEdit = lazyPage(() => website().then((m) => m.SeoDefaultsEdit));
const GoogleAnalyticsEdit = lazyPage(() => website().then((m) => m.GoogleAnalyticsEdit));
const RedirectsEdit = lazyPage(() => website().then((m) => m.RedirectsEdit));
const SeoPageList = lazyPage(() => website().then((m) => m.SeoPageList));
const SeoPageEdit = lazyPage(() => website().then((m) => m.SeoPageEdit));
const SeoReportList = lazyPage(() => website().then((m) => m.SeoReportList));
const ContactMessageList = lazyPage(() => website().then((m) => m.ContactMessageList));

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

/** A menu link to a one-record screen, shown only when her role opens its area. */
const RecordMenuItem = ({ resource, ...props }: { resource: string } & ComponentProps<typeof Menu.Item>) => {
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  return canAccess ? <Menu.Item {...props} /> : null;
};

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
      <Menu.ResourceItem name={CONTRACTS} />
      <Menu.ResourceItem name={CONTRACT_TEMPLATES} />
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
      {CHECK_LIST_PAGES.map(({ name }) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
      <Menu.ResourceItem name={GLOBAL_ALIASES} />
      <Menu.ResourceItem name={GATEWAY_SALONS} />
      <Menu.ResourceItem name="zatca-setting" />
      <Menu.ResourceItem name="dashboard/zatca-failed-transactions" />
      <Menu.ResourceItem name="dashboard/zatca-warning-transactions" />
      <Menu.ResourceItem name={GATEWAY_FEES} />
      <Menu.ResourceItem name={GATEWAY_PACKAGES} />
      <Menu.ResourceItem name={PLATFORM_UPDATES} />
      <Menu.ResourceItem name={TOTAL_SALES} />
      <Menu.ResourceItem name={PAYMENT_REQUESTS} />
      <Menu.ResourceItem name={PAYMENTS} />
      <Menu.ResourceItem name={PLANS} />
      <Menu.ResourceItem name="advanced-accounting" />
      <Menu.Item
        to={`${basename}/${BILLING_SELLER}/platform`}
        primaryText={translate(`resources.${BILLING_SELLER}.name`, { smart_count: 1 })}
        leftIcon={<ReceiptLongIcon />}
      />
      <Menu.ResourceItem name={WA_PACKAGES} />
      <Menu.ResourceItem name={WA_SALONS} />
      <Menu.ResourceItem name={WA_DISCONNECTED} />
      <Menu.ResourceItem name={WA_META} />
      <Menu.ResourceItem name={WA_UNREACHABLE} />
      <Menu.ResourceItem name={WA_TRACKER} />
      <Menu.ResourceItem name={WA_CAMPAIGNS} />
      <RecordMenuItem
        resource={WA_SETTING}
        to={`${basename}/${WA_SETTING}/platform`}
        primaryText={translate(`resources.${WA_SETTING}.name`, { smart_count: 2 })}
        leftIcon={<SettingsPhoneIcon />}
      />
      <RecordMenuItem
        resource="platform-setting/platform-setting"
        to={`${basename}/platform-setting/platform-setting/platform`}
        primaryText="resources.platform-setting/platform-setting.name"
        leftIcon={<SettingsIcon />}
      />
      <RecordMenuItem
        resource={GATEWAY_SETTING}
        to={`${basename}/${GATEWAY_SETTING}/platform`}
        primaryText={translate(`resources.${GATEWAY_SETTING}.name`, { smart_count: 2 })}
        leftIcon={<PaymentsIcon />}
      />
      <Menu.ResourceItem name={WEBSITE.messages} />
      <Menu.ResourceItem name={WEBSITE.seoPages} />
      <Menu.ResourceItem name={WEBSITE.seoReport} />
      {WEBSITE_SECTION_IDS.map(([resource, id]) => (
        <Menu.Item
          key={resource}
          to={`${basename}/${resource}/${id}`}
          primaryText={translate(`resources.${resource}.name`, { smart_count: 1 })}
          leftIcon={resource.startsWith('seo-') ? <TravelExploreIcon /> : <WebIcon />}
        />
      ))}
      {PLATFORM_LIST_RESOURCES.map((r) => (
        <Menu.ResourceItem key={r.name} name={r.name} />
      ))}
      {PLATFORM_RECORD_LINKS.map((r) => (
        <RecordMenuItem
          key={r.name}
          resource={r.name}
          to={`${basename}/${r.name}/${r.id}`}
          primaryText={translate(`resources.${r.name}.name`, { smart_count: 2 })}
          leftIcon={<r.icon />}
        />
      ))}
      <Menu.ResourceItem name="platform-setting/employees" />
      <Menu.ResourceItem name="marketing/marketing-merchants-requests" />
      <Menu.ResourceItem name="marketing/marketing-active-merchants" />
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
  // a record's name in the console's language (an Arabic title never carries the English name on file)
  const names = useMemo(
    () => ({
      name: nameInLanguage(area.language),
      title: nameInLanguage(area.language, 'english_title', 'arabic_title'),
      salon: nameInLanguage(area.language, 'salon_en', 'salon_ar'),
    }),
    [area.language],
  );
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
        <AppResource
          name="merchants/active-merchants"
          list={AccountList}
          create={AccountCreate}
          icon={StorefrontIcon}
          recordRepresentation={names.name}
        />
        <AppResource name="merchants/trial-requests" list={TrialRequestsList} icon={StorefrontIcon} />
        <AppResource name="merchants/trial-merchants" list={TrialMerchantList} icon={StorefrontIcon} />
        <AppResource name="merchants/expired-merchants" list={ExpiredMerchantList} icon={StorefrontIcon} />
        <AppResource name="merchants/disabled-merchants" list={DisabledMerchantList} icon={StorefrontIcon} />
        <AppResource name="merchants/rejected-merchants" list={RejectedMerchantList} icon={StorefrontIcon} />
        <AppResource name="merchants/all-merchants-requests" list={AllRequestsList} icon={StorefrontIcon} />
        <AppResource name={CONTRACTS} list={ContractList} icon={HistoryEduIcon} recordRepresentation="title">
          <Route path="contract" element={<ContractCreate />} />
          <Route path="contracts/:id" element={<ContractShow />} />
        </AppResource>
        <AppResource
          name={CONTRACT_TEMPLATES}
          list={ContractTemplateList}
          create={ContractTemplateCreate}
          edit={ContractTemplateEdit}
          icon={DescriptionIcon}
          recordRepresentation="name"
        />
        <AppResource name={ADDED_EMPLOYEES} list={AddedEmployeesList} icon={BadgeIcon} />
        <AppResource name={ACTIVE_EMPLOYEES} list={ActiveEmployeesList} icon={BadgeIcon} />
        <AppResource name={INACTIVE_EMPLOYEES} list={InactiveEmployeesList} icon={BadgeIcon} />
        <AppResource name={CURRENT_CONNECTIONS} list={CurrentConnectionsList} icon={LanIcon} />
        <AppResource name={ADDED_CUSTOMERS} list={AddedCustomersList} icon={PersonAddIcon} />
        <AppResource name={SYSTEM_CONNECTIONS} list={SystemConnectionsList} icon={LanIcon} />
        <AppResource name="trackers/failed-login-attempts" list={FailedLoginAttemptList} icon={WarningIcon} />
        <AppResource name="trackers/blocked-ips" list={BlockedIpList} icon={BlockIcon} />
        <AppResource name="trackers/mail-tracker" list={MailOutboxList} icon={MailIcon} />
        <AppResource name="technical/js-errors" list={JsErrorList} icon={BugReportIcon} />
        <AppResource name={SUGGESTIONS} list={SuggestionList} icon={LightbulbIcon} />
        <AppResource name={ARCHIVE_DATABASE} list={ArchiveDatabaseList} icon={ArchiveIcon} />
        {CHECK_LIST_PAGES.map(({ name, page }) => (
          <AppResource key={name} name={name} list={page} icon={FactCheckIcon} />
        ))}
        <AppResource name="platform-setting/platform-setting" edit={PlatformSettingsEdit} />
        <AppResource name={GATEWAY_SETTING} edit={PaymentGatewaySettingEdit} />
        <AppResource name={WEBSITE.texts} edit={WebsiteTextsEdit} />
        <AppResource name={WEBSITE.terms} edit={WebsiteTermsEdit} />
        <AppResource name={WEBSITE.privacy} edit={WebsitePrivacyEdit} />
        <AppResource name={WEBSITE.faq} edit={WebsiteFaqEdit} />
        <AppResource name={WEBSITE.social} edit={WebsiteSocialEdit} />
        <AppResource name={WEBSITE.seoDefaults} edit={SeoDefaultsEdit} />
        <AppResource name={WEBSITE.analytics} edit={GoogleAnalyticsEdit} />
        <AppResource name={WEBSITE.redirects} edit={RedirectsEdit} />
        <AppResource name={WEBSITE.seoPages} list={SeoPageList} edit={SeoPageEdit} icon={TravelExploreIcon} />
        <AppResource name={WEBSITE.seoReport} list={SeoReportList} icon={TravelExploreIcon} />
        <AppResource name={WEBSITE.messages} list={ContactMessageList} icon={MarkEmailUnreadIcon} />
        <AppResource name={GLOBAL_ALIASES} list={GlobalAliasList} icon={LanguageIcon} />
        <AppResource name={GATEWAY_SALONS} list={GatewaySalonList} icon={CreditCardIcon} />
        <AppResource
          name="dashboard/zatca-failed-transactions"
          list={ZatcaFailedList}
          icon={ErrorOutlineIcon}
        />
        <AppResource
          name="dashboard/zatca-warning-transactions"
          list={ZatcaWarningsList}
          icon={WarningAmberIcon}
        />
        <AppResource name="zatca-setting" list={ZatcaSettingList} icon={ReceiptLongIcon}>
          <Route path="form" element={<ZatcaSettingForm />} />
          <Route path="form-clone/:id" element={<ZatcaSettingClone />} />
        </AppResource>
        <AppResource name={GATEWAY_FEES} list={GatewayFeesList} icon={ReceiptLongIcon} />
        <AppResource name={PLANS} list={PlanList} edit={PlanEdit} icon={InventoryIcon} />
        <AppResource name={BILLING_SELLER} edit={BillingSellerEdit} />
        <AppResource name={TOTAL_SALES} list={TotalSalesList} icon={ReceiptLongIcon}>
          <Route path="invoice" element={<TotalSalesCreate />} />
          <Route path="invoice/:id" element={<TotalSalesShow />} />
        </AppResource>
        <AppResource name={PAYMENT_REQUESTS} list={PaymentRequestList} icon={PaymentsIcon}>
          <Route path="payment-request" element={<PaymentRequestCreate />} />
          <Route path="payment-request/:id" element={<PaymentRequestShow />} />
        </AppResource>
        <AppResource name={PAYMENTS} list={PaymentList} icon={PaymentsIcon} />
        <AppResource name="advanced-accounting" list={AdvancedAccountingList} icon={ReceiptLongIcon} />
        <AppResource
          name={GATEWAY_PACKAGES}
          list={GatewayPackageList}
          create={GatewayPackageCreate}
          edit={GatewayPackageEdit}
          icon={InventoryIcon}
          recordRepresentation={names.name}
        />
        <AppResource
          name={PLATFORM_UPDATES}
          list={PlatformUpdateList}
          create={PlatformUpdateCreate}
          edit={PlatformUpdateEdit}
          icon={CampaignIcon}
          recordRepresentation={names.title}
        />
        <AppResource
          name={WA_PACKAGES}
          list={WhatsAppPackageList}
          create={WhatsAppPackageCreate}
          edit={WhatsAppPackageEdit}
          icon={WhatsAppIcon}
          recordRepresentation={names.name}
        />
        <AppResource name={WA_SALONS} list={WhatsAppSalonList} icon={WhatsAppIcon} />
        <AppResource name={WA_DISCONNECTED} list={WhatsAppDisconnectedList} icon={PhonelinkOffIcon} />
        <AppResource
          name={WA_META}
          list={WhatsAppMetaList}
          edit={WhatsAppMetaEdit}
          icon={HubIcon}
          recordRepresentation={names.salon}
        />
        <AppResource name={WA_UNREACHABLE} list={WhatsAppUnreachableList} icon={PersonOffIcon} />
        <AppResource name={WA_TRACKER} list={WhatsAppTrackerList} icon={QueryStatsIcon} />
        <AppResource name={WA_CAMPAIGNS} list={WhatsAppCampaignList} icon={CampaignIcon} />
        <AppResource name={WA_SETTING} edit={WhatsAppSettingEdit} />
        {PLATFORM_LIST_RESOURCES.map((r) => (
          <AppResource
            key={r.name}
            name={r.name}
            list={<PlatformListList resource={r.name} />}
            {...(r.creatable && { create: <PlatformListCreate resource={r.name} /> })}
            edit={<PlatformListEdit resource={r.name} />}
            icon={r.icon}
            recordRepresentation={names.name}
          />
        ))}
        <AppResource
          name="platform-setting/employees"
          list={PlatformStaffList}
          create={PlatformStaffCreate}
          edit={PlatformStaffEdit}
          icon={BadgeIcon}
          recordRepresentation="name"
        />
        <AppResource name="platform-setting/email-setting" edit={EmailSettingEdit} />
        <AppResource name="platform-setting/allowed-countries" edit={AllowedCountriesEdit} />
        <AppResource name="marketing/marketing-setting" edit={MarketingSettingEdit} />
        <AppResource
          name="marketing/marketing-merchants-requests"
          list={MarketingRequestsList}
          icon={TrendingUpIcon}
        />
        <AppResource
          name="marketing/marketing-active-merchants"
          list={MarketingActiveList}
          icon={TrendingUpIcon}
        />
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
