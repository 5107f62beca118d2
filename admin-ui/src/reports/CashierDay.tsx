import { useActorName } from '../users/useUsers';
import { useState, type ReactNode } from 'react';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { Amount, usePaymentMethod } from '../sales/InvoiceParts';
import { useSalonToday } from '../sales/PeriodFilter';
import { PaidFor, usePaidFor } from '../sales/PaidFor';
import type { Payment } from '../sales/types';
import { ReportTable, TotalsCards, reportPrintStyles, useReportData, type ReportColumn } from './MoneyReport';
import type { CashierRow, EmployeeRow, MethodRow, MethodTotals } from './types';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';

const col = (key: string): string => `app.reports.columns.${key}`;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A cashier page's day: today unless another is typed; its answer from `path?date=`. */
const useDay = <T,>(path: string) => {
  const today = useSalonToday();
  const [typed, setTyped] = useState<string | null>(null);
  const day = typed ?? today;
  const state = useReportData<T>(day && DAY.test(day) ? `${path}?date=${encodeURIComponent(day)}` : null);
  return { day, setDay: setTyped, ...state };
};

/** The page's frame: title, the day, print, and what went wrong. */
const DayFrame = ({
  title,
  testId,
  day,
  setDay,
  error,
  children,
}: {
  title: string;
  testId: string;
  day: string;
  setDay: (d: string) => void;
  error: string | null;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const { date } = useFormat();
  return (
    <Box sx={{ py: 2, minWidth: 0 }} data-testid={testId}>
      {reportPrintStyles}
      <Title title={translate(title)} />
      <Typography className="print-only" variant="h6" sx={{ display: 'none', mb: 1 }}>
        {translate(title)} · <bdi>{DAY.test(day) ? date(day) : day}</bdi>
      </Typography>
      <Stack
        className="no-print"
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}
      >
        <TextField
          size="small"
          label={translate('app.reports.day')}
          value={day}
          onChange={(e) => setDay(e.target.value.trim())}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'day' } }}
          sx={{ width: 170 }}
        />
        <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('app.sales.reports.print')}
        </Button>
      </Stack>
      {error && (
        <Typography color="error" sx={{ mb: 2 }} data-testid="summary-error">
          {error}
        </Typography>
      )}
      {children}
    </Box>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

/** Payments and refunds by method as a table with its totals. */
const MethodsTable = ({
  rows,
  totals,
  counted = true,
}: {
  rows: MethodRow[];
  totals?: MethodTotals;
  /** with the number of payments of each method */
  counted?: boolean;
}) => {
  const translate = useTranslate();
  const { money } = useFormat();
  const method = usePaymentMethod();
  const columns: ReportColumn<MethodRow>[] = [
    {
      key: 'method',
      label: translate(col('method')),
      value: (r) => (r.id === 'totals' ? '' : method(r.method)),
      align: 'start',
    },
    ...(counted
      ? [{ key: 'payments', label: translate(col('payments')), value: (r: MethodRow) => r.payments }]
      : []),
    { key: 'paid', label: translate(col('paid')), value: (r) => money(r.paid) },
    { key: 'refunded', label: translate(col('refunded')), value: (r) => money(r.refunded) },
    { key: 'net', label: translate(col('net_received')), value: (r) => money(r.net) },
  ];
  return (
    <ReportTable
      columns={columns}
      rows={rows}
      totals={totals && rows.length ? { ...totals, id: 'totals', method: 0 } : undefined}
      rowKey={(r) => r.id}
      minWidth={420}
      empty={translate('app.reports.no_payments')}
    />
  );
};

type CashierDayAnswer = {
  /** the cashier's user id */
  id: string;
  date: string;
  cashier_name: string;
  figures: CashierRow;
  invoices: Array<{
    id: string;
    number: number;
    issued_at: string;
    customer_name: string | null;
    total: number;
    paid: number;
    owed: number;
  }>;
  credit_notes: Array<{
    id: string;
    number: number;
    invoice_number: number;
    customer_name: string | null;
    total: number;
    refunded: number;
  }>;
};

