import { useEffect, useMemo, useState } from 'react';
import { AutocompleteInput, DataTable, FilterForm, List, Title, TopToolbar } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import {
  ListContextProvider,
  useGetList,
  useGetOne,
  useListController,
  useRecordContext,
  useRequireAccess,
  useTranslate,
} from 'ra-core';
import {
  businessDate,
  formatViewDateTime,
  type GlobalInformation,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { failureKey } from '../http/errors';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { STAFF_RESOURCES, hoursMinutes, nameOf, type Employee } from './types';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { PeriodDateInput } from '../sales/PeriodFilter';
import { useNameSort } from '../shell/names';

const DETAILED = STAFF_RESOURCES.detailedReport;
const CUMULATIVE = STAFF_RESOURCES.cumulativeReport;

type Shift = {
  id: string;
  employee_id: string;
  name_en: string | null;
  name_ar: string | null;
  business_date: string;
  check_in_at: string;
  check_out_at: string | null;
  minutes: number | null;
  check_in_distance_m: number | null;
  check_out_distance_m?: number | null;
};

type CumulativeRow = {
  employee_id: string;
  name_en: string | null;
  name_ar: string | null;
  shifts: number;
  days: number;
  minutes: number;
};

/** The first day of this month in the salon's calendar (`today` is `YYYY-MM-DD`). */
const monthStart = (today: string) => (today ? `${today.slice(0, 8)}01` : '');

/** The employees to filter on; only read when the report offers that filter (a 403 would leave the page). */
const useEmployeeChoices = (enabled: boolean) => {
  const { language } = useArea();
  const byName = useNameSort();
  const { data = [] } = useGetList<Employee>(
    STAFF_RESOURCES.employees,
    { pagination: { page: 1, perPage: 200 }, sort: byName },
    { enabled },
  );
  return data.map((e) => ({ id: e.id, name: nameOf(e, language) }));
};

/** An instant in the salon's time zone, as spec doc2 §9 shows it (YYYY-MM-DD hh:mm A). */
const useSalonTime = () => {
  const { language } = useArea();
  const { timeZone } = useFormat();
  return (instant: string | null | undefined) =>
    instant ? formatViewDateTime(instant, { locale: language, tz: timeZone as TenantTimeZone }) : '';
};

const Metres = ({ value }: { value: number | null | undefined }) => {
  const translate = useTranslate();
  return value === null || value === undefined ? null : (
    <span>{translate('app.staff.reports.metres', { distance: value })}</span>
  );
};

const EmployeeName = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Shift>();
  const { language } = useArea();
  const { basename } = useArea();
  if (!record) return null;
  return (
    <Link to={`${basename}/${STAFF_RESOURCES.employeeReport}/${record.employee_id}`}>
      {nameOf(record, language)}
    </Link>
  );
};

const ShiftTable = ({ withName }: { withName: boolean }) => {
  const translate = useTranslate();
  const time = useSalonTime();
  return (
    <ResponsiveDataTable<Shift>
      primaryText={(r) => (withName ? <EmployeeName /> : <span>{r.business_date}</span>)}
      secondaryText={(r) => (
        <>
          {withName && <span>{r.business_date} · </span>}
          <span dir="ltr">
            {time(r.check_in_at)} – {r.check_out_at ? time(r.check_out_at) : '…'}
          </span>
        </>
      )}
      tertiaryText={(r) => <span dir="ltr">{hoursMinutes(r.minutes)}</span>}

      bulkActionButtons={false}
      rowClick={false}
      empty={
        <Typography sx={{ p: 3 }} color="text.secondary" data-testid="report-empty">
          {translate('app.staff.reports.empty')}
        </Typography>
      }
    >
      {withName && <DataTable.Col source="employee_id" disableSort field={EmployeeName} />}
      <DataTable.Col source="business_date" />
      <DataTable.Col source="check_in_at" render={(r: Shift) => <span>{time(r.check_in_at)}</span>} />
      <DataTable.Col
        source="check_out_at"
        disableSort
        render={(r: Shift) =>
          r.check_out_at ? (
            <span>{time(r.check_out_at)}</span>
          ) : (
            <Typography variant="body2" color="warning.main">
              {translate('app.staff.reports.open_shift')}
            </Typography>
          )
        }
      />
      <DataTable.Col
        source="minutes"
        disableSort
        render={(r: Shift) => (
          <span dir="ltr" data-testid="shift-hours">
            {hoursMinutes(r.minutes)}
          </span>
        )}
      />
      <DataTable.Col
        source="check_in_distance_m"
        disableSort
        render={(r: Shift) => <Metres value={r.check_in_distance_m} />}
      />
      <DataTable.Col
        source="check_out_distance_m"
        disableSort
        render={(r: Shift) => <Metres value={r.check_out_distance_m} />}
      />
    </ResponsiveDataTable>
  );
};

