import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CreateButton,
  DataTable,
  EditButton,
  List,
  SelectInput,
  Show,
  Title,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { useCanAccess, useGetList, useGetOne, useRefresh, useTranslate } from 'ra-core';
import { useNavigate, useParams } from 'react-router-dom';
import {
  codeLabelKey,
  currencyOfCountry,
  fromArabicDigits,
  isBusinessDate,
  PaymentMethod,
  toDecimalString,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { ResponsiveDataTable, useIsPhone } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { PeriodDateInput, PeriodPresets, useSalonToday } from '../sales/PeriodFilter';
import { dayPeriod } from '../sales/period';
import { useArea } from '../shell/area';
import { newKey } from '../shell/newKey';
import { BillStatusChip, useProblemText } from './Expenses';
import { PayBillsButton } from './PayBills';
import { PaidNowRows, PayDialogButton } from './PayDialog';

const RESOURCE = 'accounting/purchases';

type Payment = { payment_id: string; method: number; amount: number; date?: string };
type PurchaseItem = {
  product_id: string;
  name_en: string;
  name_ar: string;
  quantity: number;
  unit_cost: number;
  net: number;
  vat: number;
  total: number;
};
export type Purchase = {
  id: string;
  number: number;
  supplier_id: string;
  supplier_name: string;
  supplier_invoice_number: string;
  supplier_invoice_date: string | null;
  date: string;
  due_date: string | null;
  items: PurchaseItem[];
  net: number;
  vat: number;
  total: number;
  payments: Payment[];
  paid: number;
  owed: number;
  status: 'paid' | 'partially_paid' | 'unpaid';
  notes: string;
};
type Supplier = { id: string; name: string; vat_number: string | null; status: number };
/** a product a purchase may bring, its average cost in minor units */
type Product = { id: string; name_en: string; name_ar: string; quantity: number; average_cost: number };

/** `accounting/purchases`: the period's purchases of stock, newest first; by what is still owed. */
export const PurchaseList = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { money, date } = useFormat();
  const { basename } = useArea();
  const navigate = useNavigate();
  const { canAccess: mayPay } = useCanAccess({ resource: RESOURCE, action: 'pay' });
  const phone = useIsPhone();
  const toPay = () => navigate(`${basename}/${RESOURCE}/payments`);
  return (
    <List
      title="app.purchases.title"
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
          {mayPay &&
            (phone ? (
              <IconButton
                color="primary"
                aria-label={translate('app.purchases.pay_purchases')}
                title={translate('app.purchases.pay_purchases')}
                onClick={toPay}
                data-testid="purchases-pay"
              >
                <PaymentsIcon />
              </IconButton>
            ) : (
              <Button startIcon={<PaymentsIcon />} onClick={toPay} data-testid="purchases-pay">
                {translate('app.purchases.pay_purchases')}
              </Button>
            ))}
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<Purchase>
        primaryText={(x) => (
          <span>
            <bdi>{`#${x.number}`}</bdi> · <bdi>{x.supplier_name}</bdi>
          </span>
        )}
        secondaryText={(x) => (
          <span>
            <bdi>{date(x.date)}</bdi>
            {x.supplier_invoice_number ? (
              <>
                {' · '}
                <bdi>{x.supplier_invoice_number}</bdi>
              </>
            ) : null}{' '}
            · {translate(`app.books.expense_status.${x.status}`)}
          </span>
        )}
        tertiaryText={(x) => <Amount>{money(x.total)}</Amount>}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="purchases-empty">
            {translate('app.purchases.none')}
          </Typography>
        }
      >
        <DataTable.Col source="number" />
        <DataTable.Col source="date" render={(x: Purchase) => <bdi>{date(x.date)}</bdi>} />
        <DataTable.Col
          source="supplier_name"
          disableSort
          render={(x: Purchase) => <bdi>{x.supplier_name}</bdi>}
        />
        <DataTable.Col
          source="supplier_invoice_number"
          disableSort
          render={(x: Purchase) => <bdi>{x.supplier_invoice_number}</bdi>}
        />
        <DataTable.Col
          source="total"
          align="right"
          render={(x: Purchase) => <Amount>{money(x.total)}</Amount>}
        />
        <DataTable.Col
          source="owed"
          align="right"
          render={(x: Purchase) => <Amount>{money(x.owed)}</Amount>}
        />
        <DataTable.Col
          source="status"
          disableSort
          render={(x: Purchase) => <BillStatusChip status={x.status} />}
        />
      </ResponsiveDataTable>
    </List>
  );
};

