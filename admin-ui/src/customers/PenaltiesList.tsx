import { Link as RouterLink } from 'react-router-dom';
import { DataTable, ExportButton, FilterButton, List, SelectInput, TopToolbar } from 'react-admin';
import { useTranslate, type Exporter } from 'ra-core';
import { codeOptions } from '@rawnaq/contracts';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { reportPrintStyles } from '../reports/MoneyReport';
import { PeriodPresets, PeriodDateInput } from '../sales/PeriodFilter';
import { useArea } from '../shell/area';

import { PENALTIES, type Penalty } from './penalties';

const field = (f: string) => `resources.${PENALTIES}.fields.${f}`;

const PrintButton = () => {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()} sx={{ mt: 1 }}>
      {translate('app.sales.reports.print')}
    </Button>
  );
};

const Actions = () => (
  <TopToolbar className="no-print">
    <PeriodPresets />
    <FilterButton />
    <ExportButton maxResults={10_000} />
    <PrintButton />
  </TopToolbar>
);

const filters = [
  <PeriodDateInput key="from" source="from" alwaysOn />,
  <PeriodDateInput key="to" source="to" alwaysOn />,
  <SelectInput
    key="penalty_type"
    source="penalty_type"
    choices={codeOptions('customerPenaltyType')}
    alwaysOn
  />,
];

const usePenaltyText = () => {
  const translate = useTranslate();
  const { date, dateTime } = useFormat();
  return {
    type: (p: Penalty) =>
      translate(codeOptions('customerPenaltyType').find((o) => o.id === p.penalty_type)?.name ?? ''),
    appointment: (p: Penalty) =>
      p.appointment
        ? `${p.appointment.booking_no ? `#${p.appointment.booking_no} · ` : ''}${
            p.appointment.start ? dateTime(p.appointment.start) : date(p.appointment.date)
          }`
        : '',
    at: (p: Penalty) => dateTime(p.at),
  };
};

const CustomerLink = ({ penalty }: { penalty: Penalty }) => {
  const { basename } = useArea();
  return (
    <Link
      component={RouterLink}
      to={`${basename}/customers/${penalty.customer_id}/show`}
      onClick={(e) => e.stopPropagation()}
      data-testid="penalty-customer"
    >
      <bdi>{penalty.customer_name ?? ''}</bdi>
    </Link>
  );
};

const useExporter = (): Exporter<Penalty> => {
  const translate = useTranslate();
  const text = usePenaltyText();
  return (penalties) =>
    downloadCsv(
      toCsv(
        ['at', 'customer_name', 'customer_mobile', 'penalty_type', 'appointment', 'notes'].map((f) =>
          translate(field(f)),
        ),
        penalties.map((p) => [
          text.at(p),
          p.customer_name ?? '',
          p.customer_mobile ?? '',
          text.type(p),
          text.appointment(p),
          p.notes ?? '',
        ]),
      ),
      translate('app.management.files.penalties'),
    );
};

/**
 * `accounting/customers-penalties`: every penalty on a customer's record (1 no-show from the
 * appointment book, 2 others written on the customer's page), newest first; by period and type.
 */
export const PenaltiesList = () => {
  const translate = useTranslate();
  const text = usePenaltyText();
  return (
    <>
      {reportPrintStyles}
      <List
        filters={filters}
        sort={{ field: 'at', order: 'DESC' }}
        perPage={25}
        actions={<Actions />}
        exporter={useExporter()}
        empty={false}
      >
        <ResponsiveDataTable<Penalty>
          primaryText={(p) => <CustomerLink penalty={p} />}
          // the notes can be long: under the name, never squeezing it
          secondaryText={(p) => (
            <span>
              {text.type(p)} · <bdi>{text.at(p)}</bdi>
              {p.appointment && (
                <>
                  {' · '}
                  <bdi>{text.appointment(p)}</bdi>
                </>
              )}
              {p.notes && (
                <>
                  <br />
                  <bdi>{p.notes}</bdi>
                </>
              )}
            </span>
          )}
          rowClick={false}
          bulkActionButtons={false}
          empty={
            <Typography sx={{ p: 3 }} color="text.secondary" data-testid="penalties-empty">
              {translate('app.management.no_penalties')}
            </Typography>
          }
        >
          <DataTable.Col source="at" render={(p: Penalty) => <bdi>{text.at(p)}</bdi>} />
          <DataTable.Col
            source="customer_name"
            disableSort
            render={(p: Penalty) => <CustomerLink penalty={p} />}
          />
          <DataTable.Col
            source="customer_mobile"
            disableSort
            render={(p: Penalty) => <bdi dir="ltr">{p.customer_mobile ?? ''}</bdi>}
          />
          <DataTable.Col source="penalty_type" disableSort render={(p: Penalty) => text.type(p)} />
          <DataTable.Col
            source="appointment"
            disableSort
            render={(p: Penalty) => <bdi>{text.appointment(p)}</bdi>}
          />
          <DataTable.Col source="notes" disableSort render={(p: Penalty) => <bdi>{p.notes ?? ''}</bdi>} />
        </ResponsiveDataTable>
      </List>
    </>
  );
};