/**
 * `pos/current-cashier-employee`: the signed-in cashier's day: what she issued, what she took by
 * method, and the credit notes and refunds she gave.
 */
export const CurrentCashierPage = () => {
  const translate = useTranslate();
  const actorName = useActorName();
  const { money, dateTime } = useFormat();
  const { basename } = useArea();
  const { day, setDay, data, error } = useDay<CashierDayAnswer>('pos/current-cashier-employee');
  const f = data?.figures;
  const methods: MethodRow[] = f
    ? [...new Set([...Object.keys(f.by_method), ...Object.keys(f.refunds_by_method)])]
        .map(Number)
        .sort((a, b) => a - b)
        .map((m) => {
          const paid = f.by_method[m] ?? 0;
          const refunded = f.refunds_by_method[m] ?? 0;
          return { id: String(m), method: m, payments: 0, paid, refunds: 0, refunded, net: paid - refunded };
        })
    : [];
  const total = (k: 'paid' | 'refunded' | 'net') => methods.reduce((s, r) => s + r[k], 0);
  return (
    <DayFrame title="app.reports.titles.current_cashier" testId="current-cashier" {...{ day, setDay, error }}>
      {data && f && (
        <>
          <Typography sx={{ mb: 1 }} color="text.secondary" data-testid="cashier-name">
            {actorName({ kind: 'user', id: data.id, name: data.cashier_name })}
          </Typography>
          <TotalsCards
            items={[
              { key: 'invoices', label: translate(col('invoices')), value: f.invoices },
              ...(['total', 'paid', 'owed', 'credited', 'refunded', 'received'] as const).map((k) => ({
                key: k,
                label: translate(col(k)),
                value: <Amount>{money(f[k])}</Amount>,
              })),
            ]}
          />
          <Section title="app.reports.sections.payments_by_method">
            <MethodsTable
              rows={methods}
              counted={false}
              totals={{
                payments: 0,
                paid: total('paid'),
                refunds: 0,
                refunded: total('refunded'),
                net: total('net'),
              }}
            />
          </Section>
          <Section title="app.reports.sections.invoices">
            <ReportTable
              columns={[
                {
                  key: 'number',
                  label: translate(col('invoice')),
                  value: (r) => r.number,
                  render: (r) => (
                    <LinkIfAllowed
                      resource="accounting/total-sales"
                      to={`${basename}/accounting/total-sales/${r.id}/show`}
                    >
                      {r.number}
                    </LinkIfAllowed>
                  ),
                  align: 'start',
                },
                { key: 'time', label: translate(col('time')), value: (r) => dateTime(r.issued_at) },
                {
                  key: 'customer',
                  label: translate(col('customer')),
                  value: (r) => r.customer_name ?? translate('app.sales.walk_in'),
                },
                { key: 'total', label: translate(col('total')), value: (r) => money(r.total) },
                { key: 'paid', label: translate(col('paid')), value: (r) => money(r.paid) },
                { key: 'owed', label: translate(col('owed')), value: (r) => money(r.owed) },
              ]}
              rows={data.invoices}
              rowKey={(r) => r.id}
              minWidth={520}
              empty={translate('app.sales.empty_invoices')}
            />
          </Section>
          <Section title="app.reports.sections.credit_notes">
            <ReportTable
              columns={[
                {
                  key: 'number',
                  label: translate(col('credit_note')),
                  value: (r) => r.number,
                  align: 'start',
                },
                { key: 'invoice', label: translate(col('invoice')), value: (r) => r.invoice_number },
                {
                  key: 'customer',
                  label: translate(col('customer')),
                  value: (r) => r.customer_name ?? translate('app.sales.walk_in'),
                },
                { key: 'total', label: translate(col('total')), value: (r) => money(r.total) },
                { key: 'refunded', label: translate(col('refunded')), value: (r) => money(r.refunded) },
              ]}
              rows={data.credit_notes}
              rowKey={(r) => r.id}
              minWidth={480}
              empty={translate('app.reports.no_credit_notes')}
            />
          </Section>
        </>
      )}
    </DayFrame>
  );
};

