import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CreateButton,
  DataTable,
  Edit,
  FilterButton,
  List,
  SelectInput,
  Show,
  Title,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { useCanAccess, useRefresh, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import {
  codeLabelKey,
  decimalsOf,
  fromArabicDigits,
  localizeParams,
  PaymentMethod,
  type Currency,
  type GlobalInformation,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { useSalonToday } from '../sales/PeriodFilter';
import { useArea } from '../shell/area';
import { newKey } from '../shell/newKey';
import { PayDialogButton } from './PayDialog';

export const PAYROLL_RESOURCE = 'advanced-accounting/payrols';
const API = 'accounting/payrolls';
const STATUSES = ['unpaid', 'partially_paid', 'paid'] as const;

type Line = { label: string; amount: number };
type Payment = { payment_id: string; method: number; amount: number; date?: string };
type Payroll = {
  id: string;
  employee_id: string;
  employee_name_en: string;
  employee_name_ar: string;
  month: string;
  date: string;
  salary: number;
  commission: number;
  additions: Line[];
  deductions: Line[];
  total_additions: number;
  total_deductions: number;
  net: number;
  paid: number;
  owed: number;
  payments: Payment[];
  status: (typeof STATUSES)[number];
  notes: string;
};
type Employee = { id: string; name_en: string; name_ar: string };
type Suggestion = {
  salary: number;
  commission: number;
  net_sales: number;
  existing_payroll_id: string | null;
};

/** The employees a run may be for (the payroll's own read: the accountant may not open the staff). */
const usePayrollEmployees = (enabled = true): Employee[] => {
  const dataProvider = useAppDataProvider();
  const [employees, setEmployees] = useState<Employee[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    dataProvider
      .send<Employee[]>('GET', `${API}/employees`)
      .then((list) => current && setEmployees(list))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [dataProvider, enabled]);
  return employees;
};

/** The month before the salon's today ('YYYY-MM'): the one usually being paid. */
const previousMonth = (today: string) => {
  if (!/^\d{4}-\d{2}/.test(today)) return '';
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
/** The 24 months up to the salon's today's, newest first. */
const recentMonths = (today: string): string[] => {
  if (!/^\d{4}-\d{2}/.test(today)) return [];
  let [y, m] = today.split('-').map(Number);
  const months: string[] = [];
  for (let i = 0; i < 24; i++) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 1 ? [y - 1, 12] : [y, m - 1];
  }
  return months;
};
const isMonth = (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** The account's currency decimals: amounts typed as text and minor units shown back. */
const useDecimals = () => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  return decimalsOf((information?.global_informations?.account?.currency ?? 'SAR') as Currency);
};
const toText = (minor: number, decimals: number) => (minor / 10 ** decimals).toFixed(decimals);
const toMinorOrZero = (text: string, decimals: number) => {
  const n = Number(text);
  return text.trim() && Number.isFinite(n) ? Math.round(n * 10 ** decimals) : 0;
};

/** A month shown in the page's language ("November 2026", "نوفمبر 2026"). */
const useMonthText = () => {
  const { language } = useArea();
  return (month: string) => {
    if (!isMonth(month)) return month;
    const [y, m] = month.split('-').map(Number);
    return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, 15)));
  };
};

const useProblemText = () => {
  const translate = useTranslate();
  const { language } = useArea();
  return (p: TillProblem) => {
    const last = p.field?.split('.').pop() ?? '';
    return translate(p.key, {
      ...localizeParams(p.params ?? {}, language),
      field: translate(`app.books.payroll.fields.${last}`, { _: last }),
      _: p.key,
    });
  };
};

const StatusChip = ({ payroll }: { payroll: Payroll }) => {
  const translate = useTranslate();
  const colour = payroll.status === 'paid' ? 'success' : payroll.status === 'unpaid' ? 'error' : 'warning';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colour}
      label={translate(`app.books.expense_status.${payroll.status}`)}
      data-testid="payroll-status"
    />
  );
};

const nameOf = (p: { employee_name_en: string; employee_name_ar: string }, language: string) =>
  language === 'ar' ? p.employee_name_ar || p.employee_name_en : p.employee_name_en;

