import { useRef, useState, type FormEvent } from 'react';
import {
  CreateButton,
  DataTable,
  List,
  SelectInput,
  Show,
  Title,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { useCanAccess, useGetList, useRefresh, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { codeLabelKey, fromArabicDigits, isBusinessDate, localizeParams } from '@rawnaq/contracts';
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
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { ResponsiveDataTable, useIsPhone } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { PeriodDateInput, PeriodPresets, useSalonToday } from '../sales/PeriodFilter';
import { dayPeriod } from '../sales/period';
import { useArea } from '../shell/area';
import { newKey } from '../shell/newKey';
import type { UploadedFile } from '../forms/files';
import { AttachmentsInput, AttachmentsList, type Attachment } from './ExpenseAttachments';
import { PaidNowRows, PayDialogButton } from './PayDialog';
import { useNameSort } from '../shell/names';

const RESOURCE = 'accounting/expenses';

type Payment = { payment_id: string; method: number; amount: number; date?: string };
export type Expense = {
  id: string;
  number: number;
  supplier_id: string | null;
  vendor_name: string;
  supplier_invoice_number: string;
  supplier_invoice_date: string | null;
  expense_type_id: string;
  date: string;
  due_date: string | null;
  items: Array<{ description: string; net: number; vat: number; total: number; vat_category: string }>;
  net: number;
  vat: number;
  total: number;
  payments: Payment[];
  paid: number;
  owed: number;
  status: 'paid' | 'partially_paid' | 'unpaid';
  notes: string;
  attachments?: Attachment[];
};
type ExpenseType = { id: string; name_en: string; name_ar: string };
type Supplier = { id: string; name: string; vat_number: string | null; status: number };

/** A problem's words, its field named in the form's terms. */
export const useProblemText = () => {
  const translate = useTranslate();
  const { language } = useArea();
  return (p: TillProblem) => {
    const last = p.field?.split('.').pop() ?? '';
    return translate(p.key, {
      ...localizeParams(p.params ?? {}, language),
      field: translate(`app.books.expense_fields.${last}`, { _: last }),
      _: p.key,
    });
  };
};

/** What a bill (an expense or a purchase) still owes, as a chip: paid, partly paid, unpaid. */
export const BillStatusChip = ({ status }: { status: Expense['status'] }) => {
  const translate = useTranslate();
  const colour = status === 'paid' ? 'success' : status === 'unpaid' ? 'error' : 'warning';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colour}
      label={translate(`app.books.expense_status.${status}`)}
    />
  );
};

/** `accounting/expenses`: the period's expenses, newest first; by supplier and by what is still owed. */
export const ExpenseList = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { money, date } = useFormat();
  return (
    <List
      title="app.books.titles.expenses"
      filters={[
        <PeriodDateInput key="from" source="from" alwaysOn />,
        <PeriodDateInput key="to" source="to" alwaysOn />,
        <SelectInput
          key="status"
          source="status"
          choices={['unpaid', 'partially_paid', 'paid'].map((id) => ({
            id,
            name: `app.books.expense_status.${id}`,
          }))}
        />,
      ]}
      // a bill is looked for by what it still owes more than by its month: the last three months to start with
      filterDefaultValues={(today && dayPeriod('last_3_months', today)) || {}}
      sort={{ field: 'number', order: 'DESC' }}
      actions={
        <TopToolbar>
          <PeriodPresets />
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<Expense>
        primaryText={(x) => (
          <span>
            <bdi>{`#${x.number}`}</bdi> · <bdi>{x.vendor_name}</bdi>
          </span>
        )}
        secondaryText={(x) => (
          <span>
            <bdi>{date(x.date)}</bdi> · {translate(`app.books.expense_status.${x.status}`)}
          </span>
        )}
        tertiaryText={(x) => <Amount>{money(x.total)}</Amount>}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="expenses-empty">
            {translate('app.books.no_expenses')}
          </Typography>
        }
      >
        <DataTable.Col source="number" />
        <DataTable.Col source="date" render={(x: Expense) => <bdi>{date(x.date)}</bdi>} />
        <DataTable.Col source="vendor_name" disableSort render={(x: Expense) => <bdi>{x.vendor_name}</bdi>} />
        <DataTable.Col
          source="total"
          align="right"
          render={(x: Expense) => <Amount>{money(x.total)}</Amount>}
        />
        <DataTable.Col
          source="owed"
          align="right"
          render={(x: Expense) => <Amount>{money(x.owed)}</Amount>}
        />
        <DataTable.Col
          source="status"
          disableSort
          render={(x: Expense) => <BillStatusChip status={x.status} />}
        />
      </ResponsiveDataTable>
    </List>
  );
};

