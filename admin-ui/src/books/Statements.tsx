import { useState, type ReactNode } from 'react';
import { Title } from 'react-admin';
import { useCanAccess, useTranslate } from 'ra-core';
import { useSearchParams } from 'react-router-dom';
import { instantAt, isBusinessDate, type TenantTimeZone } from '@rawnaq/contracts';
import { typedDateText } from '../sales/period';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { useFormat } from '../format/useFormat';
import { useSalonChart } from './useSalonChart';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import {
  MoneyReport,
  ReportTable,
  TotalsCards,
  exportReport,
  reportPrintStyles,
  useReportData,
  type ReportColumn,
} from '../reports/MoneyReport';
import { useSalonToday } from '../sales/PeriodFilter';
import { useArea } from '../shell/area';
import { SourceLink } from './SourceLink';

/** A line of a statement as the server adds it up: an account or a group, on its own side. */
type StatementRow = {
  code: string;
  name_en: string;
  name_ar: string;
  main_type: number;
  group: boolean;
  depth: number;
  amount: number;
  previous?: number;
};

const t = (key: string) => `app.books.${key}`;
const LEDGER = 'advanced-accounting/general-ledger';

/** The account's name in the page's language. */
export const useAccountName = () => {
  const { language } = useArea();
  return (a: { name_en: string; name_ar: string }) => (language === 'ar' ? a.name_ar : a.name_en);
};

/** An account's ledger for a period, from a statement's line (a group has none). */
const ledgerPath = (basename: string, code: string, from?: string, to?: string) =>
  `${basename}/${LEDGER}?account=${code}${from ? `&from=${from}` : ''}${to ? `&to=${to}` : ''}`;

/**
 * A statement's account cell: indented under its group, groups in bold, an account opening its ledger
 * (for the statement's period, when it has one).
 */
const useAccountColumn = () => {
  const translate = useTranslate();
  const name = useAccountName();
  const { basename } = useArea();
  return (period?: { from: string; to: string }): ReportColumn<StatementRow> => ({
    key: 'account',
    label: translate(t('columns.account')),
    value: (r) => (r.code === 'totals' ? '' : `${r.code} ${name(r)}`),
    align: 'start',
    render: (r) => (
      <Box
        component="span"
        sx={{
          paddingInlineStart: (theme) => theme.spacing(r.depth * 2),
          fontWeight: r.group ? 600 : undefined,
          display: 'inline-block',
        }}
        data-testid={`statement-account-${r.code}`}
      >
        {r.group || !/^\d+$/.test(r.code) ? (
          <bdi>{name(r)}</bdi>
        ) : (
          <LinkIfAllowed
            resource={LEDGER}
            action="list"
            to={ledgerPath(basename, r.code, period?.from, period?.to)}
            title={translate(t('open_ledger'))}
          >
            <bdi>{`${r.code} · ${name(r)}`}</bdi>
          </LinkIfAllowed>
        )}
      </Box>
    ),
  });
};

type PlTotals = {
  income: number;
  cost_of_sales: number;
  gross_profit: number;
  expenses: number;
  net_profit: number;
};
type PlAnswer = {
  from: string;
  to: string;
  rows: StatementRow[];
  totals: PlTotals;
  previous?: { from: string; to: string; rows: StatementRow[]; totals: PlTotals };
};

/**
 * `advanced-accounting/profit-and-loss`: income, less the cost of goods sold, less expenses, over a
 * period; compared with the period just before it if asked; each account opening its ledger.
 */