/** `advanced-accounting/payrols`: the months' runs, newest month first; by month, employee and status. */
export const PayrollList = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const { money } = useFormat();
  const monthText = useMonthText();
  const employees = usePayrollEmployees();
  const today = useSalonToday();
  return (
    <List
      title="app.books.titles.payrolls"
      filters={[
        // the salon's last two years of months, newest first (a month typed halfway is no filter)
        <SelectInput
          key="month"
          source="month"
          alwaysOn
          choices={recentMonths(today).map((id) => ({ id, name: monthText(id) }))}
          translateChoice={false}
        />,
        <SelectInput
          key="employee_id"
          source="employee_id"
          choices={employees.map((e) => ({ id: e.id, name: language === 'ar' ? e.name_ar : e.name_en }))}
          translateChoice={false}
        />,
        <SelectInput
          key="status"
          source="status"
          choices={STATUSES.map((id) => ({ id, name: `app.books.expense_status.${id}` }))}
        />,
      ]}
      sort={{ field: 'month', order: 'DESC' }}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<Payroll>
        primaryText={(x) => <bdi>{nameOf(x, language)}</bdi>}
        secondaryText={(x) => (
          <span>
            <bdi>{monthText(x.month)}</bdi> · {translate(`app.books.expense_status.${x.status}`)}
          </span>
        )}
        tertiaryText={(x) => <Amount>{money(x.net)}</Amount>}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="payrolls-empty">
            {translate('app.books.payroll.none')}
          </Typography>
        }
      >
        <DataTable.Col source="month" render={(x: Payroll) => <bdi>{monthText(x.month)}</bdi>} />
        <DataTable.Col
          source={language === 'ar' ? 'employee_name_ar' : 'employee_name_en'}
          label="resources.advanced-accounting/payrols.fields.employee_id"
          render={(x: Payroll) => <bdi>{nameOf(x, language)}</bdi>}
        />
        <DataTable.Col source="net" align="right" render={(x: Payroll) => <Amount>{money(x.net)}</Amount>} />
        <DataTable.Col
          source="owed"
          align="right"
          render={(x: Payroll) => <Amount>{money(x.owed)}</Amount>}
        />
        <DataTable.Col source="status" disableSort render={(x: Payroll) => <StatusChip payroll={x} />} />
      </ResponsiveDataTable>
    </List>
  );
};

type LineText = { label: string; amount: string };

