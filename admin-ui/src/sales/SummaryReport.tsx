import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useDataProvider, useTranslate } from 'ra-core';
import type { BusinessDate, GlobalInformation } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import GlobalStyles from '@mui/material/GlobalStyles';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import type { AppDataProvider } from '../http/dataProvider';
import { isHttpError, messageParams } from '../http/errors';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { Amount, usePaymentMethod } from './InvoiceParts';
import { useSalonToday } from './PeriodFilter';
import { DAY_PRESETS, MONTH_PRESETS, dayPeriod, monthPeriod, type Period } from './period';
import { SUMMARY_FIGURES, type Summary, type SummaryFigures } from './types';

type Kind = 'daily' | 'monthly';

/**
 * On paper only the report: no app bar, menu or buttons; the table as wide as the page, landscape,
 * its header repeated on every page.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4 landscape', margin: '10mm' },
        'header, .RaSidebar-root, .MuiDrawer-root, .no-print, .RaLayout-appFrame > .MuiToolbar-root': {
          display: 'none !important',
        },
        body: { background: '#fff !important' },
        '.RaLayout-appFrame': { marginTop: '0 !important' },
        '.RaLayout-content, main': { padding: '0 !important', margin: '0 !important' },
        '.summary-scroll': { overflow: 'visible !important' },
        '.summary-table': { fontSize: '9pt', minWidth: '0 !important' },
        '.summary-table thead': { display: 'table-header-group' },
        '.summary-table tr': { breakInside: 'avoid' },
        '.print-only': { display: 'block !important' },
      },
    }}
  />
);

const useSummary = (kind: Kind, period: Period | null) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<{ summary: Summary | null; error: string | null; loading: boolean }>({
    summary: null,
    error: null,
    loading: true,
  });
  const translate = useTranslate();
  const key = period ? `from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}` : '';
  useEffect(() => {
    if (!key) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    dataProvider
      .send<Summary>('GET', `reports/${kind}-general-summary?${key}`)
      .then((summary) => live && setState({ summary, error: null, loading: false }))
      .catch(
        (error: unknown) =>
          live &&
          setState({
            summary: null,
            loading: false,
            error: isHttpError(error)
              ? translate(error.message, messageParams(error))
              : translate('app.errors.unknown'),
          }),
      );
    return () => {
      live = false;
    };
  }, [dataProvider, key, kind, translate]);
  return state;
};

/** The methods any row was paid with, in their code order: one column each. */
const methodsOf = (summary: Summary | null) =>
  Object.keys(summary?.totals.by_method ?? {})
    .map(Number)
    .sort((a, b) => a - b);

/** One row of figures as texts (the table's cells and the CSV's). */
const figuresOf = (row: SummaryFigures, methods: number[], money: (m: number) => string) => [
  String(row.invoices),
  ...SUMMARY_FIGURES.slice(1).map((f) => money(row[f])),
  ...methods.map((m) => money(row.by_method[m] ?? 0)),
];

/**
 * `reports/daily-general-summary` and `reports/monthly-general-summary`: the period's sales per day
 * or month, read from the totals the server keeps as invoices are issued, with the period's totals,
 * a CSV and a print view.
 */
