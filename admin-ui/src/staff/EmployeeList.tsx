import {
  BooleanInput,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { useCanAccess, useRecordContext, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useArea } from '../shell/area';
import { EmployeeAvatar } from './EmployeeAvatar';
import { EMPLOYEE_STATUS, STAFF_RESOURCES, nameOf, type Employee } from './types';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useNameField } from '../shell/names';

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
  </TopToolbar>
);

const Empty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }} data-testid="employees-empty">
      <BadgeIcon sx={{ fontSize: 72, color: 'primary.light' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate('app.staff.employees.empty')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.staff.employees.empty_hint')}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
};

/** Picture and name in the page's language, the other language under it. */
const NameCell = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Employee>();
  const { language } = useArea();
  const translate = useTranslate();
  if (!record) return null;
  const main = nameOf(record, language);
  const other = language === 'ar' ? record.name_en : record.name_ar;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <EmployeeAvatar fileId={record.picture_file_id} name={main} />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="employee-name">
          {main}
          {record.is_owner && (
            <Chip size="small" label={translate('app.staff.employees.owner')} sx={{ marginInlineStart: 1 }} />
          )}
        </Typography>
        {other && other !== main && (
          <Typography variant="caption" color="text.secondary" component="div">
            <bdi lang={language === 'ar' ? 'en' : 'ar'}>{other}</bdi>
          </Typography>
        )}
      </Box>
    </Stack>
  );
};

export const EmployeeStatusChip = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Employee>();
  const translate = useTranslate();
  if (!record) return null;
  const active = record.status === EMPLOYEE_STATUS.active;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'app.staff.status.active' : 'app.staff.status.disabled')}
      data-testid="employee-status"
    />
  );
};

const LoginCell = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Employee>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.login_access)
    return (
      <Typography variant="body2" color="text.disabled">
        {translate('app.staff.employees.no_login')}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start' }}>
        {record.username}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {record.role}
      </Typography>
    </Box>
  );
};

const YesNo = ({ source }: { source: 'show_in_appointments' | 'show_in_billing'; label?: string }) => {
  const record = useRecordContext<Employee>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(record[source] ? 'app.common.yes' : 'app.common.no')}</>;
};

const ReportLink = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Employee>();
  const translate = useTranslate();
  const { basename } = useArea();
  const { canAccess } = useCanAccess({ resource: STAFF_RESOURCES.employeeReport, action: 'list' });
  if (!record || !canAccess) return null;
  return (
    <Link
      to={`${basename}/${STAFF_RESOURCES.employeeReport}/${record.id}`}
      onClick={(event) => event.stopPropagation()}
      data-testid="employee-report-link"
    >
      {translate('app.staff.menu.attendance')}
    </Link>
  );
};

const statusChoices = [
  { id: EMPLOYEE_STATUS.active, name: 'app.staff.status.active' },
  { id: EMPLOYEE_STATUS.disabled, name: 'app.staff.status.disabled' },
];

const useFilters = () => {
  const translate = useTranslate();
  return [
    <TextInput
      key="q"
      source="q"
      alwaysOn
      resettable
      hiddenLabel
      label={false}
      placeholder={translate('app.staff.employees.search')}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 240 }}
    />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <BooleanInput
      key="show_in_appointments"
      source="show_in_appointments"
      label="app.staff.employees.shown_only"
      alwaysOn
    />,
  ];
};

export const EmployeeList = () => {
  const nameField = useNameField();
  const translate = useTranslate();
  const filters = useFilters();
  return (
    <List
      title={translate('app.staff.employees.title')}
      filters={filters}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={25}
      actions={<ListActions />}
      empty={<Empty />}
    >
      <ResponsiveDataTable<Employee>
        primaryText={() => <NameCell />}
        secondaryText={(e) => (
          <>
            {e.job_title && <bdi>{e.job_title}</bdi>}
            {e.job_title && e.mobile && ' · '}
            {e.mobile && (
              <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {e.mobile}
              </span>
            )}
          </>
        )}
        tertiaryText={() => <EmployeeStatusChip />}

        rowClick="edit"
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.staff.employees.no_results')}
          </Typography>
        }
      >
        <DataTable.Col
          source={nameField}
          label="resources.employees/employees.fields.name"
          field={NameCell}
        />
        <DataTable.Col source="job_title" disableSort />
        <DataTable.Col
          source="mobile"
          disableSort
          render={(r: Employee) => <span dir="ltr">{r.mobile ?? ''}</span>}
        />
        <DataTable.Col source="login_access" disableSort field={LoginCell} />
        <DataTable.Col
          source="show_in_appointments"
          disableSort
          render={() => <YesNo source="show_in_appointments" />}
        />
        <DataTable.Col source="status" disableSort field={EmployeeStatusChip} />
        <DataTable.Col source="joining_date" />
        <DataTable.Col source="id" label="app.staff.menu.attendance" disableSort field={ReportLink} />
      </ResponsiveDataTable>
    </List>
  );
};