/** Additions or deductions: a label and an amount each. */
const LinesInput = ({
  kind,
  lines,
  setLines,
  errorOf,
}: {
  kind: 'additions' | 'deductions';
  lines: LineText[];
  setLines: (update: (all: LineText[]) => LineText[]) => void;
  errorOf: (field: string) => string | undefined;
}) => {
  const translate = useTranslate();
  return (
    <Box data-testid={`payroll-${kind}`}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate(`app.books.payroll.fields.${kind}`)}
      </Typography>
      <Stack spacing={1}>
        {lines.map((line, i) => (
          <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label={translate('app.books.payroll.fields.label')}
              value={line.label}
              onChange={(e) =>
                setLines((all) => all.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))
              }
              error={Boolean(errorOf(`${kind}.${i}.label`))}
              helperText={errorOf(`${kind}.${i}.label`)}
              // a phone: the label on its own row, the amount and its remove button under it
              sx={{ flex: { xs: '1 1 100%', sm: '1 1 160px' }, minWidth: 0 }}
              slotProps={{ htmlInput: { 'data-testid': `payroll-${kind}-${i}-label` } }}
            />
            <TextField
              size="small"
              label={translate('app.books.payroll.fields.amount')}
              value={line.amount}
              onChange={(e) =>
                setLines((all) =>
                  all.map((x, j) =>
                    j === i ? { ...x, amount: fromArabicDigits(e.target.value.trim()) } : x,
                  ),
                )
              }
              error={Boolean(errorOf(`${kind}.${i}.amount`))}
              helperText={errorOf(`${kind}.${i}.amount`)}
              sx={{ width: 120, flexShrink: 0 }}
              slotProps={{
                htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': `payroll-${kind}-${i}-amount` },
              }}
            />
            <IconButton
              aria-label={translate('app.books.remove_line')}
              onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        sx={{ my: 1 }}
        data-testid={`payroll-add-${kind}`}
        onClick={() => setLines((all) => [...all, { label: '', amount: '' }])}
      >
        {translate(`app.books.payroll.add_${kind}`)}
      </Button>
    </Box>
  );
};

/**
 * A month's run, new or changed: the employee and the month (new only: they name the run), then the
 * salary and commission (a new run starts from the employee's salary on file and the commission the
 * product computed for the month), additions and deductions, notes; the net follows as it is typed.
 */
const PayrollForm = ({ record }: { record?: Payroll }) => {
  const translate = useTranslate();
  const today = useSalonToday();
  const decimals = useDecimals();
  const { language, basename } = useArea();
  const { money } = useFormat();
  const monthText = useMonthText();
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const problemText = useProblemText();
  const employees = usePayrollEmployees(!record);
  const [employee, setEmployee] = useState(record?.employee_id ?? '');
  const [monthTyped, setMonth] = useState(record?.month ?? '');
  const month = monthTyped || (record ? '' : previousMonth(today));
  const [salary, setSalary] = useState(record ? toText(record.salary, decimals) : '');
  const [commission, setCommission] = useState(record ? toText(record.commission, decimals) : '');
  const lineTexts = (lines: Line[] = []) =>
    lines.map((l) => ({ label: l.label, amount: toText(l.amount, decimals) }));
  const [additions, setAdditions] = useState<LineText[]>(lineTexts(record?.additions));
  const [deductions, setDeductions] = useState<LineText[]>(lineTexts(record?.deductions));
  const [notes, setNotes] = useState(record?.notes ?? '');
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  // a new run: the employee's salary and the month's computed commission, as soon as both are chosen
  useEffect(() => {
    if (record || !employee || !isMonth(month)) return;
    let current = true;
    dataProvider
      .send<Suggestion>(
        'GET',
        `${API}/suggest?employee_id=${encodeURIComponent(employee)}&month=${encodeURIComponent(month)}`,
      )
      .then((s) => {
        if (!current) return;
        setSuggestion(s);
        setSalary(toText(s.salary, decimals));
        setCommission(toText(s.commission, decimals));
      })
      .catch(() => current && setSuggestion(null));
    return () => {
      current = false;
    };
  }, [record, employee, month, dataProvider, decimals]);

  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const sum = (lines: LineText[]) => lines.reduce((s, l) => s + toMinorOrZero(l.amount, decimals), 0);
  const net =
    toMinorOrZero(salary, decimals) + toMinorOrZero(commission, decimals) + sum(additions) - sum(deductions);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const figures = { salary, commission: commission || '0', additions, deductions, notes };
    const body = record ? figures : { employee_id: employee, month, ...figures };
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    setBusy(true);
    try {
      const saved = await dataProvider.send<{ id: string }>(
        record ? 'PUT' : 'POST',
        record ? `${API}/${record.id}` : API,
        body,
        { idempotencyKey: attempt.current.key },
      );
      navigate(`${basename}/${PAYROLL_RESOURCE}/${saved.id}/show`);
    } catch (e) {
      if (!isHandled(e)) setProblems(problemsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const amountField = (
    field: 'salary' | 'commission',
    value: string,
    set: (v: string) => void,
    hint?: string,
  ) => (
    <TextField
      size="small"
      label={translate(`app.books.payroll.fields.${field}`)}
      value={value}
      onChange={(e) => {
        set(fromArabicDigits(e.target.value.trim()));
        setProblems([]);
      }}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field) ?? hint}
      sx={{ width: 200, maxWidth: '100%' }}
      slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': `payroll-${field}` } }}
    />
  );
  const general = problems.filter(
    (p) => !p.field || !['employee_id', 'month', 'salary', 'commission'].includes(p.field),
  );
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ py: 2, px: { xs: 1, sm: 0 }, maxWidth: 760 }}
      data-testid="payroll-form"
    >
      {/* a change is titled by its <Edit> */}
      {!record && <Title title={translate('app.books.titles.new_payroll')} />}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        {record ? (
          <Typography variant="h6" component="h2" data-testid="payroll-heading">
            <bdi>{nameOf(record, language)}</bdi> · <bdi>{monthText(record.month)}</bdi>
          </Typography>
        ) : (
          <>
            <TextField
              select
              size="small"
              label={translate('app.books.payroll.fields.employee_id')}
              value={employee}
              onChange={(e) => {
                setEmployee(e.target.value);
                setProblems([]);
              }}
              error={Boolean(errorOf('employee_id'))}
              helperText={errorOf('employee_id')}
              sx={{ width: 260, maxWidth: '100%' }}
              slotProps={{ htmlInput: { 'data-testid': 'payroll-employee' } }}
            >
              {employees.map((e) => (
                <MenuItem key={e.id} value={e.id}>
                  <bdi>{language === 'ar' ? e.name_ar : e.name_en}</bdi>
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={translate('app.books.payroll.fields.month')}
              value={month}
              onChange={(e) => {
                setMonth(fromArabicDigits(e.target.value.trim()));
                setProblems([]);
              }}
              error={Boolean(errorOf('month'))}
              helperText={
                errorOf('month') ??
                (isMonth(month) ? monthText(month) : translate('app.books.payroll.month_hint'))
              }
              sx={{ width: 180, maxWidth: '100%' }}
              slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'payroll-month' } }}
            />
          </>
        )}
      </Stack>
      {suggestion?.existing_payroll_id && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="payroll-exists">
          {translate('accounting.duplicate_payroll')}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        {amountField(
          'salary',
          salary,
          setSalary,
          suggestion ? translate('app.books.payroll.salary_hint') : undefined,
        )}
        {amountField(
          'commission',
          commission,
          setCommission,
          suggestion
            ? translate('app.books.payroll.commission_hint', { sales: money(suggestion.net_sales) })
            : undefined,
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, mb: 2 }}>
        <Box sx={{ flex: 1 }}>
          <LinesInput kind="additions" lines={additions} setLines={setAdditions} errorOf={errorOf} />
        </Box>
        <Box sx={{ flex: 1 }}>
          <LinesInput kind="deductions" lines={deductions} setLines={setDeductions} errorOf={errorOf} />
        </Box>
      </Stack>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={translate('app.books.payroll.fields.notes')}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        sx={{ width: '100%', mb: 2 }}
      />
      <Card variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        <Typography variant="caption" color="text.secondary">
          {translate('app.books.payroll.fields.net')}
        </Typography>
        <Typography sx={{ fontWeight: 600 }} color={net < 0 ? 'error' : undefined} data-testid="payroll-net">
          <Amount>{money(net)}</Amount>
        </Typography>
      </Card>
      {general.map((p) => (
        <Alert key={`${p.field}:${p.key}`} severity="error" sx={{ mb: 2 }} data-testid="payroll-refused">
          {problemText(p)}
        </Alert>
      ))}
      <Button type="submit" variant="contained" disabled={busy} data-testid="payroll-save">
        {translate(record ? 'app.books.payroll.save' : 'app.books.payroll.record')}
      </Button>
    </Box>
  );
};

