import {
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  Title,
  CreateButton,
  required,
  useGetList,
  useGetOne,
  SaveButton,
  Toolbar,
} from 'react-admin';
import { useNotify, useRecordContext, useRedirect, useTranslate, type RaRecord } from 'ra-core';
import { useParams } from 'react-router-dom';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COUNTRY_LIST, formatMoney, type Currency } from '@rawnaq/contracts';
import { useFormat } from '../format/useFormat';
import { isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useArea } from '../shell/area';
import { useNameField } from '../shell/names';
import { inArabic, inEnglish } from '../forms/directions';

export const PLANS = 'platform-setting/plans';
export const BILLING_SELLER = 'platform-setting/billing-seller';
export const TOTAL_SALES = 'accounting/total-sales';
export const PAYMENTS = 'accounting/payments';
export const PAYMENT_REQUESTS = 'accounting/payments-requests';

type Invoice = RaRecord & {
  number: number;
  unique_id: string;
  account_id: number;
  account_name_en: string;
  account_name_ar: string;
  kind: 'subscription' | 'addon';
  plan?: string;
  period?: string;
  addon?: string;
  lines: Array<{ description_en: string; description_ar: string; net: number; vat: number; total: number }>;
  currency: Currency;
  vat_percent: string;
  net: number;
  vat: number;
  total: number;
  paid: number;
  due: number;
  status: 'unpaid' | 'paid' | 'cancelled';
  issue_date: string;
  due_date: string;
  seller: { name_en: string; name_ar: string; trn: string; address_en: string; address_ar: string };
  payments?: Payment[];
};
type Payment = RaRecord & {
  invoice_number: number;
  account_id: number;
  method: 'gateway' | 'bank_transfer';
  amount: number;
  net: number;
  vat: number;
  currency: Currency;
  reference: string;
  paid_on: string;
};
type PaymentRequest = RaRecord & {
  number: number;
  invoice_id: string;
  invoice_number: number;
  invoice_unique_id: string;
  account_id: number;
  amount: number;
  currency: Currency;
  email: string;
  sent_at: string;
  status: Invoice['status'];
};

const useMoney = () => {
  const { language } = useArea();
  return (amount: number, currency: Currency) => formatMoney({ amount, currency }, { locale: language });
};

const StatusChip = ({ status }: { status: Invoice['status'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'paid' ? 'success' : status === 'cancelled' ? 'default' : 'warning'}
      label={translate(`app.manager.billing.status.${status}`)}
      data-testid={`billing-status-${status}`}
    />
  );
};

// ---- plans ----

type Plan = RaRecord & { name_en?: string; name_ar?: string; max_employees?: number; prices: unknown[] };

/** `platform-setting/plans`: basic, advanced and premium, with their prices per Gulf country. */
export const PlanList = () => {
  const translate = useTranslate();
  const { language } = useArea();
  return (
    <List resource={PLANS} exporter={false} pagination={false} empty={false}>
      <ResponsiveDataTable<Plan>
        primaryText={(p) => (
          <bdi>
            {(language === 'ar' ? p.name_ar : p.name_en) ??
              translate(`app.manager.merchants.plans.${String(p.id)}`)}
          </bdi>
        )}
        secondaryText={(p) => `${translate('app.manager.billing.max_employees')}: ${p.max_employees ?? ''}`}
        bulkActionButtons={false}
        rowClick="edit"
      >
        <DataTable.Col
          source="id"
          render={(p: Plan) => translate(`app.manager.merchants.plans.${String(p.id)}`)}
        />
        <DataTable.Col
          source="name_en"
          disableSort
          render={(p: Plan) => <bdi>{language === 'ar' ? p.name_ar : p.name_en}</bdi>}
        />
        <DataTable.Col source="max_employees" disableSort />
      </ResponsiveDataTable>
    </List>
  );
};

/** Plans and the seller are changed, never deleted: the toolbar saves only. */
const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

const PlanTitle = () => {
  const translate = useTranslate();
  const plan = useRecordContext<Plan>();
  return <>{plan ? translate(`app.manager.merchants.plans.${String(plan.id)}`) : ''}</>;
};

