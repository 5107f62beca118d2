import { useCallback, useMemo, useRef, useState } from 'react';
import { useCanAccess, useDataProvider, useGetList, useGetOne, useNotify, useTranslate } from 'ra-core';
import { Calendar, dayjsLocalizer, type Formats, type SlotInfo, type View } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import dayjs from 'dayjs';
import {
  addDays,
  codeLabelKey,
  formatDate,
  formatViewTime,
  type BusinessDate,
  type GlobalInformation,
  type OpeningDay,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import EventIcon from '@mui/icons-material/EventOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import type { AppDataProvider } from '../http/dataProvider';
import { isHttpError, messageParams } from '../http/errors';
import { Mirrored } from '../layout/Mirrored';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { STAFF_RESOURCES, nameOf, type Employee } from '../staff/types';
import {
  addMinutes,
  floatingDate,
  floatingDay,
  floatingNowQuarter,
  floatingTime,
  fromFloating,
  toFloating,
} from './calendarTime';
import { VisitDrawer, type DrawerTarget } from './VisitDrawer';
import { APPOINTMENTS, STATE_COLOURS, type Visit } from './types';

const localizer = dayjsLocalizer(dayjs);
// The addon is CommonJS only; the bundler's interop hands over its exports object as the default.
type WithDragAndDrop = typeof dragAndDrop.default;
const withDragAndDrop = ((dragAndDrop.default as unknown as { default?: WithDragAndDrop }).default ??
  dragAndDrop.default) as WithDragAndDrop;
const DnDCalendar = withDragAndDrop<CalendarEvent, CalendarResource>(Calendar);

type CalendarEvent = {
  id: string;
  title: string;
  start: Date;
  end: Date;
  resourceId: string;
  visit: Visit;
  lineId: string;
};
type CalendarResource = { id: string; title: string };

const WHOLE = { pagination: { page: 1, perPage: 200 }, sort: { field: 'name_en', order: 'ASC' as const } };

/** The hours the grid shows: from the earliest opening of the week to the latest closing (or midnight). */
const gridHours = (week: OpeningDay[] | undefined) => {
  const open = (week ?? []).filter((d) => d.is_open && d.from && d.to);
  if (open.length === 0) return { min: 8 * 60, max: 24 * 60 - 1 };
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const from = Math.min(...open.map((d) => minutes(d.from!)));
  const closesLate = open.some((d) => minutes(d.to!) <= minutes(d.from!));
  const to = closesLate ? 24 * 60 - 1 : Math.max(...open.map((d) => minutes(d.to!)));
  return { min: Math.max(0, from - 60), max: Math.min(24 * 60 - 1, to + 60) };
};

/**
 * A day picker for the phone: the browser's own calendar, opened from a button (its text field would
 * write the date in the browser's format; the page writes it YYYY-MM-DD beside the arrows).
 */
const DayPicker = ({ value, onChange }: { value: BusinessDate; onChange: (d: BusinessDate) => void }) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Tooltip title={translate('app.appointments.pick_day')}>
      <IconButton
        onClick={() => input.current?.showPicker?.() ?? input.current?.click()}
        aria-label={translate('app.appointments.pick_day')}
        data-testid="calendar-pick-day"
      >
        <EventIcon />
        <input
          ref={input}
          type="date"
          value={value}
          onChange={(e) => e.target.value && onChange(e.target.value as BusinessDate)}
          tabIndex={-1}
          aria-hidden
          data-testid="calendar-day"
          style={{ position: 'absolute', inset: 0, opacity: 0, pointerEvents: 'none' }}
        />
      </IconButton>
    </Tooltip>
  );
};

const at = (day: Date, minutes: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60);

/**
 * The appointment book (`/{lang}/merchant/appointments`, doc1 §1–§2): a day with one column per
 * employee shown in the appointment table, or a week; a quarter-hour grid whose free slots light up on
 * hover and open "new appointment" on a click; times before now cannot be picked; a visit's service is
 * dragged to another time or employee, or resized, and a refused move snaps back with the reason. On
 * a phone: one employee's column at a time and a day picker.
 */