export const ProfitAndLoss = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const [compare, setCompare] = useState(false);
  const [params] = useSearchParams();
  const initial =
    params.get('from') && params.get('to') ? { from: params.get('from')!, to: params.get('to')! } : null;
  const account = useAccountColumn();
  const { accounts: chart } = useSalonChart();
  const withPrevious = (a: PlAnswer | null): StatementRow[] => {
    if (!a) return [];
    const before = new Map((a.previous?.rows ?? []).map((r) => [r.code, r.amount]));
    // an account that had something only before still shows, at 0 now
    const codes = new Set([...a.rows.map((r) => r.code), ...before.keys()]);
    return chart
      .filter((c) => codes.has(c.code))
      .map((c) => {
        const now = a.rows.find((r) => r.code === c.code);
        const previous = a.previous?.rows.find((r) => r.code === c.code);
        const base = (now ?? previous)!;
        return { ...base, amount: now?.amount ?? 0, previous: before.get(c.code) ?? 0 };
      });
  };
  return (
    <MoneyReport<StatementRow, PlAnswer>
      path="advanced-accounting/profit-and-loss"
      kind="daily"
      title={t('titles.profit_and_loss')}
      file={t('files.profit_and_loss')}
      testId="profit-and-loss"
      initialPreset="this_month"
      initialPeriod={initial}
      query={compare ? '&compare=previous' : ''}
      rowKey={(r) => r.code}
      empty="app.books.no_entries"
      filters={
        <FormControlLabel
          control={
            <Checkbox
              checked={compare}
              onChange={(e) => setCompare(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'compare-previous' } as object }}
            />
          }
          label={translate(t('compare_previous'))}
        />
      }
      columns={(a) => [
        account(a ? { from: a.from, to: a.to } : undefined),
        {
          key: 'amount',
          label: translate(t('columns.amount')),
          value: (r) => money(r.amount),
        },
        ...(compare
          ? [
              {
                key: 'previous',
                label: translate(t('columns.previous')),
                value: (r: StatementRow) => money(r.previous ?? 0),
              },
              {
                key: 'change',
                label: translate(t('columns.change')),
                value: (r: StatementRow) => money(r.amount - (r.previous ?? 0)),
              },
            ]
          : []),
      ]}
      toTotals={(a) => ({
        code: 'totals',
        name_en: '',
        name_ar: '',
        main_type: 0,
        group: true,
        depth: 0,
        amount: a.totals.net_profit,
        previous: a.previous?.totals.net_profit,
      })}
      transformRows={compare ? withPrevious : undefined}
      cards={(a) =>
        (['income', 'cost_of_sales', 'gross_profit', 'expenses', 'net_profit'] as const).map((k) => ({
          key: k,
          label: translate(t(`totals.${k}`)),
          value: money(a.totals[k]),
        }))
      }
    />
  );
};

type LedgerRow = {
  id: string;
  date: string;
  entry_id: string;
  source_kind: string;
  source_id: string;
  source_number: number | null;
  invoice_id: string | null;
  debit: number;
  credit: number;
  balance: number;
};
type LedgerAnswer = {
  from: string;
  to: string;
  opening: number;
  rows: LedgerRow[];
  truncated: boolean;
  totals: { debit: number; credit: number; closing: number };
};

/**
 * `advanced-accounting/general-ledger`: one account over a period, its balance before, each line with
 * the balance it leaves and its source, and after. Opened from a statement's line with its period.
 */
