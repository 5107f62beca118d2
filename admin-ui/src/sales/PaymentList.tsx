import { DataTable, ExportButton, FilterButton, List, SelectInput, TopToolbar } from 'react-admin';
import { useTranslate, type Exporter } from 'ra-core';
import { codeOptions } from '@rawnaq/contracts';
import Typography from '@mui/material/Typography';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount, usePaymentMethod } from './InvoiceParts';
import { useCustomerName } from './InvoiceList';
import { PaidFor, usePaidFor } from './PaidFor';
import { PeriodPresets, useSalonToday, PeriodDateInput } from './PeriodFilter';
import { dayPeriod } from './period';
import type { Payment } from './types';

const Actions = () => (
  <TopToolbar>
    <PeriodPresets />
    <FilterButton />
    <ExportButton maxResults={10_000} />
  </TopToolbar>
);

const filters = [
  <PeriodDateInput key="from" source="from" alwaysOn />,
  <PeriodDateInput key="to" source="to" alwaysOn />,
  <SelectInput key="method" source="method" choices={codeOptions('paymentMethod')} />,
];

const useExporter = (): Exporter<Payment> => {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const method = usePaymentMethod();
  const customer = useCustomerName();
  const paidFor = usePaidFor();
  return (payments) => {
    const label = (f: string) => translate(`resources.accounting/payments.fields.${f}`);
    downloadCsv(
      toCsv(
        ['paid_at', 'paid_for', 'customer_name', 'method', 'amount', 'authorization_code'].map(label),
        payments.map((p) => [
          dateTime(p.paid_at),
          paidFor(p),
          customer(p),
          method(p.method),
          money(p.amount),
          p.authorization_code ?? '',
        ]),
      ),
      translate('app.sales.payments_file'),
    );
  };
};

/** `payments`: every payment taken in the period, by method, with its card authorization code. */
export const PaymentList = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { money, dateTime } = useFormat();
  const method = usePaymentMethod();
  const customer = useCustomerName();
  return (
    <List
      filters={filters}
      filterDefaultValues={(today && dayPeriod('this_month', today)) || {}}
      sort={{ field: 'paid_at', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      exporter={useExporter()}
      empty={false}
    >
      <ResponsiveDataTable<Payment>
        primaryText={(p) => (
          <span>
            <PaidFor payment={p} /> · {method(p.method)}
          </span>
        )}
        secondaryText={(p) => (
          <span>
            <bdi>{dateTime(p.paid_at)}</bdi> · <bdi>{customer(p)}</bdi>
          </span>
        )}
        tertiaryText={(p) => <Amount>{money(p.amount)}</Amount>}
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.sales.empty_payments')}
          </Typography>
        }
      >
        <DataTable.Col source="paid_at" render={(p: Payment) => <bdi>{dateTime(p.paid_at)}</bdi>} />
        <DataTable.Col
          source="invoice_number"
          label="resources.accounting/payments.fields.paid_for"
          render={(p: Payment) => <PaidFor payment={p} />}
        />
        <DataTable.Col source="customer_name" disableSort render={(p: Payment) => customer(p)} />
        <DataTable.Col source="method" disableSort render={(p: Payment) => method(p.method)} />
        <DataTable.Col
          align="right"
          source="amount"
          render={(p: Payment) => <Amount>{money(p.amount)}</Amount>}
        />
        <DataTable.Col
          source="authorization_code"
          disableSort
          render={(p: Payment) => <bdi>{p.authorization_code ?? ''}</bdi>}
        />
      </ResponsiveDataTable>
    </List>
  );
};
