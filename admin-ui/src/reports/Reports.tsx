import { useActorName } from '../users/useUsers';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Link from '@mui/material/Link';
import { useTranslate } from 'ra-core';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { Amount, usePaymentMethod } from '../sales/InvoiceParts';
import { methodsOf } from '../sales/SummaryReport';
import { CREDIT_NOTES, DEBIT_NOTES } from '../notes/paths';
import { MoneyReport, type ReportAnswer, type ReportColumn } from './MoneyReport';
import type {
  CashierRow,
  CreditNoteRow,
  DebitNoteRow,
  NoteRow,
  EmployeeRow,
  ItemRow,
  MethodRow,
  PaymentsRow,
  RefundedInvoiceRow,
  VatRow,
} from './types';

const col = (key: string): string => `app.reports.columns.${key}`;

/** Columns of money and counts, by field: a count is shown as it is, money as the salon's currency. */
const useColumns = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { language } = useArea();
  return {
    money: <R,>(key: keyof R & string, label = col(key)): ReportColumn<R> => ({
      key,
      label: translate(label),
      value: (r) => money((r[key] as number | undefined) ?? 0),
    }),
    count: <R,>(key: keyof R & string, label = col(key)): ReportColumn<R> => ({
      key,
      label: translate(label),
      value: (r) => String((r[key] as number | undefined) ?? 0),
    }),
    name: <R extends { name_en?: string; name_ar?: string }>(label: string): ReportColumn<R> => ({
      key: 'name',
      label: translate(label),
      value: (r) => (language === 'ar' ? r.name_ar : r.name_en) ?? '',
      align: 'start',
    }),
  };
};

const moneyCard = (key: string, label: string, value: string) => ({
  key,
  label,
  value: <Amount>{value}</Amount>,
});

/** `dashboard/payments-details`: payments and refunds by method for a chosen period. */
export const PaymentsDetails = () => {
  const c = useColumns();
  const method = usePaymentMethod();
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <MoneyReport<MethodRow, ReportAnswer<MethodRow, Omit<MethodRow, 'id' | 'method'>>>
      path="dashboard/payments-details"
      kind="daily"
      title="app.reports.titles.payments_details"
      file="app.reports.files.payments_details"
      testId="payments-details"
      minWidth={480}
      rowKey={(r) => r.id}
      toTotals={(a) => ({ ...a.totals, id: 'totals', method: 0 })}
      columns={() => [
        {
          key: 'method',
          label: translate(col('method')),
          value: (r) => (r.id === 'totals' ? '' : method(r.method)),
          align: 'start',
        },
        c.count<MethodRow>('payments'),
        c.money<MethodRow>('paid'),
        c.count<MethodRow>('refunds'),
        c.money<MethodRow>('refunded'),
        c.money<MethodRow>('net'),
      ]}
      cards={(a) => [
        moneyCard('paid', translate(col('paid')), money(a.totals.paid)),
        moneyCard('refunded', translate(col('refunded')), money(a.totals.refunded)),
        moneyCard('net', translate(col('net_received')), money(a.totals.net)),
      ]}
    />
  );
};