export const GeneralLedger = () => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const name = useAccountName();
  const [params] = useSearchParams();
  const given = params.get('account');
  // every account that takes postings, disabled ones too: their history is kept
  const { accounts: chart } = useSalonChart();
  const POSTING_ACCOUNTS = chart.filter((a) => !a.group);
  const [account, setAccount] = useState(given && /^\d+$/.test(given) ? given : POSTING_ACCOUNTS[0].code);
  const initial =
    params.get('from') && params.get('to') ? { from: params.get('from')!, to: params.get('to')! } : null;
  return (
    <MoneyReport<LedgerRow, LedgerAnswer>
      path={LEDGER}
      kind="daily"
      title={t('titles.ledger')}
      file={t('files.ledger')}
      testId="general-ledger"
      initialPreset="this_month"
      initialPeriod={initial}
      query={`&account=${account}`}
      rowKey={(r) => r.id}
      empty="app.books.no_entries"
      subtitle={() => {
        const a = POSTING_ACCOUNTS.find((x) => x.code === account);
        return a ? `${a.code} · ${name(a)}` : account;
      }}
      filters={
        <TextField
          select
          size="small"
          label={translate(t('choose_account'))}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          sx={{ minWidth: 240 }}
          slotProps={{ htmlInput: { 'data-testid': 'ledger-account' } }}
        >
          {POSTING_ACCOUNTS.map((a) => (
            <MenuItem key={a.code} value={a.code}>
              <bdi>{`${a.code} · ${name(a)}`}</bdi>
            </MenuItem>
          ))}
        </TextField>
      }
      columns={() => [
        { key: 'date', label: translate(t('columns.date')), value: (r) => date(r.date), align: 'start' },
        {
          key: 'source',
          label: translate(t('columns.source')),
          value: (r) =>
            r.id === 'totals'
              ? ''
              : `${translate(t(`sources.${r.source_kind}`))}${r.source_number ? ` #${r.source_number}` : ''}`,
          render: (r) => (r.id === 'totals' ? null : <SourceLink entry={r} />),
          align: 'start',
        },
        { key: 'debit', label: translate(t('columns.debit')), value: (r) => (r.debit ? money(r.debit) : '') },
        {
          key: 'credit',
          label: translate(t('columns.credit')),
          value: (r) => (r.credit ? money(r.credit) : ''),
        },
        { key: 'balance', label: translate(t('columns.balance')), value: (r) => money(r.balance) },
      ]}
      toTotals={(a) => ({
        id: 'totals',
        date: '',
        entry_id: '',
        source_kind: '',
        source_id: '',
        source_number: null,
        invoice_id: null,
        debit: a.totals.debit,
        credit: a.totals.credit,
        balance: a.totals.closing,
      })}
      cards={(a) => [
        { key: 'opening', label: translate(t('opening')), value: money(a.opening) },
        { key: 'debits', label: translate(t('debits')), value: money(a.totals.debit) },
        { key: 'credits', label: translate(t('credits')), value: money(a.totals.credit) },
        { key: 'closing', label: translate(t('closing')), value: money(a.totals.closing) },
      ]}
      extra={(a) =>
        a.truncated ? (
          <Typography color="warning.main" sx={{ mb: 1 }} data-testid="ledger-truncated">
            {translate(t('truncated'), { count: a.rows.length })}
          </Typography>
        ) : null
      }
    />
  );
};

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A statement as of a date: the date (today by default), and for whoever may see records as they were,
 * "as known at" a date and time of the salon's clock (the books from what was recorded by then).
 */