export const AppointmentCalendar = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { language, basename } = useArea();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const tz = (information?.global_informations?.account.time_zone ?? 'Asia/Riyadh') as TenantTimeZone;
  const ownEmployee = information?.auth.employee_id ?? null;
  const seesAll = (information?.auth.rights ?? []).includes('view_all_appointments');
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { canAccess: canBook } = useCanAccess({ resource: APPOINTMENTS, action: 'create' });

  const today = (information?.global_informations?.today ??
    floatingDate(toFloating(Date.now(), tz))) as BusinessDate;
  const [date, setDate] = useState<BusinessDate>(today);
  const [chosenView, setView] = useState<'day' | 'week'>('day');
  const view: 'day' | 'week' = small ? 'day' : chosenView;
  const [employeeFilter, setEmployeeFilter] = useState<string>('');
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null);

  const { data: staff, isPending: staffPending } = useGetList<Employee>(STAFF_RESOURCES.employees, {
    ...WHOLE,
    filter: { status: 1 },
  });
  const { data: hours } = useGetOne<{ id: string; days: OpeningDay[] }>(
    'business-hours',
    { id: 'week' },
    { retry: false },
  );
  const { min, max } = gridHours(hours?.days);

  // who has a column: those shown in the appointment table; without the right to see everyone's
  // appointments, only one's own
  const employees = useMemo(
    () => (staff ?? []).filter((e) => e.show_in_appointments).filter((e) => seesAll || e.id === ownEmployee),
    [staff, seesAll, ownEmployee],
  );
  const phoneEmployee =
    employeeFilter || employees.find((e) => e.id === ownEmployee)?.id || employees[0]?.id || '';
  const columns = useMemo(() => {
    const shown = small
      ? employees.filter((e) => e.id === phoneEmployee)
      : employeeFilter
        ? employees.filter((e) => e.id === employeeFilter)
        : employees;
    return shown.map((e) => ({ id: e.id, title: nameOf(e, language) }));
  }, [employees, employeeFilter, phoneEmployee, small, language]);

  const from = date;
  const to = view === 'week' ? addDays(date, 6) : date;
  const { data: visits, refetch } = useGetList<Visit>(APPOINTMENTS, {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'start', order: 'ASC' },
    // a visit ending after midnight starts the day before
    filter: { from: addDays(from, -1), to },
  });

  const shownIds = new Set(columns.map((c) => c.id));
  const events: CalendarEvent[] = useMemo(
    () =>
      (visits ?? [])
        .filter((v) => v.state !== 'cancelled')
        .flatMap((v) =>
          v.lines
            .filter((l) => shownIds.has(l.employee_id))
            .map((l) => ({
              id: l.line_id,
              lineId: l.line_id,
              visit: v,
              resourceId: l.employee_id,
              start: toFloating(l.start, tz),
              end: toFloating(l.end, tz),
              title: `${v.customer_name ?? ''} · ${language === 'ar' ? l.service_name_ar : l.service_name_en}`,
            })),
        ),
    [visits, tz, language, columns],
  );

  const now = floatingNowQuarter(tz);
  const viewTime = useCallback(
    (d: Date) => formatViewTime(floatingTime(d), { locale: language }),
    [language],
  );
  const weekday = useCallback((d: Date) => translate(codeLabelKey('weekday', d.getDay())), [translate]);
  const formats: Formats = useMemo(
    () => ({
      timeGutterFormat: (d: Date) => viewTime(d),
      eventTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) =>
        `${viewTime(start)}–${viewTime(end)}`,
      selectRangeFormat: ({ start, end }: { start: Date; end: Date }) =>
        `${viewTime(start)}–${viewTime(end)}`,
      dayFormat: (d: Date) => `${weekday(d)} ${floatingDate(d).slice(5)}`,
      dayHeaderFormat: (d: Date) => `${weekday(d)} ${floatingDate(d)}`,
      dayRangeHeaderFormat: ({ start, end }: { start: Date; end: Date }) =>
        `${floatingDate(start)} – ${floatingDate(end)}`,
    }),
    [viewTime, weekday],
  );

  const refused = (error: unknown) => {
    const reason = isHttpError(error)
      ? translate(error.message, { ...messageParams(error), _: error.message })
      : translate('app.errors.unknown');
    notify('app.appointments.move_refused', { type: 'error', messageArgs: { reason } });
  };

  const move = async ({ event, start, end, resourceId }: EventInteractionArgs<CalendarEvent>) => {
    const startDate = new Date(start);
    const endDate = new Date(end);
    if (startDate < now) {
      notify('app.appointments.past', { type: 'warning' });
      return;
    }
    try {
      await dataProvider.send('POST', `appointments/${event.visit.id}/move`, {
        line_id: event.lineId,
        start: fromFloating(startDate, tz),
        ...(typeof resourceId === 'string' && resourceId !== event.resourceId && { employee_id: resourceId }),
        duration: Math.round((endDate.getTime() - startDate.getTime()) / 60_000),
      });
      notify('app.appointments.moved', { type: 'success' });
    } catch (error) {
      refused(error);
    } finally {
      await refetch();
    }
  };

  const selectSlot = (slot: SlotInfo) => {
    if (!canBook) return;
    const start = slot.start as Date;
    if (start < now) return;
    setDrawer({
      kind: 'book',
      start: fromFloating(start, tz),
      employeeId: typeof slot.resourceId === 'string' ? slot.resourceId : (columns[0]?.id ?? ''),
    });
  };

  const shift = (days: number) => setDate((d) => addDays(d, days));
  const label =
    view === 'week'
      ? `${formatDate(from, { locale: language })} – ${formatDate(to, { locale: language })}`
      : `${translate(codeLabelKey('weekday', floatingDay(date).getDay()))} ${formatDate(date, { locale: language })}`;

  if (!staffPending && employees.length === 0)
    return (
      <Box sx={{ p: 2 }}>
        <Title title="app.appointments.title" />
        <Alert
          severity="info"
          action={
            <Button component={Link} to={`${basename}/${STAFF_RESOURCES.employees}`}>
              {translate('app.appointments.no_employees_action')}
            </Button>
          }
          data-testid="calendar-no-employees"
        >
          {translate('app.appointments.no_employees')}
        </Alert>
      </Box>
    );

  const dayStart = floatingDay(date);
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }} data-testid="appointment-calendar">
      <Title title="app.appointments.title" />
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1, px: { xs: 1, sm: 0 } }}
      >
        <Button variant="outlined" size="small" onClick={() => setDate(today)} data-testid="calendar-today">
          {translate('app.appointments.today')}
        </Button>
        <Tooltip title={translate('app.appointments.previous')}>
          <IconButton
            size="small"
            onClick={() => shift(view === 'week' ? -7 : -1)}
            data-testid="calendar-prev"
          >
            <Mirrored>
              <ChevronLeftIcon />
            </Mirrored>
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('app.appointments.next')}>
          <IconButton size="small" onClick={() => shift(view === 'week' ? 7 : 1)} data-testid="calendar-next">
            <Mirrored>
              <ChevronRightIcon />
            </Mirrored>
          </IconButton>
        </Tooltip>
        <Typography sx={{ fontWeight: 600, minWidth: 0 }} data-testid="calendar-label">
          <bdi>{label}</bdi>
        </Typography>
        <Box sx={{ flex: 1 }} />
        {small ? (
          <DayPicker value={date} onChange={setDate} />
        ) : (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, v: 'day' | 'week' | null) => v && setView(v)}
          >
            <ToggleButton value="day" data-testid="calendar-view-day">
              {translate('app.appointments.day')}
            </ToggleButton>
            <ToggleButton value="week" data-testid="calendar-view-week">
              {translate('app.appointments.week')}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
        {employees.length > 1 && (
          <TextField
            select
            size="small"
            label={translate('app.appointments.employee')}
            value={small ? phoneEmployee : employeeFilter}
            onChange={(e) => setEmployeeFilter(e.target.value)}
            sx={{ width: { xs: 150, sm: 200 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'calendar-employee' },
              inputLabel: { shrink: true },
              select: { displayEmpty: true },
            }}
          >
            {!small && <MenuItem value="">{translate('app.appointments.all_employees')}</MenuItem>}
            {employees.map((e) => (
              <MenuItem key={e.id} value={e.id}>
                {nameOf(e, language)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {canBook && (
          <Button
            variant="contained"
            size="small"
            startIcon={<AddIcon />}
            onClick={() =>
              setDrawer({
                kind: 'book',
                start: fromFloating(date === today ? addMinutes(now, 15) : at(dayStart, min + 60), tz),
                employeeId: columns[0]?.id ?? '',
              })
            }
            data-testid="calendar-new"
          >
            {translate('app.appointments.new')}
          </Button>
        )}
      </Stack>
      <Box
        sx={{
          height: { xs: 'calc(100vh - 180px)', sm: 'calc(100vh - 170px)' },
          minHeight: 480,
          bgcolor: 'background.paper',
          borderRadius: 1,
          '& .rbc-time-slot': { minHeight: 18 },
          '& .rawnaq-past': { bgcolor: 'action.hover', cursor: 'not-allowed' },
          '& .rbc-day-slot .rbc-time-slot:not(.rawnaq-past):hover': {
            bgcolor: 'primary.50',
            outline: '1px dashed',
          },
          '& .rbc-event': { borderRadius: 1, fontSize: 12, px: 0.5 },
          '& .rbc-header': { py: 0.5, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' },
          '& .rbc-allday-cell': { display: 'none' },
          '& .rbc-today': { bgcolor: 'transparent' },
          '& .rbc-current-time-indicator': { bgcolor: 'error.main', height: 2 },
          '& .rbc-time-header-content > .rbc-row.rbc-row-resource': { borderBottom: 0 },
        }}
      >
        <DnDCalendar
          localizer={localizer}
          culture={language}
          rtl={language === 'ar'}
          formats={formats}
          date={dayStart}
          onNavigate={(d) => setDate(floatingDate(d))}
          view={view as View}
          onView={(v) => (v === 'day' || v === 'week') && setView(v)}
          views={['day', 'week']}
          toolbar={false}
          events={events}
          resources={view === 'day' ? columns : undefined}
          resourceIdAccessor="id"
          resourceTitleAccessor="title"
          step={15}
          timeslots={4}
          min={at(dayStart, min)}
          max={at(dayStart, max)}
          scrollToTime={date === today ? now : at(dayStart, min + 60)}
          selectable={canBook ? true : false}
          longPressThreshold={250}
          onSelecting={({ start }) => start >= now}
          onSelectSlot={selectSlot}
          onSelectEvent={(e) => setDrawer({ kind: 'visit', visitId: e.visit.id })}
          onEventDrop={move}
          onEventResize={move}
          resizable
          draggableAccessor={(e) => canBook === true && ['scheduled', 'confirmed'].includes(e.visit.state)}
          slotPropGetter={(d) => (d < now ? { className: 'rawnaq-past' } : {})}
          eventPropGetter={(e) => ({
            className: `rawnaq-visit rawnaq-${e.visit.state}`,
            style: {
              backgroundColor: STATE_COLOURS[e.visit.state].fill,
              color: STATE_COLOURS[e.visit.state].text,
              border: 0,
            },
          })}
          tooltipAccessor={(e) => `${e.title} (${translate(`app.appointments.states.${e.visit.state}`)})`}
          messages={{
            today: translate('app.appointments.today'),
            previous: translate('app.appointments.previous'),
            next: translate('app.appointments.next'),
            day: translate('app.appointments.day'),
            week: translate('app.appointments.week'),
            showMore: (count: number) => translate('app.appointments.more', { count }),
          }}
        />
      </Box>
      {drawer && (
        <VisitDrawer
          target={drawer}
          employees={employees}
          onClose={() => setDrawer(null)}
          onChanged={() => void refetch()}
        />
      )}
    </Box>
  );
};
