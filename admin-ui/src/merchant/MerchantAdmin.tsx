import { campaignsResource } from '../campaigns';
import { systemUpdates } from '../notifications';
import { complaintsResource, surveysReport } from '../survey';
import {
  appointments,
  appointmentsReport,
  cancellationReasons,
  cancellationReasonsReport,
  checkinReport,
  noShows,
  reminders,
} from '../appointments';
import { useEffect, useMemo } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { MOVED_PATHS, MovedPath } from '../shell/MovedPath';
import { Admin, CustomRoutes, Resource, defaultTheme, localStorageStore } from 'react-admin';
import { useLogout, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import auditLog from '../audit-log';
import {
  accountingReports,
  balanceSheet,
  chartOfAccounts,
  expenses,
  purchases,
  booksRoutes,
  expenseTypes,
  generalJournals,
  generalLedger,
  journalEntries,
  payrolls,
  postPayments,
  profitAndLoss,
  suppliers,
  trialBalance,
  lockDate,
  vatReturn,
  expectedExpenses,
  BooksWelcomePage,
  BooksWizardPage,
} from '../books';
import { billingRoutes } from '../billing';
import { dailySummary, invoices, monthlySummary, payments } from '../sales';
import {
  customersDiscountReport,
  discountCodes,
  giftCardResources,
  receivable,
  sellGiftCardRoute,
  walletReminder,
  birthdays,
} from '../instruments';
import { whatsappSimulator, WHATSAPP_SIMULATOR } from '../messaging';
import { unusedOffersReport } from '../customer-offers';
import { dashboard, paymentsDetails } from '../dashboard';
import {
  activitiesReport,
  activitiesSummary,
  commissionsReport,
  creditNotesReport,
  debitNotesReport,
  customersPenalties,
  customerTypesHistory,
  onlineDailyVisit,
  mostUsedProducts,
  rateUs,
  currentCashier,
  dailyPayments,
  dailyPaymentsSummary,
  employeesActivities,
  monthlyPaymentsSummary,
  mostSoldProducts,
  perCashierSummary,
  refundedInvoicesReport,
  paymentGatewayPaymentsReport,
  profitAndLossReport,
  servicesReport,
  vatReport,
} from '../reports';
import { onHoldReport } from '../held';
import { accountingNotes, creditNotes, debitNotes, notesRoutes } from '../notes';
import customers from '../customers';
import { categories, groups, services as menuServices } from '../menu';
import { offers, packages } from '../offers';
import { inventoryMovements, productRoutes, products, stockOperations } from '../products';
import { cumulativeAttendance, detailedAttendance, employees, roles, staffRoutes } from '../staff';
import { raStoreAppKey } from '../auth/session';
import { GlobalInformationProvider } from '../layout/globalInformationContext';
import { FullPageLoading } from '../layout/FullPageMessage';
import { lazyPage } from '../shell/chunks';
import { useArea } from '../shell/area';
import { nameInLanguage } from '../shell/names';
import { mergeThemeOptions, themeOptions } from '../theme/theme';
import { AppNotification, startWithMenuClosedOnPhone } from '../layout/phone';
import { MerchantLayout } from './MerchantLayout';
import { NoPermissionPage } from './NoPermissionPage';
import { indexRoutes } from './menu/IndexPage';
import { WelcomePage } from './WelcomePage';
import { createMerchantServices } from './services';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';

const ProfilePage = lazyPage(() => import('./ProfilePage').then((m) => m.ProfilePage));
const SuggestionsPage = lazyPage(() =>
  import('../suggestions/SuggestionsPage').then((m) => m.SuggestionsPage),
);
const ImportPage = lazyPage(() => import('../imports/ImportPage').then((m) => m.ImportPage));
const SalonAccountInvoicePage = lazyPage(() =>
  import('../settings/AccountInvoices').then((m) => m.SalonAccountInvoicePage),
);
const GeneralSettingsPage = lazyPage(() =>
  import('../settings/GeneralSettingsPage').then((m) => m.GeneralSettingsPage),
);
const otherSettings = () => import('../settings/OtherSections');
const InvoiceSettingsPage = lazyPage(() => otherSettings().then((m) => m.InvoiceSettingsPage));
const NotificationsSettingsPage = lazyPage(() => otherSettings().then((m) => m.NotificationsSettingsPage));
const OnlineSettingsPage = lazyPage(() => otherSettings().then((m) => m.OnlineSettingsPage));
const TermsPage = lazyPage(() => otherSettings().then((m) => m.TermsPage));
const RefundPolicyPage = lazyPage(() => otherSettings().then((m) => m.RefundPolicyPage));
const WizardPage = lazyPage(() => import('../wizard/WizardPage').then((m) => m.WizardPage));

const einvoicing = () => import('../einvoicing/ZatcaSetting');
const EInvoicingDeviceList = lazyPage(() => einvoicing().then((m) => m.MerchantDeviceList));
const EInvoicingDeviceCreate = lazyPage(() => einvoicing().then((m) => m.MerchantDeviceCreate));

const GoToNotFound = () => <Navigate to={useArea().paths.notFound} replace />;
const GoToNoPermission = () => <Navigate to={useArea().paths.noPermission} replace />;

const AuthenticationError = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h6" component="h1">
        {translate('ra.page.authentication_error')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('ra.message.authentication_error')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {translate('app.common.retry')}
      </Button>
    </Box>
  );
};