type DailyPaymentsAnswer = {
  date: string;
  rows: MethodRow[];
  totals: MethodTotals;
  payments: Array<
    Pick<
      Payment,
      'id' | 'invoice_id' | 'invoice_number' | 'kind' | 'debit_note_id' | 'credit_note_id' | 'customer_name'
    > & { method: number; amount: number; paid_at: string; source: number }
  >;
};

/** `pos/daily-payments`: the day's payments by method, then each payment and refund. */
export const DailyPaymentsPage = () => {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const method = usePaymentMethod();
  const paidFor = usePaidFor();
  const { day, setDay, data, error } = useDay<DailyPaymentsAnswer>('pos/daily-payments');
  return (
    <DayFrame title="app.reports.titles.daily_payments" testId="daily-payments" {...{ day, setDay, error }}>
      {data && (
        <>
          <TotalsCards
            items={[
              {
                key: 'paid',
                label: translate(col('paid')),
                value: <Amount>{money(data.totals.paid)}</Amount>,
              },
              {
                key: 'refunded',
                label: translate(col('refunded')),
                value: <Amount>{money(data.totals.refunded)}</Amount>,
              },
              {
                key: 'net',
                label: translate(col('net_received')),
                value: <Amount>{money(data.totals.net)}</Amount>,
              },
            ]}
          />
          <Section title="app.reports.sections.payments_by_method">
            <MethodsTable rows={data.rows} totals={data.totals} />
          </Section>
          <Section title="app.reports.sections.payments">
            <ReportTable
              columns={[
                {
                  key: 'time',
                  label: translate(col('time')),
                  value: (r) => dateTime(r.paid_at),
                  align: 'start',
                },
                {
                  key: 'paid_for',
                  label: translate(col('paid_for')),
                  value: (r) => paidFor(r),
                  render: (r) => <PaidFor payment={r} />,
                },
                {
                  key: 'customer',
                  label: translate(col('customer')),
                  value: (r) => r.customer_name ?? translate('app.sales.walk_in'),
                },
                { key: 'method', label: translate(col('method')), value: (r) => method(r.method) },
                {
                  key: 'kind',
                  label: translate(col('kind')),
                  value: (r) => translate(r.amount < 0 ? 'app.reports.refund' : 'app.reports.payment'),
                },
                { key: 'amount', label: translate(col('amount')), value: (r) => money(r.amount) },
              ]}
              rows={data.payments}
              rowKey={(r) => r.id}
              minWidth={560}
              empty={translate('app.reports.no_payments')}
            />
          </Section>
        </>
      )}
    </DayFrame>
  );
};

/** `pos/employees-activities`: per employee, the day's services and products, sales and commission. */
export const EmployeesActivitiesPage = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const { language } = useArea();
  const { day, setDay, data, error } = useDay<{ rows: EmployeeRow[]; totals: EmployeeRow }>(
    'pos/employees-activities',
  );
  const m = (k: keyof EmployeeRow & string): ReportColumn<EmployeeRow> => ({
    key: k,
    label: translate(col(k)),
    value: (r) => money((r[k] as number | undefined) ?? 0),
  });
  return (
    <DayFrame
      title="app.reports.titles.employees_activities"
      testId="employees-activities"
      {...{ day, setDay, error }}
    >
      {data && (
        <ReportTable
          columns={[
            {
              key: 'name',
              label: translate(col('employee')),
              value: (r) => (language === 'ar' ? r.name_ar : r.name_en) ?? '',
              align: 'start',
            },
            { key: 'services', label: translate(col('services')), value: (r) => r.services ?? 0 },
            { key: 'products', label: translate(col('products')), value: (r) => r.products ?? 0 },
            m('sales'),
            m('commission'),
            m('returned'),
            m('net_sales'),
            m('net_commission'),
          ]}
          rows={data.rows}
          totals={{ ...data.totals, id: 'totals' }}
          rowKey={(r) => r.id ?? ''}
          empty={translate('app.reports.no_activities')}
        />
      )}
    </DayFrame>
  );
};