const ZoneNote = () => {
  const translate = useTranslate();
  return (
    <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1, display: 'block' }}>
      {translate('app.staff.reports.time_zone')}
    </Typography>
  );
};

const useDateFilters = (withEmployee: boolean) => {
  const employees = useEmployeeChoices(withEmployee);
  return [
    <PeriodDateInput key="from" source="from" alwaysOn />,
    <PeriodDateInput key="to" source="to" alwaysOn />,
    ...(withEmployee
      ? [
          <AutocompleteInput
            key="employee_id"
            source="employee_id"
            choices={employees}
            translateChoice={false}
            alwaysOn
            sx={{ minWidth: 240 }}
          />,
        ]
      : []),
  ];
};

/** The salon's business date (global information's `today`), else today on the salon's clock. */
const useToday = () => {
  const { timeZone } = useFormat();
  return (
    useOptionalGlobalInformation<GlobalInformation>()?.global_informations?.today ??
    businessDate(new Date(), timeZone as TenantTimeZone)
  );
};

/** `reports/detailed-attendence-report`: every shift, with check-in/out times, hours and distances. */
export const DetailedAttendanceReport = () => {
  const translate = useTranslate();
  const filters = useDateFilters(true);
  const today = useToday();
  return (
    <List
      resource={DETAILED}
      title={translate('app.staff.reports.detailed_title')}
      filters={filters}
      filterDefaultValues={{ from: monthStart(today), to: today }}
      sort={{ field: 'check_in_at', order: 'DESC' }}
      perPage={50}
      actions={<TopToolbar />}
      exporter={false}
    >
      <ZoneNote />
      <ShiftTable withName />
    </List>
  );
};

/** `reports/employee-attendence-report/{employeeId}`: the detailed report of one employee, named in the title. */
export const EmployeeAttendanceReport = () => {
  const { employeeId = '' } = useParams();
  const translate = useTranslate();
  const { language } = useArea();
  const { isPending } = useRequireAccess({ resource: STAFF_RESOURCES.employeeReport, action: 'list' });
  const { data: employee } = useGetOne<Employee>(STAFF_RESOURCES.employees, { id: employeeId });
  const filters = useDateFilters(false);
  const today = useToday();
  if (isPending) return <LinearProgress />;
  const title = translate('app.staff.reports.employee_title', {
    name: employee ? nameOf(employee, language) : '',
  });
  return (
    <List
      resource={DETAILED}
      title={title}
      filters={filters}
      filter={{ employee_id: employeeId }}
      filterDefaultValues={{ from: monthStart(today), to: today }}
      sort={{ field: 'check_in_at', order: 'DESC' }}
      perPage={50}
      actions={<TopToolbar />}
      exporter={false}
      disableSyncWithLocation
      storeKey={`employee-attendance-${employeeId}`}
      // the list's own check would ask for the whole detailed report (40); this page's rule above also
      // opens it with "profile and activities" (43), and the API answers only her own shifts then
      disableAuthentication
    >
      <Typography variant="h6" component="h1" sx={{ px: 2, pt: 2 }} data-testid="employee-report-title">
        {title}
      </Typography>
      <ZoneNote />
      <ShiftTable withName={false} />
    </List>
  );
};