/** `reports/general-summary-per-cashier-employees`: one row per cashier, what she issued and took. */
export const PerCashierSummary = () => {
  const c = useColumns();
  const translate = useTranslate();
  const actorName = useActorName();
  const method = usePaymentMethod();
  const { money } = useFormat();
  return (
    <MoneyReport<CashierRow>
      path="reports/general-summary-per-cashier-employees"
      kind="daily"
      title="app.reports.titles.per_cashier"
      file="app.reports.files.per_cashier"
      testId="per-cashier-summary"
      rowKey={(r) => r.id}
      columns={(a) => [
        {
          key: 'cashier',
          label: translate(col('cashier')),
          // the deposits paid on the booking site were taken by no one at the salon
          value: (r) =>
            r.cashier_id === 'online' && !r.cashier_name
              ? translate('app.reports.online_cashier')
              : actorName({ kind: 'user', id: r.cashier_id, name: r.cashier_name }),
          align: 'start',
        },
        c.count<CashierRow>('invoices'),
        c.money<CashierRow>('net'),
        c.money<CashierRow>('vat'),
        c.money<CashierRow>('total'),
        c.money<CashierRow>('paid'),
        c.money<CashierRow>('owed'),
        c.count<CashierRow>('credit_notes'),
        c.money<CashierRow>('credited'),
        c.money<CashierRow>('received'),
        ...methodsOf(a?.totals).map((m) => ({
          key: `method-${m}`,
          label: method(m),
          value: (r: CashierRow) => money(r.by_method[m] ?? 0),
        })),
      ]}
      cards={(a) => [
        { key: 'invoices', label: translate(col('invoices')), value: a.totals.invoices },
        moneyCard('total', translate(col('total')), money(a.totals.total)),
        moneyCard('paid', translate(col('paid')), money(a.totals.paid)),
        moneyCard('credited', translate(col('credited')), money(a.totals.credited)),
      ]}
    />
  );
};

const PaymentsSummary = ({ kind }: { kind: 'daily' | 'monthly' }) => {
  const c = useColumns();
  const translate = useTranslate();
  const method = usePaymentMethod();
  const { money, date } = useFormat();
  const keyOf = kind === 'daily' ? 'date' : 'month';
  return (
    <MoneyReport<PaymentsRow>
      path={`reports/${kind}-payments-summary`}
      kind={kind}
      title={`app.reports.titles.${kind}_payments_summary`}
      file={`app.reports.files.${kind}_payments_summary`}
      testId={`${kind}-payments-summary`}
      rowKey={(r) => r.date ?? r.month ?? ''}
      columns={(a) => [
        {
          key: keyOf,
          label: translate(col(keyOf)),
          value: (r) => (kind === 'daily' ? date(r.date) : (r.month ?? '')),
          align: 'start',
        },
        ...methodsOf(a?.totals).map((m) => ({
          key: `method-${m}`,
          label: method(m),
          value: (r: PaymentsRow) => money(r.by_method[m] ?? 0),
        })),
        c.money<PaymentsRow>('paid'),
        c.money<PaymentsRow>('refunded'),
        c.money<PaymentsRow>('net', col('net_received')),
      ]}
      cards={(a) => [
        moneyCard('paid', translate(col('paid')), money(a.totals.paid)),
        moneyCard('refunded', translate(col('refunded')), money(a.totals.refunded)),
        moneyCard('net', translate(col('net_received')), money(a.totals.net)),
      ]}
    />
  );
};
export const DailyPaymentsSummary = () => <PaymentsSummary kind="daily" />;
export const MonthlyPaymentsSummary = () => <PaymentsSummary kind="monthly" />;

/** `reports/vat-report`: per VAT category, the taxable amount and the VAT: sales and debit notes, less credit notes. */
export const VatReport = () => {
  const c = useColumns();
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <MoneyReport<VatRow>
      path="reports/vat-report"
      kind="daily"
      title="app.reports.titles.vat"
      file="app.reports.files.vat"
      testId="vat-report"
      initialPreset="this_month"
      rowKey={(r) => `${r.category}|${r.rate_bp}`}
      // the totals row names no category
      toTotals={(a) => ({ ...a.totals, category: 'S', rate_bp: -1 })}
      columns={() => [
        {
          key: 'category',
          label: translate(col('category')),
          value: (r) =>
            r.rate_bp < 0
              ? ''
              : translate(`app.sales.vat_categories.${r.category}`, { rate: `${r.rate_bp / 100}%` }),
          align: 'start',
        },
        c.money<VatRow>('taxable', col('sales_taxable')),
        c.money<VatRow>('vat', col('sales_vat')),
        c.money<VatRow>('debited_taxable'),
        c.money<VatRow>('debited_vat'),
        c.money<VatRow>('credited_taxable'),
        c.money<VatRow>('credited_vat'),
        c.money<VatRow>('net_taxable'),
        c.money<VatRow>('net_vat'),
      ]}
      cards={(a) => [
        moneyCard('net_taxable', translate(col('net_taxable')), money(a.totals.net_taxable)),
        moneyCard('net_vat', translate(col('net_vat')), money(a.totals.net_vat)),
      ]}
    />
  );
};

