import { useState } from 'react';
import {
  Create,
  CreateButton,
  DataTable,
  Edit,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useRecordContext,
} from 'react-admin';
import { useTranslate } from 'ra-core';
import { toDecimalString, type Currency, type GlobalInformation } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { LinkIfAllowed } from '../layout/LinkIfAllowed';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { ReportTable, useReportData, type ReportColumn } from '../reports/MoneyReport';
import { Amount } from '../sales/InvoiceParts';
import { useArea } from '../shell/area';
import { PayBillsButton } from './PayBills';
import { useAccountName } from './Statements';
import { useSalonChart } from './useSalonChart';
import { useNameSort } from '../shell/names';
import { inArabic, inEnglish } from '../forms/directions';

type Supplier = {
  id: string;
  name: string;
  vat_number: string | null;
  mobile: string | null;
  email: string | null;
  opening_balance: number;
  owed: number;
  purchased: number;
  status: number;
};

const SUPPLIERS = 'accounting/suppliers';
/** what a supplier's form sends: the opening balance as the decimal text the API reads */
const toBody = (s: Record<string, unknown>) => ({
  name: s.name,
  vat_number: s.vat_number || undefined,
  mobile: s.mobile || undefined,
  email: s.email || undefined,
  opening_balance:
    typeof s.opening_balance_text === 'string' && s.opening_balance_text.trim()
      ? s.opening_balance_text.trim()
      : undefined,
});

const SupplierForm = () => (
  <SimpleForm sx={{ maxWidth: 560 }}>
    <TextInput source="name" validate={required()} fullWidth />
    <TextInput source="vat_number" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
    <TextInput source="mobile" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
    <TextInput source="email" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
    <TextInput
      source="opening_balance_text"
      label={`resources.${SUPPLIERS}.fields.opening_balance`}
      helperText="app.books.opening_balance_hint"
      slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
    />
  </SimpleForm>
);

export const SupplierCreate = () => (
  <Create title="app.books.titles.new_supplier" transform={toBody} redirect="show">
    <SupplierForm />
  </Create>
);

export const SupplierEdit = () => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const currency = (information?.global_informations?.account?.currency ?? 'SAR') as Currency;
  return (
    <Edit
      title="app.books.titles.edit_supplier"
      transform={toBody}
      redirect="show"
      mutationMode="pessimistic"
      queryOptions={{
        select: (s: Supplier) =>
          ({
            ...s,
            opening_balance_text: s.opening_balance
              ? toDecimalString({ amount: s.opening_balance, currency })
              : '',
          }) as Supplier,
      }}
    >
      <SupplierForm />
    </Edit>
  );
};

/** `accounting/suppliers`: who the salon buys from, what is owed to each. */
export const SupplierList = () => {
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <List
      title="app.books.titles.suppliers"
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput
          key="status"
          source="status"
          choices={[
            { id: '1', name: 'app.books.supplier_status.1' },
            { id: '0', name: 'app.books.supplier_status.0' },
          ]}
        />,
      ]}
      sort={{ field: 'name', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<Supplier>
        primaryText={(s) => <bdi>{s.name}</bdi>}
        secondaryText={(s) =>
          s.vat_number ? <bdi>{s.vat_number}</bdi> : translate('app.books.no_vat_number')
        }
        tertiaryText={(s) => <Amount>{money(s.owed)}</Amount>}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="suppliers-empty">
            {translate('app.books.no_suppliers')}
          </Typography>
        }
      >
        <DataTable.Col source="name" />
        <DataTable.Col
          source="vat_number"
          disableSort
          render={(s: Supplier) => <bdi>{s.vat_number ?? ''}</bdi>}
        />
        <DataTable.Col
          source="purchased"
          disableSort
          align="right"
          render={(s: Supplier) => <Amount>{money(s.purchased)}</Amount>}
        />
        <DataTable.Col
          source="owed"
          align="right"
          render={(s: Supplier) => <Amount>{money(s.owed)}</Amount>}
        />
        <DataTable.Col
          source="status"
          disableSort
          render={(s: Supplier) => (
            <Chip
              size="small"
              variant="outlined"
              label={translate(`app.books.supplier_status.${s.status}`)}
            />
          )}
        />
      </ResponsiveDataTable>
    </List>
  );
};

type StatementRow = {
  id: string;
  date: string;
  kind: 'expense' | 'payment';
  expense_id: string;
  number: number;
  amount: number;
  balance: number;
};