const AsOfStatement = <R, A extends { as_of: string; known_at: string | null; rows: R[] }>({
  path,
  title,
  file,
  testId,
  columns,
  rows,
  totals,
  cards,
  rowKey,
}: {
  path: string;
  title: string;
  file: string;
  testId: string;
  columns: ReportColumn<R>[];
  rows?: (answer: A) => R[];
  totals?: (answer: A) => R | undefined;
  cards: (answer: A) => Array<{ key: string; label: string; value: ReactNode }>;
  rowKey: (row: R) => string;
}) => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { timeZone, dateTime, date: showDate } = useFormat();
  const { canAccess: auditor } = useCanAccess({ resource: path, action: 'known-at' });
  const [asOf, setAsOf] = useState('');
  const [knownDate, setKnownDate] = useState('');
  const [knownTime, setKnownTime] = useState('');
  const date = asOf || today;
  const knownGiven = knownDate !== '' || knownTime !== '';
  const knownValid = isBusinessDate(knownDate) && TIME_RE.test(knownTime);
  const known = knownValid
    ? new Date(
        Date.parse(instantAt(knownDate, `${knownTime}:00`, timeZone as TenantTimeZone)) + 59_999,
      ).toISOString()
    : null;
  const ready = isBusinessDate(date) && (!knownGiven || knownValid);
  const address = ready
    ? `${path}?as_of=${date}${known ? `&known_at=${encodeURIComponent(known)}` : ''}`
    : null;
  const { data, error, loading } = useReportData<A>(address);
  const shownRows = data ? (rows ? rows(data) : data.rows) : undefined;
  const shownTotals = data && totals ? totals(data) : undefined;
  const heading = translate(title);
  const field = (
    label: string,
    value: string,
    set: (v: string) => void,
    id: string,
    width: number,
    bad: boolean,
    help?: string,
    kind: 'day' | 'time' = 'day',
  ) => (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(typedDateText(e.target.value, kind))}
      error={bad}
      helperText={help}
      sx={{ width }}
      slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': id } }}
    />
  );
  return (
    <Box sx={{ py: 2, minWidth: 0 }} data-testid={testId}>
      {reportPrintStyles}
      <Title title={heading} />
      <Box className="print-only" sx={{ display: 'none', mb: 1 }}>
        <Typography variant="h6">{heading}</Typography>
        {data && (
          <Typography variant="body2">
            <bdi>{`${translate(t('as_of'))} ${showDate(data.as_of)}`}</bdi>
          </Typography>
        )}
      </Box>
      <Stack
        className="no-print"
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'flex-start' }}
      >
        {field(
          translate(t('as_of')),
          asOf || today,
          setAsOf,
          'as-of-date',
          150,
          !isBusinessDate(date),
          translate('app.common.date_format'),
        )}
        {auditor && (
          <>
            {field(
              translate(t('known_at')),
              knownDate,
              setKnownDate,
              'known-at-date',
              220,
              knownGiven && !isBusinessDate(knownDate),
              knownGiven && !knownValid
                ? translate(t('invalid_instant'))
                : translate('app.common.date_format'),
            )}
            {field(
              translate('app.common.time_format'),
              knownTime,
              setKnownTime,
              'known-at-time',
              110,
              knownGiven && !TIME_RE.test(knownTime),
              undefined,
              'time',
            )}
          </>
        )}
        <Button
          startIcon={<DownloadIcon />}
          disabled={!shownRows?.length}
          onClick={() =>
            data &&
            shownRows &&
            exportReport(
              columns,
              shownRows,
              shownTotals,
              `${translate(file)}-${data.as_of}`,
              translate('app.sales.reports.totals'),
            )
          }
        >
          {translate('app.sales.reports.export')}
        </Button>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!data}>
          {translate('app.sales.reports.print')}
        </Button>
      </Stack>
      {data?.known_at && (
        <Typography sx={{ mb: 1 }} color="info.main" data-testid="known-at-shown">
          <bdi>{translate(t('known_at_shown'), { instant: dateTime(data.known_at) })}</bdi>
        </Typography>
      )}
      {error && (
        <Typography color="error" sx={{ mb: 2 }} data-testid="summary-error">
          {error}
        </Typography>
      )}
      {data && <TotalsCards items={cards(data)} />}
      <ReportTable
        columns={columns}
        rows={shownRows}
        totals={shownRows?.length ? shownTotals : undefined}
        rowKey={rowKey}
        empty={loading ? translate('ra.page.loading') : error ? '' : translate(t('no_entries'))}
      />
    </Box>
  );
};

type TrialRow = {
  code: string;
  name_en: string;
  name_ar: string;
  main_type: number;
  debit: number;
  credit: number;
};
type TrialAnswer = {
  as_of: string;
  known_at: string | null;
  rows: TrialRow[];
  totals: { debit: number; credit: number; difference: number };
};

const Balanced = ({ difference }: { difference: number }) => {
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <Box
      component="span"
      sx={{ color: difference === 0 ? 'success.main' : 'error.main' }}
      data-testid="books-balanced"
    >
      {difference === 0
        ? translate(t('balanced'))
        : translate(t('unbalanced'), { amount: money(Math.abs(difference)) })}
    </Box>
  );
};

