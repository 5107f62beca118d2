import { DataTable, ExportButton, List, TopToolbar } from 'react-admin';
import { useTranslate, type Exporter } from 'ra-core';
import Typography from '@mui/material/Typography';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { DEBIT_NOTES } from '../notes/paths';
import { useArea } from '../shell/area';
import { Amount } from '../sales/InvoiceParts';
import { useCustomerName } from '../sales/InvoiceList';
import { ReceivePaymentButton } from './ReceivePaymentButton';

/** A document that left an amount owed (`GET receivables`): an invoice or a debit note on one. */
export type Receivable = {
  id: string;
  document: 'invoice' | 'debit_note';
  number: number;
  invoice_id: string;
  invoice_number: number;
  issued_at: string;
  customer_id: string | null;
  customer_name: string | null;
  total: number;
  paid: number;
  owed: number;
};

/** What is owed on, in words: the invoice's number, or the debit note's with its invoice's. */
const useOwedOn = () => {
  const translate = useTranslate();
  return (r: Receivable) =>
    r.document === 'debit_note'
      ? translate('app.receivables.debit_note', { number: r.number, invoice: r.invoice_number })
      : `#${r.number}`;
};

const useExporter = (): Exporter<Receivable> => {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const customer = useCustomerName();
  const owedOn = useOwedOn();
  return (rows) => {
    const label = (f: string) => translate(`resources.accounting/total-sales.fields.${f}`);
    downloadCsv(
      toCsv(
        [
          translate('app.receivables.document'),
          ...['issued_at', 'customer_id', 'total', 'paid', 'owed'].map(label),
        ],
        rows.map((r) => [
          owedOn(r),
          dateTime(r.issued_at),
          customer(r),
          money(r.total),
          money(r.paid),
          money(r.owed),
        ]),
      ),
      translate('app.receivables.menu'),
    );
  };
};

/** A row opens what is owed on: the invoice, or the debit note. */
const openOwed = (basename: string) => (id: unknown, _resource: string, record: Receivable) =>
  `${basename}/${record.document === 'debit_note' ? DEBIT_NOTES : 'accounting/total-sales'}/${encodeURIComponent(String(id))}/show`;

const Pay = ({ r, variant }: { r: Receivable; variant?: 'text' }) => (
  <ReceivePaymentButton invoice={r} document={r.document} variant={variant} />
);

/**
 * `receivable`: what invoices and debit notes left owed, most owed first, each paid from its row and
 * opening its invoice or debit note.
 */
export const ReceivableList = () => {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const customer = useCustomerName();
  const owedOn = useOwedOn();
  const { basename } = useArea();
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
      <ResponsiveDataTable<Receivable>
        primaryText={(r) => (
          <span data-testid="receivable-owed-on">
            <bdi>{owedOn(r)}</bdi> · <bdi>{customer(r)}</bdi>
          </span>
        )}
        secondaryText={(r) => <bdi>{dateTime(r.issued_at)}</bdi>}
        tertiaryText={(r) => (
          <span>
            <Amount>{money(r.owed)}</Amount> <Pay r={r} variant="text" />
          </span>
        )}
        rowClick={openOwed(basename) as never}
        bulkActionButtons={false}
        empty={empty}
      >
        <DataTable.Col
          source="number"
          label="app.receivables.document"
          render={(r: Receivable) => <bdi data-testid="receivable-owed-on">{owedOn(r)}</bdi>}
        />
        <DataTable.Col
          source="issued_at"
          label="resources.accounting/total-sales.fields.issued_at"
          render={(r: Receivable) => <bdi>{dateTime(r.issued_at)}</bdi>}
        />
        <DataTable.Col
          source="customer_id"
          label="resources.accounting/total-sales.fields.customer_id"
          disableSort
          render={(r: Receivable) => customer(r)}
        />
        <DataTable.Col
          align="right"
          source="total"
          label="resources.accounting/total-sales.fields.total"
          render={(r: Receivable) => <Amount>{money(r.total)}</Amount>}
        />
        <DataTable.Col
          align="right"
          source="owed"
          label="resources.accounting/total-sales.fields.owed"
          render={(r: Receivable) => <Amount>{money(r.owed)}</Amount>}
        />
        <DataTable.Col source="id" label=" " disableSort render={(r: Receivable) => <Pay r={r} />} />
      </ResponsiveDataTable>
    </List>
  );
};
