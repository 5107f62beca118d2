import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { useGetList, useTranslate } from 'ra-core';
import { CURRENCY_INFO, type Currency, type DashboardFigures } from '@rawnaq/contracts';
import { BarChart } from '@mui/x-charts/BarChart';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import BlockIcon from '@mui/icons-material/Block';
import BugReportIcon from '@mui/icons-material/BugReport';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import MailIcon from '@mui/icons-material/Mail';
import WarningIcon from '@mui/icons-material/Warning';
import { useReportData } from '../reports/MoneyReport';
import { useArea } from '../shell/area';

/** One count per list, read from the list's own total (Content-Range); nothing made up. */
const CountCard = ({ resource, sortBy, icon }: { resource: string; sortBy: string; icon: ReactNode }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  // Sorted by a field each list accepts (docs/api.md lists only some fields as sortable).
  const { total, isPending, error } = useGetList(resource, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: sortBy, order: 'DESC' },
  });
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={Link} to={`${basename}/${resource}`} sx={{ height: '100%' }}>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
            <Box>
              <Typography
                variant="h4"
                component="p"
                sx={{ fontWeight: 700 }}
                data-testid={`count-${resource}`}
              >
                {isPending ? (
                  <CircularProgress size={24} />
                ) : error ? (
                  translate('app.common.none')
                ) : (
                  (total ?? 0)
                )}
              </Typography>
              <Typography color="text.secondary">
                {translate(`resources.${resource}.name`, { smart_count: 2 })}
              </Typography>
            </Box>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
};

/** The salons by state, each figure leading to its list. */
const STATES: Array<{ key: keyof DashboardFigures['salons']; list: string }> = [
  { key: 'trial', list: 'merchants/trial-merchants' },
  { key: 'active', list: 'merchants/active-merchants' },
  { key: 'expired', list: 'merchants/expired-merchants' },
  { key: 'disabled', list: 'merchants/disabled-merchants' },
  { key: 'requests_pending', list: 'merchants/trial-requests' },
  { key: 'rejected', list: 'merchants/rejected-merchants' },
];

const StateFigure = ({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: number;
  to: string;
  testId: string;
}) => (
  <Grid size={{ xs: 6, sm: 4, md: 2 }}>
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ py: 1.5 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
            {value}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  </Grid>
);

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

const Figure = ({ label, children, testId }: { label: string; children: ReactNode; testId: string }) => (
  <Box sx={{ minWidth: 90 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography sx={{ fontWeight: 600 }} data-testid={testId}>
      {children}
    </Typography>
  </Box>
);

/** A month's short name in the page's language (`YYYY-MM`), the year too in the tooltip. */
const useMonthLabel = () => {
  const { language } = useArea();
  return (month: string, long = false) =>
    new Intl.DateTimeFormat(language, {
      month: 'short',
      ...(long && { year: 'numeric' }),
      timeZone: 'UTC',
    }).format(new Date(`${month}-01T00:00:00Z`));
};

/**
 * A chart of the dashboard's twelve months. Right to left, the oldest month is on the right; on a
 * phone every other month is labelled.
 */
const MonthsChart = ({
  months,
  series,
}: {
  months: string[];
  series: Array<{ label: string; data: number[] }>;
}) => {
  const rtl = useTheme().direction === 'rtl';
  const isSmall = useMediaQuery<Theme>((t) => t.breakpoints.down('md'));
  const monthLabel = useMonthLabel();
  return (
    <BarChart
      height={240}
      xAxis={[
        {
          scaleType: 'band',
          data: months,
          reverse: rtl,
          tickLabelInterval: (_v: string, i: number) => !isSmall || i % 2 === 1,
          valueFormatter: (v: string, ctx) => monthLabel(v, ctx.location === 'tooltip'),
        },
      ]}
      // counts: whole ticks from 0, and a scale of at least 1 when every month is 0
      yAxis={[
        {
          min: 0,
          max: Math.max(1, ...series.flatMap((x) => x.data)),
          tickMinStep: 1,
          position: rtl ? 'right' : 'left',
          width: 36,
        },
      ]}
      series={series}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } } }}
    />
  );
};

type RevenueRow = { month: string; currency: string; net: number; vat: number; total: number };

/**
 * The platform's paid revenue by month (`accounting/revenue-by-month`: what salons paid on its invoices,
 * with VAT), one series a currency in its major unit; the months are the dashboard's.
 */