/** `advanced-accounting/trial-balance`: every account with its debit or credit balance as of a date. */
export const TrialBalance = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const account = useAccountColumn();
  const columns: ReportColumn<TrialRow>[] = [
    account() as unknown as ReportColumn<TrialRow>,
    {
      key: 'type',
      label: translate(t('columns.type')),
      value: (r) => (r.main_type ? translate(t(`main_types.${r.main_type}`)) : ''),
      align: 'start',
    },
    { key: 'debit', label: translate(t('columns.debit')), value: (r) => money(r.debit) },
    { key: 'credit', label: translate(t('columns.credit')), value: (r) => money(r.credit) },
  ];
  return (
    <AsOfStatement<TrialRow, TrialAnswer>
      path="advanced-accounting/trial-balance"
      title={t('titles.trial_balance')}
      file={t('files.trial_balance')}
      testId="trial-balance"
      columns={columns}
      rows={(a) => a.rows.map((r) => ({ ...r, group: false, depth: 0 }))}
      totals={(a) => ({
        code: 'totals',
        name_en: '',
        name_ar: '',
        main_type: 0,
        debit: a.totals.debit,
        credit: a.totals.credit,
      })}
      rowKey={(r) => r.code}
      cards={(a) => [
        { key: 'debit', label: translate(t('debits')), value: money(a.totals.debit) },
        { key: 'credit', label: translate(t('credits')), value: money(a.totals.credit) },
        {
          key: 'difference',
          label: translate(t('difference')),
          value: <Balanced difference={a.totals.difference} />,
        },
      ]}
    />
  );
};

type SheetAnswer = {
  as_of: string;
  known_at: string | null;
  rows: StatementRow[];
  totals: {
    assets: number;
    liabilities: number;
    equity: number;
    earnings: number;
    liabilities_and_equity: number;
    difference: number;
  };
};

/**
 * `advanced-accounting/balance-sheet`: assets against liabilities and equity as of a date, the profit
 * not yet closed shown with equity, so both sides meet.
 */
export const BalanceSheet = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  const account = useAccountColumn();
  const earningsRow = (a: SheetAnswer): StatementRow => ({
    code: 'earnings',
    name_en: translate(t('totals.earnings')),
    name_ar: translate(t('totals.earnings')),
    main_type: 3,
    group: false,
    depth: 1,
    amount: a.totals.earnings,
  });
  // the profit not yet closed sits with equity, under its heading (added when no equity account moved)
  const rows = (a: SheetAnswer) => {
    if (!a.totals.earnings) return a.rows;
    const lastEquity = a.rows.map((r) => r.main_type).lastIndexOf(3);
    if (lastEquity >= 0)
      return [...a.rows.slice(0, lastEquity + 1), earningsRow(a), ...a.rows.slice(lastEquity + 1)];
    const heading: StatementRow = {
      code: 'equity',
      name_en: translate(t('main_types.3')),
      name_ar: translate(t('main_types.3')),
      main_type: 3,
      group: true,
      depth: 0,
      amount: a.totals.equity,
    };
    return [...a.rows, heading, earningsRow(a)];
  };
  return (
    <AsOfStatement<StatementRow, SheetAnswer>
      path="advanced-accounting/balance-sheet"
      title={t('titles.balance_sheet')}
      file={t('files.balance_sheet')}
      testId="balance-sheet"
      columns={[
        account(),
        { key: 'amount', label: translate(t('columns.amount')), value: (r) => money(r.amount) },
      ]}
      rows={rows}
      rowKey={(r) => r.code}
      cards={(a) => [
        { key: 'assets', label: translate(t('totals.assets')), value: money(a.totals.assets) },
        { key: 'liabilities', label: translate(t('totals.liabilities')), value: money(a.totals.liabilities) },
        { key: 'equity', label: translate(t('totals.equity')), value: money(a.totals.equity) },
        {
          key: 'liabilities_and_equity',
          label: translate(t('totals.liabilities_and_equity')),
          value: money(a.totals.liabilities_and_equity),
        },
        {
          key: 'difference',
          label: translate(t('difference')),
          value: <Balanced difference={a.totals.difference} />,
        },
      ]}
    />
  );
};