/**
 * `reports/commulative-attendence-report`: per employee over a period, shifts, days and hours
 * (`GET reports/cumulative-attendance` answers the rows at once, not a paged list).
 */
export const CumulativeAttendanceReport = () => {
  const translate = useTranslate();
  const { language, basename } = useArea();
  const { isPending: checking } = useRequireAccess({ resource: CUMULATIVE, action: 'list' });
  const dataProvider = useAppDataProvider();
  const today = useToday();
  const filters = useDateFilters(false);
  // a list controller only to hold the filter form's values (and keep them in the address)
  const controller = useListController({
    resource: CUMULATIVE,
    filterDefaultValues: { from: monthStart(today), to: today },
    disableAuthentication: true,
    perPage: 1,
    queryOptions: { enabled: false },
  });
  const filterValues = controller.filterValues as { from?: string; to?: string };
  const [rows, setRows] = useState<CumulativeRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = useMemo(
    () => JSON.stringify({ from: filterValues.from || undefined, to: filterValues.to || undefined }),
    [filterValues.from, filterValues.to],
  );
  useEffect(() => {
    if (checking) return;
    let cancelled = false;
    setRows(null);
    setError(null);
    dataProvider
      .send<{ rows: CumulativeRow[] }>(
        'GET',
        `reports/cumulative-attendance?filter=${encodeURIComponent(query)}`,
      )
      .then((answer) => !cancelled && setRows(answer.rows))
      .catch((e: unknown) => !cancelled && setError(failureKey(e)));
    return () => {
      cancelled = true;
    };
  }, [dataProvider, query, checking]);
  if (checking) return <LinearProgress />;
  const total = (rows ?? []).reduce(
    (sum, r) => ({ minutes: sum.minutes + (r.minutes ?? 0), shifts: sum.shifts + r.shifts }),
    { minutes: 0, shifts: 0 },
  );
  const field = (name: string) => translate(`resources.${CUMULATIVE}.fields.${name}`);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('app.staff.reports.cumulative_title')} />
      <ListContextProvider value={controller}>
        <FilterForm filters={filters} />
      </ListContextProvider>
      <Card sx={{ mt: 1 }}>
        <ZoneNote />
        {error && (
          <Typography color="error" sx={{ p: 2 }}>
            {translate(error)}
          </Typography>
        )}
        {!rows && !error && <LinearProgress />}
        {rows && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="cumulative-table">
              <TableHead>
                <TableRow>
                  <TableCell>{field('name')}</TableCell>
                  <TableCell>{field('shifts')}</TableCell>
                  <TableCell>{field('days')}</TableCell>
                  <TableCell>{field('minutes')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>
                      <Typography color="text.secondary" variant="body2" data-testid="report-empty">
                        {translate('app.staff.reports.empty')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((r) => (
                  <TableRow key={r.employee_id} data-testid="cumulative-row">
                    <TableCell>
                      <Link to={`${basename}/${STAFF_RESOURCES.employeeReport}/${r.employee_id}`}>
                        {nameOf(r, language)}
                      </Link>
                    </TableCell>
                    <TableCell>{r.shifts}</TableCell>
                    <TableCell>{r.days}</TableCell>
                    <TableCell>
                      <span dir="ltr">{hoursMinutes(r.minutes)}</span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {rows && rows.length > 0 && (
          <Typography sx={{ p: 2, fontWeight: 600 }} data-testid="cumulative-total">
            {translate('app.staff.reports.totals', {
              hours: hoursMinutes(total.minutes),
              shifts: total.shifts,
            })}
          </Typography>
        )}
      </Card>
    </Box>
  );
};
