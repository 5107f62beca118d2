import { useTranslate } from 'ra-core';
import { BarChart } from '@mui/x-charts/BarChart';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MoneyReport, type ReportColumn } from './MoneyReport';

/** A month of `reports/historical-data-for-customers-types`: the customers of each type on `as_of`. */
export type CustomerTypesRow = {
  month: string;
  as_of: string;
  new: number;
  frequent: number;
  missed: number;
  total: number;
};
/** No totals: the counts are of a day each, and a column of them adds up to nothing. */
type Answer = { from: string; to: string; rows: CustomerTypesRow[]; totals: unknown };

const TYPES = ['new', 'frequent', 'missed'] as const;

/** The months stacked by type, left to right in English and right to left in Arabic. */
const TypesChart = ({ rows }: { rows: CustomerTypesRow[] }) => {
  const translate = useTranslate();
  const rtl = useTheme().direction === 'rtl';
  const isSmall = useMediaQuery<Theme>((t) => t.breakpoints.down('md'));
  if (!rows.length) return null;
  return (
    <Card variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="customer-types-chart">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('app.management.customer_types_chart')}
      </Typography>
      <BarChart
        height={280}
        xAxis={[
          {
            scaleType: 'band',
            data: rows.map((r) => r.month),
            reverse: rtl,
            // every month's label on a desktop; on a phone every third, the last one always
            tickLabelInterval: (_v: string, i: number) => !isSmall || (rows.length - 1 - i) % 3 === 0,
          },
        ]}
        yAxis={[{ width: 48, position: rtl ? 'right' : 'left' }]}
        series={TYPES.map((t) => ({
          label: translate(`app.management.customer_types.${t}`),
          data: rows.map((r) => r[t]),
          stack: 'customers',
        }))}
      />
    </Card>
  );
};

/**
 * `reports/historical-data-for-customers-types`: per month, how many customers were new, frequent and
 * missed at its end (doc2 §9, the 60-day rule; this month as of today) — a chart and the table.
 */
export const CustomerTypesHistory = () => {
  const translate = useTranslate();
  return (
    <MoneyReport<CustomerTypesRow, Answer>
      path="reports/historical-data-for-customers-types"
      kind="monthly"
      initialPreset="this_year"
      title="app.management.titles.customer_types"
      file="app.management.files.customer_types"
      testId="customer-types-history"
      empty="app.management.no_customers"
      minWidth={520}
      rowKey={(r) => r.month}
      columns={() =>
        [
          {
            key: 'month',
            label: translate('app.reports.columns.month'),
            value: (r) => r.month,
            align: 'start',
          },
          ...TYPES.map((t) => ({
            key: t,
            label: translate(`app.management.customer_types.${t}`),
            value: (r: CustomerTypesRow) => String(r[t]),
          })),
          {
            key: 'total',
            label: translate('app.management.columns.customers'),
            value: (r) => String(r.total),
          },
        ] satisfies ReportColumn<CustomerTypesRow>[]
      }
      cards={(a) => {
        const last = a.rows[a.rows.length - 1];
        return last
          ? TYPES.map((t) => ({
              key: t,
              label: translate(`app.management.customer_types.${t}`),
              value: last[t],
            }))
          : [];
      }}
      extra={(a) => <TypesChart rows={a.rows} />}
    />
  );
};
