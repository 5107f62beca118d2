import {
  AutocompleteInput,
  BooleanInput,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { useCanAccess, useGetList, useListContext, useTranslate, type Exporter } from 'ra-core';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { codeLabelKey, codeOptions } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { downloadCsv, toCsv } from '../export/csv';
import { ImportButton } from '../imports';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useFormat } from '../format/useFormat';
import { useActorName } from '../users/useUsers';
import {
  BusinessDateField,
  CodeField,
  CustomerTypeChip,
  DateTimeField,
  LtrField,
  NationalityField,
  StatusChip,
  useNationalities,
} from './fields';
import {
  customerTypeChoices,
  identificationChoices,
  languageChoices,
  statusChoices,
  type Customer,
} from './types';
import { useCustomerSearchRule } from './validation';
import { LikelyDuplicateChip } from './CustomerIdentity';

const ListActions = () => {
  const { canAccess: canExport } = useCanAccess({ resource: 'customers', action: 'export' });
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      <ImportButton entity="customers" />
      {canExport && <ExportButton maxResults={10_000} />}
    </TopToolbar>
  );
};

const Empty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }} data-testid="customers-empty">
      <PeopleOutlineIcon sx={{ fontSize: 72, color: 'primary.light' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate('app.customers.empty')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.customers.empty_hint')}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
};

/** Every column of the list and of the form, in the user's language, as Excel opens it. */
const useCustomerExporter = (): Exporter<Customer> => {
  const translate = useTranslate();
  const { dateTime, date, money } = useFormat();
  const { nationalities, nameOf } = useNationalities();
  const actorName = useActorName();
  const label = (field: string) => translate(`resources.customers.fields.${field}`);
  const choice = (choices: { id: unknown; name: string }[], value: unknown) => {
    const found = choices.find((c) => c.id === value);
    return found ? translate(found.name) : '';
  };
  const nationality = (id: unknown) => {
    const found = nationalities.find((n) => n.id === id);
    return found ? nameOf(found) : '';
  };
  return (records) => {
    const columns: [string, (c: Customer) => unknown][] = [
      ['serial', (c) => c.serial],
      ['name', (c) => c.name],
      ['mobile', (c) => c.mobile],
      ['email', (c) => c.email],
      ['gender', (c) => (typeof c.gender === 'number' ? translate(codeLabelKey('gender', c.gender)) : '')],
      ['birth_date', (c) => date(c.birth_date)],
      ['nationality_id', (c) => nationality(c.nationality_id)],
      ['country_of_residency_id', (c) => nationality(c.country_of_residency_id)],
      ['identification_method', (c) => choice(identificationChoices, c.identification_method)],
      ['tax_number', (c) => c.tax_number],
      ['address', (c) => c.address],
      ['preferred_language', (c) => choice(languageChoices, c.preferred_language)],
      [
        'whatsapp_allowed',
        (c) =>
          c.whatsapp_allowed == null
            ? ''
            : translate(c.whatsapp_allowed ? 'app.common.yes' : 'app.common.no'),
      ],
      ['status', (c) => choice(statusChoices, c.status)],
      ['type', (c) => (c.type ? translate(`codes.customerType.${c.type}`) : '')],
      ['invoices_count', (c) => c.invoices_count],
      ['last_invoice_date', (c) => date(c.last_invoice_date)],
      ['loyalty_points', (c) => c.loyalty_points],
      ['wallet_balance', (c) => money(c.wallet_balance)],
      ['created_at', (c) => dateTime(c.created_at)],
      ['created_by', (c) => (c.created_by ? actorName(c.created_by) : '')],
      ['notes', (c) => c.notes],
    ];
    downloadCsv(
      toCsv(
        columns.map(([field]) => label(field)),
        records.map((record) => columns.map(([, value]) => value(record))),
      ),
      translate('app.customers.export_file'),
    );
  };
};

const useFilters = () => {
  const translate = useTranslate();
  const searchRule = useCustomerSearchRule();
  const { nationalities, nameOf } = useNationalities();
  return [
    // A TextInput rather than react-admin's SearchInput, whose InputProps MUI 9 no longer takes.
    <TextInput
      key="q"
      source="q"
      alwaysOn
      resettable
      hiddenLabel
      label={false}
      validate={searchRule}
      placeholder={translate('app.customers.search')}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
      sx={{
        minWidth: 260,
        // react-admin hides helper texts in the filter bar; the search rule's message must show.
        '& .MuiFormHelperText-root': { display: 'block' },
      }}
    />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput key="type" source="type" choices={customerTypeChoices} />,
    <BooleanInput key="likely_duplicate" source="likely_duplicate" label="app.customers.duplicates.filter" />,
    <SelectInput key="gender" source="gender" choices={codeOptions('gender')} />,
    <AutocompleteInput
      key="nationality_id"
      source="nationality_id"
      choices={nationalities.map((n) => ({ id: n.id, name: nameOf(n) }))}
      translateChoice={false}
      sx={{ minWidth: 220 }}
    />,
  ];
};

/**
 * Above the list: how many customers registered online may be someone already on file (issue 24), and
 * "Review", which lists only them.
 */
const DuplicatesToReview = () => {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const { total } = useGetList<Customer>('customers', {
    pagination: { page: 1, perPage: 1 },
    filter: { likely_duplicate: true },
  });
  if (!total || filterValues.likely_duplicate) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mx: { xs: 1, sm: 0 }, mb: 1 }}
      data-testid="duplicates-to-review"
      action={
        <MuiButton
          color="inherit"
          size="small"
          onClick={() =>
            setFilters(
              { ...filterValues, likely_duplicate: true },
              { ...displayedFilters, likely_duplicate: true },
            )
          }
          data-testid="review-duplicates"
        >
          {translate('app.customers.duplicates.review')}
        </MuiButton>
      }
    >
      {translate('app.customers.duplicates.to_review', { smart_count: total })}
    </Alert>
  );
};