/** What a note report's totals row leaves blank: the columns of one note. */
const NOTE_BLANKS = {
  id: 'totals',
  number: 0,
  invoice_id: '',
  invoice_number: 0,
  business_date: '',
  customer_name: '',
  reason: '',
};

/**
 * The columns a credit-note and a debit-note report share: the note (opening it), its day, its invoice,
 * the customer and why, then its amounts before, of and with VAT.
 */
const useNoteColumns = <R extends NoteRow>(kind: 'credit' | 'debit') => {
  const c = useColumns();
  const translate = useTranslate();
  const { date } = useFormat();
  const { basename } = useArea();
  const notes = kind === 'credit' ? CREDIT_NOTES : DEBIT_NOTES;
  return (): ReportColumn<R>[] => [
    {
      key: 'number',
      label: translate(col(`${kind}_note`)),
      value: (r) => r.number || '',
      render: (r) => (
        <Link component={RouterLink} to={`${basename}/${notes}/${r.id}/show`}>
          {r.number}
        </Link>
      ),
      align: 'start',
    },
    {
      key: 'date',
      label: translate(col('date')),
      value: (r) => (r.business_date ? date(r.business_date) : ''),
    },
    { key: 'invoice', label: translate(col('invoice')), value: (r) => r.invoice_number || '' },
    {
      key: 'customer',
      label: translate(col('customer')),
      value: (r) => r.customer_name ?? translate('app.sales.walk_in'),
      align: 'start',
      wrap: true,
    },
    { key: 'reason', label: translate(col('reason')), value: (r) => r.reason, align: 'start', wrap: true },
    c.money<R>('net'),
    c.money<R>('vat'),
    c.money<R>('total'),
  ];
};

type CreditNoteTotals = { credit_notes: number; net: number; vat: number; total: number; refunded: number };

/** `reports/credit-notes`: the period's credit notes, each with its invoice, and their totals. */
export const CreditNotesReport = () => {
  const c = useColumns();
  const translate = useTranslate();
  const { money } = useFormat();
  const noteColumns = useNoteColumns<CreditNoteRow>('credit');
  return (
    <MoneyReport<CreditNoteRow, ReportAnswer<CreditNoteRow, CreditNoteTotals>>
      path="reports/credit-notes"
      kind="daily"
      title="app.reports.titles.credit_notes"
      file="app.reports.files.credit_notes"
      testId="credit-notes-report"
      initialPreset="this_month"
      rowKey={(r) => r.id}
      toTotals={(a) => ({ ...a.totals, ...NOTE_BLANKS })}
      columns={() => [...noteColumns(), c.money<CreditNoteRow>('refunded')]}
      cards={(a) => [
        { key: 'credit_notes', label: translate(col('credit_notes')), value: a.totals.credit_notes },
        moneyCard('total', translate(col('total')), money(a.totals.total)),
        moneyCard('refunded', translate(col('refunded')), money(a.totals.refunded)),
      ]}
    />
  );
};

type DebitNoteTotals = {
  debit_notes: number;
  net: number;
  vat: number;
  total: number;
  paid: number;
  owed: number;
};