export const SummaryReport = ({ kind }: { kind: Kind }) => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { money, date } = useFormat();
  const method = usePaymentMethod();
  const { language } = useArea();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const account = information?.global_informations?.account;
  const presets = kind === 'daily' ? DAY_PRESETS : MONTH_PRESETS;
  const periodOf = (p: string): Period | null =>
    today
      ? kind === 'daily'
        ? dayPeriod(p as (typeof DAY_PRESETS)[number], today as BusinessDate)
        : monthPeriod(p as (typeof MONTH_PRESETS)[number], today as BusinessDate)
      : null;
  const [preset, setPreset] = useState<string>(kind === 'daily' ? 'today' : 'this_month');
  const [typed, setTyped] = useState<Period | null>(null);
  const period = typed ?? periodOf(preset);
  const valid = (v: string) => (kind === 'daily' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}$/).test(v);
  const asked = period && valid(period.from) && valid(period.to) ? period : null;
  const { summary, error, loading } = useSummary(kind, asked);
  const methods = useMemo(() => methodsOf(summary), [summary]);
  const keyOf = kind === 'daily' ? 'date' : 'month';
  const label = (row: { date?: string; month?: string }) =>
    kind === 'daily' ? date(row.date) : (row.month ?? '');
  const header = [
    translate(`app.sales.reports.columns.${keyOf}`),
    ...SUMMARY_FIGURES.map((f) => translate(`app.sales.reports.columns.${f}`)),
    ...methods.map(method),
  ];
  const title = translate(`app.sales.reports.${kind}_title`);
  const exportCsv = () =>
    summary &&
    downloadCsv(
      toCsv(header, [
        ...summary.rows.map((r) => [label(r), ...figuresOf(r, methods, money)]),
        [translate('app.sales.reports.totals'), ...figuresOf(summary.totals, methods, money)],
      ]),
      `${translate(`app.sales.reports.${kind}_file`)}-${summary.from}-${summary.to}`,
    );
  return (
    <Box sx={{ py: 2, minWidth: 0 }} data-testid={`${kind}-summary`}>
      {printStyles}
      <Title title={title} />
      <Box className="print-only" sx={{ display: 'none', mb: 1 }}>
        <Typography variant="h6">
          {title} · {account ? (language === 'ar' ? account.name_ar : account.name_en) : ''}
        </Typography>
        {summary && (
          <Typography variant="body2">
            <bdi>
              {translate('app.sales.reports.printed_period', {
                from: kind === 'daily' ? date(summary.from) : summary.from,
                to: kind === 'daily' ? date(summary.to) : summary.to,
              })}
            </bdi>
          </Typography>
        )}
      </Box>
      <Stack
        className="no-print"
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label={translate('app.sales.period')}
          value={typed ? 'custom' : preset}
          onChange={(e) => {
            setPreset(e.target.value);
            const range = periodOf(e.target.value);
            setTyped(range ? null : (period ?? { from: '', to: '' }));
          }}
          sx={{ width: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'period-preset' } }}
        >
          {presets.map((p) => (
            <MenuItem key={p} value={p}>
              {translate(`app.sales.presets.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        {(['from', 'to'] as const).map((f) => (
          <TextField
            key={f}
            size="small"
            label={translate(`app.sales.reports.${f}${kind === 'monthly' ? '_month' : ''}`)}
            value={period?.[f] ?? ''}
            onChange={(e) => {
              const value = e.target.value.trim();
              setTyped((t) => ({ ...(t ?? period ?? { from: '', to: '' }), [f]: value }));
            }}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': `period-${f}` } }}
            sx={{ width: 150 }}
          />
        ))}
        <Button startIcon={<DownloadIcon />} onClick={exportCsv} disabled={!summary?.rows.length}>
          {translate('app.sales.reports.export')}
        </Button>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!summary}>
          {translate('app.sales.reports.print')}
        </Button>
      </Stack>
      {error && (
        <Typography color="error" sx={{ mb: 2 }} data-testid="summary-error">
          {error}
        </Typography>
      )}
      {summary && (
        <Card variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="summary-totals">
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
            {(['invoices', 'net', 'vat', 'total', 'paid', 'owed'] as const).map((f) => (
              <Box key={f} data-testid={`summary-total-${f}`}>
                <Typography variant="caption" color="text.secondary">
                  {translate(`app.sales.reports.columns.${f}`)}
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>
                  {f === 'invoices' ? summary.totals.invoices : <Amount>{money(summary.totals[f])}</Amount>}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Card>
      )}
      <Card variant="outlined">
        {!summary || summary.rows.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="summary-empty">
            {loading ? translate('ra.page.loading') : error ? '' : translate('app.sales.reports.no_sales')}
          </Typography>
        ) : (
          <Box className="summary-scroll" sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Box
              component="table"
              className="summary-table"
              sx={{
                width: '100%',
                minWidth: 720,
                borderCollapse: 'collapse',
                fontSize: '0.875rem',
                '& td, & th': {
                  py: 1,
                  px: 0.75,
                  borderBottom: 1,
                  borderColor: 'divider',
                  textAlign: 'end',
                  whiteSpace: 'nowrap',
                },
                '& td:first-of-type, & th:first-of-type': { textAlign: 'start' },
                '& tfoot th': { borderTop: 2, borderColor: 'text.primary' },
              }}
            >
              <thead>
                <tr>
                  {header.map((h) => (
                    <th key={h}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {summary.rows.map((r) => (
                  <tr key={r[keyOf]} data-testid="summary-row">
                    <td>
                      <bdi>{label(r)}</bdi>
                    </td>
                    {figuresOf(r, methods, money).map((v, i) => (
                      <td key={i}>
                        <Amount>{v}</Amount>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-testid="summary-totals-row">
                  <th>{translate('app.sales.reports.totals')}</th>
                  {figuresOf(summary.totals, methods, money).map((v, i) => (
                    <th key={i}>
                      <Amount>{v}</Amount>
                    </th>
                  ))}
                </tr>
              </tfoot>
            </Box>
          </Box>
        )}
      </Card>
    </Box>
  );
};

export const DailySummary = () => <SummaryReport kind="daily" />;
export const MonthlySummary = () => <SummaryReport kind="monthly" />;
