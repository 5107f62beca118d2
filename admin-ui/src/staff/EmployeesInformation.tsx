import { useMemo, useState } from 'react';
import { DataTable, Title } from 'react-admin';
import {
  ListContextProvider,
  ResourceContextProvider,
  useCanAccess,
  useGetList,
  useList,
  useRequireAccess,
  useTranslate,
} from 'ra-core';
import type { BusinessDate } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadCsv, toCsv } from '../export/csv';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { useSalonToday } from '../sales/PeriodFilter';
import { useArea } from '../shell/area';
import {
  documentState,
  EMPLOYEE_DOCUMENTS,
  firstExpiry,
  tenure,
  type DocumentState,
  type EmployeeDocument,
} from './documents';
import { EmployeeAvatar } from './EmployeeAvatar';
import { EMPLOYEE_STATUS, STAFF_RESOURCES, nameOf, type Employee } from './types';

type Row = Employee & { first?: ReturnType<typeof firstExpiry> };

const t = (key: string) => `app.staff.information.${key}`;

/** An expiry date and where it stands: a red chip once passed, an amber one within 60 days. */
const Expiry = ({ date, state }: { date?: string | null; state: DocumentState }) => {
  const translate = useTranslate();
  if (state.state === 'missing')
    return (
      <Typography variant="body2" color="text.disabled" component="span">
        {translate(t('not_on_file'))}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} component="span">
      <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
        {date}
      </bdi>
      {state.state !== 'valid' && (
        <Chip
          size="small"
          color={state.state === 'expired' ? 'error' : 'warning'}
          label={
            state.state === 'expiring' && state.days === 0
              ? translate(t('expires_today'))
              : translate(t(state.state), { smart_count: state.days })
          }
          data-testid={`document-${state.state}`}
        />
      )}
    </Stack>
  );
};

const Tenure = ({ joining, today }: { joining?: string | null; today: BusinessDate }) => {
  const translate = useTranslate();
  const time = tenure(joining, today);
  if (!joining) return <>{translate('app.common.none')}</>;
  return (
    <Stack component="span">
      <bdi dir="ltr">{joining}</bdi>
      {time && (
        <Typography variant="caption" color="text.secondary" component="span">
          {time.years === 0 && time.months === 0
            ? translate(t('under_a_month'))
            : [
                time.years > 0 && translate(t('years'), { smart_count: time.years }),
                time.months > 0 && translate(t('months'), { smart_count: time.months }),
              ]
                .filter(Boolean)
                .join(translate(t('and')))}
        </Typography>
      )}
    </Stack>
  );
};

/**
 * `employees/employees-information` (doc1 §2; its content is not shown there): the staff's papers at a
 * glance — the passport and residency (iqama) of each employee with how long is left, those expired or
 * expiring within 60 days first, so a salon renews them in time — with each one's job, mobile and time
 * at the salon. Read from the employees' records; opened on a record by who may edit it.
 */
