import { DAY_PRESETS, type DayPreset } from '../sales/period';
import { presetRange } from './periods';
import { useEffect, useState, type ReactNode } from 'react';
import {
  DataTable,
  ExportButton,
  FilterButton,
  List,
  SelectInput,
  SimpleList,
  Title,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { useNotify, useRefresh, useTranslate, type Exporter } from 'ra-core';
import {
  addDays,
  codeOptions,
  formatViewDateTime,
  type BusinessDate,
  type GlobalInformation,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { downloadCsv, toCsv } from '../export/csv';
import { useFormat } from '../format/useFormat';
import { failureKey, messageParams } from '../http/errors';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { nameOf } from '../staff/types';
import { VisitDrawer, type BookEmployee, type DrawerTarget } from './VisitDrawer';
import { STATE_COLOURS, type Visit } from './types';
import { reminderNotice } from '../messaging/types';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { OpenArchiveButton, PeriodDateInput, useEarliestDay } from '../sales/PeriodFilter';

/**
 * The employees of the appointment table the user may see (GET appointment-calendar): the day's
 * work and the reports name them without needing the staff screens' right.
 */
export const useBookEmployees = (): BookEmployee[] => {
  const dataProvider = useAppDataProvider();
  const { today } = useSalon();
  const [employees, setEmployees] = useState<BookEmployee[]>([]);
  useEffect(() => {
    if (!today) return;
    let live = true;
    dataProvider
      .send<{ employees: Array<{ employee_id: string; name_en: string; name_ar: string }> }>(
        'GET',
        `appointment-calendar?date=${today}&days=1`,
      )
      .then(
        (c) =>
          live &&
          setEmployees(
            c.employees.map((e) => ({ id: e.employee_id, name_en: e.name_en, name_ar: e.name_ar })),
          ),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider, today]);
  return employees;
};

const useSalon = () => {
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const account = information?.global_informations?.account;
  return {
    tz: (account?.time_zone ?? 'Asia/Riyadh') as TenantTimeZone,
    today: (information?.global_informations?.today ?? '') as BusinessDate,
  };
};

const useVisitText = () => {
  const { language } = useArea();
  const { tz } = useSalon();
  const translate = useTranslate();
  return {
    when: (v: Visit) => formatViewDateTime(v.start, { locale: language, tz }),
    services: (v: Visit) =>
      v.lines
        .map((l) => (language === 'ar' ? l.service_name_ar : l.service_name_en))
        .join(language === 'ar' ? '، ' : ', '),
    state: (v: Visit) => translate(`app.appointments.states.${v.state}`),
  };
};

export const StateChip = ({ visit }: { visit: Visit }) => {
  const translate = useTranslate();
  const c = STATE_COLOURS[visit.state];
  return (
    <Chip
      size="small"
      label={translate(`app.appointments.states.${visit.state}`)}
      sx={{ bgcolor: c.fill, color: c.text }}
    />
  );
};

/** The columns every list of visits shows; a phone gets one line per visit. */
const VisitRows = ({ action }: { action?: (v: Visit) => ReactNode }) => {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const text = useVisitText();
  const { money } = useFormat();
  if (small)
    return (
      <SimpleList<Visit>
        primaryText={(v) => `${v.customer_name ?? ''} · \u2068${text.when(v)}\u2069`}
        secondaryText={(v) => text.services(v)}
        tertiaryText={(v) => text.state(v)}
        rowClick={false}
        rightIcon={action ? (v) => action(v) : undefined}
        empty={<Empty />}
      />
    );
  return (
    <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
      <DataTable.Col source="booking_no" />
      <DataTable.Col source="start" render={(v: Visit) => <bdi>{text.when(v)}</bdi>} />
      <DataTable.Col source="customer_id" disableSort render={(v: Visit) => v.customer_name} />
      <DataTable.Col
        source="customer_mobile"
        disableSort
        render={(v: Visit) => (
          <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {v.customer_mobile}
          </span>
        )}
      />
      <DataTable.Col source="lines" disableSort render={(v: Visit) => text.services(v)} />
      <DataTable.Col source="total" render={(v: Visit) => money(v.total)} />
      <DataTable.Col source="state" disableSort render={(v: Visit) => <StateChip visit={v} />} />
      {action && <DataTable.Col label={false} disableSort render={(v: Visit) => action(v)} />}
    </DataTable>
  );
};

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary" data-testid="visits-empty">
      {translate('app.appointments.lists.empty')}
    </Typography>
  );
};

const RemindButton = ({ visit }: { visit: Visit }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  if (visit.reminded)
    return (
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={translate('app.appointments.lists.reminded')}
      />
    );
  return (
    <Button
      size="small"
      variant="outlined"
      data-testid="remind"
      onClick={async () => {
        try {
          const reply = await dataProvider.send('POST', `appointments/${visit.id}/remind`);
          // marked reminded; and the WhatsApp reminder on its way, or why it was not sent
          const { key, type } = reminderNotice(reply);
          notify(key, { type });
          refresh();
        } catch (error) {
          notify(failureKey(error), {
            type: 'error',
            messageArgs: messageParams(error),
          });
        }
      }}
    >
      {translate('app.appointments.actions.remind')}
    </Button>
  );
};

/** `pos/appointments-reminder`: tomorrow's visits to remind, each marked once done. */
export const RemindersList = () => {
  const { today } = useSalon();
  const translate = useTranslate();
  return (
    <List
      resource="pos/appointments-reminder"
      title={translate('app.appointments.lists.reminders_title')}
      filter={{ date: today ? addDays(today, 1) : undefined, status: 1 }}
      sort={{ field: 'start', order: 'ASC' }}
      perPage={50}
      actions={false}
      empty={false}
    >
      <VisitRows action={(v) => <RemindButton visit={v} />} />
    </List>
  );
};

/** `pos/no-show-reschedule`: the no-shows to call back and book again (each once). */
export const NoShowList = () => {
  const translate = useTranslate();
  const staff = useBookEmployees();
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null);
  const refresh = useRefresh();
  return (
    <>
      <List
        resource="pos/no-show-reschedule"
        title={translate('app.appointments.lists.no_shows_title')}
        filter={{ no_show: true, rebooked: false }}
        sort={{ field: 'start', order: 'DESC' }}
        perPage={50}
        actions={false}
        empty={false}
      >
        <VisitRows
          action={(v) => (
            <Button
              size="small"
              variant="outlined"
              data-testid="rebook"
              onClick={() =>
                setDrawer({
                  kind: 'book',
                  start: '',
                  employeeId: v.lines[0]?.employee_id ?? '',
                  customerId: v.customer_id,
                  rebookOf: v.id,
                  lines: v.lines.map((l) => ({ service_id: l.service_id, employee_id: l.employee_id })),
                })
              }
            >
              {translate('app.appointments.lists.rebook')}
            </Button>
          )}
        />
      </List>
      {drawer && (
        <VisitDrawer target={drawer} employees={staff} onClose={() => setDrawer(null)} onChanged={refresh} />
      )}
    </>
  );
};

