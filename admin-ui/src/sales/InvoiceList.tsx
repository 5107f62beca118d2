import {
  AutocompleteInput,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  ReferenceInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { useCanAccess, useTranslate, type Exporter } from 'ra-core';
import Typography from '@mui/material/Typography';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import {
  EInvoicingChip,
  EInvoicingText,
  einvoicingChoices,
  useReportsToZatca,
} from '../einvoicing/EInvoicingChip';
import { Amount, InvoiceStateChip } from './InvoiceParts';
import { PeriodPresets, useSalonToday, PeriodDateInput } from './PeriodFilter';
import { dayPeriod } from './period';
import { INVOICE_STATES, type Invoice } from './types';

const Actions = () => (
  <TopToolbar>
    <PeriodPresets />
    <FilterButton />
    <ExportButton maxResults={10_000} />
  </TopToolbar>
);

const useFilters = () => {
  // the customer filter searches the customers, which needs their own right (page 4)
  const customers = useCanAccess({ resource: 'customers', action: 'list' }).canAccess;
  const zatca = useReportsToZatca();
  return [
    <PeriodDateInput key="from" source="from" alwaysOn />,
    <PeriodDateInput key="to" source="to" alwaysOn />,
    ...(customers
      ? [
          <ReferenceInput key="customer_id" source="customer_id" reference="customers">
            <AutocompleteInput
              optionText="name"
              filterToQuery={(q: string) => ({ q })}
              sx={{ minWidth: 220 }}
            />
          </ReferenceInput>,
        ]
      : []),
    <SelectInput
      key="state"
      source="state"
      choices={INVOICE_STATES.map((s) => ({ id: s, name: `app.sales.states.${s}` }))}
    />,
    // where the invoices stand with ZATCA (a Saudi salon): refused ones, those still on their way...
    ...(zatca ? [<SelectInput key="einvoicing" source="einvoicing" choices={einvoicingChoices()} />] : []),
  ];
};

export const useCustomerName = () => {
  const translate = useTranslate();
  return (r: { customer_name: string | null }) => r.customer_name ?? translate('app.sales.walk_in');
};

const useExporter = (): Exporter<Invoice> => {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const customer = useCustomerName();
  const zatca = useReportsToZatca();
  return (invoices) => {
    const label = (f: string) => translate(`resources.accounting/total-sales.fields.${f}`);
    downloadCsv(
      toCsv(
        ['number', 'issued_at', 'customer_id', 'total', 'paid', 'owed', 'state']
          .concat(zatca ? ['einvoicing'] : [])
          .map(label),
        invoices.map((i) => [
          i.number,
          dateTime(i.issued_at),
          customer(i),
          money(i.total),
          money(i.paid),
          money(i.owed),
          i.state ? translate(`app.sales.states.${i.state}`) : '',
          ...(zatca ? [translate(`app.sales.einvoicing.${i.einvoicing}`)] : []),
        ]),
      ),
      translate('app.sales.invoices_file'),
    );
  };
};

/** `accounting/total-sales`: the period's invoices, newest first, each opening its invoice. */
export const InvoiceList = () => {
  const translate = useTranslate();
  const today = useSalonToday();
  const { money, dateTime } = useFormat();
  const customer = useCustomerName();
  const zatca = useReportsToZatca();
  const empty = (
    <Typography sx={{ p: 3 }} color="text.secondary" data-testid="invoices-empty">
      {translate('app.sales.empty_invoices')}
    </Typography>
  );
  return (
    <List
      filters={useFilters()}
      filterDefaultValues={(today && dayPeriod('this_month', today)) || {}}
      sort={{ field: 'number', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      exporter={useExporter()}
      empty={false}
    >
      <ResponsiveDataTable<Invoice>
        primaryText={(i) => (
          <span>
            <bdi>{`#${i.number}`}</bdi> · <bdi>{customer(i)}</bdi>
          </span>
        )}
        secondaryText={(i) => (
          <span>
            <bdi>{dateTime(i.issued_at)}</bdi>
            {zatca && (
              <>
                {' · '}
                <EInvoicingText state={i.einvoicing} />
              </>
            )}
          </span>
        )}
        tertiaryText={(i) => <Amount>{money(i.total)}</Amount>}
        rowClick="show"
        bulkActionButtons={false}
        empty={empty}
      >
        <DataTable.Col source="number" />
        <DataTable.Col source="issued_at" render={(i: Invoice) => <bdi>{dateTime(i.issued_at)}</bdi>} />
        <DataTable.Col source="customer_id" disableSort render={(i: Invoice) => customer(i)} />
        <DataTable.Col
          align="right"
          source="total"
          render={(i: Invoice) => <Amount>{money(i.total)}</Amount>}
        />
        <DataTable.Col
          align="right"
          source="paid"
          disableSort
          render={(i: Invoice) => <Amount>{money(i.paid)}</Amount>}
        />
        <DataTable.Col
          align="right"
          source="owed"
          disableSort
          render={(i: Invoice) => <Amount>{money(i.owed)}</Amount>}
        />
        <DataTable.Col
          source="state"
          disableSort
          render={(i: Invoice) => <InvoiceStateChip state={i.state} />}
        />
        {zatca && (
          <DataTable.Col
            source="einvoicing"
            disableSort
            render={(i: Invoice) => <EInvoicingChip state={i.einvoicing} />}
          />
        )}
      </ResponsiveDataTable>
    </List>
  );
};
