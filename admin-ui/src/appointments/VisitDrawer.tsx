import { useEffect, useMemo, useState } from 'react';
import {
  Form,
  useGetList,
  useGetOne,
  useNotify,
  useSimpleFormIterator,
  useSimpleFormIteratorItem,
  useSourceContext,
  useTranslate,
  useCanAccess,
} from 'ra-core';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  formatViewDateTime,
  instantAt,
  formatViewTime,
  isBusinessDate,
  localizeParams,
  type BusinessDate,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { VisitDeposits } from '../instruments/VisitDeposits';
import { isHttpError, messageParams } from '../http/errors';
import { PhoneNumberInput } from '../forms/PhoneNumberInput';
import { QUARTERS_OF_DAY, TimeOfDayInput } from '../forms/TimeOfDayInput';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { BILLING, billingPath } from '../billing';
import { MENU_RESOURCES, namesOf, type Service } from '../menu/types';
import { nameOf } from '../staff/types';
import { floatingDate, floatingNowQuarter, floatingTime, openingTimes, toFloating } from './calendarTime';
import { APPOINTMENTS, STATE_COLOURS, type Visit } from './types';
import { reminderNotice } from '../messaging/types';
import { MessagesPanel } from '../messaging/MessagesPanel';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useNameSort } from '../shell/names';

/** Who can do a line: the appointment table's employees (their preferred artists when known). */
export type BookEmployee = {
  id: string;
  name_en: string;
  name_ar: string;
  preferred_artist_ids?: string[];
  /** the services she does (absent: every one) */
  service_ids?: string[];
};

export type DrawerTarget =
  | {
      kind: 'book';
      /** the slot clicked; empty for the next quarter from now */
      start: string;
      employeeId: string;
      customerId?: string;
      /** a no-show visit booked again from the call-back list */
      rebookOf?: string;
      lines?: Array<{ service_id: string; employee_id: string }>;
    }
  | { kind: 'visit'; visitId: string };

type LineValue = {
  line_id?: string;
  service_id?: string;
  employee_id?: string;
  duration?: number | string;
  /** at the same time as the line before (parallel services, where the salon takes them) */
  with_previous?: boolean;
};
type FormValues = {
  customer_id?: string;
  customer?: { name?: string; mobile?: string };
  date: string;
  time: string;
  lines: LineValue[];
  notes?: string;
};

/** The salon's zone (the drawer is a salon's screen): the zone every time on it is read in. */
const useSalonZone = () => useFormat().timeZone as TenantTimeZone;

/** The salon's day as the panel reads it (GET salon-day): its hours on the date and its booking rules. */
type SalonDay = { open: Array<{ from: string; to: string }>; parallel_services: boolean };

