import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import BalanceIcon from '@mui/icons-material/BalanceOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import PostAddIcon from '@mui/icons-material/PostAddOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChartOutlined';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import LockClockIcon from '@mui/icons-material/LockClockOutlined';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeatOutlined';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import SummarizeIcon from '@mui/icons-material/SummarizeOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAltOutlined';
import type { ComponentType } from 'react';
import { ResourceContextProvider } from 'ra-core';
import { Navigate, Route, useParams } from 'react-router-dom';
import { useArea } from '../shell/area';
import { AdvancedAccountingGate } from '../layout/guards';
import { lazyPage } from '../shell/chunks';

/** A books screen opens only once the add-on's wizard is done (else the welcome page or the wizard). */
const gated = (Page: ComponentType) => {
  const Gated = () => (
    <AdvancedAccountingGate>
      <Page />
    </AdvancedAccountingGate>
  );
  return Gated;
};
const gate = <T extends Record<string, unknown>>(resource: T): T => ({
  ...resource,
  ...Object.fromEntries(
    (['list', 'create', 'edit', 'show'] as const)
      .filter((k) => resource[k])
      .map((k) => [k, gated(resource[k] as ComponentType)]),
  ),
});

/** The add-on's own pages: what it offers while off, and its wizard. */
export const BooksWelcomePage = lazyPage(() => import('./BooksWizard').then((m) => m.BooksWelcome));
export const BooksWizardPage = lazyPage(() => import('./BooksWizard').then((m) => m.BooksWizard));

const statements = () => import('./Statements');

/** The books' screens (issue 25), each its own chunk; read with "view the books" (62). */
export const chartOfAccounts = gate({
  list: lazyPage(() => import('./ChartOfAccounts').then((m) => m.ChartOfAccountsList)),
  create: lazyPage(() => import('./ChartOfAccounts').then((m) => m.ChartAccountCreate)),
  edit: lazyPage(() => import('./ChartOfAccounts').then((m) => m.ChartAccountEdit)),
  icon: AccountTreeIcon,
  options: { label: 'app.books.menu.chart' },
});
export const journalEntries = gate({
  list: lazyPage(() => import('./JournalEntries').then((m) => m.JournalEntryList)),
  show: lazyPage(() => import('./JournalEntries').then((m) => m.JournalEntryShow)),
  icon: ReceiptLongIcon,
  options: { label: 'app.books.menu.journal' },
});
const suppliersPages = () => import('./Suppliers');
const expensesPages = () => import('./Expenses');
export const suppliers = gate({
  list: lazyPage(() => suppliersPages().then((m) => m.SupplierList)),
  create: lazyPage(() => suppliersPages().then((m) => m.SupplierCreate)),
  edit: lazyPage(() => suppliersPages().then((m) => m.SupplierEdit)),
  show: lazyPage(() => suppliersPages().then((m) => m.SupplierShow)),
  icon: StorefrontIcon,
  recordRepresentation: 'name',
  options: { label: 'app.books.menu.suppliers' },
});
export const expenseTypes = gate({
  list: lazyPage(() => suppliersPages().then((m) => m.ExpenseTypeList)),
  create: lazyPage(() => suppliersPages().then((m) => m.ExpenseTypeCreate)),
  edit: lazyPage(() => suppliersPages().then((m) => m.ExpenseTypeEdit)),
  icon: CategoryIcon,
  options: { label: 'app.books.menu.expense_types' },
});
export const expenses = gate({
  list: lazyPage(() => expensesPages().then((m) => m.ExpenseList)),
  create: lazyPage(() => expensesPages().then((m) => m.ExpenseCreate)),
  show: lazyPage(() => expensesPages().then((m) => m.ExpenseShow)),
  icon: PaymentsIcon,
  options: { label: 'app.books.menu.expenses' },
});
const expectedPages = () => import('./ExpectedExpenses');
export const expectedExpenses = gate({
  list: lazyPage(() => expectedPages().then((m) => m.ExpectedExpenseList)),
  create: lazyPage(() => expectedPages().then((m) => m.ExpectedExpenseCreate)),
  edit: lazyPage(() => expectedPages().then((m) => m.ExpectedExpenseEdit)),
  show: lazyPage(() => expectedPages().then((m) => m.ExpectedExpenseShow)),
  icon: EventRepeatIcon,
  recordRepresentation: 'name',
  options: { label: 'app.books.menu.expected' },
});
const purchasePages = () => import('./Purchases');
/** Purchases of stock (the spec's `purchases`, `purchases/add`, `purchases/edit/{id}`, `purchases/payments`). */
export const purchases = gate({
  list: lazyPage(() => purchasePages().then((m) => m.PurchaseList)),
  create: lazyPage(() => purchasePages().then((m) => m.PurchaseCreate)),
  edit: lazyPage(() => purchasePages().then((m) => m.PurchaseEdit)),
  show: lazyPage(() => purchasePages().then((m) => m.PurchaseShow)),
  icon: ShoppingCartIcon,
  options: { label: 'app.purchases.menu' },
});
const PurchasePayments = gated(lazyPage(() => purchasePages().then((m) => m.PurchasePayments)));
const payrollPages = () => import('./Payroll');
/** The payroll: a month's run per employee (the spec's `payrols`, `payrols/add`, `payrols/edit/{id}`). */
export const payrolls = gate({
  list: lazyPage(() => payrollPages().then((m) => m.PayrollList)),
  create: lazyPage(() => payrollPages().then((m) => m.PayrollCreate)),
  edit: lazyPage(() => payrollPages().then((m) => m.PayrollEdit)),
  show: lazyPage(() => payrollPages().then((m) => m.PayrollShow)),
  icon: BadgeIcon,
  options: { label: 'app.books.menu.payroll' },
});
export const generalJournals = gate({
  list: lazyPage(() => import('./GeneralJournals').then((m) => m.GeneralJournalList)),
  create: lazyPage(() => import('./GeneralJournals').then((m) => m.GeneralJournalCreate)),
  show: lazyPage(() => import('./GeneralJournals').then((m) => m.GeneralJournalShow)),
  icon: PostAddIcon,
  options: { label: 'app.books.menu.journals' },
});
export const generalLedger = gate({
  list: lazyPage(() => statements().then((m) => m.GeneralLedger)),
  icon: MenuBookIcon,
  options: { label: 'app.books.menu.ledger' },
});
export const trialBalance = gate({
  list: lazyPage(() => statements().then((m) => m.TrialBalance)),
  icon: BalanceIcon,
  options: { label: 'app.books.menu.trial_balance' },
});
export const profitAndLoss = gate({
  list: lazyPage(() => statements().then((m) => m.ProfitAndLoss)),
  icon: ShowChartIcon,
  options: { label: 'app.books.menu.profit_and_loss' },
});
export const balanceSheet = gate({
  list: lazyPage(() => statements().then((m) => m.BalanceSheet)),
  icon: AccountBalanceWalletIcon,
  options: { label: 'app.books.menu.balance_sheet' },
});