/** The logout route of spec doc1 §2: ends the session and lands on sign-in. */
const LogoutRoute = () => {
  const logout = useLogout();
  useEffect(() => {
    void logout();
  }, [logout]);
  return <FullPageLoading />;
};

const Loading = () => {
  const translate = useTranslate();
  return <FullPageLoading message={translate('app.common.loading')} />;
};

export const MerchantAdmin = () => {
  const area = useArea();
  const services = useMemo(() => createMerchantServices(area), [area]);
  const store = useMemo(
    () => startWithMenuClosedOnPhone(localStorageStore(undefined, raStoreAppKey('merchant'))),
    [],
  );
  const theme = useMemo(() => mergeThemeOptions(defaultTheme, themeOptions(area.language)), [area.language]);
  // the salon's services, offers, products, employees and expense types by their name in the screen's
  // language (an Arabic picker or confirmation never shows the English name on file)
  const named = useMemo(() => nameInLanguage(area.language), [area.language]);
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
        layout={MerchantLayout}
        notification={AppNotification}
        dashboard={WelcomePage}
        loginPage={false}
        requireAuth
        catchAll={GoToNotFound}
        accessDenied={GoToNoPermission}
        authenticationError={AuthenticationError}
        loading={Loading}
        disableTelemetry
        title={area.i18nProvider.translate('app.name')}
      >
        <Resource name="appointments" {...appointments} />
        <Resource name="pos/appointments-reminder" {...reminders} />
        <Resource name="pos/no-show-reschedule" {...noShows} />
        <Resource name="reports/appointments-report" {...appointmentsReport} />
        <Resource name="reports/checkin-checkout-report" {...checkinReport} />
        <Resource name="reports/appointments-cancellation-reasons" {...cancellationReasonsReport} />
        <Resource name="accounting/total-sales" {...invoices} />
        <Resource name="accounting/payments" {...payments} />
        <Resource name="on-hold-report" {...onHoldReport} />
        <Resource name="accounting/credit-note" {...creditNotes} />
        <Resource name="accounting/debit-note" {...debitNotes} />
        <Resource name="accounting/accounting-notes" {...accountingNotes} />
        <Resource name="reports/daily-general-summary" {...dailySummary} />
        <Resource name="reports/monthly-general-summary" {...monthlySummary} />
        <Resource name="accounting/receivable" {...receivable} />
        <Resource name="pos/customer-wallet-reminder" {...walletReminder} />
        <Resource name="pos/birthday-congratulations" {...birthdays} />
        <Resource name={WHATSAPP_SIMULATOR} {...whatsappSimulator} />
        <Resource name="reports/customers-discount-report" {...customersDiscountReport} />
        <Resource name="reports/unused-customers-offers-report" {...unusedOffersReport} />
        {giftCardResources.map(({ name, ...resource }) => (
          <Resource key={name} name={name} {...resource} />
        ))}
        <Resource name="dashboard" {...dashboard} />
        <Resource name="dashboard/payments-details" {...paymentsDetails} />
        <Resource name="pos/current-cashier-employee" {...currentCashier} />
        <Resource name="pos/daily-payments" {...dailyPayments} />
        <Resource name="pos/employees-activities" {...employeesActivities} />
        <Resource name="reports/general-summary-per-cashier-employees" {...perCashierSummary} />
        <Resource name="reports/daily-payments-summary" {...dailyPaymentsSummary} />
        <Resource name="reports/monthly-payments-summary" {...monthlyPaymentsSummary} />
        <Resource name="reports/vat-report" {...vatReport} />
        <Resource name="reports/credit-notes" {...creditNotesReport} />
        <Resource name="reports/debit-notes" {...debitNotesReport} />
        <Resource name="reports/refunded-invoices" {...refundedInvoicesReport} />
        <Resource name="reports/payment-gateway-payments" {...paymentGatewayPaymentsReport} />
        <Resource name="reports/profit-and-loss" {...profitAndLossReport} />
        <Resource name="reports/employees-commissions-report" {...commissionsReport} />
        <Resource name="reports/services-report" {...servicesReport} />
        <Resource name="reports/most-sold-products" {...mostSoldProducts} />
        <Resource name="reports/acitivities-report" {...activitiesReport} />
        <Resource name="reports/activities-report-summary" {...activitiesSummary} />
        <Resource name="reports/most-used-products" {...mostUsedProducts} />
        <Resource name="reports/historical-data-for-customers-types" {...customerTypesHistory} />
        <Resource name="reports/online-daily-visit" {...onlineDailyVisit} />
        <Resource name="reports/surveys-report" {...surveysReport} />
        <Resource name="reports/complaints" {...complaintsResource} />
        <Resource name="ads-campaigns" {...campaignsResource} />
        <Resource name="pos/system-updates" {...systemUpdates} />
        <Resource name="pos/rate-us-for-issued-invoices" {...rateUs} />
        <Resource name="accounting/customers-penalties" {...customersPenalties} />
        <Resource name="customers" {...customers} />
        <Resource name="menu/services" {...menuServices} recordRepresentation={named} />
        <Resource name="menu/groups" {...groups} recordRepresentation={named} />
        <Resource name="menu/categories" {...categories} recordRepresentation={named} />
        <Resource name="menu/offers" {...offers} recordRepresentation={named} />
        <Resource name="menu/packages" {...packages} recordRepresentation={named} />
        <Resource name="menu/discount-codes" {...discountCodes} />
        <Resource name="products/define-product" {...products} recordRepresentation={named} />
        <Resource name="products/stock-operations" {...stockOperations} />
        <Resource name="reports/inventory-movements" {...inventoryMovements} />
        <Resource name="employees/employees" {...employees} recordRepresentation={named} />
        <Resource name="employees/roles" {...roles} />
        <Resource name="employee-periods" />
        <Resource name="reports/detailed-attendence-report" {...detailedAttendance} />
        <Resource name="reports/commulative-attendence-report" {...cumulativeAttendance} />
        <Resource name="advanced-accounting/audit-log" {...auditLog} />
        <Resource name="accounting/expenses" {...expenses} />
        <Resource name="accounting/purchases" {...purchases} />
        <Resource name="accounting/expected-expenses" {...expectedExpenses} />
        <Resource name="accounting/suppliers" {...suppliers} />
        <Resource name="accounting/expense-types" {...expenseTypes} recordRepresentation={named} />
        <Resource name="advanced-accounting/payrols" {...payrolls} />
        <Resource name="advanced-accounting/accounting-reports" {...accountingReports} />
        <Resource name="advanced-accounting/post-payments" {...postPayments} />
        <Resource name="advanced-accounting/profit-and-loss" {...profitAndLoss} />
        <Resource name="advanced-accounting/balance-sheet" {...balanceSheet} />
        <Resource name="advanced-accounting/trial-balance" {...trialBalance} />
        <Resource name="advanced-accounting/general-ledger" {...generalLedger} />
        <Resource name="advanced-accounting/general-journals" {...generalJournals} />
        <Resource name="advanced-accounting/journal-entries" {...journalEntries} />
        <Resource name="advanced-accounting/chart-of-accounts" {...chartOfAccounts} />
        <Resource name="advanced-accounting/vat-return" {...vatReturn} />
        <Resource name="advanced-accounting/lock-date" {...lockDate} />
        <Resource name="nationalities" />
        <Resource name="users" recordRepresentation="name" />
        <Resource name="cancellation-reasons" {...cancellationReasons} />
        <Resource
          name="setting/einvoicing-setting"
          list={EInvoicingDeviceList}
          create={EInvoicingDeviceCreate}
          icon={ReceiptLongIcon}
        />
        <CustomRoutes>
          <Route path="/welcome" element={<WelcomePage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/development-suggestions" element={<SuggestionsPage />} />
          <Route path="/setting/general-setting" element={<GeneralSettingsPage />} />
          <Route
            path="/setting/general-setting/account-invoice/:uniqueId"
            element={<SalonAccountInvoicePage />}
          />
          <Route path="/setting/invoice-setting" element={<InvoiceSettingsPage />} />
          <Route path="/setting/notifications-setting" element={<NotificationsSettingsPage />} />
          <Route path="/setting/online-setting" element={<OnlineSettingsPage />} />
          <Route path="/setting/online-setting/terms-and-conditions" element={<TermsPage />} />
          <Route path="/setting/online-setting/refund-policy" element={<RefundPolicyPage />} />
          <Route path="/wizard" element={<WizardPage />} />
          <Route path="/advanced-accounting/welcome" element={<BooksWelcomePage />} />
          <Route path="/advanced-accounting/wizard" element={<BooksWizardPage />} />
          <Route path="/no-permission" element={<NoPermissionPage />} />
          {billingRoutes}
          {sellGiftCardRoute}
          {notesRoutes}
          {productRoutes}
          {booksRoutes}
          {staffRoutes}
          {indexRoutes}
          <Route path="/imports/:entity" element={<ImportPage />} />
          {Object.entries(MOVED_PATHS).map(([from, to]) => (
            <Route key={from} path={`/${from}/*`} element={<MovedPath to={to} />} />
          ))}
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/logout" element={<LogoutRoute />} />
        </CustomRoutes>
      </Admin>
    </GlobalInformationProvider>
  );
};