export const EmployeesInformation = () => {
  const { isPending: checking } = useRequireAccess({ resource: STAFF_RESOURCES.information, action: 'show' });
  const translate = useTranslate();
  const { language } = useArea();
  const today = useSalonToday();
  const [who, setWho] = useState<'active' | 'all'>('active');
  const [which, setWhich] = useState<'all' | 'attention'>('all');
  const editable = useCanAccess({ resource: STAFF_RESOURCES.employees, action: 'edit' }).canAccess;
  const { data, isPending } = useGetList<Employee>(
    STAFF_RESOURCES.employees,
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'created_at', order: 'ASC' } },
    { enabled: !checking },
  );
  const all = useMemo<Row[]>(
    () =>
      (data ?? [])
        .filter((e) => who === 'all' || e.status === EMPLOYEE_STATUS.active)
        .map((e) => ({ ...e, first: today ? firstExpiry(e, today) : undefined })),
    [data, today, who],
  );
  const needsAttention = (r: Row) =>
    r.first !== undefined && (r.first.state.state === 'expired' || r.first.state.state === 'expiring');
  const rows = useMemo(
    () =>
      all
        .filter((r) => which === 'all' || needsAttention(r))
        // the paper to renew first on top; those with none on file last, by name
        .sort(
          (a, b) =>
            (a.first?.expiry ?? '9999').localeCompare(b.first?.expiry ?? '9999') ||
            nameOf(a, language).localeCompare(nameOf(b, language), language),
        ),
    [all, which, language],
  );
  const count = (state: DocumentState['state']) =>
    all.reduce(
      (n, e) => n + EMPLOYEE_DOCUMENTS.filter((d) => documentState(e[d], today).state === state).length,
      0,
    );
  const expired = today ? count('expired') : 0;
  const expiring = today ? count('expiring') : 0;
  const listContext = useList<Row>({ data: rows, isPending, perPage: 1000 });
  const column = (field: string) => translate(`resources.employees/employees.fields.${field}`);
  const exportCsv = () =>
    downloadCsv(
      toCsv(
        ['name', 'job_title', 'mobile', 'joining_date', 'passport_expiry', 'residency_expiry'].map(column),
        rows.map((r) => [
          nameOf(r, language),
          r.job_title ?? '',
          r.mobile ?? '',
          r.joining_date ?? '',
          r.passport_expiry ?? '',
          r.residency_expiry ?? '',
        ]),
      ),
      translate(t('file')),
    );
  const expiry = (r: Row, d: EmployeeDocument) => <Expiry date={r[d]} state={documentState(r[d], today)} />;

  return (
    <Box sx={{ py: 2 }} data-testid="employees-information">
      <Title title={translate(t('title'))} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(t('intro'))}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }} data-testid="documents-summary">
        <Chip
          color={expired ? 'error' : 'default'}
          variant={expired ? 'filled' : 'outlined'}
          label={translate(t('expired_count'), { smart_count: expired })}
        />
        <Chip
          color={expiring ? 'warning' : 'default'}
          variant={expiring ? 'filled' : 'outlined'}
          label={translate(t('expiring_count'), { smart_count: expiring })}
        />
      </Stack>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={which}
          onChange={(_, v) => v && setWhich(v)}
          aria-label={translate(t('show'))}
        >
          <ToggleButton value="all" data-testid="show-all-papers">
            {translate(t('everyone'))}
          </ToggleButton>
          <ToggleButton value="attention" data-testid="show-attention">
            {translate(t('attention'))}
          </ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup size="small" exclusive value={who} onChange={(_, v) => v && setWho(v)}>
          <ToggleButton value="active">{translate(t('active_only'))}</ToggleButton>
          <ToggleButton value="all">{translate(t('with_disabled'))}</ToggleButton>
        </ToggleButtonGroup>
        <Button startIcon={<DownloadIcon />} onClick={exportCsv} disabled={rows.length === 0}>
          {translate('ra.action.export')}
        </Button>
      </Stack>
      <Card variant="outlined">
        <ResourceContextProvider value={STAFF_RESOURCES.employees}>
          <ListContextProvider value={listContext}>
            <ResponsiveDataTable<Row>
              primaryText={(r) => <bdi>{nameOf(r, language)}</bdi>}
              secondaryText={(r) => (
                <Stack component="span" spacing={0.5} sx={{ display: 'flex' }}>
                  <span>
                    {column('passport_expiry')}: {expiry(r, 'passport_expiry')}
                  </span>
                  <span>
                    {column('residency_expiry')}: {expiry(r, 'residency_expiry')}
                  </span>
                  {(r.job_title || r.mobile) && (
                    <span>
                      {r.job_title && <bdi>{r.job_title}</bdi>}
                      {r.job_title && r.mobile && ' · '}
                      {r.mobile && <bdi dir="ltr">{r.mobile}</bdi>}
                    </span>
                  )}
                </Stack>
              )}
              rowClick={editable ? 'edit' : false}
              bulkActionButtons={false}
              empty={
                <Typography sx={{ p: 3 }} color="text.secondary" data-testid="information-empty">
                  {translate(which === 'attention' ? t('nothing_to_renew') : t('empty'))}
                </Typography>
              }
            >
              <DataTable.Col
                source="name"
                label={column('name')}
                disableSort
                render={(r: Row) => (
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <EmployeeAvatar fileId={r.picture_file_id} name={nameOf(r, language)} />
                    <bdi>{nameOf(r, language)}</bdi>
                  </Stack>
                )}
              />
              <DataTable.Col source="job_title" label={column('job_title')} disableSort />
              <DataTable.Col
                source="mobile"
                label={column('mobile')}
                disableSort
                render={(r: Row) => <bdi dir="ltr">{r.mobile ?? ''}</bdi>}
              />
              <DataTable.Col
                source="joining_date"
                label={column('joining_date')}
                disableSort
                render={(r: Row) => <Tenure joining={r.joining_date} today={today} />}
              />
              <DataTable.Col
                source="passport_expiry"
                label={column('passport_expiry')}
                disableSort
                render={(r: Row) => expiry(r, 'passport_expiry')}
              />
              <DataTable.Col
                source="residency_expiry"
                label={column('residency_expiry')}
                disableSort
                render={(r: Row) => expiry(r, 'residency_expiry')}
              />
            </ResponsiveDataTable>
          </ListContextProvider>
        </ResourceContextProvider>
      </Card>
    </Box>
  );
};