export const PayrollCreate = () => <PayrollForm />;

const EditForm = () => {
  const record = useRecordContext<Payroll>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.status === 'paid')
    return (
      <Alert severity="info" sx={{ m: 2 }} data-testid="payroll-locked">
        {translate('accounting.payroll_paid')}
      </Alert>
    );
  return <PayrollForm record={record} />;
};

export const PayrollEdit = () => (
  <Edit title="app.books.titles.edit_payroll" actions={false} component="div">
    <EditForm />
  </Edit>
);

/** Paying what a run still owes: a method and an amount, never more than is owed. */
const PayButton = () => {
  const payroll = useRecordContext<Payroll>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const decimals = useDecimals();
  const dataProvider = useAppDataProvider();
  const problemText = useProblemText();
  const { money } = useFormat();
  const monthText = useMonthText();
  const { language } = useArea();
  const { canAccess } = useCanAccess({ resource: PAYROLL_RESOURCE, action: 'pay' });
  if (!payroll || payroll.owed <= 0 || !canAccess) return null;
  return (
    <PayDialogButton
      title={translate('app.books.payroll.pay_title', {
        name: nameOf(payroll, language),
        month: monthText(payroll.month),
        owed: money(payroll.owed),
      })}
      amountLabel={translate('app.books.payroll.fields.amount')}
      initialAmount={toText(payroll.owed, decimals)}
      initialMethod={PaymentMethod.transfer}
      testId="payroll-pay"
      problemText={problemText}
      send={(payment, idempotencyKey) =>
        dataProvider.send('POST', `${API}/${payroll.id}/payments`, { payment }, { idempotencyKey })
      }
      onPaid={refresh}
    />
  );
};

