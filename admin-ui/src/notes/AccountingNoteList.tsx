import { DataTable, FilterButton, List, SelectInput, TopToolbar } from 'react-admin';
import { useTranslate } from 'ra-core';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useArea } from '../shell/area';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { NoteRowText } from './NoteRowText';
import { EInvoicingChip, einvoicingChoices, useReportsToZatca } from '../einvoicing/EInvoicingChip';
import { Amount, useInvoiceMoney } from '../sales/InvoiceParts';
import { useCustomerName } from '../sales/InvoiceList';
import { PeriodPresets, useSalonToday, PeriodDateInput } from '../sales/PeriodFilter';
import { dayPeriod } from '../sales/period';
import type { DebitNote } from './debitNote';
import { CREDIT_NOTES, DEBIT_NOTES } from './paths';

/** A note of either kind as `GET accounting-notes` lists it (a debit note's fields; a credit note has no `owed`). */
type AccountingNote = DebitNote & { kind: 'credit' | 'debit' };

const Total = ({ note }: { note: AccountingNote }) => {
  const money = useInvoiceMoney(note.currency);
  // what a credit note gives back is money out: written as such
  return <Amount>{money(note.kind === 'credit' ? -note.total : note.total)}</Amount>;
};

const Kind = ({ note }: { note: AccountingNote }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={note.kind === 'credit' ? 'warning' : 'info'}
      label={translate(`app.notes.kinds.${note.kind}`)}
      data-testid={`note-kind-${note.kind}`}
    />
  );
};

/**
 * `accounting/accounting-notes`: the period's credit and debit notes in one list, newest first (what
 * an accountant goes through to see every correction of the invoices), each opening as issued.
 */
export const AccountingNoteList = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { dateTime } = useFormat();
  const customer = useCustomerName();
  const zatca = useReportsToZatca();
  const { basename } = useArea();
  const open = (note: AccountingNote) =>
    `${basename}/${note.kind === 'credit' ? CREDIT_NOTES : DEBIT_NOTES}/${encodeURIComponent(note.id)}/show`;
  return (
    <List
      filters={[
        <PeriodDateInput key="from" source="from" alwaysOn />,
        <PeriodDateInput key="to" source="to" alwaysOn />,
        <SelectInput
          key="kind"
          source="kind"
          choices={(['credit', 'debit'] as const).map((k) => ({ id: k, name: `app.notes.kinds.${k}` }))}
        />,
        ...(zatca
          ? [<SelectInput key="einvoicing" source="einvoicing" choices={einvoicingChoices()} />]
          : []),
      ]}
      filterDefaultValues={(today && dayPeriod('this_month', today)) || {}}
      sort={{ field: 'issued_at', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <PeriodPresets />
          <FilterButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ResponsiveDataTable<AccountingNote>
        primaryText={(n) => (
          <span>
            <bdi>{translate(`app.notes.kinds.${n.kind}`)}</bdi> <bdi>{`#${n.number}`}</bdi> ·{' '}
            <bdi>{customer(n)}</bdi>
          </span>
        )}
        secondaryText={(n) => <NoteRowText note={n} />}
        tertiaryText={(n) => <Total note={n} />}
        rowClick={(_id, _resource, record) => open(record as AccountingNote)}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.notes.accounting.empty')}
          </Typography>
        }
      >
        <DataTable.Col source="kind" disableSort render={(n: AccountingNote) => <Kind note={n} />} />
        <DataTable.Col source="number" disableSort />
        <DataTable.Col
          source="issued_at"
          render={(n: AccountingNote) => <bdi>{dateTime(n.issued_at)}</bdi>}
        />
        <DataTable.Col source="invoice_number" disableSort />
        <DataTable.Col source="customer_name" disableSort render={(n: AccountingNote) => customer(n)} />
        <DataTable.Col source="reason" disableSort />
        <DataTable.Col
          align="right"
          source="total"
          disableSort
          render={(n: AccountingNote) => <Total note={n} />}
        />
        {zatca && (
          <DataTable.Col
            source="einvoicing"
            disableSort
            render={(n: AccountingNote) => <EInvoicingChip state={n.einvoicing} />}
          />
        )}
      </ResponsiveDataTable>
    </List>
  );
};
