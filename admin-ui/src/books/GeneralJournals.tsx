import { useRef, useState, type FormEvent } from 'react';
import { CreateButton, DataTable, List, Show, Title, TopToolbar, useRecordContext } from 'react-admin';
import { useCanAccess, useRefresh, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import {
  decimalsOf,
  fromArabicDigits,
  type Currency,
  type GlobalInformation,
  isBusinessDate,
  localizeParams,
  type JournalLine,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { Amount } from '../sales/InvoiceParts';
import { useSalonToday } from '../sales/PeriodFilter';
import { useArea } from '../shell/area';
import { newKey } from '../shell/newKey';
import { useAccountName } from './Statements';
import { useSalonChart } from './useSalonChart';

const RESOURCE = 'advanced-accounting/general-journals';

type Journal = {
  id: string;
  number: number;
  date: string;
  memo: string;
  lines: JournalLine[];
  total: number;
  status: 'posted' | 'reversed';
  reversal?: { date: string; reason: string };
};

/** A problem's words, its field named in the books' terms (an account, a debit, a credit). */
const useProblemText = () => {
  const translate = useTranslate();
  const { language } = useArea();
  return (p: TillProblem) => {
    const last = p.field?.split('.').pop() ?? 'lines';
    const label = last === 'lines' ? 'app.books.lines' : `app.books.columns.${last}`;
    return translate(p.key, {
      ...localizeParams(p.params ?? {}, language),
      field: translate(label, { _: last }),
      _: p.key,
    });
  };
};

const StatusChip = ({ journal }: { journal: Journal }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={journal.status === 'reversed' ? 'default' : 'success'}
      label={translate(`app.books.journal_status.${journal.status}`)}
    />
  );
};

/** `advanced-accounting/general-journals`: the accountant's own entries, newest first. */
export const GeneralJournalList = () => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  return (
    <List
      title="app.books.titles.journals"
      sort={{ field: 'number', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <CreateButton label="app.books.new_journal" />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<Journal>
        primaryText={(j) => (
          <span>
            <bdi>{`#${j.number}`}</bdi> · <bdi>{j.memo || translate('app.books.sources.journal')}</bdi>
          </span>
        )}
        secondaryText={(j) => (
          <span>
            <bdi>{date(j.date)}</bdi> · {translate(`app.books.journal_status.${j.status}`)}
          </span>
        )}
        tertiaryText={(j) => <Amount>{money(j.total)}</Amount>}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="journals-empty">
            {translate('app.books.no_journals')}
          </Typography>
        }
      >
        <DataTable.Col source="number" />
        <DataTable.Col source="date" render={(j: Journal) => <bdi>{date(j.date)}</bdi>} />
        <DataTable.Col source="memo" disableSort />
        <DataTable.Col
          align="right"
          source="total"
          render={(j: Journal) => <Amount>{money(j.total)}</Amount>}
        />
        <DataTable.Col source="status" disableSort render={(j: Journal) => <StatusChip journal={j} />} />
      </ResponsiveDataTable>
    </List>
  );
};

type Row = { account: string; debit: string; credit: string; description: string };
const blank = (): Row => ({ account: '', debit: '', credit: '', description: '' });
/** A typed amount in minor units (0 when empty or not yet a number): the form's running totals only. */
const minor = (text: string, decimals: number) => {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return 0;
  return Number(m[1]) * 10 ** decimals + Number((m[2] ?? '').padEnd(decimals, '0').slice(0, decimals) || 0);
};

/**
 * A new general journal: its date and memo, and its lines (an account, a debit or a credit, a note),
 * at least two; the running debits, credits and their difference as it is typed. The server judges it
 * again and names what is wrong, the difference included.
 */
export const GeneralJournalCreate = () => {
  const translate = useTranslate();
  const name = useAccountName();
  // the salon's chart: its own accounts too; disabled accounts are not offered
  const { posting } = useSalonChart();
  const today = useSalonToday();
  const { money } = useFormat();
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const { basename } = useArea();
  const problemText = useProblemText();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const decimals = decimalsOf((information?.global_informations?.account?.currency ?? 'SAR') as Currency);
  const [dateText, setDate] = useState('');
  const [memo, setMemo] = useState('');
  const [rows, setRows] = useState<Row[]>([blank(), blank()]);
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const date = dateText || today;
  const debits = rows.reduce((s, r) => s + minor(r.debit, decimals), 0);
  const credits = rows.reduce((s, r) => s + minor(r.credit, decimals), 0);
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const change = (i: number, patch: Partial<Row>) => {
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    setProblems([]);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      date,
      memo,
      lines: rows.map((r) => ({
        account: r.account,
        ...(r.debit.trim() && { debit: r.debit.trim() }),
        ...(r.credit.trim() && { credit: r.credit.trim() }),
        ...(r.description.trim() && { description: r.description.trim() }),
      })),
    };
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    setBusy(true);
    try {
      const journal = await dataProvider.send<{ id: string }>('POST', RESOURCE, body, {
        idempotencyKey: attempt.current.key,
      });
      navigate(`${basename}/${RESOURCE}/${journal.id}/show`);
    } catch (e) {
      if (!isHandled(e)) setProblems(problemsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const general = problems.filter((p) => !p.field || p.field === 'lines');
  return (
    <Box component="form" onSubmit={submit} sx={{ py: 2, maxWidth: 900 }} data-testid="journal-form">
      <Title title={translate('app.books.new_journal')} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          size="small"
          label={translate('app.books.columns.date')}
          value={date}
          onChange={(e) => setDate(fromArabicDigits(e.target.value.trim()))}
          error={!isBusinessDate(date) || Boolean(errorOf('date'))}
          helperText={errorOf('date') ?? translate('app.common.date_format')}
          sx={{ width: 160 }}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'journal-date' } }}
        />
        <TextField
          size="small"
          label={translate('app.books.memo')}
          value={memo}
          onChange={(e) => setMemo(e.target.value)}
          error={Boolean(errorOf('memo'))}
          helperText={errorOf('memo')}
          sx={{ flex: 1, minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'journal-memo' } }}
        />
      </Stack>
      <Stack spacing={1.5}>
        {rows.map((r, i) => (
          <Card key={i} variant="outlined" sx={{ p: 1.5 }} data-testid="journal-line">
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label={translate('app.books.columns.account')}
                value={r.account}
                onChange={(e) => change(i, { account: e.target.value })}
                error={Boolean(errorOf(`lines.${i}.account`))}
                helperText={errorOf(`lines.${i}.account`)}
                sx={{ flex: '1 1 240px', minWidth: 0 }}
                slotProps={{ htmlInput: { 'data-testid': `journal-line-${i}-account` } }}
              >
                {posting.map((a) => (
                  <MenuItem key={a.code} value={a.code}>
                    <bdi>{`${a.code} · ${name(a)}`}</bdi>
                  </MenuItem>
                ))}
              </TextField>
              {(['debit', 'credit'] as const).map((side) => (
                <TextField
                  key={side}
                  size="small"
                  label={translate(`app.books.columns.${side}`)}
                  value={r[side]}
                  onChange={(e) => change(i, { [side]: fromArabicDigits(e.target.value.trim()) })}
                  error={Boolean(errorOf(`lines.${i}.${side}`))}
                  helperText={errorOf(`lines.${i}.${side}`)}
                  sx={{ width: 130 }}
                  slotProps={{
                    htmlInput: {
                      dir: 'ltr',
                      inputMode: 'decimal',
                      'data-testid': `journal-line-${i}-${side}`,
                    },
                  }}
                />
              ))}
              <TextField
                size="small"
                label={translate('app.books.description')}
                value={r.description}
                onChange={(e) => change(i, { description: e.target.value })}
                error={Boolean(errorOf(`lines.${i}.description`))}
                helperText={errorOf(`lines.${i}.description`)}
                sx={{ flex: '1 1 180px', minWidth: 0 }}
              />
              <IconButton
                aria-label={translate('app.books.remove_line')}
                disabled={rows.length <= 2}
                onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          </Card>
        ))}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        onClick={() => setRows((all) => [...all, blank()])}
        sx={{ my: 1 }}
        data-testid="journal-add-line"
      >
        {translate('app.books.add_line')}
      </Button>
      <Card variant="outlined" sx={{ p: 1.5, my: 2 }} data-testid="journal-totals">
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('app.books.debits')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              <Amount>{money(debits)}</Amount>
            </Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('app.books.credits')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              <Amount>{money(credits)}</Amount>
            </Typography>
          </Box>
          <Box data-testid="journal-difference">
            <Typography variant="caption" color="text.secondary">
              {translate('app.books.difference')}
            </Typography>
            <Typography sx={{ fontWeight: 600, color: debits === credits ? 'success.main' : 'error.main' }}>
              {debits === credits
                ? translate('app.books.balanced')
                : translate('app.books.unbalanced', { amount: money(Math.abs(debits - credits)) })}
            </Typography>
          </Box>
        </Stack>
      </Card>
      {general.map((p) => (
        <Alert key={p.key} severity="error" sx={{ mb: 2 }} data-testid="journal-refused">
          {problemText(p)}
        </Alert>
      ))}
      <Button type="submit" variant="contained" disabled={busy} data-testid="journal-post">
        {translate('app.books.post_journal')}
      </Button>
    </Box>
  );
};