/** `reports/debit-notes`: the period's debit notes, each with its invoice, what it charged, paid and owes. */
export const DebitNotesReport = () => {
  const c = useColumns();
  const translate = useTranslate();
  const { money } = useFormat();
  const noteColumns = useNoteColumns<DebitNoteRow>('debit');
  return (
    <MoneyReport<DebitNoteRow, ReportAnswer<DebitNoteRow, DebitNoteTotals>>
      path="reports/debit-notes"
      kind="daily"
      title="app.reports.titles.debit_notes"
      file="app.reports.files.debit_notes"
      testId="debit-notes-report"
      initialPreset="this_month"
      empty="app.notes.debit.empty"
      rowKey={(r) => r.id}
      toTotals={(a) => ({ ...a.totals, ...NOTE_BLANKS })}
      columns={() => [...noteColumns(), c.money<DebitNoteRow>('paid'), c.money<DebitNoteRow>('owed')]}
      cards={(a) => [
        { key: 'debit_notes', label: translate(col('debit_notes')), value: a.totals.debit_notes },
        moneyCard('total', translate(col('total')), money(a.totals.total)),
        moneyCard('paid', translate(col('paid')), money(a.totals.paid)),
        moneyCard('owed', translate(col('owed')), money(a.totals.owed)),
      ]}
    />
  );
};

type RefundedTotals = { invoices: number; credit_notes: number; credited: number; refunded: number };

/** `reports/refunded-invoices`: the invoices credit notes took back from, per day of their notes. */
export const RefundedInvoicesReport = () => {
  const c = useColumns();
  const translate = useTranslate();
  const { money, date } = useFormat();
  return (
    <MoneyReport<RefundedInvoiceRow, ReportAnswer<RefundedInvoiceRow, RefundedTotals>>
      path="reports/refunded-invoices"
      kind="daily"
      title="app.reports.titles.refunded_invoices"
      file="app.reports.files.refunded_invoices"
      testId="refunded-invoices-report"
      initialPreset="this_month"
      rowKey={(r) => r.id}
      toTotals={(a) => ({
        ...a.totals,
        id: 'totals',
        date: '',
        invoice_id: '',
        invoice_number: 0,
        invoice_date: null,
        invoice_total: null,
        customer_name: '',
      })}
      columns={() => [
        {
          key: 'invoice',
          label: translate(col('invoice')),
          value: (r) => r.invoice_number || '',
          align: 'start',
        },
        {
          key: 'invoice_date',
          label: translate(col('invoice_date')),
          value: (r) => (r.invoice_date ? date(r.invoice_date) : ''),
        },
        { key: 'date', label: translate(col('credited_on')), value: (r) => (r.date ? date(r.date) : '') },
        {
          key: 'customer',
          label: translate(col('customer')),
          value: (r) => r.customer_name ?? translate('app.sales.walk_in'),
        },
        {
          key: 'invoice_total',
          label: translate(col('invoice_total')),
          value: (r) => (r.invoice_total === null ? '' : money(r.invoice_total)),
        },
        c.count<RefundedInvoiceRow>('credit_notes'),
        c.money<RefundedInvoiceRow>('credited'),
        c.money<RefundedInvoiceRow>('refunded'),
      ]}
      cards={(a) => [
        { key: 'invoices', label: translate(col('invoices')), value: a.totals.invoices },
        moneyCard('credited', translate(col('credited')), money(a.totals.credited)),
        moneyCard('refunded', translate(col('refunded')), money(a.totals.refunded)),
      ]}
    />
  );
};

const employeeFigures = (c: ReturnType<typeof useColumns>): ReportColumn<EmployeeRow>[] => [
  c.count<EmployeeRow>('services'),
  c.count<EmployeeRow>('products'),
  c.money<EmployeeRow>('sales'),
  c.money<EmployeeRow>('commission'),
  c.money<EmployeeRow>('returned'),
  c.money<EmployeeRow>('returned_commission'),
  c.money<EmployeeRow>('net_sales'),
  c.money<EmployeeRow>('net_commission'),
];

const employeeCards = (
  translate: (k: string) => string,
  money: (m: number) => string,
  totals: Pick<EmployeeRow, 'net_sales' | 'net_commission'>,
) => [
  moneyCard('net_sales', translate(col('net_sales')), money(totals.net_sales)),
  moneyCard('net_commission', translate(col('net_commission')), money(totals.net_commission)),
];