type Item = { product_id: string; quantity: string; unit_cost: string; vat_type: number };
type Pay = { method: number; amount: string };
const blankItem = (): Item => ({ product_id: '', quantity: '1', unit_cost: '', vat_type: 1 });

/**
 * `purchases/add`: a supplier's invoice for stock. The supplier, its invoice number and date, the day the
 * goods came in, a due date; two products at least, each once, with a whole quantity and a unit cost
 * before VAT (the product's average cost to start with); what is paid now, or all of it ("paid in
 * full"). The server prices the VAT (a supplier with a VAT number charges it) and puts the goods on the
 * shelf.
 */
export const PurchaseCreate = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { language, basename } = useArea();
  const { money } = useFormat();
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const problemText = useProblemText();
  const information = useOptionalGlobalInformation<{
    global_informations: { account: { country_id: number } };
  }>();
  const currency = currencyOfCountry(information?.global_informations.account.country_id ?? 1);
  const { data: suppliers = [] } = useGetList<Supplier>('accounting/suppliers', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
    filter: { status: '1' },
  });
  const [products, setProducts] = useState<Product[]>([]);
  useEffect(() => {
    dataProvider
      .send<Product[]>('GET', 'purchase-products')
      .then(setProducts)
      .catch(() => undefined);
  }, [dataProvider]);
  const [supplier, setSupplier] = useState('');
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState('');
  const [dateText, setDate] = useState('');
  const [due, setDue] = useState('');
  const [items, setItems] = useState<Item[]>([blankItem(), blankItem()]);
  const [paidInFull, setPaidInFull] = useState(false);
  const [payments, setPayments] = useState<Pay[]>([]);
  const [notes, setNotes] = useState('');
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const date = dateText || today;
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const chosen = suppliers.find((s) => s.id === supplier);
  const change = (i: number, patch: Partial<Item>) => {
    setItems((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    setProblems([]);
  };
  // what the goods cost before VAT, as typed (the server's answer is the reference)
  const net = items.reduce((s, i) => {
    const q = Number(i.quantity);
    const c = Number(i.unit_cost);
    return Number.isFinite(q) && Number.isFinite(c) ? s + Math.round(q * c * 100) : s;
  }, 0);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      supplier_id: supplier,
      supplier_invoice_number: invoiceNumber,
      ...(invoiceDate && { supplier_invoice_date: invoiceDate }),
      date,
      ...(due && { due_date: due }),
      items,
      paid: paidInFull,
      payments: payments.filter((p) => p.amount.trim()),
      notes,
    };
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    setBusy(true);
    try {
      const purchase = await dataProvider.send<{ id: string }>('POST', 'purchases', body, {
        idempotencyKey: attempt.current.key,
      });
      navigate(`${basename}/${RESOURCE}/${purchase.id}/show`);
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
      slotProps={{ htmlInput: { 'data-testid': `purchase-${field}`, ...(options.ltr && { dir: 'ltr' }) } }}
    />
  );
  const general = problems.filter((p) => !p.field || p.field === 'items' || p.field === 'payments');
  return (
    <Box component="form" onSubmit={submit} sx={{ py: 2, maxWidth: 900 }} data-testid="purchase-form">
      <Title title={translate('app.purchases.new')} />
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
          slotProps={{ htmlInput: { 'data-testid': 'purchase-supplier' } }}
        >
          {suppliers.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              <bdi>{s.name}</bdi>
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
        {text('app.purchases.received_on', date, setDate, 'date', { ltr: true, width: 150 })}
        {text('app.books.expense_fields.due_date', due, setDue, 'due_date', { ltr: true, width: 150 })}
      </Stack>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate('app.purchases.items')}
      </Typography>
      <Stack spacing={1.5}>
        {items.map((item, i) => (
          <Card key={i} variant="outlined" sx={{ p: 1.5 }} data-testid="purchase-item">
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label={translate('app.purchases.product')}
                value={item.product_id}
                onChange={(e) => {
                  const product = products.find((p) => p.id === e.target.value);
                  change(i, {
                    product_id: e.target.value,
                    ...(!item.unit_cost && product && product.average_cost > 0
                      ? { unit_cost: toDecimalString({ amount: product.average_cost, currency }) }
                      : {}),
                  });
                }}
                error={Boolean(errorOf(`items.${i}.product_id`))}
                helperText={errorOf(`items.${i}.product_id`)}
                sx={{ flex: '1 1 220px', minWidth: 0 }}
                slotProps={{ htmlInput: { 'data-testid': `purchase-item-${i}-product` } }}
              >
                {products.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    <bdi>{language === 'ar' ? p.name_ar : p.name_en}</bdi>
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={translate('app.purchases.quantity')}
                value={item.quantity}
                onChange={(e) => change(i, { quantity: fromArabicDigits(e.target.value.trim()) })}
                error={Boolean(errorOf(`items.${i}.quantity`))}
                helperText={errorOf(`items.${i}.quantity`)}
                sx={{ width: 100 }}
                slotProps={{
                  htmlInput: {
                    dir: 'ltr',
                    inputMode: 'numeric',
                    'data-testid': `purchase-item-${i}-quantity`,
                  },
                }}
              />
              <TextField
                size="small"
                label={translate('app.purchases.unit_cost')}
                value={item.unit_cost}
                onChange={(e) => change(i, { unit_cost: fromArabicDigits(e.target.value.trim()) })}
                error={Boolean(errorOf(`items.${i}.unit_cost`))}
                helperText={errorOf(`items.${i}.unit_cost`) ?? translate('app.books.before_vat')}
                sx={{ width: 140 }}
                slotProps={{
                  htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': `purchase-item-${i}-cost` },
                }}
              />
              <TextField
                select
                size="small"
                label={translate('app.books.expense_fields.vat_type')}
                value={item.vat_type}
                onChange={(e) => change(i, { vat_type: Number(e.target.value) })}
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
                disabled={items.length <= 2}
                onClick={() => setItems((all) => all.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          </Card>
        ))}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2, my: 1 }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => setItems((all) => [...all, blankItem()])}
          data-testid="purchase-add-item"
        >
          {translate('app.purchases.add_product')}
        </Button>
        <Typography color="text.secondary" data-testid="purchase-net">
          {translate('app.purchases.net_so_far', { net: money(net) })}
        </Typography>
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={paidInFull}
            onChange={(e) => {
              setPaidInFull(e.target.checked);
              setProblems([]);
              if (e.target.checked && payments.length === 0)
                setPayments([{ method: PaymentMethod.transfer, amount: '' }]);
            }}
            slotProps={{ input: { 'data-testid': 'purchase-paid' } as object }}
          />
        }
        label={translate('app.purchases.paid_in_full')}
      />
      <PaidNowRows
        payments={payments}
        onChange={(next) => {
          setPayments(next);
          setProblems([]);
        }}
        errorOf={errorOf}
        testId="purchase"
      />
      <TextField
        size="small"
        multiline
        minRows={2}
        label={translate('app.purchases.notes')}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        sx={{ width: 520, maxWidth: '100%', mb: 2, display: 'block' }}
        slotProps={{ htmlInput: { 'data-testid': 'purchase-notes' } }}
      />
      {general.map((p) => (
        <Alert key={`${p.field}:${p.key}`} severity="error" sx={{ mb: 2 }} data-testid="purchase-refused">
          {problemText(p)}
        </Alert>
      ))}
      <Button
        type="submit"
        variant="contained"
        disabled={busy || !isBusinessDate(date)}
        data-testid="purchase-save"
      >
        {translate('app.purchases.record')}
      </Button>
    </Box>
  );
};