/** A supplier's statement: bought, paid, and the balance owed after each. */
const Statement = () => {
  const supplier = useRecordContext<Supplier>();
  const translate = useTranslate();
  const { money, date } = useFormat();
  const { basename } = useArea();
  // read again once bills are paid from here
  const [version, setVersion] = useState(0);
  const { data, loading } = useReportData<{
    opening: number;
    rows: StatementRow[];
    totals: { purchased: number; paid: number; owed: number };
  }>(supplier ? `suppliers/${supplier.id}/statement${version ? `?v=${version}` : ''}` : null);
  if (!supplier) return null;
  const columns: ReportColumn<StatementRow>[] = [
    { key: 'date', label: translate('app.books.columns.date'), value: (r) => date(r.date), align: 'start' },
    {
      key: 'document',
      label: translate('app.books.columns.source'),
      value: (r) => `${translate(`app.books.statement_kinds.${r.kind}`)} #${r.number}`,
      render: (r) => (
        <LinkIfAllowed
          resource="accounting/expenses"
          to={`${basename}/accounting/expenses/${r.expense_id}/show`}
        >
          <bdi>{`${translate(`app.books.statement_kinds.${r.kind}`)} #${r.number}`}</bdi>
        </LinkIfAllowed>
      ),
      align: 'start',
    },
    { key: 'amount', label: translate('app.books.columns.amount'), value: (r) => money(r.amount) },
    { key: 'balance', label: translate('app.books.columns.balance'), value: (r) => money(r.balance) },
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }} data-testid="supplier-show">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          <bdi>{supplier.name}</bdi>
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={translate(`app.books.supplier_status.${supplier.status}`)}
        />
        <Box sx={{ flex: 1 }} />
        <PayBillsButton supplierId={String(supplier.id)} onPaid={() => setVersion((v) => v + 1)} />
        <EditButton />
      </Stack>
      <Typography color="text.secondary">
        <bdi>
          {[supplier.vat_number, supplier.mobile, supplier.email].filter(Boolean).join(' · ') ||
            translate('app.books.no_vat_number')}
        </bdi>
      </Typography>
      {data && (
        <Card variant="outlined" sx={{ p: 1.5 }} data-testid="supplier-totals">
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
            {(
              [
                ['opening', data.opening],
                ['purchased', data.totals.purchased],
                ['paid', data.totals.paid],
                ['owed', data.totals.owed],
              ] as const
            ).map(([k, v]) => (
              <Box key={k} data-testid={`supplier-total-${k}`}>
                <Typography variant="caption" color="text.secondary">
                  {translate(`app.books.supplier_totals.${k}`)}
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>
                  <Amount>{money(v)}</Amount>
                </Typography>
              </Box>
            ))}
          </Stack>
        </Card>
      )}
      <ReportTable
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => `${r.kind}:${r.id}`}
        empty={loading ? translate('ra.page.loading') : translate('app.books.no_expenses')}
      />
    </Stack>
  );
};

export const SupplierShow = () => (
  <Show title="app.books.titles.supplier" actions={false}>
    <Statement />
  </Show>
);

/** The salon's expense (and cost of sales) accounts; `active` leaves the disabled ones out. */
const useExpenseAccounts = (active: boolean) =>
  useSalonChart().accounts.filter(
    (a) => !a.group && (a.main_type === 5 || a.main_type === 6) && !(active && a.disabled),
  );

const ExpenseTypeForm = () => {
  const name = useAccountName();
  const EXPENSE_ACCOUNTS = useExpenseAccounts(true);
  return (
    <SimpleForm sx={{ maxWidth: 560 }}>
      <TextInput source="name_en" validate={required()} fullWidth slotProps={inEnglish} />
      <TextInput source="name_ar" validate={required()} fullWidth slotProps={inArabic} />
      <SelectInput
        source="account"
        validate={required()}
        choices={EXPENSE_ACCOUNTS.map((a) => ({ id: a.code, name: `${a.code} · ${name(a)}` }))}
        translateChoice={false}
        fullWidth
      />
    </SimpleForm>
  );
};

export const ExpenseTypeCreate = () => (
  <Create title="app.books.titles.new_expense_type" redirect="list">
    <ExpenseTypeForm />
  </Create>
);
export const ExpenseTypeEdit = () => (
  <Edit title="app.books.titles.edit_expense_type" redirect="list" mutationMode="pessimistic">
    <ExpenseTypeForm />
  </Edit>
);

type ExpenseType = { id: string; name_en: string; name_ar: string; account: string };

/** `accounting/expense-types`: the kinds of expense the salon keeps, each posted to an expense account. */
export const ExpenseTypeList = () => {
  const translate = useTranslate();
  const name = useAccountName();
  const { language } = useArea();
  const byName = useNameSort();
  const EXPENSE_ACCOUNTS = useExpenseAccounts(false);
  const account = (t: ExpenseType) => {
    const a = EXPENSE_ACCOUNTS.find((x) => x.code === t.account);
    return a ? `${a.code} · ${name(a)}` : t.account;
  };
  return (
    <List
      title="app.books.titles.expense_types"
      sort={byName}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<ExpenseType>
        primaryText={(t) => <bdi>{language === 'ar' ? t.name_ar : t.name_en}</bdi>}
        secondaryText={(t) => <bdi>{account(t)}</bdi>}
        rowClick="edit"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.books.no_expense_types')}
          </Typography>
        }
      >
        <DataTable.Col source="name_en" />
        <DataTable.Col source="name_ar" />
        <DataTable.Col source="account" disableSort render={(t: ExpenseType) => <bdi>{account(t)}</bdi>} />
      </ResponsiveDataTable>
    </List>
  );
};