/** The name with its "likely duplicate" badge. */
const NameCell = ({ customer }: { customer: Customer }) => (
  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
    <bdi>{customer.name}</bdi>
    <LikelyDuplicateChip customer={customer} />
  </Stack>
);

export const CustomerList = () => {
  const translate = useTranslate();
  const exporter = useCustomerExporter();
  const filters = useFilters();
  return (
    <List
      title={translate('app.customers.title')}
      filters={filters}
      sort={{ field: 'serial', order: 'DESC' }}
      perPage={25}
      actions={<ListActions />}
      exporter={exporter}
      empty={<Empty />}
    >
      <DuplicatesToReview />
      <ResponsiveDataTable<Customer>
        primaryText={(c) => <NameCell customer={c} />}
        secondaryText={() => <LtrField source="mobile" />}
        tertiaryText={() => <StatusChip />}
        rowClick="show"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.customers.no_results')}
          </Typography>
        }
      >
        <DataTable.Col source="serial" />
        <DataTable.Col
          source="name"
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={(c: Customer) => <NameCell customer={c} />}
        />
        <DataTable.Col source="mobile" field={LtrField} />
        <DataTable.Col source="type" disableSort field={CustomerTypeChip} />
        <DataTable.Col source="status" disableSort field={StatusChip} />
        <DataTable.Col
          source="no_shows"
          render={(c: { no_shows?: number }) => (
            <Typography
              variant="body2"
              color={c.no_shows ? 'error' : 'text.secondary'}
              data-testid="no-shows"
            >
              {c.no_shows ?? 0}
            </Typography>
          )}
        />
        <DataTable.Col
          source="gender"
          disableSort
          render={() => <CodeField source="gender" code="gender" />}
        />
        <DataTable.Col source="nationality_id" disableSort field={NationalityField} />
        <DataTable.Col source="last_invoice_date" field={BusinessDateField} />
        <DataTable.Col source="created_at" field={DateTimeField} />
      </ResponsiveDataTable>
    </List>
  );
};
