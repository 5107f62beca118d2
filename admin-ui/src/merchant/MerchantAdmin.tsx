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
import { Admin, CustomRoutes, defaultTheme, localStorageStore } from 'react-admin';
import { AppResource, GoToNotFound } from '../shell/AppResource';
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
        <AppResource name="appointments" {...appointments} />
        <AppResource name="pos/appointments-reminder" {...reminders} />
        <AppResource name="pos/no-show-reschedule" {...noShows} />
        <AppResource name="reports/appointments-report" {...appointmentsReport} />
        <AppResource name="reports/checkin-checkout-report" {...checkinReport} />
        <AppResource name="reports/appointments-cancellation-reasons" {...cancellationReasonsReport} />
        <AppResource name="accounting/total-sales" {...invoices} />
        <AppResource name="accounting/payments" {...payments} />
        <AppResource name="on-hold-report" {...onHoldReport} />
        <AppResource name="accounting/credit-note" {...creditNotes} />
        <AppResource name="accounting/debit-note" {...debitNotes} />
        <AppResource name="accounting/accounting-notes" {...accountingNotes} />
        <AppResource name="reports/daily-general-summary" {...dailySummary} />
        <AppResource name="reports/monthly-general-summary" {...monthlySummary} />
        <AppResource name="accounting/receivable" {...receivable} />
        <AppResource name="pos/customer-wallet-reminder" {...walletReminder} />
        <AppResource name="pos/birthday-congratulations" {...birthdays} />
        <AppResource name={WHATSAPP_SIMULATOR} {...whatsappSimulator} />
        <AppResource name="reports/customers-discount-report" {...customersDiscountReport} />
        <AppResource name="reports/unused-customers-offers-report" {...unusedOffersReport} />
        {giftCardResources.map(({ name, ...resource }) => (
          <AppResource key={name} name={name} {...resource} />
        ))}
        <AppResource name="dashboard" {...dashboard} />
        <AppResource name="dashboard/payments-details" {...paymentsDetails} />
        <AppResource name="pos/current-cashier-employee" {...currentCashier} />
        <AppResource name="pos/daily-payments" {...dailyPayments} />
        <AppResource name="pos/employees-activities" {...employeesActivities} />
        <AppResource name="reports/general-summary-per-cashier-employees" {...perCashierSummary} />
        <AppResource name="reports/daily-payments-summary" {...dailyPaymentsSummary} />
        <AppResource name="reports/monthly-payments-summary" {...monthlyPaymentsSummary} />
        <AppResource name="reports/vat-report" {...vatReport} />
        <AppResource name="reports/credit-notes" {...creditNotesReport} />
        <AppResource name="reports/debit-notes" {...debitNotesReport} />
        <AppResource name="reports/refunded-invoices" {...refundedInvoicesReport} />
        <AppResource name="reports/payment-gateway-payments" {...paymentGatewayPaymentsReport} />
        <AppResource name="reports/profit-and-loss" {...profitAndLossReport} />
        <AppResource name="reports/employees-commissions-report" {...commissionsReport} />
        <AppResource name="reports/services-report" {...servicesReport} />
        <AppResource name="reports/most-sold-products" {...mostSoldProducts} />
        <AppResource name="reports/acitivities-report" {...activitiesReport} />
        <AppResource name="reports/activities-report-summary" {...activitiesSummary} />
        <AppResource name="reports/most-used-products" {...mostUsedProducts} />
        <AppResource name="reports/historical-data-for-customers-types" {...customerTypesHistory} />
        <AppResource name="reports/online-daily-visit" {...onlineDailyVisit} />
        <AppResource name="reports/surveys-report" {...surveysReport} />
        <AppResource name="reports/complaints" {...complaintsResource} />
        <AppResource name="ads-campaigns" {...campaignsResource} />
        <AppResource name="pos/system-updates" {...systemUpdates} />
        <AppResource name="pos/rate-us-for-issued-invoices" {...rateUs} />
        <AppResource name="accounting/customers-penalties" {...customersPenalties} />
        <AppResource name="customers" {...customers} />
        <AppResource name="menu/services" {...menuServices} recordRepresentation={named} />
        <AppResource name="menu/groups" {...groups} recordRepresentation={named} />
        <AppResource name="menu/categories" {...categories} recordRepresentation={named} />
        <AppResource name="menu/offers" {...offers} recordRepresentation={named} />
        <AppResource name="menu/packages" {...packages} recordRepresentation={named} />
        <AppResource name="menu/discount-codes" {...discountCodes} />
        <AppResource name="products/define-product" {...products} recordRepresentation={named} />
        <AppResource name="products/stock-operations" {...stockOperations} />
        <AppResource name="reports/inventory-movements" {...inventoryMovements} />
        <AppResource name="employees/employees" {...employees} recordRepresentation={named} />
        <AppResource name="employees/roles" {...roles} />
        <AppResource name="employee-periods" />
        <AppResource name="reports/detailed-attendence-report" {...detailedAttendance} />
        <AppResource name="reports/commulative-attendence-report" {...cumulativeAttendance} />
        <AppResource name="advanced-accounting/audit-log" {...auditLog} />
        <AppResource name="accounting/expenses" {...expenses} />
        <AppResource name="accounting/purchases" {...purchases} />
        <AppResource name="accounting/expected-expenses" {...expectedExpenses} />
        <AppResource name="accounting/suppliers" {...suppliers} />
        <AppResource name="accounting/expense-types" {...expenseTypes} recordRepresentation={named} />
        <AppResource name="advanced-accounting/payrols" {...payrolls} />
        <AppResource name="advanced-accounting/accounting-reports" {...accountingReports} />
        <AppResource name="advanced-accounting/post-payments" {...postPayments} />
        <AppResource name="advanced-accounting/profit-and-loss" {...profitAndLoss} />
        <AppResource name="advanced-accounting/balance-sheet" {...balanceSheet} />
        <AppResource name="advanced-accounting/trial-balance" {...trialBalance} />
        <AppResource name="advanced-accounting/general-ledger" {...generalLedger} />
        <AppResource name="advanced-accounting/general-journals" {...generalJournals} />
        <AppResource name="advanced-accounting/journal-entries" {...journalEntries} />
        <AppResource name="advanced-accounting/chart-of-accounts" {...chartOfAccounts} />
        <AppResource name="advanced-accounting/vat-return" {...vatReturn} />
        <AppResource name="advanced-accounting/lock-date" {...lockDate} />
        <AppResource name="nationalities" />
        <AppResource name="users" recordRepresentation="name" />
        <AppResource name="cancellation-reasons" {...cancellationReasons} />
        <AppResource
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
