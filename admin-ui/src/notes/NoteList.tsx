import { DataTable, ExportButton, FilterButton, List, SelectInput, TopToolbar } from 'react-admin';
import { useTranslate, type Exporter } from 'ra-core';
import { toDecimalString, type Currency } from '@rawnaq/contracts';
import Typography from '@mui/material/Typography';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { NoteRowText } from './NoteRowText';
import { EInvoicingChip, einvoicingChoices, useReportsToZatca } from '../einvoicing/EInvoicingChip';
import { Amount, useInvoiceMoney } from '../sales/InvoiceParts';
import { useCustomerName } from '../sales/InvoiceList';
import { PeriodPresets, useSalonToday, PeriodDateInput } from '../sales/PeriodFilter';
import { dayPeriod } from '../sales/period';
import type { CreditNote } from './creditNote';
import type { DebitNote } from './debitNote';
import type { NoteKind } from './NoteForm';

type Note = CreditNote | DebitNote;

const Total = ({ note }: { note: Note }) => {
  const money = useInvoiceMoney(note.currency);
  return <Amount>{money(note.total)}</Amount>;
};

/** The CSV of the listed notes, in the page's language; a debit note's with what it leaves owed. */
const useExporter = (kind: NoteKind): Exporter<Note> => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const customer = useCustomerName();
  return (notes) => {
    const label = (f: string) => translate(`resources.accounting/${kind}-note.fields.${f}`);
    const amount = (n: Note, minor: number) =>
      toDecimalString({ amount: minor, currency: n.currency as Currency });
    const owed = kind === 'debit';
    downloadCsv(
      toCsv(
        [
          'number',
          'issued_at',
          'invoice_number',
          'customer_name',
          'total',
          ...(owed ? ['owed'] : []),
          'reason',
        ].map(label),
        notes.map((n) => [
          n.number,
          dateTime(n.issued_at),
          n.invoice_number,
          customer(n),
          amount(n, n.total),
          ...(owed ? [amount(n, (n as DebitNote).owed)] : []),
          n.reason,
        ]),
      ),
      translate(`app.notes.${kind}.file`),
    );
  };
};

/**
 * `accounting/credit-note` and `accounting/debit-note`: the period's notes of a kind, newest first, each
 * opening as issued (the two lists are one: the combined `accounting/accounting-notes` has its own).
 */
export const NoteList = ({ kind }: { kind: NoteKind }) => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { dateTime } = useFormat();
  const customer = useCustomerName();
  const zatca = useReportsToZatca();
  return (
    <List
      filters={[
        <PeriodDateInput key="from" source="from" alwaysOn />,
        <PeriodDateInput key="to" source="to" alwaysOn />,
        ...(zatca
          ? [<SelectInput key="einvoicing" source="einvoicing" choices={einvoicingChoices()} />]
          : []),
      ]}
      filterDefaultValues={(today && dayPeriod('this_month', today)) || {}}
      sort={{ field: 'number', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <PeriodPresets />
          <FilterButton />
          <ExportButton maxResults={10_000} />
        </TopToolbar>
      }
      exporter={useExporter(kind)}
      empty={false}
    >
      <ResponsiveDataTable<Note>
        primaryText={(n) => (
          <span>
            <bdi>{`#${n.number}`}</bdi> · <bdi>{customer(n)}</bdi>
          </span>
        )}
        secondaryText={(n) => <NoteRowText note={n} />}
        tertiaryText={(n) => <Total note={n} />}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid={`${kind}-notes-empty`}>
            {translate(`app.notes.${kind}.empty`)}
          </Typography>
        }
      >
        <DataTable.Col source="number" />
        <DataTable.Col source="issued_at" render={(n: Note) => <bdi>{dateTime(n.issued_at)}</bdi>} />
        <DataTable.Col source="invoice_number" disableSort />
        <DataTable.Col source="customer_name" disableSort render={(n: Note) => customer(n)} />
        <DataTable.Col source="reason" disableSort />
        <DataTable.Col align="right" source="total" render={(n: Note) => <Total note={n} />} />
        {zatca && (
          <DataTable.Col
            source="einvoicing"
            disableSort
            render={(n: Note) => <EInvoicingChip state={n.einvoicing} />}
          />
        )}
      </ResponsiveDataTable>
    </List>
  );
};

export const CreditNoteList = () => <NoteList kind="credit" />;
export const DebitNoteList = () => <NoteList kind="debit" />;
