import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
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
import { isHttpError, messageParams } from '../http/errors';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { useIsPhone } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { OpenArchiveButton, useEarliestDay, useSalonToday } from '../sales/PeriodFilter';
import {
  DAY_PRESETS,
  MONTH_PRESETS,
  dayPeriod,
  monthPeriod,
  typedDateText,
  type Period,
} from '../sales/period';
import { useAppDataProvider } from '../http/useAppDataProvider';

/** A report's period is of days (YYYY-MM-DD) or of months (YYYY-MM). */
export type PeriodKind = 'daily' | 'monthly';

/** A report's answer: its period, its rows and the totals the server added up. */
export type ReportAnswer<R, T = R> = { from: string; to: string; rows: R[]; totals: T };

/** One column: its heading, its cell as text (the table's and the CSV's), and whether it is money. */
export type ReportColumn<R> = {
  key: string;
  label: string;
  value: (row: R) => string | number | null | undefined;
  /** the table's cell when it is more than the text (a link) */
  render?: (row: R) => ReactNode;
  /** money and counts line up at the end of the cell; text at the start */
  align?: 'start' | 'end';
  /** free text (a reason, a name) that wraps between its words, where figures and dates never do */
  wrap?: boolean;
};

/**
 * On paper only the report: no app bar, menu or buttons; the table as wide as the page, landscape,
 * its header repeated on every page.
 */
export const reportPrintStyles = (
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

/** GET a report's path; its answer, the error as the user reads it, and whether it is on its way. */
export const useReportData = <T,>(path: string | null) => {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    dataProvider
      .send<T>('GET', path)
      .then((data) => live && setState({ data, error: null, loading: false }))
      .catch(
        (error: unknown) =>
          live &&
          setState({
            data: null,
            loading: false,
            error: isHttpError(error)
              ? translate(error.message, messageParams(error))
              : translate('app.errors.unknown'),
          }),
      );
    return () => {
      live = false;
    };
  }, [dataProvider, path, translate]);
  return state;
};

/** The period chosen from the presets or typed, in the salon's calendar; null while it is not a valid one. */
export const usePeriodChoice = (kind: PeriodKind, initial?: string, initialPeriod?: Period | null) => {
  const today = useSalonToday();
  const presets = kind === 'daily' ? DAY_PRESETS : MONTH_PRESETS;
  const periodOf = (p: string): Period | null =>
    today
      ? kind === 'daily'
        ? dayPeriod(p as (typeof DAY_PRESETS)[number], today as BusinessDate)
        : monthPeriod(p as (typeof MONTH_PRESETS)[number], today as BusinessDate)
      : null;
  const [preset, setPreset] = useState<string>(initial ?? (kind === 'daily' ? 'today' : 'this_month'));
  // a period given by the address (a statement's line opening its account's ledger for that period)
  const [typed, setTyped] = useState<Period | null>(initialPeriod ?? null);
  const period = typed ?? periodOf(preset);
  const valid = (v: string) => (kind === 'daily' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}$/).test(v);
  // a day earlier than a range picker's earliest one waits for the archive (monthly ones are months)
  const limit = useEarliestDay();
  const tooEarly = (v: string) => kind === 'daily' && limit.tooEarly(v);
  const asked =
    period && valid(period.from) && valid(period.to) && !tooEarly(period.from) && !tooEarly(period.to)
      ? period
      : null;
  return {
    kind,
    limit,
    tooEarly,
    presets,
    preset: typed ? 'custom' : preset,
    period,
    asked,
    choose: (p: string) => {
      setPreset(p);
      const range = periodOf(p);
      setTyped(range ? null : (period ?? { from: '', to: '' }));
    },
    type: (field: 'from' | 'to', value: string) =>
      setTyped((t) => ({
        ...(t ?? period ?? { from: '', to: '' }),
        [field]: typedDateText(value, kind === 'daily' ? 'day' : 'month'),
      })),
  };
};
export type PeriodChoice = ReturnType<typeof usePeriodChoice>;

