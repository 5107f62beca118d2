import { useRef, useState } from 'react';
import { Title } from 'react-admin';
import { useCanAccess, useTranslate } from 'ra-core';
import { fromArabicDigits, localizeParams } from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ReportTable, useReportData } from '../reports/MoneyReport';
import { useSalonToday } from '../sales/PeriodFilter';
import { useArea } from '../shell/area';
import { newKey } from '../shell/newKey';

type Change = { lock_date: string | null; previous: string | null; reason: string; by: string; at: string };
type LockAnswer = { lock_date: string | null; history: Change[] };

const t = (key: string) => `app.books.lock.${key}`;
export const LOCK_RESOURCE = 'advanced-accounting/lock-date';

/** The last day of the month before `today`: what an accountant usually closes to. */
const endOfLastMonth = (today: string) => {
  const first = Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`);
  return new Date(first - 86_400_000).toISOString().slice(0, 10);
};

/**
 * `advanced-accounting/lock-date`: closing the books. The lock date (nothing posted on or before it:
 * journals and bills dated there are refused, a sale dated there posts on the first open day), a form
 * to move it (opening a closed period again says why), and every change with who, when and why.
 */
export const LockDate = () => {
  const translate = useTranslate();
  const { date, dateTime } = useFormat();
  const { language } = useArea();
  const today = useSalonToday();
  const dataProvider = useAppDataProvider();
  const { canAccess } = useCanAccess({ resource: LOCK_RESOURCE, action: 'edit' });
  const [version, setVersion] = useState(0);
  const { data, error } = useReportData<LockAnswer>(`${LOCK_RESOURCE}?v=${version}`);
  const [dateText, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [saved, setSaved] = useState(false);
  const key = useRef(newKey());
  const proposed = dateText || (today ? endOfLastMonth(today) : '');
  const reopening = Boolean(data?.lock_date) && proposed !== '' && proposed < (data?.lock_date ?? '');
  const text = (p: TillProblem) =>
    translate(p.key, { ...localizeParams(p.params ?? {}, language), _: p.key });
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? text(p) : undefined;
  };
  const send = async (lockDate: string | null) => {
    setSaved(false);
    try {
      await dataProvider.send(
        'PUT',
        LOCK_RESOURCE,
        { lock_date: lockDate, reason },
        { idempotencyKey: key.current },
      );
      key.current = newKey();
      setProblems([]);
      setReason('');
      setDate('');
      setSaved(true);
      setVersion((v) => v + 1);
    } catch (e) {
      if (!isHandled(e)) setProblems(problemsOf(e));
    }
  };
  return (
    <Box sx={{ py: 2, maxWidth: 880 }} data-testid="lock-date">
      <Title title={translate('app.books.titles.lock_date')} />
      {error && <Alert severity="error">{error}</Alert>}
      {data && (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              {data.lock_date ? <LockIcon color="warning" /> : <LockOpenIcon color="success" />}
              <Typography variant="h6" component="p" data-testid="lock-date-now">
                {data.lock_date
                  ? translate(t('closed_to'), { date: date(data.lock_date) })
                  : translate(t('open'))}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {translate(t('explain'))}
            </Typography>
          </CardContent>
        </Card>
      )}
      {data && canAccess && (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <Stack spacing={2}>
              <TextField
                size="small"
                label={translate(t('new_lock_date'))}
                value={proposed}
                onChange={(e) => setDate(fromArabicDigits(e.target.value.trim()))}
                error={Boolean(errorOf('lock_date'))}
                helperText={errorOf('lock_date') ?? translate(t('lock_date_hint'))}
                slotProps={{
                  htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'lock-date-input' },
                }}
              />
              <TextField
                size="small"
                label={translate(reopening || data.lock_date ? t('reason_reopen') : t('reason'))}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                error={Boolean(errorOf('reason'))}
                helperText={errorOf('reason')}
                multiline
                slotProps={{ htmlInput: { 'data-testid': 'lock-reason', maxLength: 500 } }}
              />
              {problems
                .filter((p) => !p.field)
                .map((p) => (
                  <Alert key={p.key} severity="error">
                    {text(p)}
                  </Alert>
                ))}
              {saved && (
                <Alert severity="success" data-testid="lock-saved">
                  {translate(t('saved'))}
                </Alert>
              )}
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button
                  variant="contained"
                  startIcon={<LockIcon />}
                  onClick={() => send(proposed)}
                  data-testid="lock-save"
                >
                  {translate(reopening ? t('move_back') : t('close_to'))}
                </Button>
                {data.lock_date && (
                  <Button startIcon={<LockOpenIcon />} onClick={() => send(null)} data-testid="lock-open-all">
                    {translate(t('open_all'))}
                  </Button>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
      {data && (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {translate(t('history'))}
          </Typography>
          <ReportTable<Change & { id: string }>
            rowKey={(r) => r.id}
            rows={data.history.map((h, i) => ({ ...h, id: `${i}` }))}
            empty={translate(t('never_closed'))}
            minWidth={560}
            columns={[
              { key: 'at', label: translate(t('columns.at')), value: (r) => dateTime(r.at), align: 'start' },
              {
                key: 'lock_date',
                label: translate(t('columns.lock_date')),
                value: (r) => (r.lock_date ? date(r.lock_date) : translate(t('opened'))),
                align: 'start',
              },
              {
                key: 'previous',
                label: translate(t('columns.previous')),
                value: (r) => (r.previous ? date(r.previous) : '—'),
                align: 'start',
              },
              {
                key: 'reason',
                label: translate(t('columns.reason')),
                value: (r) => r.reason,
                align: 'start',
              },
            ]}
          />
        </>
      )}
    </Box>
  );
};