/** Reversing a posted journal: the date it is turned round on and why (the journal itself never changes). */
const ReverseButton = () => {
  const journal = useRecordContext<Journal>();
  const translate = useTranslate();
  const today = useSalonToday();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const problemText = useProblemText();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'reverse' });
  const [open, setOpen] = useState(false);
  const [dateText, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const key = useRef(newKey());
  if (!journal || journal.status !== 'posted' || !canAccess) return null;
  const date = dateText || today;
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const reverse = async () => {
    try {
      await dataProvider.send(
        'POST',
        `${RESOURCE}/${journal.id}/reverse`,
        { date, reason },
        { idempotencyKey: key.current },
      );
      setOpen(false);
      refresh();
    } catch (e) {
      if (!isHandled(e)) setProblems(problemsOf(e));
    }
  };
  return (
    <>
      <Button startIcon={<UndoIcon />} onClick={() => setOpen(true)} data-testid="journal-reverse">
        {translate('app.books.reverse')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('app.books.reverse_title', { number: journal.number })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              size="small"
              label={translate('app.books.columns.date')}
              value={date}
              onChange={(e) => setDate(fromArabicDigits(e.target.value.trim()))}
              error={Boolean(errorOf('date'))}
              helperText={errorOf('date') ?? translate('app.common.date_format')}
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'reverse-date' } }}
            />
            <TextField
              size="small"
              label={translate('app.books.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={Boolean(errorOf('reason'))}
              helperText={errorOf('reason')}
              slotProps={{ htmlInput: { 'data-testid': 'reverse-reason' } }}
            />
            {problems
              .filter((p) => !p.field)
              .map((p) => (
                <Alert key={p.key} severity="error">
                  {problemText(p)}
                </Alert>
              ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={reverse} data-testid="reverse-confirm">
            {translate('app.books.reverse')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const JournalDetails = () => {
  const { byCode } = useSalonChart();
  const journal = useRecordContext<Journal>();
  const translate = useTranslate();
  const name = useAccountName();
  const { money, date } = useFormat();
  if (!journal) return null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }} data-testid="journal-show">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          <bdi>{`${translate('app.books.sources.journal')} #${journal.number}`}</bdi>
        </Typography>
        <StatusChip journal={journal} />
        <Box sx={{ flex: 1 }} />
        <ReverseButton />
      </Stack>
      <Typography color="text.secondary">
        <bdi>{date(journal.date)}</bdi>
        {journal.memo ? ' · ' : ''}
        <bdi>{journal.memo}</bdi>
      </Typography>
      {journal.reversal && (
        <Alert severity="info" data-testid="journal-reversal">
          {translate('app.books.reversed_on', {
            date: date(journal.reversal.date),
            reason: journal.reversal.reason,
          })}
        </Alert>
      )}
      <Card variant="outlined">
        <Box
          component="table"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            fontSize: '0.875rem',
            '& td, & th': { py: 1, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'end' },
            '& .start': { textAlign: 'start' },
            '& tfoot th': { borderTop: 2, borderColor: 'text.primary' },
          }}
        >
          <thead>
            <tr>
              <th className="start">{translate('app.books.columns.account')}</th>
              <th>{translate('app.books.columns.debit')}</th>
              <th>{translate('app.books.columns.credit')}</th>
            </tr>
          </thead>
          <tbody>
            {journal.lines.map((l, i) => {
              const account = byCode.get(l.account);
              return (
                <tr key={i}>
                  <td className="start">
                    <bdi>{account ? `${l.account} · ${name(account)}` : l.account}</bdi>
                    {l.description && (
                      <Typography variant="body2" color="text.secondary">
                        <bdi>{l.description}</bdi>
                      </Typography>
                    )}
                  </td>
                  <td>
                    <Amount>{l.debit ? money(l.debit) : ''}</Amount>
                  </td>
                  <td>
                    <Amount>{l.credit ? money(l.credit) : ''}</Amount>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th className="start">{translate('app.books.entry_total')}</th>
              <th>
                <Amount>{money(journal.total)}</Amount>
              </th>
              <th>
                <Amount>{money(journal.total)}</Amount>
              </th>
            </tr>
          </tfoot>
        </Box>
      </Card>
    </Stack>
  );
};

export const GeneralJournalShow = () => (
  <Show title="app.books.titles.journal_one" actions={false}>
    <JournalDetails />
  </Show>
);