/** Paying what a purchase still owes: a method and an amount, never more than is owed. */
const PayButton = () => {
  const purchase = useRecordContext<Purchase>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const problemText = useProblemText();
  const { money } = useFormat();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'pay' });
  if (!purchase || purchase.owed <= 0 || !canAccess) return null;
  return (
    <PayDialogButton
      title={translate('app.purchases.pay_title', { number: purchase.number, owed: money(purchase.owed) })}
      amountLabel={translate('app.books.expense_fields.amount')}
      testId="purchase-pay"
      problemText={problemText}
      send={(payment, idempotencyKey) =>
        dataProvider.send('POST', `purchases/${purchase.id}/payments`, { payment }, { idempotencyKey })
      }
      onPaid={refresh}
    />
  );
};

const PurchaseDetails = () => {
  const purchase = useRecordContext<Purchase>();
  const phone = useIsPhone();
  const translate = useTranslate();
  const { money, date } = useFormat();
  const { basename, language } = useArea();
  const { canAccess: mayEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  if (!purchase) return null;
  const name = (i: PurchaseItem) => (language === 'ar' ? i.name_ar : i.name_en);
  const cell = { py: 1, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'end' } as const;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }} data-testid="purchase-show">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          <bdi>{`${translate('app.books.sources.purchase')} #${purchase.number}`}</bdi>
        </Typography>
        <BillStatusChip status={purchase.status} />
        <Box sx={{ flex: 1 }} />
        {mayEdit && <EditButton />}
        <PayButton />
      </Stack>
      <Typography color="text.secondary">
        <LinkIfAllowed
          resource="accounting/suppliers"
          to={`${basename}/accounting/suppliers/${purchase.supplier_id}/show`}
        >
          <bdi>{purchase.supplier_name}</bdi>
        </LinkIfAllowed>
        {' · '}
        {translate('app.purchases.received_on')}{' '}
        <bdi style={{ whiteSpace: 'nowrap' }}>{date(purchase.date)}</bdi>
        {purchase.supplier_invoice_number ? (
          <>
            {' · '}
            <bdi>{`${translate('app.books.expense_fields.supplier_invoice_number')} ${purchase.supplier_invoice_number}`}</bdi>
          </>
        ) : null}
        {purchase.due_date ? (
          <>
            {' · '}
            <bdi>{`${translate('app.books.expense_fields.due_date')} ${date(purchase.due_date)}`}</bdi>
          </>
        ) : null}
      </Typography>
      {phone ? (
        <Stack spacing={1}>
          {purchase.items.map((item) => (
            <Card key={item.product_id} variant="outlined" sx={{ p: 1.25 }} data-testid="purchase-show-item">
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <bdi>{name(item)}</bdi>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('app.purchases.quantity')} <bdi>{item.quantity}</bdi> ·{' '}
                {translate('app.purchases.unit_cost')} <Amount>{money(item.unit_cost)}</Amount>
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
                <th className="start">{translate('app.purchases.product')}</th>
                <th>{translate('app.purchases.quantity')}</th>
                <th>{translate('app.purchases.unit_cost')}</th>
                <th>{translate('app.books.expense_totals.net')}</th>
                <th>{translate('app.books.vat')}</th>
                <th>{translate('app.books.columns.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {purchase.items.map((item) => (
                <tr key={item.product_id} data-testid="purchase-show-item">
                  <td className="start">
                    <bdi>{name(item)}</bdi>
                  </td>
                  <td>
                    <bdi>{item.quantity}</bdi>
                  </td>
                  <td>
                    <Amount>{money(item.unit_cost)}</Amount>
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
      <Card variant="outlined" sx={{ p: 1.5 }} data-testid="purchase-totals">
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
          {(['net', 'vat', 'total', 'paid', 'owed'] as const).map((k) => (
            <Box key={k} data-testid={`purchase-total-${k}`}>
              <Typography variant="caption" color="text.secondary">
                {translate(`app.books.expense_totals.${k}`)}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>
                <Amount>{money(purchase[k])}</Amount>
              </Typography>
            </Box>
          ))}
        </Stack>
      </Card>
      {purchase.payments.length > 0 && (
        <Box data-testid="purchase-payments">
          <Typography variant="subtitle1">{translate('app.books.payments')}</Typography>
          {purchase.payments.map((p) => (
            <Typography key={p.payment_id} variant="body2">
              <bdi>{date(p.date ?? purchase.date)}</bdi> ·{' '}
              {translate(codeLabelKey('paymentMethod', p.method))} · <Amount>{money(p.amount)}</Amount>
            </Typography>
          ))}
        </Box>
      )}
      {purchase.notes && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          <bdi>{purchase.notes}</bdi>
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {translate('app.purchases.stock_note')}
      </Typography>
    </Stack>
  );
};

export const PurchaseShow = () => (
  <Show title="app.purchases.one" actions={false}>
    <PurchaseDetails />
  </Show>
);

/**
 * `purchases/edit/{id}`: the supplier's invoice details corrected (its number and date, the due date,
 * notes); what was received and its cost are in stock, never rewritten.
 */
export const PurchaseEdit = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { basename } = useArea();
  const dataProvider = useAppDataProvider();
  const problemText = useProblemText();
  const { data: purchase } = useGetOne<Purchase>(RESOURCE, { id });
  const [form, setForm] = useState({
    supplier_invoice_number: '',
    supplier_invoice_date: '',
    due_date: '',
    notes: '',
  });
  const [problems, setProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (purchase)
      setForm({
        supplier_invoice_number: purchase.supplier_invoice_number,
        supplier_invoice_date: purchase.supplier_invoice_date ?? '',
        due_date: purchase.due_date ?? '',
        notes: purchase.notes,
      });
  }, [purchase]);
  const errorOf = (field: string) => {
    const p = problems.find((x) => x.field === field);
    return p ? problemText(p) : undefined;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await dataProvider.send('PUT', `purchases/${id}`, form, { idempotencyKey: newKey() });
      navigate(`${basename}/${RESOURCE}/${id}/show`);
    } catch (e) {
      if (!isHandled(e)) setProblems(problemsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof form, label: string, ltr = true) => (
    <TextField
      size="small"
      label={translate(label)}
      value={form[name]}
      multiline={!ltr}
      minRows={ltr ? undefined : 2}
      onChange={(e) => {
        setForm({ ...form, [name]: ltr ? fromArabicDigits(e.target.value.trim()) : e.target.value });
        setProblems([]);
      }}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name)}
      sx={{ width: ltr ? 220 : 520, maxWidth: '100%' }}
      slotProps={{ htmlInput: { 'data-testid': `purchase-edit-${name}`, ...(ltr && { dir: 'ltr' }) } }}
    />
  );
  return (
    <Box component="form" onSubmit={submit} sx={{ py: 2, maxWidth: 900 }} data-testid="purchase-edit">
      <Title title={translate('app.purchases.edit', { number: purchase?.number ?? '' })} />
      {purchase && (
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          <bdi>{`${translate('app.books.sources.purchase')} #${purchase.number} · ${purchase.supplier_name}`}</bdi>
        </Typography>
      )}
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('app.purchases.edit_note')}
      </Alert>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        {field('supplier_invoice_number', 'app.books.expense_fields.supplier_invoice_number')}
        {field('supplier_invoice_date', 'app.books.expense_fields.supplier_invoice_date')}
        {field('due_date', 'app.books.expense_fields.due_date')}
      </Stack>
      <Box sx={{ mb: 2 }}>{field('notes', 'app.purchases.notes', false)}</Box>
      {problems
        .filter((p) => !p.field)
        .map((p) => (
          <Alert key={p.key} severity="error" sx={{ mb: 2 }}>
            {problemText(p)}
          </Alert>
        ))}
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !purchase}
          data-testid="purchase-edit-save"
        >
          {translate('ra.action.save')}
        </Button>
        <Button onClick={() => navigate(`${basename}/${RESOURCE}/${id}/show`)}>
          {translate('ra.action.cancel')}
        </Button>
      </Stack>
    </Box>
  );
};