type Preset = DayPreset;

/** The period presets as a select's options: the sales screens' (one list of the spec's presets). */
const presetItems = (translate: (key: string) => string) =>
  DAY_PRESETS.map((p) => (
    <MenuItem key={p} value={p}>
      {translate(`app.sales.presets.${p}`)}
    </MenuItem>
  ));

/** A report's period: a preset (today, this week, this month...) or dates of one's own. */
const PeriodPresets = () => {
  const translate = useTranslate();
  const { today } = useSalon();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [preset, setPreset] = useState<Preset>('this_month');
  return (
    <TextField
      select
      size="small"
      label={translate('app.appointments.reports.period')}
      value={preset}
      onChange={(e) => {
        const p = e.target.value as Preset;
        setPreset(p);
        if (p !== 'custom') setFilters({ ...filterValues, ...presetRange(p, today) }, displayedFilters);
      }}
      sx={{ width: 170, mt: 1 }}
      slotProps={{ htmlInput: { 'data-testid': 'period-preset' } }}
    >
      {presetItems(translate)}
    </TextField>
  );
};

const useEmployeeChoices = () => {
  const { language } = useArea();
  return useBookEmployees().map((e) => ({ id: e.id, name: nameOf(e, language) }));
};

const useReportFilters = (withStatus: boolean) => {
  const employees = useEmployeeChoices();
  return [
    <PeriodDateInput key="from" source="from" alwaysOn />,
    <PeriodDateInput key="to" source="to" alwaysOn />,
    <SelectInput key="employee_id" source="employee_id" choices={employees} translateChoice={false} />,
    ...(withStatus
      ? [
          <SelectInput
            key="status"
            source="status"
            choices={[
              { id: 1, name: 'app.appointments.states.scheduled' },
              { id: 2, name: 'app.appointments.states.checked_in' },
              { id: 0, name: 'app.appointments.states.cancelled' },
            ]}
          />,
          <SelectInput key="source" source="source" choices={codeOptions('bookingSource')} />,
        ]
      : []),
  ];
};

