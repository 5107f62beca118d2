import { DataTable, ExportButton, List, TopToolbar } from 'react-admin';
import { useTranslate, type Exporter } from 'ra-core';
import Typography from '@mui/material/Typography';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { Amount } from '../sales/InvoiceParts';
import { useCustomerName } from '../sales/InvoiceList';
import type { Invoice } from '../sales/types';
import { ReceivePaymentButton } from './ReceivePaymentButton';

const useExporter = (): Exporter<Invoice> => {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const customer = useCustomerName();
  return (invoices) => {
    const label = (f: string) => translate(`resources.accounting/total-sales.fields.${f}`);
    downloadCsv(
      toCsv(
        ['number', 'issued_at', 'customer_id', 'total', 'paid', 'owed'].map(label),
        invoices.map((i) => [
          i.number,
          dateTime(i.issued_at),
          customer(i),
          money(i.total),
          money(i.paid),
          money(i.owed),
        ]),
      ),
      translate('app.receivables.menu'),
    );
  };
};

/** `receivable`: the invoices with an amount still owed, most owed first, each paid from its row. */
export const ReceivableList = () => {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const customer = useCustomerName();
  const empty = (
    <Typography sx={{ p: 3 }} color="text.secondary" data-testid="receivables-empty">
      {translate('app.receivables.empty')}
    </Typography>
  );
  return (
    <List
      resource="accounting/receivable"
      filter={{ owed: true }}
      sort={{ field: 'owed', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <ExportButton maxResults={10_000} />
        </TopToolbar>
      }
      exporter={useExporter()}
      empty={false}
    >
      <ResponsiveDataTable<Invoice>
        primaryText={(i) => (
          <span>
            <bdi>{`#${i.number}`}</bdi> · <bdi>{customer(i)}</bdi>
          </span>
        )}
        secondaryText={(i) => <bdi>{dateTime(i.issued_at)}</bdi>}
        tertiaryText={(i) => (
          <span>
            <Amount>{money(i.owed)}</Amount> <ReceivePaymentButton invoice={i} variant="text" />
          </span>
        )}
        rowClick="show"
        bulkActionButtons={false}
        empty={empty}
      >
        <DataTable.Col source="number" label="resources.accounting/total-sales.fields.number" />
        <DataTable.Col
          source="issued_at"
          label="resources.accounting/total-sales.fields.issued_at"
          render={(i: Invoice) => <bdi>{dateTime(i.issued_at)}</bdi>}
        />
        <DataTable.Col
          source="customer_id"
          label="resources.accounting/total-sales.fields.customer_id"
          disableSort
          render={(i: Invoice) => customer(i)}
        />
        <DataTable.Col
          align="right"
          source="total"
          label="resources.accounting/total-sales.fields.total"
          render={(i: Invoice) => <Amount>{money(i.total)}</Amount>}
        />
        <DataTable.Col
          align="right"
          source="owed"
          label="resources.accounting/total-sales.fields.owed"
          render={(i: Invoice) => <Amount>{money(i.owed)}</Amount>}
        />
        <DataTable.Col
          source="id"
          label=" "
          disableSort
          render={(i: Invoice) => <ReceivePaymentButton invoice={i} />}
        />
      </ResponsiveDataTable>
    </List>
  );
};