export const PlanEdit = () => {
  const translate = useTranslate();
  const { language } = useArea();
  return (
    <Edit
      resource={PLANS}
      mutationMode="pessimistic"
      redirect="list"
      title={<PlanTitle />}
      transform={(d: RaRecord) => ({
        ...d,
        features_en: d.features_en_text,
        features_ar: d.features_ar_text,
      })}
    >
      <SimpleForm sx={{ maxWidth: 720 }} toolbar={<SaveOnly />}>
        <TextInput source="name_en" validate={required()} fullWidth slotProps={inEnglish} />
        <TextInput source="name_ar" validate={required()} fullWidth slotProps={inArabic} />
        <NumberInput source="max_employees" validate={required()} min={1} max={1000} step={1} />
        <TextInput
          source="features_en_text"
          multiline
          minRows={3}
          fullWidth
          slotProps={inEnglish}
          helperText="app.manager.billing.one_a_line"
        />
        <TextInput
          source="features_ar_text"
          multiline
          minRows={3}
          fullWidth
          slotProps={inArabic}
          helperText="app.manager.billing.one_a_line"
        />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('app.manager.billing.prices_hint')}
        </Typography>
        {COUNTRY_LIST.map((c) => (
          <Stack
            key={c.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0, sm: 2 }}
            sx={{ width: '100%' }}
          >
            <TextInput
              source={`monthly_${c.id}`}
              label={`${translate('app.manager.billing.monthly')} · ${language === 'ar' ? c.arabicName : c.englishName} (${c.currency})`}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
            <TextInput
              source={`yearly_${c.id}`}
              label={`${translate('app.manager.billing.yearly')} · ${language === 'ar' ? c.arabicName : c.englishName} (${c.currency})`}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
          </Stack>
        ))}
      </SimpleForm>
    </Edit>
  );
};

// ---- the platform as a seller ----

export const BillingSellerEdit = () => {
  const translate = useTranslate();
  return (
    <Edit
      id="platform"
      resource={BILLING_SELLER}
      redirect={false}
      mutationMode="pessimistic"
      title={translate(`resources.${BILLING_SELLER}.name`, { smart_count: 1 })}
    >
      <SimpleForm sx={{ maxWidth: 640 }} toolbar={<SaveOnly />}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.manager.billing.seller_hint')}
        </Typography>
        <SelectInput
          source="country_id"
          validate={required()}
          choices={[
            { id: 1, name: 'app.manager.billing.seller_ksa' },
            { id: 2, name: 'app.manager.billing.seller_uae' },
          ]}
        />
        <TextInput source="name_en" validate={required()} fullWidth slotProps={inEnglish} />
        <TextInput source="name_ar" validate={required()} fullWidth slotProps={inArabic} />
        <TextInput
          source="trn"
          validate={required()}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        />
        <TextInput source="address_en" validate={required()} fullWidth slotProps={inEnglish} />
        <TextInput source="address_ar" validate={required()} fullWidth slotProps={inArabic} />
      </SimpleForm>
    </Edit>
  );
};

// ---- invoices ----

const CreateLink = ({ to }: { to: string }) => {
  const { basename } = useArea();
  return <CreateButton to={`${basename}/${to}`} />;
};

