import { useRef, useState } from 'react';
import {
  CreateButton,
  DataTable,
  Edit,
  EditButton,
  List,
  SelectInput,
  Show,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useRecordContext,
  Create,
} from 'react-admin';
import { useCanAccess, useGetList, useRefresh, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import {
  codeLabelKey,
  fromArabicDigits,
  RECURRENCES,
  toDecimalString,
  type Currency,
  type GlobalInformation,
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
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MoveDownIcon from '@mui/icons-material/MoveDown';
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { useSalonToday } from '../sales/PeriodFilter';
import { useArea } from '../shell/area';
import { newKey } from '../shell/newKey';
import { useProblemText } from './Expenses';
import { METHODS } from './PayDialog';
import { useNameSort } from '../shell/names';

export const EXPECTED = 'accounting/expected-expenses';

type Expected = {
  id: string;
  name: string;
  supplier_id: string | null;
  vendor_name: string;
  expense_type_id: string;
  amount: number;
  vat_type: number;
  due_date: string;
  recurrence: (typeof RECURRENCES)[number];
  notes: string;
  status: 1 | 2;
  moves: Array<{ expense_id: string; expense_number: number; due_date: string; at: string }>;
};

/** what the form sends: the amount as the decimal text the API reads */
const toBody = (s: Record<string, unknown>) => ({
  name: s.name,
  supplier_id: s.supplier_id || undefined,
  vendor_name: s.supplier_id ? undefined : s.vendor_name || undefined,
  expense_type_id: s.expense_type_id,
  amount: typeof s.amount_text === 'string' ? fromArabicDigits(s.amount_text.trim()) : undefined,
  vat_type: s.vat_type,
  due_date: typeof s.due_date === 'string' ? fromArabicDigits(s.due_date.trim()) : s.due_date,
  recurrence: s.recurrence,
  notes: s.notes || undefined,
});

const StatusChip = ({ e }: { e: Expected }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={e.status === 2 ? 'success' : 'warning'}
      label={translate(codeLabelKey('expectedExpenseStatus', e.status ?? 1))}
    />
  );
};

const ExpectedForm = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const byName = useNameSort();
  const { data: suppliers = [] } = useGetList<{ id: string; name: string }>('accounting/suppliers', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
    filter: { status: '1' },
  });
  const { data: types = [] } = useGetList<{ id: string; name_en: string; name_ar: string }>(
    'accounting/expense-types',
    { pagination: { page: 1, perPage: 500 }, sort: byName },
  );
  return (
    <SimpleForm sx={{ maxWidth: 560 }}>
      <TextInput source="name" validate={required()} fullWidth />
      <SelectInput
        source="supplier_id"
        choices={suppliers.map((s) => ({ id: s.id, name: s.name }))}
        translateChoice={false}
        emptyText="app.books.no_supplier"
        fullWidth
      />
      <TextInput
        source="vendor_name"
        label="app.books.expense_fields.vendor_name"
        fullWidth
        helperText="app.books.expected.vendor_hint"
      />
      <SelectInput
        source="expense_type_id"
        validate={required()}
        choices={types.map((x) => ({ id: x.id, name: language === 'ar' ? x.name_ar : x.name_en }))}
        translateChoice={false}
        fullWidth
      />
      <TextInput
        source="amount_text"
        label={`resources.${EXPECTED}.fields.amount`}
        validate={required()}
        helperText="app.books.before_vat"
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
      />
      <SelectInput
        source="vat_type"
        choices={[1, 2, 3, 4].map((id) => ({ id, name: `app.books.vat_types.${id}` }))}
        defaultValue={1}
      />
      <TextInput
        source="due_date"
        validate={required()}
        helperText="app.common.date_format"
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
      />
      <SelectInput
        source="recurrence"
        choices={RECURRENCES.map((id) => ({ id, name: `app.books.expected.recurrence.${id}` }))}
        defaultValue="once"
        validate={required()}
      />
      <TextInput source="notes" multiline fullWidth />
      <Typography variant="caption" color="text.secondary">
        {translate('app.books.expected.form_hint')}
      </Typography>
    </SimpleForm>
  );
};