/**
 * `purchases/payments`: what the salon owes on its purchases, by supplier, each supplier's bills paid at
 * once (its purchases and expenses, one method for all, never above what each owes).
 */
export const PurchasePayments = () => {
  const translate = useTranslate();
  const { money, date } = useFormat();
  const { basename } = useArea();
  const {
    data: owed = [],
    isPending,
    refetch,
  } = useGetList<Purchase>(RESOURCE, {
    filter: { owed: true },
    sort: { field: 'date', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
  });
  const bySupplier = new Map<string, Purchase[]>();
  for (const p of owed) bySupplier.set(p.supplier_id, [...(bySupplier.get(p.supplier_id) ?? []), p]);
  return (
    <Box sx={{ py: 2, maxWidth: 900 }} data-testid="purchase-payments-page">
      <Title title={translate('app.purchases.pay_purchases')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.purchases.pay_intro')}
      </Typography>
      {!isPending && owed.length === 0 && (
        <Typography sx={{ p: 2 }} color="text.secondary" data-testid="purchase-payments-empty">
          {translate('app.purchases.nothing_owed')}
        </Typography>
      )}
      <Stack spacing={2}>
        {[...bySupplier].map(([supplierId, purchases]) => (
          <Card key={supplierId} variant="outlined" sx={{ p: 1.5 }} data-testid="purchase-payments-supplier">
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>
                <LinkIfAllowed
                  resource="accounting/suppliers"
                  to={`${basename}/accounting/suppliers/${supplierId}/show`}
                >
                  <bdi>{purchases[0].supplier_name}</bdi>
                </LinkIfAllowed>
              </Typography>
              <Typography color="text.secondary">
                {translate('app.purchases.owed_total', {
                  owed: money(purchases.reduce((s, p) => s + p.owed, 0)),
                })}
              </Typography>
              <Box sx={{ flex: 1 }} />
              <PayBillsButton supplierId={supplierId} onPaid={() => void refetch()} />
            </Stack>
            {purchases.map((p) => (
              <Typography key={p.id} variant="body2">
                <LinkIfAllowed resource={RESOURCE} to={`${basename}/${RESOURCE}/${p.id}/show`}>
                  <bdi>{`#${p.number}`}</bdi>
                </LinkIfAllowed>{' '}
                · <bdi>{p.supplier_invoice_number || date(p.date)}</bdi> ·{' '}
                {translate('app.books.owed_of', { owed: money(p.owed), total: money(p.total) })}
                {p.due_date ? (
                  <>
                    {' · '}
                    <bdi>{`${translate('app.books.expense_fields.due_date')} ${date(p.due_date)}`}</bdi>
                  </>
                ) : null}
              </Typography>
            ))}
          </Card>
        ))}
      </Stack>
    </Box>
  );
};
