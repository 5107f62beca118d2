import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
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
  instantAt,
  isBusinessDate,
  localizeParams,
  type BusinessDate,
  type GlobalInformation,
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
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Confirm, Title } from 'react-admin';
import { isHttpError, messageParams } from '../http/errors';
import { Mirrored } from '../layout/Mirrored';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { STAFF_RESOURCES, nameOf } from '../staff/types';
import {
  addMinutes,
  floatingDate,
  floatingDay,
  floatingNowQuarter,
  floatingTime,
  fromFloating,
  toFloating,
} from './calendarTime';
import { VisitDrawer, type BookEmployee, type DrawerTarget } from './VisitDrawer';
import { APPOINTMENTS, STATE_COLOURS, type VisitState } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { typedDateText } from '../sales/period';

/**
 * The calendar works in floating wall-clock Dates (calendarTime.ts), so its localizer must read them
 * in the browser's own zone: given dayjs with the timezone plugin (the contracts load it), the
 * localizer would read them through `dayjs.tz` and shift the grid by the zone's offset.
 */
const localDayjs = new Proxy(dayjs, {
  // everything else (the plugins the localizer adds, dayjs.max...) is dayjs's own, read when used
  get: (target, property, receiver) =>
    property === 'tz' ? undefined : Reflect.get(target, property, receiver),
});
const localizer = dayjsLocalizer(localDayjs);
/**
 * The first date of the week the week view draws around a date: react-big-calendar's week view
 * (`Week.range`) starts at its localizer's `startOf(date, 'week')` (dayjs: the locale's first day of
 * the week, Sunday as in the Gulf), so the dates the page loads come from that same function.
 * ('week' is a unit the localizer takes that its types leave out.)
 */
const firstOfShownWeek = (date: BusinessDate): BusinessDate =>
  floatingDate((localizer.startOf as (d: Date, unit: string) => Date)(floatingDay(date), 'week'));
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
  visitId: string;
  lineId: string;
  state: VisitState | 'block';
};

type CalendarData = {
  employees: Array<{
    employee_id: string;
    name_en: string;
    name_ar: string;
    service_ids?: string[];
    days: Array<{
      date: string;
      working: Array<{ from: string; to: string }>;
      day_off: boolean;
      blocks: Array<{ period_id: string; from: string; to: string; reason?: string | null }>;
    }>;
  }>;
  lines: Array<{
    line_id: string;
    appointment_id: string;
    employee_id: string;
    service_name_en: string;
    service_name_ar: string;
    start: string;
    end: string;
    customer_name: string | null;
    state: VisitState;
  }>;
};
type CalendarResource = { id: string; title: string };

/** Minutes of the day the grid shows, from the employees' working time (salon clock). */
const gridOf = (calendar: CalendarData | null, tz: TenantTimeZone) => {
  const spans = (calendar?.employees ?? []).flatMap((e) =>
    e.days.flatMap((d) =>
      d.working.map((w) => {
        const from = toFloating(w.from, tz);
        const to = toFloating(w.to, tz);
        const fromMin = from.getHours() * 60 + from.getMinutes();
        const sameDay = floatingDate(from) === floatingDate(to);
        return { from: fromMin, to: sameDay ? to.getHours() * 60 + to.getMinutes() : 24 * 60 };
      }),
    ),
  );
  if (spans.length === 0) return { min: 9 * 60, max: 23 * 60 };
  const from = Math.min(...spans.map((x) => x.from));
  const to = Math.max(...spans.map((x) => x.to));
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

/**
 * The calendar as it was at an instant (doc: replay): a time of the shown day, typed HH:mm on the
 * salon's clock; the book then shows the visits as they stood, read only.
 */
const AsOfBar = ({
  date,
  tz,
  asOf,
  onChange,
}: {
  date: BusinessDate;
  tz: TenantTimeZone;
  asOf: string | null;
  onChange: (instant: string | null) => void;
}) => {
  const translate = useTranslate();
  const { language } = useArea();
  const [open, setOpen] = useState(false);
  const [time, setTime] = useState('12:00');
  const valid = /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
  if (asOf)
    return (
      <Alert
        severity="info"
        sx={{ mb: 1 }}
        data-testid="calendar-as-of"
        action={
          <Button size="small" onClick={() => onChange(null)} data-testid="calendar-as-of-now">
            {translate('app.appointments.as_of.back')}
          </Button>
        }
      >
        {translate('app.appointments.as_of.showing', {
          at: `\u2068${formatDate(date, { locale: language })} ${formatViewTime(floatingTime(toFloating(asOf, tz)), { locale: language })}\u2069`,
        })}
      </Alert>
    );
  return open ? (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label={translate('app.appointments.as_of.time')}
        value={time}
        onChange={(e) => setTime(typedDateText(e.target.value, 'time'))}
        error={!valid}
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'calendar-as-of-time' } }}
        sx={{ width: 120 }}
      />
      <Button
        size="small"
        variant="outlined"
        disabled={!valid}
        onClick={() => onChange(instantAt(date, `${time}:59`, tz))}
        data-testid="calendar-as-of-show"
      >
        {translate('app.appointments.as_of.show')}
      </Button>
      <Button size="small" onClick={() => setOpen(false)}>
        {translate('ra.action.cancel')}
      </Button>
    </Stack>
  ) : (
    <Button size="small" onClick={() => setOpen(true)} sx={{ mb: 1 }} data-testid="calendar-as-of-open">
      {translate('app.appointments.as_of.open')}
    </Button>
  );
};