export const TotalSalesList = () => {
  const { basename } = useArea();
  const money = useMoney();
  const { date } = useFormat();
  const { language } = useArea();
  return (
    <List
      resource={TOTAL_SALES}
      sort={{ field: 'number', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <CreateLink to={`${TOTAL_SALES}/invoice`} />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<Invoice>
        primaryText={(i) => (
          <span>
            #{i.number} · <bdi>{language === 'ar' ? i.account_name_ar : i.account_name_en}</bdi>
          </span>
        )}
        secondaryText={(i) => (
          <span>
            <bdi>{money(i.total, i.currency)}</bdi> · <bdi>{date(i.issue_date)}</bdi>
          </span>
        )}
        tertiaryText={(i) => <StatusChip status={i.status} />}
        bulkActionButtons={false}
        rowClick={(id) => `${basename}/${TOTAL_SALES}/invoice/${String(id)}`}
      >
        <DataTable.Col source="number" />
        <DataTable.Col source="issue_date" render={(i: Invoice) => <bdi>{date(i.issue_date)}</bdi>} />
        <DataTable.Col
          source="account_id"
          render={(i: Invoice) => <bdi>{language === 'ar' ? i.account_name_ar : i.account_name_en}</bdi>}
        />
        <DataTable.Col source="total" render={(i: Invoice) => <bdi>{money(i.total, i.currency)}</bdi>} />
        <DataTable.Col
          source="due"
          disableSort
          render={(i: Invoice) => <bdi>{money(i.due, i.currency)}</bdi>}
        />
        <DataTable.Col source="status" render={(i: Invoice) => <StatusChip status={i.status} />} />
      </ResponsiveDataTable>
    </List>
  );
};

/** `accounting/total-sales/invoice`: a subscription (plan and period) or an add-on invoice to a salon. */
export const TotalSalesCreate = () => {
  const translate = useTranslate();
  const { language } = useArea();
  // the salons, all of them (a few thousand at most): an invoice may go to one on trial or expired
  const { data: salons } = useGetList<RaRecord & { account_id: number; name_en: string; name_ar: string }>(
    'merchants/active-merchants',
    { pagination: { page: 1, perPage: 5000 }, sort: { field: 'account_id', order: 'ASC' } },
  );
  const [kind, setKind] = useState<string>('subscription');
  return (
    <Create
      resource={TOTAL_SALES}
      redirect={(_r?: string, id?: unknown) => `${TOTAL_SALES}/invoice/${String(id)}`}
      title={translate('app.manager.billing.new_invoice')}
    >
      <SimpleForm sx={{ maxWidth: 560 }} defaultValues={{ kind: 'subscription', period: 'monthly' }}>
        <SelectInput
          source="account_id"
          validate={required()}
          choices={(salons ?? []).map((a) => ({
            id: a.account_id,
            name: `${a.account_id} · ${language === 'ar' ? a.name_ar : a.name_en}`,
          }))}
        />
        <SelectInput
          source="kind"
          validate={required()}
          onChange={(e) => setKind(String(e.target.value))}
          choices={['subscription', 'addon'].map((id) => ({ id, name: `app.manager.billing.kinds.${id}` }))}
        />
        {kind === 'subscription' ? (
          <>
            <SelectInput
              source="plan"
              validate={required()}
              choices={['basic', 'advanced', 'premium'].map((id) => ({
                id,
                name: `app.manager.merchants.plans.${id}`,
              }))}
            />
            <SelectInput
              source="period"
              validate={required()}
              choices={['monthly', 'yearly'].map((id) => ({ id, name: `app.manager.billing.${id}` }))}
            />
          </>
        ) : (
          <>
            <SelectInput
              source="addon"
              validate={required()}
              choices={['advanced_accounting', 'whatsapp', 'payment_gateway'].map((id) => ({
                id,
                name: `app.manager.billing.addons.${id}`,
              }))}
            />
            <TextInput
              source="price"
              helperText="app.manager.billing.price_hint"
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
          </>
        )}
      </SimpleForm>
    </Create>
  );
};

/** One invoice, in both languages (what the salon sees on its link), with its payments. */
export const InvoiceSheet = ({ invoice, actions }: { invoice: Invoice; actions?: React.ReactNode }) => {
  const translate = useTranslate();
  const money = useMoney();
  const { date } = useFormat();
  const row = (label: string, value: React.ReactNode) => (
    <Stack direction="row" spacing={2} sx={{ py: 0.5, justifyContent: 'space-between' }}>
      <Typography color="text.secondary">{translate(label)}</Typography>
      <Typography component="bdi">{value}</Typography>
    </Stack>
  );
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }} data-testid="account-invoice">
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography variant="h6">
            {translate('app.manager.billing.invoice')} #{invoice.number}
          </Typography>
          <StatusChip status={invoice.status} />
        </Stack>
        <Typography sx={{ mt: 1 }}>
          <bdi>{invoice.seller.name_en}</bdi> · <bdi lang="ar">{invoice.seller.name_ar}</bdi>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.manager.billing.trn')}: <bdi>{invoice.seller.trn}</bdi>
        </Typography>
        <Box sx={{ mt: 2 }}>
          {row('app.manager.billing.salon', `${invoice.account_name_en} · ${invoice.account_name_ar}`)}
          {row('app.manager.billing.issue_date', date(invoice.issue_date))}
          {row('app.manager.billing.due_date', date(invoice.due_date))}
          {invoice.lines.map((l, n) => (
            <Box key={n}>{row('app.manager.billing.line', `${l.description_en} · ${l.description_ar}`)}</Box>
          ))}
          {row('app.manager.billing.net', money(invoice.net, invoice.currency))}
          {row(
            `app.manager.billing.vat`,
            `${invoice.vat_percent}% · ${money(invoice.vat, invoice.currency)}`,
          )}
          {row('app.manager.billing.total', money(invoice.total, invoice.currency))}
          {row('app.manager.billing.paid', money(invoice.paid, invoice.currency))}
          {row('app.manager.billing.due', money(invoice.due, invoice.currency))}
        </Box>
        {invoice.payments?.length ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2">{translate('app.manager.billing.payments')}</Typography>
            {invoice.payments.map((p) => (
              <Typography key={String(p.id)} variant="body2">
                <bdi>{date(p.paid_on)}</bdi> · {translate(`app.manager.billing.methods.${p.method}`)} ·{' '}
                <bdi>{money(p.amount, p.currency)}</bdi> · <bdi>{p.reference}</bdi>
              </Typography>
            ))}
          </Box>
        ) : null}
        {actions}
      </CardContent>
    </Card>
  );
};