type Item = { description: string; amount: string; vat_type: number };
type Pay = { method: number; amount: string };

/**
 * A new expense: from a supplier on file or a vendor named, its type, the supplier's invoice number and
 * date, its date and due date, its items (an amount before VAT and its VAT type) and what is paid now;
 * the server prices the VAT (only a supplier with a VAT number charges it) and answers what stays owed.
 */
export const ExpenseCreate = () => {
  const byName = useNameSort();
  const translate = useTranslate();
  const today = useSalonToday();
  const { language, basename } = useArea();
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const problemText = useProblemText();
  const { data: suppliers = [] } = useGetList<Supplier>('accounting/suppliers', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
    filter: { status: '1' },
  });
  const { data: types = [] } = useGetList<ExpenseType>('accounting/expense-types', {
    pagination: { page: 1, perPage: 500 },
    sort: byName,
  });
  const [supplier, setSupplier] = useState('');
  const [vendor, setVendor] = useState('');
  const [type, setType] = useState('');
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState('');
  const [dateText, setDate] = useState('');
  const [due, setDue] = useState('');
  const [items, setItems] = useState<Item[]>([{ description: '', amount: '', vat_type: 1 }]);
  const [payments, setPayments] = useState<Pay[]>([]);
  const [attachments, setAttachments] = useState<UploadedFile[]>([]);
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const date = dateText || today;
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const chosen = suppliers.find((s) => s.id === supplier);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...(supplier ? { supplier_id: supplier } : { vendor_name: vendor }),
      expense_type_id: type,
      supplier_invoice_number: invoiceNumber,
      ...(invoiceDate && { supplier_invoice_date: invoiceDate }),
      date,
      ...(due && { due_date: due }),
      items,
      payments: payments.filter((p) => p.amount.trim()),
      ...(attachments.length > 0 && { attachments: attachments.map((f) => f.id) }),
    };
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    setBusy(true);
    try {
      const expense = await dataProvider.send<{ id: string }>('POST', 'expenses', body, {
        idempotencyKey: attempt.current.key,
      });
      navigate(`${basename}/${RESOURCE}/${expense.id}/show`);
    } catch (e) {
      if (!isHandled(e)) setProblems(problemsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const text = (
    label: string,
    value: string,
    set: (v: string) => void,
    field: string,
    options: { ltr?: boolean; width?: number | string } = {},
  ) => (
    <TextField
      size="small"
      label={translate(label)}
      value={value}
      onChange={(e) => {
        set(options.ltr ? fromArabicDigits(e.target.value.trim()) : e.target.value);
        setProblems([]);
      }}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field)}
      sx={{ width: options.width ?? 200, maxWidth: '100%' }}
      slotProps={{ htmlInput: { 'data-testid': `expense-${field}`, ...(options.ltr && { dir: 'ltr' }) } }}
    />
  );
  const general = problems.filter((p) => !p.field || p.field === 'items' || p.field === 'payments');
  return (
    <Box component="form" onSubmit={submit} sx={{ py: 2, maxWidth: 900 }} data-testid="expense-form">
      <Title title={translate('app.books.titles.new_expense')} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={translate('app.books.expense_fields.supplier_id')}
          value={supplier}
          onChange={(e) => {
            setSupplier(e.target.value);
            setProblems([]);
          }}
          error={Boolean(errorOf('supplier_id'))}
          helperText={
            errorOf('supplier_id') ??
            (chosen && !chosen.vat_number ? translate('app.books.no_vat_charged') : undefined)
          }
          sx={{ width: 260, maxWidth: '100%' }}
          slotProps={{ htmlInput: { 'data-testid': 'expense-supplier' } }}
        >
          <MenuItem value="">{translate('app.books.no_supplier')}</MenuItem>
          {suppliers.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              <bdi>{s.name}</bdi>
            </MenuItem>
          ))}
        </TextField>
        {!supplier &&
          text('app.books.expense_fields.vendor_name', vendor, setVendor, 'vendor_name', { width: 240 })}
        <TextField
          select
          size="small"
          label={translate('app.books.expense_fields.expense_type_id')}
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            setProblems([]);
          }}
          error={Boolean(errorOf('expense_type_id'))}
          helperText={errorOf('expense_type_id')}
          sx={{ width: 240, maxWidth: '100%' }}
          slotProps={{ htmlInput: { 'data-testid': 'expense-type' } }}
        >
          {types.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              <bdi>{language === 'ar' ? x.name_ar : x.name_en}</bdi>
            </MenuItem>
          ))}
        </TextField>
        {text(
          'app.books.expense_fields.supplier_invoice_number',
          invoiceNumber,
          setInvoiceNumber,
          'supplier_invoice_number',
          { ltr: true },
        )}
        {text(
          'app.books.expense_fields.supplier_invoice_date',
          invoiceDate,
          setInvoiceDate,
          'supplier_invoice_date',
          { ltr: true, width: 170 },
        )}
        {text('app.books.expense_fields.date', date, setDate, 'date', { ltr: true, width: 150 })}
        {text('app.books.expense_fields.due_date', due, setDue, 'due_date', { ltr: true, width: 150 })}
      </Stack>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate('app.books.expense_fields.items')}
      </Typography>
      <Stack spacing={1.5}>
        {items.map((item, i) => (
          <Card key={i} variant="outlined" sx={{ p: 1.5 }} data-testid="expense-item">
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={translate('app.books.expense_fields.description')}
                value={item.description}
                onChange={(e) =>
                  setItems((all) => all.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)))
                }
                error={Boolean(errorOf(`items.${i}.description`))}
                helperText={errorOf(`items.${i}.description`)}
                sx={{ flex: '1 1 220px', minWidth: 0 }}
                slotProps={{ htmlInput: { 'data-testid': `expense-item-${i}-description` } }}
              />
              <TextField
                size="small"
                label={translate('app.books.expense_fields.amount')}
                value={item.amount}
                onChange={(e) =>
                  setItems((all) =>
                    all.map((x, j) =>
                      j === i ? { ...x, amount: fromArabicDigits(e.target.value.trim()) } : x,
                    ),
                  )
                }
                error={Boolean(errorOf(`items.${i}.amount`))}
                helperText={errorOf(`items.${i}.amount`) ?? translate('app.books.before_vat')}
                sx={{ width: 140 }}
                slotProps={{
                  htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': `expense-item-${i}-amount` },
                }}
              />
              <TextField
                select
                size="small"
                label={translate('app.books.expense_fields.vat_type')}
                value={item.vat_type}
                onChange={(e) =>
                  setItems((all) =>
                    all.map((x, j) => (j === i ? { ...x, vat_type: Number(e.target.value) } : x)),
                  )
                }
                sx={{ width: 160 }}
              >
                {[1, 4, 3, 2].map((v) => (
                  <MenuItem key={v} value={v}>
                    {translate(`app.books.vat_types.${v}`)}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={translate('app.books.remove_line')}
                disabled={items.length <= 1}
                onClick={() => setItems((all) => all.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          </Card>
        ))}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        sx={{ my: 1 }}
        onClick={() => setItems((all) => [...all, { description: '', amount: '', vat_type: 1 }])}
      >
        {translate('app.books.add_item')}
      </Button>
      <PaidNowRows
        payments={payments}
        onChange={(next) => {
          setPayments(next);
          setProblems([]);
        }}
        errorOf={errorOf}
        testId="expense"
      />
      <AttachmentsInput
        value={attachments}
        onChange={(files) => {
          setAttachments(files);
          setProblems([]);
        }}
        error={errorOf('attachments')}
      />
      {general.map((p) => (
        <Alert key={`${p.field}:${p.key}`} severity="error" sx={{ mb: 2 }} data-testid="expense-refused">
          {problemText(p)}
        </Alert>
      ))}
      <Button
        type="submit"
        variant="contained"
        disabled={busy || !isBusinessDate(date)}
        data-testid="expense-save"
      >
        {translate('app.books.record_expense')}
      </Button>
    </Box>
  );
};

/** Paying what an expense still owes: a method and an amount, never more than is owed. */
const PayButton = () => {
  const expense = useRecordContext<Expense>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const problemText = useProblemText();
  const { money } = useFormat();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'pay' });
  if (!expense || expense.owed <= 0 || !canAccess) return null;
  return (
    <PayDialogButton
      title={translate('app.books.pay_title', { number: expense.number, owed: money(expense.owed) })}
      amountLabel={translate('app.books.expense_fields.amount')}
      testId="expense-pay"
      problemText={problemText}
      send={(payment, idempotencyKey) =>
        dataProvider.send('POST', `expenses/${expense.id}/payments`, { payment }, { idempotencyKey })
      }
      onPaid={refresh}
    />
  );
};