/** The salon's hours of a date (undefined while loading or for a date not yet typed whole). */
const useSalonDay = (date: string | undefined): SalonDay | undefined => {
  const dataProvider = useAppDataProvider();
  const [day, setDay] = useState<{ date: string; value: SalonDay }>();
  useEffect(() => {
    if (!date || !isBusinessDate(date)) return;
    let live = true;
    dataProvider
      .send<SalonDay>('GET', `salon-day?${new URLSearchParams({ date }).toString()}`)
      .then((value) => live && setDay({ date, value }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider, date]);
  return day !== undefined && day.date === date ? day.value : undefined;
};

/**
 * When each line starts, in minutes after the visit's start: at the first quarter once the lines
 * before it have ended (as the availability engine and the command count), or with the line before it
 * where the salon takes parallel services and the desk said so.
 */
const lineOffsets = (lines: LineValue[], services: Service[], parallel: boolean): number[] => {
  const offsets: number[] = [];
  let end = 0;
  lines.forEach((line, i) => {
    const offset = i > 0 && parallel && line.with_previous ? offsets[i - 1] : Math.ceil(end / 15) * 15;
    offsets.push(offset);
    end = Math.max(end, offset + minutesOf(line, services));
  });
  return offsets;
};

type Problem = { key: string; params?: Record<string, string | number> };

/** What a refused command said: its message and each conflict (which employee, which time), translated. */
const problemsOf = (error: unknown): Problem[] => {
  if (!isHttpError(error)) return [{ key: 'app.errors.unknown' }];
  const body = error.body as { details?: Problem[]; errors?: Record<string, string> } | undefined;
  const list: Problem[] = [{ key: error.message, params: messageParams(error) }];
  for (const detail of body?.details ?? []) list.push(detail);
  return list;
};

/**
 * The drawer beside the calendar: "add appointment" prefilled from the slot clicked, or one visit with
 * the day's work on it (confirm, check in, cancel with a reason, no-show, remind) and its edit form.
 */
export const VisitDrawer = ({
  target,
  employees,
  onClose,
  onChanged,
}: {
  target: DrawerTarget;
  employees: BookEmployee[];
  onClose: () => void;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const [editing, setEditing] = useState(target.kind === 'book');
  const [mode, setMode] = useState<'visit' | 'block'>('visit');
  // a block is an employee's period: the staff right to change employees
  const { canAccess: canBlock } = useCanAccess({ resource: 'employees/employees', action: 'edit' });
  const visitId = target.kind === 'visit' ? target.visitId : undefined;
  const { data: visit, refetch } = useGetOne<Visit>(
    APPOINTMENTS,
    { id: visitId ?? '' },
    { enabled: visitId !== undefined },
  );
  const done = () => {
    onChanged();
    void refetch();
  };
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 }, p: 2 } } }}
      data-testid="visit-drawer"
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {target.kind === 'book'
            ? translate('app.appointments.drawer.book_title')
            : translate('app.appointments.drawer.edit_title', { no: visit?.booking_no ?? '' })}
        </Typography>
        <IconButton
          onClick={onClose}
          aria-label={translate('app.appointments.drawer.close')}
          data-testid="drawer-close"
        >
          <CloseIcon />
        </IconButton>
      </Stack>
      {target.kind === 'visit' && visit && !editing && (
        <VisitSummary visit={visit} onEdit={() => setEditing(true)} onChanged={done} />
      )}
      {target.kind === 'book' && canBlock && (
        <ToggleButtonGroup
          size="small"
          exclusive
          fullWidth
          value={mode}
          onChange={(_, m: 'visit' | 'block' | null) => m && setMode(m)}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="visit" data-testid="mode-visit">
            {translate('app.appointments.drawer.book_title')}
          </ToggleButton>
          <ToggleButton value="block" data-testid="mode-block">
            {translate('app.appointments.blocks.title')}
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {target.kind === 'book' && mode === 'block' && (
        <BlockForm target={target} employees={employees} onSaved={() => (onChanged(), onClose())} />
      )}
      {editing && mode === 'visit' && (target.kind === 'book' || visit) && (
        <VisitForm
          target={target}
          visit={visit}
          employees={employees}
          onSaved={() => {
            onChanged();
            if (target.kind === 'book') onClose();
            else {
              setEditing(false);
              void refetch();
            }
          }}
        />
      )}
    </Drawer>
  );
};