/** `accounting/total-sales/invoice/{id}`: the invoice, and the manager's payment request, transfer or cancel. */
export const TotalSalesShow = () => {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useAppDataProvider();
  const { data, refetch } = useGetOne<Invoice>(TOTAL_SALES, { id: String(id) });
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!data) return null;
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      setErrors({});
      await run();
      notify(done, { type: 'success' });
      await refetch();
    } catch (error) {
      const e = error as { body?: { errors?: Record<string, string> } };
      if (e.body?.errors) setErrors(e.body.errors);
      if (!isHandled(error)) notify(String((error as Error).message ?? error), { type: 'error' });
    }
  };
  const open = data.status === 'unpaid';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={`${translate('app.manager.billing.invoice')} #${data.number}`} />
      <InvoiceSheet
        invoice={data}
        actions={
          open && (
            <Stack spacing={2} sx={{ mt: 3 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  data-testid="send-payment-request"
                  onClick={() =>
                    act(async () => {
                      const r = await dataProvider.send<{ id: string }>('POST', 'payment-requests', {
                        invoice_id: data.id,
                      });
                      redirect(`/${PAYMENT_REQUESTS}/payment-request/${r.id}`);
                    }, 'app.manager.billing.request_sent')
                  }
                >
                  {translate('app.manager.billing.send_request')}
                </Button>
                <Button
                  color="error"
                  onClick={() =>
                    act(
                      () =>
                        dataProvider.send('POST', `account-invoices/${String(data.id)}/cancel`, {
                          reason: translate('app.manager.billing.cancelled_by_manager'),
                        }),
                      'app.manager.billing.cancelled',
                    )
                  }
                >
                  {translate('app.manager.billing.cancel')}
                </Button>
              </Stack>
              <Typography variant="subtitle2">{translate('app.manager.billing.record_transfer')}</Typography>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  size="small"
                  label={translate('app.manager.billing.amount')}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  error={!!errors.amount}
                  helperText={errors.amount ? translate(errors.amount) : ' '}
                  slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
                />
                <TextField
                  size="small"
                  label={translate('app.manager.billing.reference')}
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                  error={!!errors.reference}
                  helperText={errors.reference ? translate(errors.reference) : ' '}
                />
                <Button
                  variant="outlined"
                  onClick={() =>
                    act(
                      () =>
                        dataProvider.send('POST', `account-invoices/${String(data.id)}/payments`, {
                          amount,
                          reference,
                        }),
                      'app.manager.billing.payment_recorded',
                    )
                  }
                >
                  {translate('app.manager.billing.record')}
                </Button>
              </Stack>
            </Stack>
          )
        }
      />
    </Box>
  );
};