const useVisitExporter = (file: string): Exporter<Visit> => {
  const translate = useTranslate();
  const text = useVisitText();
  const { money } = useFormat();
  return (visits) => {
    const label = (f: string) => translate(`resources.appointments.fields.${f}`, { _: f });
    downloadCsv(
      toCsv(
        ['booking_no', 'start', 'customer_id', 'mobile', 'lines', 'total', 'state'].map(label),
        visits.map((v) => [
          v.booking_no,
          text.when(v),
          v.customer_name,
          v.customer_mobile,
          text.services(v),
          money(v.total),
          text.state(v),
        ]),
      ),
      translate(file),
    );
  };
};

type Summary = {
  visits: number;
  scheduled: number;
  missed: number;
  checked_in: number;
  cancelled: number;
  no_show: number;
  value: number;
};

/** The period's totals, read with the same filters as the rows (they add up the rows exactly). */
const SummaryCard = () => {
  const { filterValues } = useListContext();
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const { money } = useFormat();
  const [summary, setSummary] = useState<Summary | null>(null);
  const key = JSON.stringify(filterValues);
  useEffect(() => {
    let live = true;
    dataProvider
      .send<Summary>('GET', `reports/appointments-summary?filter=${encodeURIComponent(key)}`)
      .then((s) => live && setSummary(s))
      .catch(() => live && setSummary(null));
    return () => {
      live = false;
    };
  }, [dataProvider, key]);
  if (!summary) return null;
  const items: Array<[string, string | number]> = [
    ['app.appointments.reports.visits', summary.visits],
    ['app.appointments.states.scheduled', summary.scheduled],
    ['app.appointments.states.checked_in', summary.checked_in],
    ['app.appointments.states.missed', summary.missed],
    ['app.appointments.states.cancelled', summary.cancelled],
    ['app.appointments.states.no_show', summary.no_show],
    ['app.appointments.reports.value', money(summary.value)],
  ];
  return (
    <Card variant="outlined" sx={{ p: 1.5, my: 1 }} data-testid="report-summary">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {items.map(([label, value]) => (
          <Box key={label}>
            <Typography variant="caption" color="text.secondary">
              {translate(label)}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
          </Box>
        ))}
      </Stack>
    </Card>
  );
};

const ReportActions = () => (
  <TopToolbar>
    <PeriodPresets />
    <FilterButton />
    <ExportButton maxResults={10_000} />
  </TopToolbar>
);

/** A report of the period's visits: filters, period presets, the rows and a CSV. */
const VisitReport = ({
  resource,
  name,
  withStatus,
  summary,
}: {
  resource: string;
  name: 'appointments' | 'checkin';
  withStatus: boolean;
  summary?: boolean;
}) => {
  const { today } = useSalon();
  const translate = useTranslate();
  const filters = useReportFilters(withStatus);
  const exporter = useVisitExporter(`app.appointments.reports.${name}_file`);
  return (
    <List
      resource={resource}
      title={translate(`app.appointments.reports.${name}_title`)}
      filters={filters}
      filterDefaultValues={today ? presetRange('this_month', today) : {}}
      sort={{ field: 'start', order: 'ASC' }}
      actions={<ReportActions />}
      exporter={exporter}
      empty={false}
    >
      {summary && <SummaryCard />}
      <VisitRows />
    </List>
  );
};

/** `reports/appointments-report`: the period's visits with their totals and a CSV. */
export const AppointmentsReport = () => (
  <VisitReport resource="reports/appointments-report" name="appointments" withStatus summary />
);