export const ExpectedExpenseCreate = () => (
  <Create title="app.books.titles.new_expected" transform={toBody} redirect="show">
    <ExpectedForm />
  </Create>
);

export const ExpectedExpenseEdit = () => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const currency = (information?.global_informations?.account?.currency ?? 'SAR') as Currency;
  return (
    <Edit
      title="app.books.titles.edit_expected"
      transform={toBody}
      redirect="show"
      mutationMode="pessimistic"
      queryOptions={{
        select: (e: Expected) =>
          ({ ...e, amount_text: toDecimalString({ amount: e.amount, currency }) }) as Expected,
      }}
    >
      <ExpectedForm />
    </Edit>
  );
};

/** `accounting/expected-expenses`: what is coming, by due date; pending first. */
export const ExpectedExpenseList = () => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  return (
    <List
      title="app.books.titles.expected"
      filters={[
        <SelectInput
          key="status"
          source="status"
          choices={[1, 2].map((id) => ({ id, name: codeLabelKey('expectedExpenseStatus', id) }))}
          alwaysOn
        />,
      ]}
      filterDefaultValues={{ status: 1 }}
      sort={{ field: 'due_date', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<Expected>
        primaryText={(x) => <bdi>{x.name}</bdi>}
        secondaryText={(x) => (
          <span>
            <bdi>{date(x.due_date)}</bdi> · {translate(`app.books.expected.recurrence.${x.recurrence}`)} ·{' '}
            <bdi>{x.vendor_name}</bdi>
          </span>
        )}
        tertiaryText={(x) => <Amount>{money(x.amount)}</Amount>}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="expected-empty">
            {translate('app.books.expected.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="due_date" render={(x: Expected) => <bdi>{date(x.due_date)}</bdi>} />
        <DataTable.Col source="name" render={(x: Expected) => <bdi>{x.name}</bdi>} />
        <DataTable.Col
          source="vendor_name"
          disableSort
          render={(x: Expected) => <bdi>{x.vendor_name}</bdi>}
        />
        <DataTable.Col
          source="recurrence"
          disableSort
          render={(x: Expected) => translate(`app.books.expected.recurrence.${x.recurrence}`)}
        />
        <DataTable.Col
          source="amount"
          align="right"
          render={(x: Expected) => <Amount>{money(x.amount)}</Amount>}
        />
        <DataTable.Col source="status" disableSort render={(x: Expected) => <StatusChip e={x} />} />
      </ResponsiveDataTable>
    </List>
  );
};

/** "Move to expenses": the expense's date, the supplier's invoice number, and what is paid now (the rest owed). */
const MoveButton = () => {
  const expected = useRecordContext<Expected>();
  const translate = useTranslate();
  const today = useSalonToday();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const { basename } = useArea();
  const dataProvider = useAppDataProvider();
  const problemText = useProblemText();
  const { canAccess } = useCanAccess({ resource: EXPECTED, action: 'move' });
  const [open, setOpen] = useState(false);
  const [dateText, setDate] = useState('');
  const [number, setNumber] = useState('');
  const [method, setMethod] = useState<number | ''>('');
  const [amount, setAmount] = useState('');
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const key = useRef(newKey());
  if (!expected || expected.status === 2 || !canAccess) return null;
  const move = async () => {
    try {
      const answer = await dataProvider.send<{ expense: { id: string } }>(
        'POST',
        `expected-expenses/${expected.id}/move`,
        {
          date: dateText || today,
          supplier_invoice_number: number || undefined,
          payments: method !== '' && amount ? [{ method, amount }] : [],
        },
        { idempotencyKey: key.current },
      );
      key.current = newKey();
      setOpen(false);
      refresh();
      navigate(`${basename}/accounting/expenses/${answer.expense.id}/show`);
    } catch (e) {
      if (!isHandled(e)) setProblems(problemsOf(e));
    }
  };
  return (
    <>
      <Button
        variant="contained"
        startIcon={<MoveDownIcon />}
        onClick={() => setOpen(true)}
        data-testid="expected-move"
      >
        {translate('app.books.expected.move')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('app.books.expected.move_title', { name: expected.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              size="small"
              label={translate('app.books.expense_fields.date')}
              value={dateText || today || ''}
              onChange={(e) => setDate(fromArabicDigits(e.target.value.trim()))}
              helperText={translate('app.common.date_format')}
              slotProps={{
                htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'expected-move-date' },
              }}
            />
            <TextField
              size="small"
              label={translate('app.books.expense_fields.supplier_invoice_number')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'expected-move-number' } }}
            />
            <TextField
              select
              size="small"
              label={translate('app.books.paid_now')}
              value={method}
              onChange={(e) => setMethod(e.target.value === '' ? '' : Number(e.target.value))}
              slotProps={{ htmlInput: { 'data-testid': 'expected-move-method' } }}
            >
              <MenuItem value="">{translate('app.books.expected.owed_later')}</MenuItem>
              {METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {translate(codeLabelKey('paymentMethod', m))}
                </MenuItem>
              ))}
            </TextField>
            {method !== '' && (
              <TextField
                size="small"
                label={translate('app.books.expense_fields.amount')}
                value={amount}
                onChange={(e) => setAmount(fromArabicDigits(e.target.value.trim()))}
                slotProps={{
                  htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': 'expected-move-amount' },
                }}
              />
            )}
            {problems.map((p) => (
              <Alert key={`${p.field}:${p.key}`} severity="error" data-testid="expected-move-refused">
                {problemText(p)}
              </Alert>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={move} data-testid="expected-move-confirm">
            {translate('app.books.expected.move')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const ExpectedDetails = () => {
  const e = useRecordContext<Expected>();
  const translate = useTranslate();
  const { money, date } = useFormat();
  const { basename } = useArea();
  if (!e) return null;
  // the answer of a plan (before the list reads it back) has no moves yet
  const moves = e.moves ?? [];
  const rows: Array<[string, React.ReactNode]> = [
    [translate(`resources.${EXPECTED}.fields.vendor_name`), <bdi key="v">{e.vendor_name}</bdi>],
    [translate(`resources.${EXPECTED}.fields.amount`), <Amount key="a">{money(e.amount)}</Amount>],
    [translate(`resources.${EXPECTED}.fields.vat_type`), translate(`app.books.vat_types.${e.vat_type}`)],
    [translate(`resources.${EXPECTED}.fields.due_date`), <bdi key="d">{date(e.due_date)}</bdi>],
    [
      translate(`resources.${EXPECTED}.fields.recurrence`),
      translate(`app.books.expected.recurrence.${e.recurrence}`),
    ],
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }} data-testid="expected-show">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          <bdi>{e.name}</bdi>
        </Typography>
        <StatusChip e={e} />
        <Box sx={{ flex: 1 }} />
        <MoveButton />
        {e.status !== 2 && <EditButton />}
      </Stack>
      <Card variant="outlined" sx={{ p: 1.5 }}>
        <Stack spacing={1}>
          {rows.map(([label, value]) => (
            <Stack key={label} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
              <Typography color="text.secondary">{label}</Typography>
              <Typography component="span">{value}</Typography>
            </Stack>
          ))}
          {e.notes && <Typography color="text.secondary">{e.notes}</Typography>}
        </Stack>
      </Card>
      <Typography variant="subtitle1" component="h3">
        {translate('app.books.expected.moves')}
      </Typography>
      {moves.length === 0 ? (
        <Typography color="text.secondary" data-testid="expected-no-moves">
          {translate('app.books.expected.no_moves')}
        </Typography>
      ) : (
        <Stack spacing={1} data-testid="expected-moves">
          {moves.map((m) => (
            <Typography key={m.expense_id}>
              <bdi>{date(m.due_date)}</bdi> →{' '}
              <LinkIfAllowed
                resource="accounting/expenses"
                to={`${basename}/accounting/expenses/${m.expense_id}/show`}
              >
                <bdi>{`${translate('app.books.sources.expense')} #${m.expense_number}`}</bdi>
              </LinkIfAllowed>
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
};

export const ExpectedExpenseShow = () => (
  <Show title="app.books.titles.expected_one" actions={false}>
    <ExpectedDetails />
  </Show>
);