const at = (day: Date, minutes: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60);

/**
 * The appointment book (`/{lang}/merchant/appointments`, doc1 §1–§2): a day with one column per
 * employee shown in the appointment table, or a week; a quarter-hour grid whose free slots light up on
 * hover and open "new appointment" on a click; times before now cannot be picked; a visit's service is
 * dragged to another time or employee, or resized, and a refused move snaps back with the reason. On
 * a phone: one employee's column at a time and a day picker. `?date=` shows that day.
 *
 * "New appointment" is a route of its own, `appointments/add-appointment` (doc1 §2), with the slot in
 * its query (`date`, `time` as HH:mm on the salon's clock, `employee_id`, `customer_id`): the book of
 * that day with the booking panel open over it, so a link opens it and the back button closes it.
 */
export const AppointmentCalendar = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { language, basename } = useArea();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const tz = (information?.global_informations?.account.time_zone ?? 'Asia/Riyadh') as TenantTimeZone;
  const ownEmployee = information?.auth.employee_id ?? null;
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { canAccess: canBook } = useCanAccess({ resource: APPOINTMENTS, action: 'create' });
  // the day as it was at an instant: the replay right of the advanced accounting page
  const { canAccess: canReplay } = useCanAccess({ resource: 'customers', action: 'as-of' });
  // "show in appointments" is switched on in an employee's record
  const { canAccess: canOpenEmployees } = useCanAccess({
    resource: STAFF_RESOURCES.employees,
    action: 'edit',
  });

  const today = (information?.global_informations?.today ??
    floatingDate(toFloating(Date.now(), tz))) as BusinessDate;
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const adding = /\/add-appointment\/?$/.test(location.pathname);
  const listPath = `${basename}/${APPOINTMENTS}`;
  const linkedDate = search.get('date');
  const [date, setDate] = useState<BusinessDate>(
    linkedDate && isBusinessDate(linkedDate) ? (linkedDate as BusinessDate) : today,
  );
  useEffect(() => {
    if (linkedDate && isBusinessDate(linkedDate)) setDate(linkedDate as BusinessDate);
  }, [linkedDate]);
  const [chosenView, setView] = useState<'day' | 'week'>('day');
  const view: 'day' | 'week' = small ? 'day' : chosenView;
  const [employeeFilter, setEmployeeFilter] = useState<string>('');
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null);

  const [asOf, setAsOf] = useState<string | null>(null);
  // the dates shown: the week's are those the calendar draws (its localizer's week around the date)
  const from = view === 'week' ? firstOfShownWeek(date) : date;
  const to = view === 'week' ? addDays(from, 6) : date;
  // the appointment table of the shown dates: the employees the user may see (in the book, active),
  // their working time and blocks, and the lines (GET appointment-calendar, docs/api.md)
  const [calendar, setCalendar] = useState<CalendarData | null>(null);
  const [version, setVersion] = useState(0);
  const refetch = useCallback(async () => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({
      date: from,
      days: view === 'week' ? '7' : '1',
      ...(asOf && { as_of: asOf }),
    });
    dataProvider
      .send<CalendarData>('GET', `appointment-calendar?${query.toString()}`)
      .then((data) => live && setCalendar(data))
      .catch((error: unknown) => {
        if (!live) return;
        setCalendar((c) => c ?? { employees: [], lines: [] });
        if (isHttpError(error)) notify(error.message, { type: 'error', messageArgs: messageParams(error) });
      });
    return () => {
      live = false;
    };
  }, [dataProvider, notify, from, view, asOf, version]);
  const staffPending = calendar === null;
  // the grid runs from an hour before the earliest working time of the shown days to an hour after
  // the latest (the whole day when someone works past midnight); 09:00-23:00 with nobody working
  const { min, max } = useMemo(() => gridOf(calendar, tz), [calendar, tz]);

  const employees: BookEmployee[] = useMemo(
    () =>
      (calendar?.employees ?? []).map((e) => ({
        id: e.employee_id,
        name_en: e.name_en,
        name_ar: e.name_ar,
        ...(e.service_ids && { service_ids: e.service_ids }),
      })),
    [calendar],
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

  const shownIds = useMemo(() => new Set(columns.map((c) => c.id)), [columns]);
  const events: CalendarEvent[] = useMemo(
    () =>
      (calendar?.lines ?? [])
        .filter((l) => l.state !== 'cancelled' && shownIds.has(l.employee_id))
        .map((l) => ({
          id: l.line_id,
          lineId: l.line_id,
          visitId: l.appointment_id,
          state: l.state,
          resourceId: l.employee_id,
          start: toFloating(l.start, tz),
          end: toFloating(l.end, tz),
          title: `${l.customer_name ?? ''} · ${language === 'ar' ? l.service_name_ar : l.service_name_en}`,
        })),
    [calendar, tz, language, shownIds],
  );
  // blocks drawn behind the visits, with their reason
  const blocks: CalendarEvent[] = useMemo(
    () =>
      (calendar?.employees ?? [])
        .filter((e) => shownIds.has(e.employee_id))
        .flatMap((e) =>
          e.days.flatMap((d) =>
            d.blocks.map((b) => ({
              id: `block-${b.period_id}-${d.date}`,
              lineId: '',
              visitId: '',
              state: 'block' as const,
              resourceId: e.employee_id,
              start: toFloating(b.from, tz),
              end: toFloating(b.to, tz),
              title: `${translate('app.appointments.block')}${b.reason ? `: ${b.reason}` : ''}`,
            })),
          ),
        ),
    [calendar, tz, shownIds, translate],
  );
  // when each shown employee works: the grid greys the rest and does not book it
  const working = useMemo(() => {
    const map = new Map<string, Array<{ from: number; to: number }>>();
    for (const e of calendar?.employees ?? [])
      map.set(
        e.employee_id,
        e.days.flatMap((d) => d.working.map((w) => ({ from: Date.parse(w.from), to: Date.parse(w.to) }))),
      );
    return map;
  }, [calendar]);
  const isWorking = (slot: Date, resourceId?: string | number) => {
    const instant = Date.parse(fromFloating(slot, tz));
    const ids = resourceId !== undefined ? [String(resourceId)] : [...shownIds];
    return ids.some((id) => (working.get(id) ?? []).some((w) => w.from <= instant && instant < w.to));
  };

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

  // a move over another visit, where the salon allows overbooking: the desk confirms it or it snaps back
  const [overMove, setOverMove] = useState<{ visitId: string; body: object; conflicts: string[] } | null>(
    null,
  );
  const sendMove = async (visitId: string, body: object) => {
    try {
      const reply = await dataProvider.send<{ overbooked?: boolean }>(
        'POST',
        `appointments/${visitId}/move`,
        body,
      );
      notify(reply?.overbooked ? 'app.appointments.moved_over' : 'app.appointments.moved', {
        type: reply?.overbooked ? 'warning' : 'success',
      });
    } catch (error) {
      if (isHttpError(error) && error.message === 'appointments.overbooking_to_confirm') {
        const details = (
          error.body as { details?: Array<{ key: string; params?: Record<string, string | number> }> }
        )?.details;
        setOverMove({
          visitId,
          body,
          conflicts: (details ?? []).map((d) =>
            translate(d.key, { ...localizeParams(d.params ?? {}, language), _: d.key }),
          ),
        });
      } else refused(error);
    } finally {
      await refetch();
    }
  };

  const move = async ({ event, start, end, resourceId }: EventInteractionArgs<CalendarEvent>) => {
    const startDate = new Date(start);
    const endDate = new Date(end);
    if (startDate < now) {
      notify('app.appointments.past', { type: 'warning' });
      return;
    }
    await sendMove(event.visitId, {
      line_id: event.lineId,
      start: fromFloating(startDate, tz),
      ...(typeof resourceId === 'string' && resourceId !== event.resourceId && { employee_id: resourceId }),
      duration: Math.round((endDate.getTime() - startDate.getTime()) / 60_000),
    });
  };

  /** The add-appointment route for a slot (or the day when no time is given). */
  const addAppointment = (query: { date: string; time?: string; employee_id?: string }) =>
    navigate(`${listPath}/add-appointment?${new URLSearchParams(query).toString()}`);
  // its booking panel, from its query, once the day's employees are known
  const bookTarget = useMemo((): DrawerTarget | null => {
    if (!adding || !canBook || staffPending) return null;
    const day = linkedDate && isBusinessDate(linkedDate) ? (linkedDate as BusinessDate) : date;
    const time = search.get('time');
    const employeeId = search.get('employee_id');
    const customerId = search.get('customer_id');
    return {
      kind: 'book',
      start:
        time && /^([01]\d|2[0-3]):[0-5]\d$/.test(time)
          ? instantAt(day, `${time}:00`, tz)
          : fromFloating(
              day === today ? addMinutes(floatingNowQuarter(tz), 15) : at(floatingDay(day), min + 60),
              tz,
            ),
      employeeId:
        employeeId && employees.some((e) => e.id === employeeId) ? employeeId : (columns[0]?.id ?? ''),
      ...(customerId && { customerId }),
    };
    // a new panel for each link followed; the rest is read when it opens
  }, [adding, canBook, staffPending, search]);

  const selectSlot = (slot: SlotInfo) => {
    if (!canBook) return;
    const start = slot.start as Date;
    if (asOf || start < now || !isWorking(start, slot.resourceId)) return;
    addAppointment({
      date: floatingDate(start),
      time: floatingTime(start),
      ...(typeof slot.resourceId === 'string' && { employee_id: slot.resourceId }),
    });
  };

  const shift = (days: number) => setDate((d) => addDays(d, days));
  // dates keep their own order inside right-to-left text (first-strong isolates)
  const iso = (text: string) => `\u2068${text}\u2069`;
  const label =
    view === 'week'
      ? `${iso(formatDate(from, { locale: language }))} – ${iso(formatDate(to, { locale: language }))}`
      : `${translate(codeLabelKey('weekday', floatingDay(date).getDay()))} ${iso(formatDate(date, { locale: language }))}`;

  if (!staffPending && employees.length === 0)
    return (
      <Box sx={{ p: 2 }}>
        <Title title="app.appointments.title" />
        <Alert
          severity="info"
          action={
            canOpenEmployees && (
              <Button component={Link} to={`${basename}/${STAFF_RESOURCES.employees}`}>
                {translate('app.appointments.no_employees_action')}
              </Button>
            )
          }
          data-testid="calendar-no-employees"
        >
          {translate(
            canOpenEmployees ? 'app.appointments.no_employees' : 'app.appointments.no_employees_ask',
          )}
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
            onClick={() => addAppointment({ date })}
            data-testid="calendar-new"
          >
            {translate('app.appointments.new')}
          </Button>
        )}
      </Stack>
      {canReplay && <AsOfBar date={date} tz={tz} asOf={asOf} onChange={setAsOf} />}
      <Box
        sx={{
          height: { xs: 'calc(100vh - 180px)', sm: 'calc(100vh - 170px)' },
          minHeight: 480,
          bgcolor: 'background.paper',
          borderRadius: 1,
          '& .rbc-time-slot': { minHeight: 18 },
          '& .rawnaq-past': { bgcolor: 'action.hover', cursor: 'not-allowed' },
          '& .rawnaq-closed': {
            background: 'repeating-linear-gradient(135deg, #f3f1f5 0 6px, #e9e5ee 6px 12px)',
            cursor: 'not-allowed',
          },
          '& .rbc-background-event.rawnaq-block': {
            background: 'repeating-linear-gradient(135deg, #eceff1 0 6px, #cfd8dc 6px 12px)',
            color: 'text.primary',
            border: '1px solid #90a4ae',
            opacity: 1,
          },
          '& .rbc-day-slot .rbc-time-slot:not(.rawnaq-past):not(.rawnaq-closed):hover': {
            bgcolor: 'primary.50',
            outline: '1px dashed',
          },
          '& .rbc-event': { borderRadius: 1, fontSize: 12, px: 0.5 },
          // a short visit's time and name end with an ellipsis rather than being cut
          // (react-big-calendar wraps a short visit's lines into a second column, wider than the visit)
          '& .rbc-day-slot .rbc-event': { flexFlow: 'column nowrap' },
          '& .rbc-event-label, & .rbc-event-content': {
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            width: '100%',
            maxWidth: '100%',
            flex: 'none',
          },
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
          onSelecting={({ start }) => !asOf && start >= now}
          onSelectSlot={selectSlot}
          onSelectEvent={(e) => e.state !== 'block' && setDrawer({ kind: 'visit', visitId: e.visitId })}
          onEventDrop={move}
          onEventResize={move}
          resizable
          draggableAccessor={(e) => canBook === true && !asOf && ['scheduled', 'confirmed'].includes(e.state)}
          backgroundEvents={blocks}
          slotPropGetter={(d, resourceId) =>
            d < now
              ? { className: 'rawnaq-past' }
              : !isWorking(d, resourceId)
                ? { className: 'rawnaq-closed' }
                : {}
          }
          eventPropGetter={(e) =>
            e.state === 'block'
              ? { className: 'rawnaq-block' }
              : {
                  className: `rawnaq-visit rawnaq-${e.state}`,
                  style: {
                    backgroundColor: STATE_COLOURS[e.state].fill,
                    color: STATE_COLOURS[e.state].text,
                    border: 0,
                  },
                }
          }
          tooltipAccessor={(e) =>
            e.state === 'block' ? e.title : `${e.title} (${translate(`app.appointments.states.${e.state}`)})`
          }
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
      {drawer ? (
        <VisitDrawer
          target={drawer}
          employees={employees}
          onClose={() => setDrawer(null)}
          onChanged={() => void refetch()}
        />
      ) : (
        bookTarget && (
          <VisitDrawer
            key={location.search}
            target={bookTarget}
            employees={employees}
            onClose={() => navigate(listPath)}
            onChanged={() => void refetch()}
          />
        )
      )}
      <Confirm
        isOpen={overMove !== null}
        title="app.appointments.move_over_title"
        content={
          <Stack spacing={0.5} data-testid="move-over-conflicts">
            <Typography variant="body2">{translate('appointments.overbooking_to_confirm')}</Typography>
            {overMove?.conflicts.map((c) => (
              <Typography key={c} variant="body2">
                {c}
              </Typography>
            ))}
          </Stack>
        }
        confirm="app.appointments.move_anyway"
        confirmColor="warning"
        onConfirm={() => {
          const pending = overMove!;
          setOverMove(null);
          void sendMove(pending.visitId, { ...pending.body, overbook: true });
        }}
        onClose={() => setOverMove(null)}
      />
    </Box>
  );
};