const EditButton = () => {
  const payroll = useRecordContext<Payroll>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: PAYROLL_RESOURCE, action: 'edit' });
  if (!payroll || payroll.status === 'paid' || !canAccess) return null;
  return (
    <Button
      startIcon={<EditIcon />}
      onClick={() => navigate(`${basename}/${PAYROLL_RESOURCE}/${payroll.id}`)}
      data-testid="payroll-edit"
    >
      {translate('ra.action.edit')}
    </Button>
  );
};

const LinesShown = ({ kind, lines }: { kind: 'additions' | 'deductions'; lines: Line[] }) => {
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <Card variant="outlined" sx={{ p: 1.5, flex: 1 }} data-testid={`payroll-show-${kind}`}>
      <Typography variant="subtitle2">{translate(`app.books.payroll.fields.${kind}`)}</Typography>
      {lines.length ? (
        lines.map((l, i) => (
          <Stack key={i} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <bdi>{l.label}</bdi>
            </Typography>
            <Typography variant="body2">
              <Amount>{money(l.amount)}</Amount>
            </Typography>
          </Stack>
        ))
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.books.payroll.nothing')}
        </Typography>
      )}
    </Card>
  );
};

const PayrollDetails = () => {
  const payroll = useRecordContext<Payroll>();
  const translate = useTranslate();
  const { money, date } = useFormat();
  const { language } = useArea();
  const monthText = useMonthText();
  if (!payroll) return null;
  const figures = [
    'salary',
    'commission',
    'total_additions',
    'total_deductions',
    'net',
    'paid',
    'owed',
  ] as const;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }} data-testid="payroll-show">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          <bdi>{nameOf(payroll, language)}</bdi> · <bdi>{monthText(payroll.month)}</bdi>
        </Typography>
        <StatusChip payroll={payroll} />
        <Box sx={{ flex: 1 }} />
        <EditButton />
        <PayButton />
      </Stack>
      <Typography color="text.secondary">
        {translate('app.books.payroll.posted_on', { date: date(payroll.date) })}
      </Typography>
      <Card variant="outlined" sx={{ p: 1.5 }} data-testid="payroll-totals">
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
          {figures.map((k) => (
            <Box key={k} data-testid={`payroll-total-${k}`}>
              <Typography variant="caption" color="text.secondary">
                {translate(`app.books.payroll.fields.${k}`)}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>
                <Amount>{money(payroll[k])}</Amount>
              </Typography>
            </Box>
          ))}
        </Stack>
      </Card>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <LinesShown kind="additions" lines={payroll.additions} />
        <LinesShown kind="deductions" lines={payroll.deductions} />
      </Stack>
      {payroll.notes ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          <bdi>{payroll.notes}</bdi>
        </Typography>
      ) : null}
      {payroll.payments.length > 0 && (
        <Box data-testid="payroll-payments">
          <Typography variant="subtitle1">{translate('app.books.payments')}</Typography>
          {payroll.payments.map((p) => (
            <Typography key={p.payment_id} variant="body2">
              <bdi>{date(p.date ?? payroll.date)}</bdi> · {translate(codeLabelKey('paymentMethod', p.method))}{' '}
              · <Amount>{money(p.amount)}</Amount>
            </Typography>
          ))}
        </Box>
      )}
    </Stack>
  );
};

export const PayrollShow = () => (
  <Show title="app.books.titles.payroll" actions={false}>
    <PayrollDetails />
  </Show>
);