const ExpenseDetails = () => {
  const expense = useRecordContext<Expense>();
  const phone = useIsPhone();
  const translate = useTranslate();
  const { money, date } = useFormat();
  const { basename } = useArea();
  if (!expense) return null;
  const cell = { py: 1, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'end' } as const;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }} data-testid="expense-show">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          <bdi>{`${translate('app.books.sources.expense')} #${expense.number}`}</bdi>
        </Typography>
        <BillStatusChip status={expense.status} />
        <Box sx={{ flex: 1 }} />
        <PayButton />
      </Stack>
      <Typography color="text.secondary">
        {expense.supplier_id ? (
          <LinkIfAllowed
            resource="accounting/suppliers"
            to={`${basename}/accounting/suppliers/${expense.supplier_id}/show`}
          >
            <bdi>{expense.vendor_name}</bdi>
          </LinkIfAllowed>
        ) : (
          <bdi>{expense.vendor_name}</bdi>
        )}
        {' · '}
        <bdi>{date(expense.date)}</bdi>
        {expense.supplier_invoice_number ? (
          <>
            {' · '}
            <bdi>{`${translate('app.books.expense_fields.supplier_invoice_number')} ${expense.supplier_invoice_number}`}</bdi>
          </>
        ) : null}
        {expense.due_date ? (
          <>
            {' · '}
            <bdi>{`${translate('app.books.expense_fields.due_date')} ${date(expense.due_date)}`}</bdi>
          </>
        ) : null}
      </Typography>
      {phone ? (
        <Stack spacing={1}>
          {expense.items.map((item, i) => (
            <Card key={i} variant="outlined" sx={{ p: 1.25 }} data-testid="expense-show-item">
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <bdi>{item.description}</bdi>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <Amount>{money(item.net)}</Amount> + {translate('app.books.vat')}{' '}
                <Amount>{money(item.vat)}</Amount> = <Amount>{money(item.total)}</Amount>
              </Typography>
            </Card>
          ))}
        </Stack>
      ) : (
        <Card variant="outlined">
          <Box
            component="table"
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              fontSize: '0.875rem',
              '& td, & th': cell,
              '& .start': { textAlign: 'start' },
            }}
          >
            <thead>
              <tr>
                <th className="start">{translate('app.books.expense_fields.description')}</th>
                <th>{translate('app.books.expense_fields.amount')}</th>
                <th>{translate('app.books.vat')}</th>
                <th>{translate('app.books.columns.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {expense.items.map((item, i) => (
                <tr key={i} data-testid="expense-show-item">
                  <td className="start">
                    <bdi>{item.description}</bdi>
                  </td>
                  <td>
                    <Amount>{money(item.net)}</Amount>
                  </td>
                  <td>
                    <Amount>{money(item.vat)}</Amount>
                  </td>
                  <td>
                    <Amount>{money(item.total)}</Amount>
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Card>
      )}
      <Card variant="outlined" sx={{ p: 1.5 }} data-testid="expense-totals">
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
          {(['net', 'vat', 'total', 'paid', 'owed'] as const).map((k) => (
            <Box key={k} data-testid={`expense-total-${k}`}>
              <Typography variant="caption" color="text.secondary">
                {translate(`app.books.expense_totals.${k}`)}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>
                <Amount>{money(expense[k])}</Amount>
              </Typography>
            </Box>
          ))}
        </Stack>
      </Card>
      <AttachmentsList attachments={expense.attachments ?? []} />
      {expense.payments.length > 0 && (
        <Box data-testid="expense-payments">
          <Typography variant="subtitle1">{translate('app.books.payments')}</Typography>
          {expense.payments.map((p) => (
            <Typography key={p.payment_id} variant="body2">
              <bdi>{p.date ? date(p.date) : date(expense.date)}</bdi> ·{' '}
              {translate(codeLabelKey('paymentMethod', p.method))} · <Amount>{money(p.amount)}</Amount>
            </Typography>
          ))}
        </Box>
      )}
    </Stack>
  );
};

export const ExpenseShow = () => (
  <Show title="app.books.titles.expense" actions={false}>
    <ExpenseDetails />
  </Show>
);