/** Time an employee is not to be booked (a meeting, a break): one of her block periods, on one day. */
const BlockForm = ({
  target,
  employees,
  onSaved,
}: {
  target: Extract<DrawerTarget, { kind: 'book' }>;
  employees: BookEmployee[];
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { language } = useArea();
  const tz = useSalonZone();
  const dataProvider = useAppDataProvider();
  const start = target.start ? toFloating(target.start, tz) : floatingNowQuarter(tz);
  const [employeeId, setEmployeeId] = useState(target.employeeId);
  const [from, setFrom] = useState(floatingTime(start));
  const [to, setTo] = useState(floatingTime(new Date(start.getTime() + 60 * 60_000)));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const date = floatingDate(start);
  // the salon's hours of the day (all the quarters when it is closed)
  const salonDay = useSalonDay(date);
  const hours = openingTimes(salonDay?.open ?? [], tz);
  const offered = (quarters: string[], value: string) =>
    (quarters.length
      ? quarters.includes(value)
        ? quarters
        : [...quarters, value].sort()
      : QUARTERS_OF_DAY
    ).map((t) => ({ id: t, name: formatViewTime(t, { locale: language }) }));
  const save = async () => {
    setProblems([]);
    try {
      await dataProvider.send('POST', `employees/${employeeId}/periods`, {
        kind: 'block',
        reason,
        from_date: date,
        to_date: date,
        from,
        to,
      });
      notify('app.appointments.blocks.saved', { type: 'success' });
      onSaved();
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };
  const select = (
    label: string,
    value: string,
    set: (v: string) => void,
    testId: string,
    times: Array<{ id: string; name: string }>,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      sx={{ flex: 1 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {times.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {t.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={1.5} data-testid="block-form">
      <TextField
        select
        size="small"
        label={translate('resources.appointments.fields.employee_id')}
        value={employeeId}
        onChange={(e) => setEmployeeId(e.target.value)}
      >
        {employees.map((e) => (
          <MenuItem key={e.id} value={e.id}>
            {nameOf(e, language)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        <bdi>{date}</bdi>
      </Typography>
      <Stack direction="row" spacing={1}>
        {select(
          translate('app.appointments.blocks.from'),
          from,
          setFrom,
          'block-from',
          offered(hours.starts, from),
        )}
        {select(translate('app.appointments.blocks.to'), to, setTo, 'block-to', offered(hours.ends, to))}
      </Stack>
      <TextField
        size="small"
        label={translate('app.appointments.blocks.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'block-reason' } }}
      />
      {problems.length > 0 && <Problems problems={problems} />}
      <Button variant="contained" onClick={save} data-testid="block-save">
        {translate('app.appointments.blocks.save')}
      </Button>
    </Stack>
  );
};

const VisitSummary = ({
  visit,
  onEdit,
  onChanged,
}: {
  visit: Visit;
  onEdit: () => void;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { language, basename } = useArea();
  const { money } = useFormat();
  const tz = useSalonZone();
  const navigate = useNavigate();
  // a checked-in visit not yet paid is checked out at the till
  const { canAccess: canSell } = useCanAccess({ resource: BILLING, action: 'show' });
  const [dialog, setDialog] = useState<'cancel' | 'no_show' | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const act = async (action: string, done: string, body?: unknown) => {
    setProblems([]);
    try {
      const reply = await dataProvider.send('POST', `appointments/${visit.id}/${action}`, body);
      // "remind" says whether its WhatsApp reminder is on its way, or why not
      const notice = action === 'remind' ? reminderNotice(reply) : { key: done, type: 'success' as const };
      notify(notice.key, { type: notice.type });
      setDialog(null);
      onChanged();
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };
  const open = visit.state === 'scheduled' || visit.state === 'confirmed' || visit.state === 'missed';
  const colours = STATE_COLOURS[visit.state];
  return (
    <Box data-testid="visit-summary">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{visit.customer_name}</Typography>
        {visit.customer_mobile && (
          <Typography variant="body2" dir="ltr" color="text.secondary">
            {visit.customer_mobile}
          </Typography>
        )}
        <Chip
          size="small"
          label={translate(`app.appointments.states.${visit.state}`)}
          sx={{ bgcolor: colours.fill, color: colours.text }}
          data-testid="visit-state"
        />
        {visit.invoice_id && (
          <Chip
            size="small"
            color="success"
            label={translate('app.billing.paid_invoice', { number: visit.invoice_number ?? '' })}
            data-testid="visit-paid"
          />
        )}
        {visit.customer_no_shows > 0 && (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            label={translate('app.appointments.drawer.no_shows', { smart_count: visit.customer_no_shows })}
          />
        )}
      </Stack>
      <Stack divider={<Divider flexItem />} spacing={1} sx={{ my: 1 }}>
        {visit.lines.map((line) => (
          <Box key={line.line_id}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {language === 'ar' ? line.service_name_ar : line.service_name_en}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <bdi>
                {formatViewDateTime(line.start, { locale: language, tz })}–
                {formatViewTime(line.end, { locale: language, tz })}
              </bdi>{' '}
              · {money(line.price)}
            </Typography>
          </Box>
        ))}
      </Stack>
      <Typography sx={{ fontWeight: 600, mb: 2 }}>
        {translate('app.appointments.drawer.total', { total: money(visit.total) })}
      </Typography>
      <VisitDeposits
        visitId={visit.id}
        canSell={canSell === true}
        canTake={!visit.invoice_id && visit.state !== 'cancelled'}
      />
      {problems.length > 0 && <Problems problems={problems} />}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {visit.state === 'checked_in' && !visit.invoice_id && canSell && (
          <Button
            variant="contained"
            color="success"
            onClick={() => navigate(billingPath(basename, { appointment_id: visit.id }))}
            data-testid="visit-check-out"
          >
            {translate('app.billing.check_out')}
          </Button>
        )}
        {visit.state === 'scheduled' && (
          <Button
            variant="outlined"
            onClick={() => act('confirm', 'app.appointments.actions.confirmed')}
            data-testid="visit-confirm"
          >
            {translate('app.appointments.actions.confirm')}
          </Button>
        )}
        {open && (
          <Button
            variant="contained"
            onClick={() => act('check-in', 'app.appointments.actions.checked_in')}
            data-testid="visit-check-in"
          >
            {translate('app.appointments.actions.check_in')}
          </Button>
        )}
        {open && (
          <Button variant="outlined" onClick={onEdit} data-testid="visit-edit">
            {translate('ra.action.edit')}
          </Button>
        )}
        {open && !visit.reminded && (
          <Button
            onClick={() => act('remind', 'app.appointments.actions.reminded')}
            data-testid="visit-remind"
          >
            {translate('app.appointments.actions.remind')}
          </Button>
        )}
        {open && (
          <Button color="warning" onClick={() => setDialog('no_show')} data-testid="visit-no-show">
            {translate('app.appointments.actions.no_show')}
          </Button>
        )}
        {open && (
          <Button color="error" onClick={() => setDialog('cancel')} data-testid="visit-cancel">
            {translate('app.appointments.actions.cancel')}
          </Button>
        )}
      </Stack>
      {dialog === 'cancel' && (
        <CancelDialog
          problems={problems}
          onClose={() => setDialog(null)}
          onCancel={(body) => act('cancel', 'app.appointments.actions.cancelled', body)}
        />
      )}
      {dialog === 'no_show' && (
        <Dialog open onClose={() => setDialog(null)}>
          <DialogTitle>{translate('app.appointments.actions.no_show_title')}</DialogTitle>
          <DialogContent>
            <Typography>{translate('app.appointments.actions.no_show_hint')}</Typography>
            {problems.length > 0 && <Problems problems={problems} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>{translate('app.appointments.actions.keep')}</Button>
            <Button
              color="warning"
              variant="contained"
              onClick={() => act('no-show', 'app.appointments.actions.no_show_done')}
              data-testid="no-show-confirm"
            >
              {translate('app.appointments.actions.no_show')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {/* the WhatsApp messages of this visit (its reminder), with how far each got */}
      <MessagesPanel
        key={`${visit.id}-${String(visit.reminded)}`}
        path={`appointments/${visit.id}/messages`}
      />
    </Box>
  );
};

const Problems = ({
  problems,
  severity = 'error',
}: {
  problems: Problem[];
  severity?: 'error' | 'warning';
}) => {
  const translate = useTranslate();
  const { language } = useArea();
  const text = (p: Problem) => {
    // a conflict names its employee and its times in both languages; the page's are used
    const params = localizeParams(p.params ?? {}, language);
    const key = p.key.includes('.') ? p.key : `appointments.${p.key}`;
    return translate(key, { ...params, _: key });
  };
  return (
    <Alert severity={severity} sx={{ my: 1 }} data-testid="visit-problems">
      {[...new Set(problems.map(text))].map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
    </Alert>
  );
};

const CancelDialog = ({
  problems,
  onClose,
  onCancel,
}: {
  problems: Problem[];
  onClose: () => void;
  onCancel: (body: { reason_id?: string; reason?: string }) => void;
}) => {
  const translate = useTranslate();
  const { language } = useArea();
  const byName = useNameSort();
  const { data: reasons = [] } = useGetList<{ id: string; name_en: string; name_ar: string }>(
    'cancellation-reasons',
    { pagination: { page: 1, perPage: 100 }, sort: byName },
  );
  const [reasonId, setReasonId] = useState('');
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.appointments.actions.cancel_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.appointments.actions.cancel_hint')}
        </Typography>
        <RadioGroup value={reasonId} onChange={(e) => setReasonId(e.target.value)}>
          {reasons.map((r) => (
            <FormControlLabel
              key={r.id}
              value={r.id}
              control={<Radio />}
              label={namesOf(r as never, language).main}
              data-testid="cancel-reason"
            />
          ))}
        </RadioGroup>
        <TextField
          fullWidth
          size="small"
          label={translate('resources.appointments.fields.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          sx={{ mt: 1 }}
        />
        {problems.length > 0 && <Problems problems={problems} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.appointments.actions.keep')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={!reasonId && !reason.trim()}
          onClick={() => onCancel(reasonId ? { reason_id: reasonId } : { reason: reason.trim() })}
          data-testid="cancel-confirm"
        >
          {translate('app.appointments.actions.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Minutes of a line: as typed, else the service's job time. */
const minutesOf = (line: LineValue, services: Service[]) => {
  const typed = Number(line.duration);
  if (Number.isFinite(typed) && typed > 0) return typed;
  return services.find((s) => s.id === line.service_id)?.job_time ?? 0;
};

const VisitForm = ({
  target,
  visit,
  employees,
  onSaved,
}: {
  target: DrawerTarget;
  visit?: Visit;
  employees: BookEmployee[];
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const tz = useSalonZone();
  const [newCustomer, setNewCustomer] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const { data: services = [] } = useGetList<Service>(MENU_RESOURCES.services, {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'order', order: 'ASC' },
    filter: { status: 1 },
  });

  const defaults: FormValues = useMemo(() => {
    const wanted = target.kind === 'book' ? target.start : visit?.start;
    const start = wanted ? toFloating(wanted, tz) : floatingNowQuarter(tz);
    if (!wanted) start.setMinutes(start.getMinutes() + 15);
    return {
      date: floatingDate(start),
      time: floatingTime(start),
      customer_id: target.kind === 'book' ? target.customerId : visit?.customer_id,
      notes: visit?.notes ?? '',
      lines:
        target.kind === 'book'
          ? (target.lines ?? [{ employee_id: target.employeeId }])
          : (visit?.lines ?? []).map((l, i, all) => ({
              line_id: l.line_id,
              service_id: l.service_id,
              employee_id: l.employee_id,
              duration: l.duration,
              ...(i > 0 && all[i - 1].start === l.start && { with_previous: true }),
            })),
    };
    // the drawer's first values only
  }, []);
  // whether the salon takes parallel services (a setting of the salon, whatever the date)
  const parallel = useSalonDay(defaults.date)?.parallel_services === true;

  // the salon allows overbooking and the time is taken: the desk may book it anyway
  const [toConfirm, setToConfirm] = useState<FormValues | null>(null);
  const submit = async (values: FormValues, overbook = false) => {
    setProblems([]);
    setToConfirm(null);
    if (!isBusinessDate(values.date)) {
      setProblems([
        {
          key: 'validation.should_be_a_date',
          params: { field: translate('resources.appointments.fields.date') },
        },
      ]);
      return;
    }
    // from the visit's start, each line at its offset for its minutes
    const at = Date.parse(instantAt(values.date as BusinessDate, `${values.time}:00`, tz));
    const offsets = lineOffsets(values.lines ?? [], services, parallel);
    const lines = (values.lines ?? []).map((line, i) => {
      const minutes = minutesOf(line, services);
      return {
        ...(line.line_id && { line_id: line.line_id }),
        service_id: line.service_id,
        employee_id: line.employee_id,
        start: new Date(at + offsets[i] * 60_000).toISOString(),
        ...(minutes && { duration: minutes }),
      };
    });
    try {
      if (target.kind === 'book') {
        const reply = await dataProvider.send<{ booking_no?: number; overbooked?: boolean }>(
          'POST',
          'appointments',
          {
            ...(newCustomer ? { customer: values.customer } : { customer_id: values.customer_id }),
            lines,
            notes: values.notes,
            ...(target.rebookOf && { rebook_of: target.rebookOf }),
            ...(overbook && { overbook: true }),
          },
        );
        notify(reply?.overbooked ? 'app.appointments.drawer.booked_over' : 'app.appointments.drawer.booked', {
          type: reply?.overbooked ? 'warning' : 'success',
          messageArgs: { no: reply?.booking_no ?? '' },
        });
      } else {
        const reply = await dataProvider.send<{ overbooked?: boolean }>('PUT', `appointments/${visit!.id}`, {
          lines,
          notes: values.notes,
          ...(overbook && { overbook: true }),
        });
        notify(reply?.overbooked ? 'app.appointments.drawer.saved_over' : 'app.appointments.drawer.saved', {
          type: reply?.overbooked ? 'warning' : 'success',
        });
      }
      onSaved();
    } catch (error) {
      setProblems(problemsOf(error));
      if (isHttpError(error) && error.message === 'appointments.overbooking_to_confirm') setToConfirm(values);
      // field errors of a 422 are shown on their fields too, each with its field's name
      const body = isHttpError(error)
        ? (error.body as { errors?: Record<string, string> } | undefined)
        : undefined;
      // (a 409's conflicts are listed above the button, not as a form error)
      if (body?.errors && isHttpError(error) && error.status === 422) {
        const params = messageParams(error);
        return Object.fromEntries(
          Object.entries(body.errors).map(([field, key]) => [
            field,
            translate(key, {
              ...params,
              field: translate(`resources.appointments.fields.${field.split('.').pop()}`, { _: field }),
              _: key,
            }),
          ]),
        );
      }
    }
  };

  return (
    <Form defaultValues={defaults} onSubmit={((values: FormValues) => submit(values)) as never} noValidate>
      <Stack spacing={1}>
        {target.kind === 'book' && (
          <>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                {translate('app.appointments.drawer.customer')}
              </Typography>
              <FormControlLabel
                control={
                  <Switch
                    checked={newCustomer}
                    onChange={(e) => setNewCustomer(e.target.checked)}
                    slotProps={{ input: { 'data-testid': 'new-customer' } as object }}
                  />
                }
                label={translate('app.appointments.drawer.new_customer')}
              />
            </Stack>
            {newCustomer ? (
              <>
                <TextInput source="customer.name" label="resources.appointments.fields.name" fullWidth />
                <PhoneNumberInput
                  source="customer.mobile"
                  label="resources.appointments.fields.mobile"
                  fullWidth
                />
              </>
            ) : (
              <ReferenceInput
                source="customer_id"
                reference="customers"
                sort={{ field: 'name', order: 'ASC' }}
              >
                <AutocompleteInput
                  optionText={(c: { name: string; mobile?: string }) =>
                    `${c.name}${c.mobile ? ` · ${c.mobile}` : ''}`
                  }
                  filterToQuery={(q: string) => ({ q })}
                  label="app.appointments.drawer.customer"
                  helperText="app.appointments.drawer.find_customer"
                  fullWidth
                />
              </ReferenceInput>
            )}
          </>
        )}
        <VisitTime />
        <SuggestedStarts services={services} visitId={visit?.id} parallel={parallel} />
        <Typography variant="subtitle2">{translate('app.appointments.drawer.services')}</Typography>
        <ArrayInput source="lines" label={false}>
          <SimpleFormIterator
            inline
            disableReordering
            disableClear
            addButton={<AddLineButton />}
            // a line's "at the same time" switch takes a row of its own
            sx={{ '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', columnGap: 1 } }}
          >
            <LineInputs services={services} employees={employees} parallel={parallel} />
          </SimpleFormIterator>
        </ArrayInput>
        <VisitTotals services={services} parallel={parallel} />
        <TextInput
          source="notes"
          label="resources.appointments.fields.notes"
          multiline
          minRows={2}
          fullWidth
        />
        {problems.length > 0 && <Problems problems={problems} severity={toConfirm ? 'warning' : 'error'} />}
        {toConfirm && (
          <Button
            variant="outlined"
            color="warning"
            onClick={() => submit(toConfirm, true)}
            data-testid="visit-overbook"
          >
            {translate(
              target.kind === 'book'
                ? 'app.appointments.drawer.book_anyway'
                : 'app.appointments.drawer.save_anyway',
            )}
          </Button>
        )}
        <Button type="submit" variant="contained" data-testid="visit-save">
          {target.kind === 'book'
            ? translate('app.appointments.drawer.book')
            : translate('app.appointments.drawer.save')}
        </Button>
      </Stack>
    </Form>
  );
};

/**
 * The visit's date and time: the time picked from the salon's hours of that date (all the quarters,
 * and a word, when it is closed that day).
 */
const VisitTime = () => {
  const tz = useSalonZone();
  const { getFieldState, setValue } = useFormContext();
  const date = useWatch({ name: 'date' }) as string | undefined;
  const time = useWatch({ name: 'time' }) as string | undefined;
  const salonDay = useSalonDay(date);
  const { starts } = openingTimes(salonDay?.open ?? [], tz);
  const closed = salonDay !== undefined && starts.length === 0;
  // a time the desk did not pick outside the day's hours (a day opening later): its first free quarter
  const outside = starts.length > 0 && time !== undefined && !starts.includes(time);
  useEffect(() => {
    if (!outside || getFieldState('time').isDirty || !date) return;
    const now = floatingTime(floatingNowQuarter(tz));
    const upcoming = date === floatingDate(floatingNowQuarter(tz)) ? starts.filter((t) => t >= now) : starts;
    if (upcoming.length) setValue('time', upcoming[0]);
  }, [outside, date]);
  return (
    <Stack direction="row" spacing={1}>
      <TextInput
        source="date"
        label="resources.appointments.fields.date"
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
        sx={{ flex: 1 }}
      />
      <TimeOfDayInput
        source="time"
        label="resources.appointments.fields.time"
        quarters={starts.length ? starts : undefined}
        helperText={closed ? 'app.appointments.drawer.salon_closed' : undefined}
        sx={{ flex: 1 }}
      />
    </Stack>
  );
};

/** "Add a service": a new line of the visit (react-admin's iterator adds it). */
const AddLineButton = () => {
  const translate = useTranslate();
  const { add } = useSimpleFormIterator();
  const lines = (useWatch({ name: 'lines' }) as LineValue[] | undefined) ?? [];
  // the next service follows the previous one's employee until changed
  const employee = lines[lines.length - 1]?.employee_id;
  return (
    <Button
      size="small"
      startIcon={<AddIcon />}
      onClick={() => add(employee ? { employee_id: employee } : undefined)}
      data-testid="add-line"
    >
      {translate('app.appointments.drawer.add_service')}
    </Button>
  );
};

/**
 * One service line: the service, who does it (the first line's preferred artists first) and its
 * minutes; where the salon takes parallel services, a line after the first may be at the same time as
 * the one before it.
 */
const LineInputs = ({
  services,
  employees,
  parallel,
}: {
  services: Service[];
  employees: BookEmployee[];
  parallel: boolean;
}) => {
  const { index } = useSimpleFormIteratorItem();
  const { language } = useArea();
  const { setValue } = useFormContext();
  // inside the iterator the inputs' sources are the line's own ('lines.1.service_id')
  const sourceContext = useSourceContext();
  const path = (field: string) => sourceContext?.getSource(field) ?? field;
  const serviceId = useWatch({ name: path('service_id') }) as string | undefined;
  const firstEmployee = useWatch({ name: 'lines.0.employee_id' }) as string | undefined;
  const translate = useTranslate();
  useEffect(() => {
    const service = services.find((s) => s.id === serviceId);
    if (service) setValue(path('duration'), service.job_time, { shouldDirty: true });
    // the service's job time when the service changes
  }, [serviceId]);
  const preferred = new Set(employees.find((e) => e.id === firstEmployee)?.preferred_artist_ids ?? []);
  // only those who do the line's service (and whoever the line has, which the desk changes herself)
  const employeeId = useWatch({ name: path('employee_id') }) as string | undefined;
  const able = employees.filter(
    (e) => !serviceId || !e.service_ids || e.service_ids.includes(serviceId) || e.id === employeeId,
  );
  const ordered = [...able].sort((a, b) => Number(preferred.has(b.id)) - Number(preferred.has(a.id)));
  return (
    <>
      <SelectInput
        source="service_id"
        label="resources.appointments.fields.service_id"
        choices={services.map((s) => ({ id: s.id, name: `${namesOf(s, language).main} (${s.job_time})` }))}
        translateChoice={false}
        sx={{ width: { xs: '100%', sm: 180 }, flexShrink: 0 }}
        data-testid="line-service"
      />
      <SelectInput
        source="employee_id"
        label="resources.appointments.fields.employee_id"
        choices={ordered.map((e) => ({
          id: e.id,
          name: preferred.has(e.id)
            ? `${nameOf(e, language)} · ${translate('app.appointments.drawer.preferred')}`
            : nameOf(e, language),
        }))}
        translateChoice={false}
        sx={{ width: { xs: 'calc(100% - 100px)', sm: 150 }, flexShrink: 0 }}
        data-testid="line-employee"
      />
      <TextInput
        source="duration"
        label="resources.appointments.fields.duration"
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        sx={{ width: 84, minWidth: 84, flexShrink: 0 }}
      />
      {parallel && index > 0 && (
        <BooleanInput
          source="with_previous"
          label="app.appointments.drawer.with_previous"
          helperText={false}
          // a row of its own, above the line's service
          sx={{ flexBasis: '100%', order: -1, mb: -1 }}
          data-testid="line-with-previous"
        />
      )}
    </>
  );
};

type Suggestion = { start: string; lines: Array<{ employee_id: string }> };

/**
 * Free starts for the visit as it stands (the availability engine, GET availability), as soon as a
 * service is chosen: the first ones of the chosen day for the lines with a service, each with the
 * employee chosen for it (the engine picks one only for a line without), for its minutes, at its
 * offset (lines at once where the salon takes parallel services), the visit's own time not counted as
 * busy; a click takes its time, and never changes a line's employee once chosen.
 */
const SuggestedStarts = ({
  services,
  visitId,
  parallel,
}: {
  services: Service[];
  visitId?: string;
  parallel: boolean;
}) => {
  const translate = useTranslate();
  const { language } = useArea();
  const tz = useSalonZone();
  const dataProvider = useAppDataProvider();
  const { setValue } = useFormContext();
  const all = (useWatch({ name: 'lines' }) as LineValue[] | undefined) ?? [];
  const date = useWatch({ name: 'date' }) as string | undefined;
  const customerId = useWatch({ name: 'customer_id' }) as string | undefined;
  // the lines with a service, and where each is in the form
  const chosen = all.flatMap((line, index) => (line.service_id ? [{ line, index }] : []));
  const lines = chosen.map((c) => c.line);
  const serviceIds = lines.map((l) => l.service_id!);
  const employeeIds = lines.map((l) => l.employee_id ?? '');
  const durations = lines.map((l) => minutesOf(l, services));
  const offsets = lineOffsets(lines, services, parallel);
  const key =
    date && isBusinessDate(date) && serviceIds.length > 0
      ? JSON.stringify({ date, serviceIds, employeeIds, durations, offsets, customerId })
      : '';
  const [starts, setStarts] = useState<Suggestion[] | null>(null);
  useEffect(() => {
    if (!key) return setStarts(null);
    let live = true;
    const query = new URLSearchParams({
      date: date!,
      service_ids: JSON.stringify(serviceIds),
      employee_ids: JSON.stringify(employeeIds),
      offsets: JSON.stringify(offsets),
      ...(durations.every((m) => m > 0) && { durations: JSON.stringify(durations) }),
      ...(employeeIds[0] && { employee_id: employeeIds[0] }),
      ...(customerId && { customer_id: customerId }),
      ...(visitId && { appointment_id: visitId }),
    });
    const timer = window.setTimeout(() => {
      dataProvider
        .send<{ visit: Suggestion[] }>('GET', `availability?${query.toString()}`)
        .then((a) => live && setStarts(a.visit.slice(0, 8)))
        .catch(() => live && setStarts(null));
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // the query is all in its key
  }, [key]);
  if (!starts) return null;
  return (
    <Box data-testid="suggested-starts">
      <Typography variant="caption" color="text.secondary">
        {translate(
          starts.length ? 'app.appointments.drawer.suggested' : 'app.appointments.drawer.no_free_start',
        )}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
        {starts.map((s) => (
          <Chip
            key={s.start}
            size="small"
            variant="outlined"
            clickable
            label={<bdi>{formatViewTime(s.start, { locale: language, tz })}</bdi>}
            onClick={() => {
              setValue('time', floatingTime(toFloating(s.start, tz)), { shouldDirty: true });
              // only a line without an employee takes the one the engine found
              s.lines.forEach(
                (l, i) =>
                  !employeeIds[i] &&
                  setValue(`lines.${chosen[i].index}.employee_id`, l.employee_id, { shouldDirty: true }),
              );
            }}
            data-testid="suggested-start"
          />
        ))}
      </Stack>
    </Box>
  );
};

/** The visit's total and the time it ends, as the lines are chosen. */
const VisitTotals = ({ services, parallel }: { services: Service[]; parallel: boolean }) => {
  const translate = useTranslate();
  const { language } = useArea();
  const { money } = useFormat();
  const lines = (useWatch({ name: 'lines' }) as LineValue[] | undefined) ?? [];
  const time = useWatch({ name: 'time' }) as string | undefined;
  const total = lines.reduce(
    (sum, l) => sum + (services.find((s) => s.id === l.service_id)?.price_minor ?? 0),
    0,
  );
  // from its start to the end of its last line
  const offsets = lineOffsets(lines, services, parallel);
  const minutes = Math.max(0, ...lines.map((l, i) => offsets[i] + minutesOf(l, services)));
  const end =
    time && /^\d{2}:\d{2}$/.test(time)
      ? (() => {
          const m = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + minutes) % (24 * 60);
          return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        })()
      : undefined;
  return (
    <Stack direction="row" spacing={2} data-testid="visit-totals">
      <Typography sx={{ fontWeight: 600 }}>
        {translate('app.appointments.drawer.total', { total: money(total) })}
      </Typography>
      {end && (
        <Typography color="text.secondary">
          {translate('app.appointments.drawer.ends', { time: formatViewTime(end, { locale: language }) })}
        </Typography>
      )}
    </Stack>
  );
};
