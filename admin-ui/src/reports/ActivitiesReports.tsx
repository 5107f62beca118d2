import { useRef, useState } from 'react';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFormat } from '../format/useFormat';
import { Amount } from '../sales/InvoiceParts';
import { useArea } from '../shell/area';
import Typography from '@mui/material/Typography';
import { MoneyReport, ReportTable, type ReportAnswer, type ReportColumn } from './MoneyReport';

const col = (key: string): string => `app.reports.columns.${key}`;

type Names = { name_en?: string; name_ar?: string };
type Figures = {
  lines: number;
  quantity: number;
  sales: number;
  returned_quantity: number;
  returned: number;
  net_quantity: number;
  net_sales: number;
};
type Choice = { id: string; name_en: string; name_ar: string };

/** One invoice line done by an employee (`reports/acitivities-report`). */
export type ActivityRow = {
  id: string;
  date: string;
  invoice_number: number;
  customer_name: string | null;
  employee_id: string;
  employee_name_en: string;
  employee_name_ar: string;
  kind: 'service' | 'product';
  name_en: string;
  name_ar: string;
  quantity: number;
  net: number;
  returned_quantity: number;
  returned: number;
  net_sales: number;
};
/** One employee and service or product (`reports/activities-report-summary`). */
export type ActivitySummaryRow = Figures & {
  id: string;
  employee_id: string;
  employee_name_en: string;
  employee_name_ar: string;
  kind: 'service' | 'product';
  name_en: string;
  name_ar: string;
};
type Answer<R> = ReportAnswer<R, Figures> & {
  employee_choices: Choice[];
  days?: Array<Figures & { date: string }>;
  truncated?: boolean;
};

/** The employee and kind filters, sent as `&employee_id=&kind=`. */
const useActivityFilters = () => {
  const [employee, setEmployee] = useState('');
  const [kind, setKind] = useState('');
  const query = `${employee ? `&employee_id=${encodeURIComponent(employee)}` : ''}${kind ? `&kind=${kind}` : ''}`;
  return { employee, setEmployee, kind, setKind, query };
};

/** The employees to choose from are the period's (the last answer's, while the next one loads). */
const Filters = ({
  f,
  answer,
}: {
  f: ReturnType<typeof useActivityFilters>;
  answer: { employee_choices: Choice[] } | null;
}) => {
  const translate = useTranslate();
  const { language } = useArea();
  const last = useRef<Choice[]>([]);
  if (answer) last.current = answer.employee_choices;
  const choices = [...last.current];
  // the chosen one stays a choice even when the period has none of her work
  if (f.employee && !choices.some((c) => c.id === f.employee))
    choices.push({ id: f.employee, name_en: f.employee, name_ar: f.employee });
  return (
    <>
      <TextField
        select
        size="small"
        label={translate(col('employee'))}
        value={f.employee}
        onChange={(e) => f.setEmployee(e.target.value)}
        sx={{ width: 170 }}
        slotProps={{ htmlInput: { 'data-testid': 'filter-employee' } }}
      >
        <MenuItem value="">{translate('app.management.all')}</MenuItem>
        {choices.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {language === 'ar' ? c.name_ar : c.name_en}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate(col('kind'))}
        value={f.kind}
        onChange={(e) => f.setKind(e.target.value)}
        sx={{ width: 140 }}
        slotProps={{ htmlInput: { 'data-testid': 'filter-kind' } }}
      >
        <MenuItem value="">{translate('app.management.all')}</MenuItem>
        <MenuItem value="service">{translate('app.management.kinds.service')}</MenuItem>
        <MenuItem value="product">{translate('app.management.kinds.product')}</MenuItem>
      </TextField>
    </>
  );
};

const useNames = () => {
  const { language } = useArea();
  return {
    item: (r: Names) => (language === 'ar' ? r.name_ar : r.name_en) ?? '',
    employee: (r: { employee_name_en?: string; employee_name_ar?: string }) =>
      (language === 'ar' ? r.employee_name_ar : r.employee_name_en) ?? '',
  };
};

const figureCards = (translate: (k: string) => string, money: (m: number) => string, t: Figures) => [
  { key: 'lines', label: translate(col('lines')), value: t.lines },
  { key: 'net_quantity', label: translate(col('net_quantity')), value: t.net_quantity },
  { key: 'net_sales', label: translate(col('net_sales')), value: <Amount>{money(t.net_sales)}</Amount> },
];

/** The period day by day (the detailed list's days): lines, quantity and sales net of returns. */
const ByDay = ({ days }: { days: Array<Figures & { date: string }> }) => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  if (days.length < 2) return null;
  return (
    <Box sx={{ mb: 2, maxWidth: 720 }} data-testid="activities-by-day">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('app.management.by_day')}
      </Typography>
      <ReportTable<Figures & { date: string }>
        minWidth={360}
        rowKey={(d) => d.date}
        rows={days}
        empty=""
        columns={[
          { key: 'date', label: translate(col('date')), value: (d) => date(d.date), align: 'start' },
          { key: 'lines', label: translate(col('lines')), value: (d) => String(d.lines) },
          {
            key: 'net_quantity',
            label: translate(col('net_quantity')),
            value: (d) => String(d.net_quantity),
          },
          { key: 'net_sales', label: translate(col('net_sales')), value: (d) => money(d.net_sales) },
        ]}
      />
    </Box>
  );
};