const RevenueChart = ({ months }: { months: string[] }) => {
  const translate = useTranslate();
  const { language } = useArea();
  const { data } = useReportData<RevenueRow[]>('accounting/revenue-by-month');
  const rows = data ?? [];
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.manager.dashboard.${key}`, options);
  return (
    <ChartCard title={t('revenue')} testId="chart-revenue">
      {currencies.length === 0 ? (
        <Typography color="text.secondary" data-testid="revenue-none">
          {t('revenue_none')}
        </Typography>
      ) : (
        <MonthsChart
          months={months}
          series={currencies.map((currency) => {
            const info = CURRENCY_INFO[currency as Currency];
            const decimals = info?.decimals ?? 2;
            return {
              label: t('revenue_in', { currency: language === 'ar' && info ? info.arabicSymbol : currency }),
              data: months.map(
                (month) =>
                  rows
                    .filter((r) => r.month === month && r.currency === currency)
                    .reduce((sum, r) => sum + r.total, 0) /
                  10 ** decimals,
              ),
            };
          })}
        />
      )}
    </ChartCard>
  );
};

/**
 * The manager's `dashboard`: the salons by state, trials converting to paid plans, new salons and
 * e-invoicing failures, then the trackers' counts. Every figure is the server's
 * (`GET dashboard/figures`), counted from the read models.
 * The platform's revenue by month follows, from what salons paid on its invoices.
 */
export const ManagerDashboard = () => {
  const translate = useTranslate();
  const { basename } = useArea();
  const { data, error } = useReportData<DashboardFigures>('dashboard/figures');
  const months = data?.months.map((m) => m.month) ?? [];
  const t = (key: string) => translate(`app.manager.dashboard.${key}`);
  return (
    <Box sx={{ py: 3, px: { xs: 1, md: 2 }, minWidth: 0 }} data-testid="manager-dashboard">
      <Title title="app.manager.dashboard_title" />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {translate('app.manager.dashboard_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.manager.dashboard_hint')}
      </Typography>
      {error && (
        <Typography color="error" data-testid="figures-error" sx={{ mb: 2 }}>
          {error}
        </Typography>
      )}
      {!data && !error && <CircularProgress size={24} sx={{ mb: 2 }} />}
      {data && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('salons')}
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            {STATES.map(({ key, list }) => (
              <StateFigure
                key={key}
                label={t(`state.${key}`)}
                value={data.salons[key]}
                to={`${basename}/${list}`}
                testId={`salons-${key}`}
              />
            ))}
          </Grid>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard title={t('trials_converting')} testId="chart-trials">
                <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
                  <Figure label={t('trials_started')} testId="trials-started">
                    {data.trials.started}
                  </Figure>
                  <Figure label={t('trials_converted')} testId="trials-converted">
                    {data.trials.converted}
                  </Figure>
                  <Figure label={t('conversion_rate')} testId="trials-rate">
                    {data.trials.conversion_percent === null
                      ? translate('app.common.none')
                      : `${data.trials.conversion_percent}%`}
                  </Figure>
                </Stack>
                <MonthsChart
                  months={months}
                  series={[
                    { label: t('trials_started'), data: data.months.map((m) => m.trials_started) },
                    { label: t('trials_converted'), data: data.months.map((m) => m.trials_converted) },
                  ]}
                />
              </ChartCard>
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard title={t('new_salons')} testId="chart-new-salons">
                <MonthsChart
                  months={months}
                  series={[{ label: t('new_salons'), data: data.months.map((m) => m.new_salons) }]}
                />
              </ChartCard>
            </Grid>
          </Grid>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <RevenueChart months={months} />
            </Grid>
          </Grid>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={Link}
                  to={`${basename}/dashboard/zatca-failed-transactions`}
                  sx={{ height: '100%' }}
                >
                  <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                    <Box
                      sx={{
                        color: data.einvoicing_failures ? 'error.main' : 'primary.main',
                        display: 'flex',
                      }}
                    >
                      <ErrorOutlineIcon fontSize="large" />
                    </Box>
                    <Box>
                      <Typography
                        variant="h4"
                        component="p"
                        sx={{ fontWeight: 700 }}
                        data-testid="einvoicing-failures"
                      >
                        {data.einvoicing_failures}
                      </Typography>
                      <Typography color="text.secondary">{t('einvoicing_failures')}</Typography>
                    </Box>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          </Grid>
        </>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('trackers')}
      </Typography>
      <Grid container spacing={2}>
        <CountCard
          resource="trackers/failed-login-attempts"
          sortBy="at"
          icon={<WarningIcon fontSize="large" />}
        />
        <CountCard
          resource="trackers/blocked-ips"
          sortBy="blocked_at"
          icon={<BlockIcon fontSize="large" />}
        />
        <CountCard resource="trackers/mail-tracker" sortBy="queued_at" icon={<MailIcon fontSize="large" />} />
        <CountCard resource="technical/js-errors" sortBy="at" icon={<BugReportIcon fontSize="large" />} />
      </Grid>
    </Box>
  );
};