export const vatReturn = gate({
  list: lazyPage(() => import('./VatReturn').then((m) => m.VatReturn)),
  icon: RequestQuoteIcon,
  options: { label: 'app.books.menu.vat_return' },
});
export const lockDate = gate({
  list: lazyPage(() => import('./LockDate').then((m) => m.LockDate)),
  icon: LockClockIcon,
  options: { label: 'app.books.menu.lock_date' },
});

/** A screen at the address the spec writes, in its resource's context (`purchases/add`, `payrols/edit/{id}`). */
const at = (resource: string, path: string, Page: ComponentType) => (
  <Route
    key={path}
    path={`/${path}`}
    element={
      <ResourceContextProvider value={resource}>
        <Page />
      </ResourceContextProvider>
    }
  />
);

/** The spec's `…/edit/{id}`: react-admin's edit screen of that record (`…/:id`), the address replaced. */
const EditOf = ({ resource, param }: { resource: string; param: string }) => {
  const { basename } = useArea();
  const id = useParams()[param] ?? '';
  return <Navigate to={`${basename}/${resource}/${encodeURIComponent(id)}`} replace />;
};
const editAt = (resource: string, param: string) => (
  <Route
    key={`${resource}/edit`}
    path={`/${resource}/edit/:${param}`}
    element={<EditOf resource={resource} param={param} />}
  />
);

/** The spec's own addresses of the books' screens, beside react-admin's (`…/create`, `…/:id`). */
export const booksRoutes = [
  at('accounting/purchases', 'accounting/purchases/payments', PurchasePayments),
  at('accounting/purchases', 'accounting/purchases/add', purchases.create),
  editAt('accounting/purchases', 'purchaseId'),
  at('advanced-accounting/payrols', 'advanced-accounting/payrols/add', payrolls.create),
  editAt('advanced-accounting/payrols', 'payrollId'),
];

/** Every statement and report of the books on one page, with what each answers. */
export const accountingReports = gate({
  list: lazyPage(() => import('./AccountingReports').then((m) => m.AccountingReports)),
  icon: SummarizeIcon,
  options: { label: 'app.books.menu.accounting_reports' },
});
/** The money the books posted (taken, given back, paid out), to review. */
export const postPayments = gate({
  list: lazyPage(() => import('./PostPayments').then((m) => m.PostPaymentList)),
  icon: SyncAltIcon,
  options: { label: 'app.books.menu.post_payments' },
});

/** The books' resources, in the menu's order. */
export const BOOKS_RESOURCES = [
  'accounting/expenses',
  'accounting/purchases',
  'accounting/expected-expenses',
  'accounting/suppliers',
  'accounting/expense-types',
  'advanced-accounting/payrols',
  'advanced-accounting/accounting-reports',
  'advanced-accounting/post-payments',
  'advanced-accounting/profit-and-loss',
  'advanced-accounting/balance-sheet',
  'advanced-accounting/trial-balance',
  'advanced-accounting/vat-return',
  'advanced-accounting/general-ledger',
  'advanced-accounting/general-journals',
  'advanced-accounting/journal-entries',
  'advanced-accounting/chart-of-accounts',
  'advanced-accounting/lock-date',
] as const;

/** The money-out screens' API paths (the spec's addresses under `accounting/`). */
export const BOOKS_API_PATHS: Record<string, string> = {
  'accounting/suppliers': 'suppliers',
  'accounting/expense-types': 'expense-types',
  'accounting/expenses': 'expenses',
  'accounting/purchases': 'purchases',
  'accounting/expected-expenses': 'expected-expenses',
  'advanced-accounting/payrols': 'accounting/payrolls',
};
