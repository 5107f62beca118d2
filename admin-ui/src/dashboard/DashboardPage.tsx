import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import { decimalsOf, type Currency, type GlobalInformation } from '@rawnaq/contracts';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useFormat } from '../format/useFormat';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { Mirrored } from '../layout/Mirrored';
import { useArea } from '../shell/area';
import { Amount, usePaymentMethod } from '../sales/InvoiceParts';
import { useReportData } from '../reports/MoneyReport';
import type { Dashboard, EmployeeRow, ItemRow, SalesFigures, Visits } from '../reports/types';

/** Money in major units for a chart's scale, from the minor units the server keeps. */
export const useChartMoney = () => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const currency = (information?.global_informations?.account?.currency ?? 'SAR') as Currency;
  const { money } = useFormat();
  const { language } = useArea();
  const scale = 10 ** decimalsOf(currency);
  const rtl = useTheme().direction === 'rtl';
  return {
    major: (minor: number) => minor / scale,
    format: (major: number | null) => (major === null ? '' : money(Math.round(major * scale))),
    /** an axis's ticks: the number alone (the currency is in the tooltip), short enough to fit */
    tick: (major: number | null) =>
      major === null ? '' : new Intl.NumberFormat(language, { notation: 'compact' }).format(major),
    /** right to left, the first day or the longest bar starts on the right */
    rtl,
  };
};

const Figure = ({ label, children, testId }: { label: string; children: ReactNode; testId: string }) => (
  <Box data-testid={testId} sx={{ minWidth: 110 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography sx={{ fontWeight: 600 }}>{children}</Typography>
  </Box>
);

/** A period's sales at a glance: invoices, net, VAT, total, paid, owed, credit notes and visits. */
const PeriodCard = ({
  which,
  sales,
  visits,
}: {
  which: 'today' | 'month';
  sales: SalesFigures;
  visits: Visits;
}) => {
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`dashboard-${which}`}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`app.dashboard.${which}`)}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1.5 }}>
          <Figure label={translate('app.sales.reports.columns.invoices')} testId={`${which}-invoices`}>
            {sales.invoices}
          </Figure>
          {(['net', 'vat', 'total', 'paid', 'owed'] as const).map((f) => (
            <Figure key={f} label={translate(`app.sales.reports.columns.${f}`)} testId={`${which}-${f}`}>
              <Amount>{money(sales[f])}</Amount>
            </Figure>
          ))}
          <Figure label={translate('app.dashboard.credited')} testId={`${which}-credited`}>
            <Amount>{money(sales.credited)}</Amount>
          </Figure>
          <Figure label={translate('app.dashboard.visits')} testId={`${which}-visits`}>
            {visits.visits}
          </Figure>
          <Figure label={translate('app.dashboard.checked_in')} testId={`${which}-checked-in`}>
            {visits.checked_in}
          </Figure>
        </Stack>
      </CardContent>
    </Card>
  );
};

const ChartCard = ({ title, children, testId }: { title: string; children: ReactNode; testId: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ py: 4 }}>
      {translate('app.sales.reports.no_sales')}
    </Typography>
  );
};

/** The month's best: a name, what it sold, and a bar as long as its share of the first. */
const TopList = ({ rows, testId }: { rows: Array<ItemRow | EmployeeRow>; testId: string }) => {
  const { money } = useFormat();
  const { language } = useArea();
  const chart = useChartMoney();
  if (!rows.length) return <Empty />;
  return (
    <Box data-testid={testId}>
      <BarChart
        layout="horizontal"
        height={Math.max(120, rows.length * 44 + 40)}
        yAxis={[
          {
            scaleType: 'band',
            data: rows.map((r) => (language === 'ar' ? r.name_ar : r.name_en) ?? ''),
            width: 110,
            position: chart.rtl ? 'right' : 'left',
          },
        ]}
        xAxis={[{ valueFormatter: chart.tick, reverse: chart.rtl }]}
        series={[{ data: rows.map((r) => chart.major(r.net_sales)), valueFormatter: chart.format }]}
        hideLegend
      />
      <Stack spacing={0.5}>
        {rows.map((r) => (
          <Stack key={r.id} direction="row" sx={{ gap: 1 }} data-testid={`${testId}-row`}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
              {language === 'ar' ? r.name_ar : r.name_en}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              <Amount>{money(r.net_sales)}</Amount>
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
};

/**
 * `dashboard`: today's and this month's sales and visits, the month's sales day by day, its payments by
 * method, and its best services and employees; the charts follow the page's direction.
 */
export const DashboardPage = () => {
  const translate = useTranslate();
  const { basename } = useArea();
  const { date } = useFormat();
  const method = usePaymentMethod();
  const chart = useChartMoney();
  const { data, error } = useReportData<Dashboard>('dashboard');
  const isSmall = useMediaQuery<Theme>((t) => t.breakpoints.down('md'));
  return (
    <Box sx={{ py: 2, minWidth: 0 }} data-testid="dashboard">
      <Title title={translate('app.dashboard.title')} />
      {error && (
        <Typography color="error" data-testid="summary-error">
          {error}
        </Typography>
      )}
      {!data && !error && <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>}
      {data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <PeriodCard which="today" sales={data.sales.today} visits={data.visits.today} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PeriodCard which="month" sales={data.sales.month} visits={data.visits.month} />
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <ChartCard title={translate('app.dashboard.sales_by_day')} testId="dashboard-days">
              {data.days.length ? (
                <BarChart
                  height={260}
                  xAxis={[
                    {
                      scaleType: 'band',
                      data: data.days.map((d) => d.date.slice(8)),
                      reverse: chart.rtl,
                      // every day's label on a desktop, every third on a phone
                      tickLabelInterval: (_v: string, i: number) => !isSmall || i % 3 === 0,
                      valueFormatter: (v: string, ctx) =>
                        ctx.location === 'tooltip' ? date(`${data.month.from.slice(0, 8)}${v}`) : v,
                    },
                  ]}
                  yAxis={[{ valueFormatter: chart.tick, width: 64, position: chart.rtl ? 'right' : 'left' }]}
                  series={[
                    {
                      label: translate('app.sales.reports.columns.total'),
                      data: data.days.map((d) => chart.major(d.total)),
                      valueFormatter: chart.format,
                    },
                  ]}
                  hideLegend
                />
              ) : (
                <Empty />
              )}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <ChartCard title={translate('app.dashboard.payments_by_method')} testId="dashboard-methods">
              {data.payments.month.rows.length ? (
                <>
                  <PieChart
                    height={200}
                    series={[
                      {
                        innerRadius: 40,
                        data: data.payments.month.rows
                          .filter((r) => r.net > 0)
                          .map((r) => ({ id: r.id, value: chart.major(r.net), label: method(r.method) })),
                        valueFormatter: (v) => chart.format(v.value),
                      },
                    ]}
                  />
                  <Button
                    component={Link}
                    to={`${basename}/dashboard/payments-details`}
                    endIcon={
                      <Mirrored>
                        <ArrowForwardIcon />
                      </Mirrored>
                    }
                    sx={{ mt: 1 }}
                    data-testid="payments-details-link"
                  >
                    {translate('app.dashboard.payments_details')}
                  </Button>
                </>
              ) : (
                <Empty />
              )}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={translate('app.dashboard.top_services')} testId="dashboard-services">
              <TopList rows={data.top_services} testId="top-services" />
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={translate('app.dashboard.top_employees')} testId="dashboard-employees">
              <TopList rows={data.top_employees} testId="top-employees" />
            </ChartCard>
          </Grid>
        </Grid>
      )}
    </Box>
  );
};