// ---- payments and payment requests ----

export const PaymentList = () => {
  const translate = useTranslate();
  const money = useMoney();
  const { date } = useFormat();
  return (
    <List resource={PAYMENTS} sort={{ field: 'paid_at', order: 'DESC' }} exporter={false} empty={false}>
      <ResponsiveDataTable<Payment>
        primaryText={(p) => (
          <span>
            #{p.invoice_number} · <bdi>{money(p.amount, p.currency)}</bdi>
          </span>
        )}
        secondaryText={(p) => (
          <span>
            <bdi>{date(p.paid_on)}</bdi> · {translate(`app.manager.billing.methods.${p.method}`)}
          </span>
        )}
        bulkActionButtons={false}
        rowClick={false}
      >
        <DataTable.Col source="paid_at" render={(p: Payment) => <bdi>{date(p.paid_on)}</bdi>} />
        <DataTable.Col source="invoice_number" />
        <DataTable.Col source="account_id" disableSort />
        <DataTable.Col
          source="method"
          disableSort
          render={(p: Payment) => translate(`app.manager.billing.methods.${p.method}`)}
        />
        <DataTable.Col source="amount" render={(p: Payment) => <bdi>{money(p.amount, p.currency)}</bdi>} />
        <DataTable.Col
          source="vat"
          disableSort
          render={(p: Payment) => <bdi>{money(p.vat, p.currency)}</bdi>}
        />
        <DataTable.Col source="reference" disableSort />
      </ResponsiveDataTable>
    </List>
  );
};

export const PaymentRequestList = () => {
  const { basename } = useArea();
  const money = useMoney();
  const { dateTime } = useFormat();
  return (
    <List
      resource={PAYMENT_REQUESTS}
      sort={{ field: 'number', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <CreateLink to={`${PAYMENT_REQUESTS}/payment-request`} />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<PaymentRequest>
        primaryText={(r) => (
          <span>
            #{r.number} · <bdi>{money(r.amount, r.currency)}</bdi>
          </span>
        )}
        secondaryText={(r) => (
          <span>
            <bdi>{r.email}</bdi> · <bdi>{dateTime(r.sent_at)}</bdi>
          </span>
        )}
        tertiaryText={(r) => <StatusChip status={r.status} />}
        bulkActionButtons={false}
        rowClick={(id) => `${basename}/${PAYMENT_REQUESTS}/payment-request/${String(id)}`}
      >
        <DataTable.Col source="number" />
        <DataTable.Col source="invoice_number" disableSort />
        <DataTable.Col source="email" disableSort render={(r: PaymentRequest) => <bdi>{r.email}</bdi>} />
        <DataTable.Col
          source="amount"
          disableSort
          render={(r: PaymentRequest) => <bdi>{money(r.amount, r.currency)}</bdi>}
        />
        <DataTable.Col source="sent_at" render={(r: PaymentRequest) => <bdi>{dateTime(r.sent_at)}</bdi>} />
        <DataTable.Col
          source="status"
          disableSort
          render={(r: PaymentRequest) => <StatusChip status={r.status} />}
        />
      </ResponsiveDataTable>
    </List>
  );
};

/** `payments-requests/payment-request`: a request for an open invoice's due, mailed to the salon's owner. */
export const PaymentRequestCreate = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const money = useMoney();
  const { data: invoices } = useGetList<Invoice>(TOTAL_SALES, {
    filter: { status: 'unpaid' },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'number', order: 'DESC' },
  });
  return (
    <Create
      resource={PAYMENT_REQUESTS}
      redirect={(_r?: string, id?: unknown) => `${PAYMENT_REQUESTS}/payment-request/${String(id)}`}
      title={translate('app.manager.billing.new_request')}
    >
      <SimpleForm sx={{ maxWidth: 560 }}>
        <SelectInput
          source="invoice_id"
          validate={required()}
          choices={(invoices ?? []).map((i) => ({
            id: i.id,
            name: `#${i.number} · ${language === 'ar' ? i.account_name_ar : i.account_name_en} · ${money(i.due, i.currency)}`,
          }))}
        />
        <TextInput source="note" multiline fullWidth />
      </SimpleForm>
    </Create>
  );
};