/**
 * `reports/acitivities-report`: every invoice line an employee did in the period (service or product,
 * quantity, amount, what credit notes took back), with the period's totals; by employee and kind.
 */
export const ActivitiesReport = () => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const names = useNames();
  const f = useActivityFilters();
  return (
    <MoneyReport<ActivityRow, Answer<ActivityRow>>
      path="reports/acitivities-report"
      kind="daily"
      initialPreset="this_month"
      query={f.query}
      title="app.management.titles.activities"
      file="app.management.files.activities"
      testId="activities-report"
      empty="app.management.no_activities"
      minWidth={860}
      rowKey={(r) => r.id}
      filters={(a) => <Filters f={f} answer={a} />}
      toTotals={(a) => ({
        ...a.totals,
        id: 'totals',
        date: '',
        invoice_number: 0,
        customer_name: '',
        employee_id: '',
        employee_name_en: '',
        employee_name_ar: '',
        kind: 'service',
        name_en: '',
        name_ar: '',
        net: a.totals.sales,
      })}
      columns={() =>
        [
          {
            key: 'date',
            label: translate(col('date')),
            value: (r) => (r.date ? date(r.date) : ''),
            align: 'start',
          },
          { key: 'invoice', label: translate(col('invoice')), value: (r) => r.invoice_number || '' },
          {
            key: 'employee',
            label: translate(col('employee')),
            value: (r) => names.employee(r),
            align: 'start',
          },
          {
            key: 'item',
            label: translate('app.management.columns.item'),
            value: (r) => names.item(r),
            align: 'start',
          },
          {
            key: 'kind',
            label: translate(col('kind')),
            value: (r) => (r.id === 'totals' ? '' : translate(`app.management.kinds.${r.kind}`)),
            align: 'start',
          },
          {
            key: 'customer',
            label: translate(col('customer')),
            value: (r) => (r.id === 'totals' ? '' : (r.customer_name ?? translate('app.sales.walk_in'))),
            align: 'start',
          },
          { key: 'quantity', label: translate(col('sold')), value: (r) => String(r.quantity) },
          { key: 'net', label: translate(col('sales')), value: (r) => money(r.net) },
          { key: 'returned', label: translate(col('returned')), value: (r) => money(r.returned) },
          { key: 'net_sales', label: translate(col('net_sales')), value: (r) => money(r.net_sales) },
        ] satisfies ReportColumn<ActivityRow>[]
      }
      cards={(a) => figureCards(translate, money, a.totals)}
      extra={(a) => <ByDay days={a.days ?? []} />}
    />
  );
};

/** `reports/activities-report-summary`: per employee and service or product, how many and for how much. */
export const ActivitiesSummary = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const names = useNames();
  const f = useActivityFilters();
  return (
    <MoneyReport<ActivitySummaryRow, Answer<ActivitySummaryRow>>
      path="reports/activities-report-summary"
      kind="daily"
      initialPreset="this_month"
      query={f.query}
      title="app.management.titles.activities_summary"
      file="app.management.files.activities_summary"
      testId="activities-summary"
      empty="app.management.no_activities"
      rowKey={(r) => r.id}
      filters={(a) => <Filters f={f} answer={a} />}
      toTotals={(a) => ({
        ...a.totals,
        id: 'totals',
        employee_id: '',
        employee_name_en: '',
        employee_name_ar: '',
        kind: 'service',
        name_en: '',
        name_ar: '',
      })}
      columns={() =>
        [
          {
            key: 'employee',
            label: translate(col('employee')),
            value: (r) => names.employee(r),
            align: 'start',
          },
          {
            key: 'item',
            label: translate('app.management.columns.item'),
            value: (r) => names.item(r),
            align: 'start',
          },
          {
            key: 'kind',
            label: translate(col('kind')),
            value: (r) => (r.id === 'totals' ? '' : translate(`app.management.kinds.${r.kind}`)),
            align: 'start',
          },
          { key: 'lines', label: translate(col('lines')), value: (r) => String(r.lines) },
          { key: 'quantity', label: translate(col('sold')), value: (r) => String(r.quantity) },
          { key: 'sales', label: translate(col('sales')), value: (r) => money(r.sales) },
          {
            key: 'returned_quantity',
            label: translate(col('returned_quantity')),
            value: (r) => String(r.returned_quantity),
          },
          { key: 'returned', label: translate(col('returned')), value: (r) => money(r.returned) },
          {
            key: 'net_quantity',
            label: translate(col('net_quantity')),
            value: (r) => String(r.net_quantity),
          },
          { key: 'net_sales', label: translate(col('net_sales')), value: (r) => money(r.net_sales) },
        ] satisfies ReportColumn<ActivitySummaryRow>[]
      }
      cards={(a) => figureCards(translate, money, a.totals)}
    />
  );
};