/** `reports/checkin-checkout-report`: when each visit of the period checked in. */
export const CheckinReport = () => (
  <VisitReport resource="reports/checkin-checkout-report" name="checkin" withStatus={false} />
);

type ReasonRow = { id: string; name_en: string | null; name_ar: string | null; count: number; value: number };

/** `reports/appointments-cancellation-reasons`: the period's cancellations counted by reason. */
export const CancellationReasonsReport = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const { today } = useSalon();
  const { money } = useFormat();
  const dataProvider = useAppDataProvider();
  const [preset, setPreset] = useState<Preset>('this_month');
  const [range, setRange] = useState(() => (today ? presetRange('this_month', today) : {}));
  const [rows, setRows] = useState<{ total: number; reasons: ReasonRow[] } | null>(null);
  const limit = useEarliestDay();
  const refused = limit.tooEarly(range.from) || limit.tooEarly(range.to);
  const key = JSON.stringify(range);
  useEffect(() => {
    // a date earlier than the earliest day waits for the archive: the last answer stays
    if (refused) return;
    let live = true;
    dataProvider
      .send<{ total: number; reasons: ReasonRow[] }>(
        'GET',
        `reports/cancellation-reasons?filter=${encodeURIComponent(key)}`,
      )
      .then((r) => live && setRows(r))
      .catch(() => live && setRows({ total: 0, reasons: [] }));
    return () => {
      live = false;
    };
  }, [dataProvider, key, refused]);
  const name = (r: ReasonRow) =>
    (language === 'ar' ? r.name_ar || r.name_en : r.name_en || r.name_ar) ?? translate('app.common.none');
  const exportCsv = () =>
    downloadCsv(
      toCsv(
        ['reason', 'count', 'value'].map((f) => translate(`app.appointments.reports.columns.${f}`)),
        (rows?.reasons ?? []).map((r) => [name(r), r.count, money(r.value)]),
      ),
      translate('app.appointments.reports.reasons_file'),
    );
  return (
    <Box sx={{ py: 2 }} data-testid="cancellation-report">
      <Title title="app.appointments.reports.reasons_title" />
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate('app.appointments.reports.reasons_title')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('app.appointments.reports.period')}
          value={preset}
          onChange={(e) => {
            const p = e.target.value as Preset;
            setPreset(p);
            if (p !== 'custom') setRange(presetRange(p, today));
          }}
          sx={{ width: 170 }}
        >
          {presetItems(translate)}
        </TextField>
        {(['from', 'to'] as const).map((f) => (
          <TextField
            key={f}
            size="small"
            label={translate(`app.appointments.reports.${f}`)}
            value={range[f] ?? ''}
            onChange={(e) => {
              setPreset('custom');
              setRange((r) => ({ ...r, [f]: e.target.value.trim() }));
            }}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
            sx={{ width: 140 }}
            {...limit.fieldProps(range[f])}
          />
        ))}
        {refused && <OpenArchiveButton onOpen={limit.openArchive} />}
        <Button onClick={exportCsv} disabled={!rows?.reasons.length}>
          {translate('ra.action.export')}
        </Button>
      </Stack>
      <Card variant="outlined">
        {!rows?.reasons.length ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('app.appointments.reports.no_cancellations')}
          </Typography>
        ) : (
          <Box
            component="table"
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              '& td, & th': { p: 1.5, textAlign: 'start', borderBottom: 1, borderColor: 'divider' },
            }}
          >
            <thead>
              <tr>
                <th>{translate('app.appointments.reports.columns.reason')}</th>
                <th>{translate('app.appointments.reports.columns.count')}</th>
                <th>{translate('app.appointments.reports.columns.value')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.reasons.map((r) => (
                <tr key={r.id} data-testid="reason-row">
                  <td>{name(r)}</td>
                  <td>{r.count}</td>
                  <td>{money(r.value)}</td>
                </tr>
              ))}
              <tr>
                <th>{translate('app.appointments.reports.columns.total')}</th>
                <th>{rows.total}</th>
                <th>{money(rows.reasons.reduce((n, r) => n + r.value, 0))}</th>
              </tr>
            </tbody>
          </Box>
        )}
      </Card>
    </Box>
  );
};