export const PaymentRequestShow = () => {
  const { id } = useParams();
  const translate = useTranslate();
  const money = useMoney();
  const { dateTime } = useFormat();
  const { data } = useGetOne<PaymentRequest>(PAYMENT_REQUESTS, { id: String(id) });
  if (!data) return null;
  return (
    <Card sx={{ m: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title={`${translate('app.manager.billing.request')} #${data.number}`} />
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6">
            {translate('app.manager.billing.request')} #{data.number}
          </Typography>
          <StatusChip status={data.status} />
        </Stack>
        <Typography sx={{ mt: 1 }}>
          {translate('app.manager.billing.invoice')} #{data.invoice_number} ·{' '}
          <bdi>{money(data.amount, data.currency)}</bdi>
        </Typography>
        <Typography color="text.secondary">
          <bdi>{data.email}</bdi> · <bdi>{dateTime(data.sent_at)}</bdi>
        </Typography>
        <Typography sx={{ mt: 2 }}>
          {translate('app.manager.billing.link')}:{' '}
          <a href={`/account-invoice/${data.invoice_unique_id}`} target="_blank" rel="noreferrer" dir="ltr">
            /account-invoice/{data.invoice_unique_id}
          </a>
        </Typography>
      </CardContent>
    </Card>
  );
};

// ---- the advanced accounting add-on ----

export const ADVANCED_ACCOUNTING = 'advanced-accounting';

type AddonSalon = RaRecord & {
  account_id: number;
  name_en: string;
  name_ar: string;
  advanced_accounting_status: number;
  last_invoice: {
    id: string;
    number: number;
    total: number;
    currency: Currency;
    status: Invoice['status'];
  } | null;
};

/**
 * `advanced-accounting` (manager): the salons with the advanced accounting add-on (switched on from the
 * salons' list), and the last add-on invoice each was sent, which opens; a salon not invoiced yet is
 * invoiced from `accounting/total-sales/invoice`.
 */
export const AdvancedAccountingList = () => {
  const nameField = useNameField();
  const translate = useTranslate();
  const { language, basename } = useArea();
  const money = useMoney();
  const last = (s: AddonSalon) =>
    s.last_invoice ? (
      <span>
        #{s.last_invoice.number} · <bdi>{money(s.last_invoice.total, s.last_invoice.currency)}</bdi> ·{' '}
        {translate(`app.manager.billing.status.${s.last_invoice.status}`)}
      </span>
    ) : (
      translate('app.manager.billing.not_invoiced')
    );
  return (
    <List
      resource={ADVANCED_ACCOUNTING}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <CreateLink to={`${TOTAL_SALES}/invoice`} />
        </TopToolbar>
      }
    >
      <ResponsiveDataTable<AddonSalon>
        primaryText={(s) => (
          <span>
            {s.account_id} · <bdi>{language === 'ar' ? s.name_ar : s.name_en}</bdi>
          </span>
        )}
        secondaryText={(s) => last(s)}
        bulkActionButtons={false}
        rowClick={(_id, _r, s) =>
          (s as AddonSalon).last_invoice
            ? `${basename}/${TOTAL_SALES}/invoice/${(s as AddonSalon).last_invoice!.id}`
            : false
        }
      >
        <DataTable.Col source="account_id" />
        <DataTable.Col
          source={nameField}
          render={(s: AddonSalon) => <bdi>{language === 'ar' ? s.name_ar : s.name_en}</bdi>}
        />
        <DataTable.Col
          source="advanced_accounting_status"
          disableSort
          render={(s: AddonSalon) =>
            translate(
              s.advanced_accounting_status === 2
                ? 'app.manager.billing.books_open'
                : 'app.manager.billing.books_pending',
            )
          }
        />
        <DataTable.Col source="last_invoice" disableSort render={(s: AddonSalon) => last(s)} />
      </ResponsiveDataTable>
    </List>
  );
};