/**
 * `reports/employees-commissions-report`: per employee, her lines' sales and commission (the line's
 * net at her percentage when it was sold), what credit notes took back, and what remains.
 */
export const CommissionsReport = () => {
  const c = useColumns();
  const translate = useTranslate();
  const { money } = useFormat();
  const { basename } = useArea();
  return (
    <MoneyReport<EmployeeRow>
      path="reports/employees-commissions-report"
      kind="daily"
      title="app.reports.titles.commissions"
      file="app.reports.files.commissions"
      testId="commissions-report"
      initialPreset="this_month"
      rowKey={(r) => r.id ?? ''}
      toTotals={(a) => ({ ...a.totals, id: 'totals' })}
      columns={() => [
        {
          ...c.name<EmployeeRow>(col('employee')),
          render: (r) => (
            <Link
              component={RouterLink}
              to={`${basename}/reports/employees-commissions-report/${r.id}`}
              data-testid="employee-link"
            >
              {c.name<EmployeeRow>(col('employee')).value(r)}
            </Link>
          ),
        },
        ...employeeFigures(c),
      ]}
      cards={(a) => employeeCards(translate, money, a.totals)}
    />
  );
};

/** `reports/employees-commissions-report/{employeeId}`: one employee's days. */
export const EmployeeCommissionsReport = () => {
  const { employeeId: id = '' } = useParams();
  const { language } = useArea();
  const c = useColumns();
  const translate = useTranslate();
  const { money, date } = useFormat();
  return (
    <MoneyReport<EmployeeRow, ReportAnswer<EmployeeRow> & { employee: { name_en: string; name_ar: string } }>
      path={`reports/employees-commissions-report/${encodeURIComponent(id)}`}
      kind="daily"
      initialPreset="this_month"
      title="app.reports.titles.employee_commissions"
      file="app.reports.files.employee_commissions"
      testId="employee-commissions-report"
      rowKey={(r) => r.date ?? ''}
      toTotals={(a) => ({ ...a.totals, id: 'totals' })}
      subtitle={(a) => (language === 'ar' ? a.employee.name_ar : a.employee.name_en)}
      columns={() => [
        {
          key: 'date',
          label: translate(col('date')),
          value: (r) => (r.date ? date(r.date) : ''),
          align: 'start',
        },
        ...employeeFigures(c),
      ]}
      cards={(a) => employeeCards(translate, money, a.totals)}
    />
  );
};

const ItemsReport = ({ dimension }: { dimension: 'services' | 'products' }) => {
  const c = useColumns();
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <MoneyReport<ItemRow>
      path={dimension === 'services' ? 'reports/services-report' : 'reports/most-sold-products'}
      kind="daily"
      initialPreset="this_month"
      title={`app.reports.titles.${dimension}`}
      file={`app.reports.files.${dimension}`}
      testId={`${dimension}-report`}
      rowKey={(r) => r.id}
      toTotals={(a) => ({ ...a.totals, id: 'totals' })}
      columns={() => [
        { ...c.name<ItemRow>(col(dimension === 'services' ? 'service' : 'product')) },
        c.count<ItemRow>('quantity', col('sold')),
        c.money<ItemRow>('sales'),
        c.count<ItemRow>('returned_quantity'),
        c.money<ItemRow>('returned'),
        c.count<ItemRow>('net_quantity'),
        c.money<ItemRow>('net_sales'),
      ]}
      cards={(a) => [
        { key: 'net_quantity', label: translate(col('net_quantity')), value: a.totals.net_quantity },
        moneyCard('net_sales', translate(col('net_sales')), money(a.totals.net_sales)),
      ]}
    />
  );
};
export const ServicesReport = () => <ItemsReport dimension="services" />;
export const MostSoldProducts = () => <ItemsReport dimension="products" />;