/** The preset select and the from/to fields of a report (hidden on paper). */
export const PeriodFields = ({ choice }: { choice: PeriodChoice }) => {
  const translate = useTranslate();
  return (
    <>
      <TextField
        select
        size="small"
        label={translate('app.sales.period')}
        value={choice.preset}
        onChange={(e) => choice.choose(e.target.value)}
        sx={{ width: 160 }}
        slotProps={{ htmlInput: { 'data-testid': 'period-preset' } }}
      >
        {choice.presets.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`app.sales.presets.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      {(['from', 'to'] as const).map((f) => (
        <TextField
          key={f}
          size="small"
          label={translate(`app.sales.reports.${f}${choice.kind === 'monthly' ? '_month' : ''}`)}
          value={choice.period?.[f] ?? ''}
          onChange={(e) => choice.type(f, e.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': `period-${f}` } }}
          sx={{ width: 150 }}
          error={choice.tooEarly(choice.period?.[f] ?? '')}
          helperText={
            choice.tooEarly(choice.period?.[f] ?? '') &&
            choice.limit.message &&
            translate(choice.limit.message.message, choice.limit.message.args)
          }
        />
      ))}
      {(['from', 'to'] as const).some((f) => choice.tooEarly(choice.period?.[f] ?? '')) && (
        <OpenArchiveButton onOpen={choice.limit.openArchive} />
      )}
    </>
  );
};

/** Figures at a glance over a report (and in its print): a label and a value each. */
export const TotalsCards = ({
  items,
}: {
  items: Array<{ key: string; label: string; value: ReactNode }>;
}) => (
  <Card variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="summary-totals">
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
      {items.map((i) => (
        <Box key={i.key} data-testid={`summary-total-${i.key}`}>
          <Typography variant="caption" color="text.secondary">
            {i.label}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{i.value}</Typography>
        </Box>
      ))}
    </Stack>
  </Card>
);

/**
 * A cell as the table and the cards show it: its own rendering (a link), else its text, on one line in
 * a table's cell; in a card's half of the phone's width it may wrap (a reason, a long name).
 */
const cellOf = <R,>(c: ReportColumn<R>, row: R, card = false) =>
  c.render ? (
    c.render(row)
  ) : card || c.wrap ? (
    <bdi>{String(c.value(row) ?? '')}</bdi>
  ) : (
    <Amount>{String(c.value(row) ?? '')}</Amount>
  );

/**
 * A row as a card on a phone: its first column as the card's title, then every other column as a label
 * and its value, one under the other, so all of a row reads without scrolling sideways.
 */
const RowCard = <R,>({
  columns,
  row,
  title,
  testId,
}: {
  columns: ReportColumn<R>[];
  row: R;
  /** the totals card's title, in place of the first column's value (its cells are text only) */
  title?: string;
  testId: string;
}) => {
  const [first, ...rest] = columns;
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: testId === 'summary-totals-row' ? 'text.primary' : 'divider',
        borderRadius: 1,
        p: 1.25,
        minWidth: 0,
      }}
    >
      <Typography
        component="div"
        sx={{ fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}
        data-column={first.key}
      >
        {title ?? cellOf(first, row, true)}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          typography: 'body2',
          '& dt': { color: 'text.secondary', overflowWrap: 'anywhere' },
          '& dd': { m: 0, textAlign: 'end', overflowWrap: 'anywhere' },
        }}
      >
        {rest
          // the totals' card leaves out what has no total (a date, a customer)
          .filter((c) => title === undefined || String(c.value(row) ?? '') !== '')
          .map((c) => (
            <Fragment key={c.key}>
              <dt>{c.label}</dt>
              <dd data-column={c.key}>
                {title === undefined ? cellOf(c, row, true) : <bdi>{String(c.value(row) ?? '')}</bdi>}
              </dd>
            </Fragment>
          ))}
      </Box>
    </Box>
  );
};

/**
 * A report's rows with their totals: a table (the totals at its foot, scrolling sideways inside its
 * card when it is wider than a tablet), or on a phone a card per row with every column in it, the
 * totals' card last. Every report screen shows its rows through it.
 */
export const ReportTable = <R,>({
  columns,
  rows,
  totals,
  rowKey,
  empty,
  minWidth = 720,
  wide = false,
}: {
  columns: ReportColumn<R>[];
  rows: R[] | undefined;
  totals?: R;
  rowKey: (row: R) => string;
  empty: string;
  minWidth?: number;
  /** more figures side by side than a desktop shows: scrolled sideways there too, knowingly */
  wide?: boolean;
}) => {
  const translate = useTranslate();
  const phone = useIsPhone();
  if (!rows || rows.length === 0)
    return (
      <Card variant="outlined">
        <Typography sx={{ p: 3 }} color="text.secondary" data-testid="summary-empty">
          {empty}
        </Typography>
      </Card>
    );
  if (phone)
    return (
      <Stack
        component="ul"
        spacing={1}
        sx={{ m: 0, p: 0 }}
        className="summary-cards"
        data-testid="summary-cards"
      >
        {rows.map((r) => (
          <RowCard key={rowKey(r)} columns={columns} row={r} testId="summary-row" />
        ))}
        {totals && (
          <RowCard
            columns={columns}
            row={totals}
            title={translate('app.sales.reports.totals')}
            testId="summary-totals-row"
          />
        )}
      </Stack>
    );
  return (
    <Card variant="outlined">
      <Box
        className="summary-scroll"
        sx={{ overflowX: 'auto', maxWidth: '100%' }}
        data-wide={wide ? 'true' : undefined}
      >
        <Box
          component="table"
          className="summary-table"
          sx={{
            width: '100%',
            minWidth,
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
            // a heading wraps between its words (the figures do not): kept on one line, the headings of a
            // report with ten columns pushed its last ones past a desktop's side
            '& thead th': { whiteSpace: 'normal', verticalAlign: 'bottom' },
            '& .start': { textAlign: 'start' },
            '& td.wrap': { whiteSpace: 'normal', minWidth: '8em' },
            '& tfoot th': { borderTop: 2, borderColor: 'text.primary' },
          }}
        >
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} className={c.align === 'start' ? 'start' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={rowKey(r)} data-testid="summary-row">
                {columns.map((c) => (
                  <td key={c.key} className={cellClass(c)} data-column={c.key}>
                    {cellOf(c, r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {totals && (
            <tfoot>
              <tr data-testid="summary-totals-row">
                {columns.map((c, i) => (
                  <th key={c.key} className={c.align === 'start' ? 'start' : undefined} data-column={c.key}>
                    {i === 0 ? (
                      translate('app.sales.reports.totals')
                    ) : (
                      <Amount>{String(c.value(totals) ?? '')}</Amount>
                    )}
                  </th>
                ))}
              </tr>
            </tfoot>
          )}
        </Box>
      </Box>
    </Card>
  );
};

const cellClass = <R,>(c: ReportColumn<R>): string | undefined =>
  [c.align === 'start' && 'start', c.wrap && 'wrap'].filter(Boolean).join(' ') || undefined;

/** The CSV of a report: the table as shown, the totals last. */
export const exportReport = <R,>(
  columns: ReportColumn<R>[],
  rows: R[],
  totals: R | undefined,
  filename: string,
  totalsLabel: string,
) =>
  downloadCsv(
    toCsv(
      columns.map((c) => c.label),
      [
        ...rows.map((r) => columns.map((c) => c.value(r) ?? '')),
        ...(totals ? [columns.map((c, i) => (i === 0 ? totalsLabel : (c.value(totals) ?? '')))] : []),
      ],
    ),
    filename,
  );

/**
 * A money report: the period (presets or typed dates), a CSV and a print view, figures at a glance,
 * and the table with its totals, all from one GET of `path?from=&to=`.
 */
export const MoneyReport = <R, A extends ReportAnswer<R, unknown> = ReportAnswer<R>>({
  path,
  kind,
  title,
  file,
  testId,
  columns,
  cards,
  rowKey,
  initialPreset,
  initialPeriod,
  minWidth,
  wide,
  query = '',
  toTotals,
  transformRows,
  subtitle,
  filters,
  extra,
  empty,
}: {
  path: string;
  kind: PeriodKind;
  /** i18n keys */
  title: string;
  file: string;
  testId: string;
  columns: (answer: A | null) => ReportColumn<R>[];
  cards?: (answer: A) => Array<{ key: string; label: string; value: ReactNode }>;
  rowKey: (row: R) => string;
  initialPreset?: string;
  /** the dates to open with (from the address), in place of the preset's */
  initialPeriod?: Period | null;
  minWidth?: number;
  /** see ReportTable */
  wide?: boolean;
  /** more of the address (`&key=value`) */
  query?: string;
  /** the totals as a row of the table (when the answer's are shaped otherwise) */
  toTotals?: (answer: A) => R;
  /** the rows as shown, when they are more than the answer's (a comparison merged in) */
  transformRows?: (answer: A) => R[];
  /** what the report is of (an employee's name), under its title */
  subtitle?: (answer: A) => string;
  /** more choices beside the period (an employee, a kind), hidden on paper; given the answer if they need it */
  filters?: ReactNode | ((answer: A | null) => ReactNode);
  /** shown between the figures at a glance and the table (a chart) */
  extra?: (answer: A) => ReactNode;
  /** the empty table's words (i18n key), when they are not "no sales" */
  empty?: string;
}) => {
  const translate = useTranslate();
  const { date } = useFormat();
  const { language } = useArea();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const account = information?.global_informations?.account;
  const choice = usePeriodChoice(kind, initialPreset, initialPeriod);
  const { asked } = choice;
  const { data, error, loading } = useReportData<A>(
    asked
      ? `${path}?from=${encodeURIComponent(asked.from)}&to=${encodeURIComponent(asked.to)}${query}`
      : null,
  );
  const cols = columns(data);
  const rows = data ? (transformRows ? transformRows(data) : data.rows) : undefined;
  const totals = data ? (toTotals ? toTotals(data) : (data.totals as R)) : undefined;
  const heading = translate(title);
  const show = (v: string) => (kind === 'daily' ? date(v) : v);
  return (
    <Box sx={{ py: 2, minWidth: 0 }} data-testid={testId}>
      {reportPrintStyles}
      <Title title={heading} />
      {data && subtitle && (
        <Typography variant="h6" component="h2" sx={{ mb: 1 }} data-testid="report-subtitle">
          {subtitle(data)}
        </Typography>
      )}
      <Box className="print-only" sx={{ display: 'none', mb: 1 }}>
        <Typography variant="h6">
          {heading} · {account ? (language === 'ar' ? account.name_ar : account.name_en) : ''}
        </Typography>
        {data && (
          <Typography variant="body2">
            <bdi>
              {translate('app.sales.reports.printed_period', { from: show(data.from), to: show(data.to) })}
            </bdi>
          </Typography>
        )}
      </Box>
      <Stack
        className="no-print"
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}
      >
        <PeriodFields choice={choice} />
        {typeof filters === 'function' ? filters(data) : filters}
        <Button
          startIcon={<DownloadIcon />}
          onClick={() =>
            data &&
            rows &&
            exportReport(
              cols,
              rows,
              totals,
              `${translate(file)}-${data.from}-${data.to}`,
              translate('app.sales.reports.totals'),
            )
          }
          disabled={!rows?.length}
        >
          {translate('app.sales.reports.export')}
        </Button>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!data}>
          {translate('app.sales.reports.print')}
        </Button>
      </Stack>
      {error && (
        <Typography color="error" sx={{ mb: 2 }} data-testid="summary-error">
          {error}
        </Typography>
      )}
      {data && cards && <TotalsCards items={cards(data)} />}
      {data && extra?.(data)}
      <ReportTable
        columns={cols}
        rows={rows}
        totals={rows?.length ? totals : undefined}
        rowKey={rowKey}
        minWidth={minWidth}
        wide={wide}
        empty={
          loading
            ? translate('ra.page.loading')
            : error
              ? ''
              : translate(empty ?? 'app.sales.reports.no_sales')
        }
      />
    </Box>
  );
};
