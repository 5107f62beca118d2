import {
  conflict,
  DomainError,
  notFound,
  rejected,
  type AppointmentEvent,
  type AppointmentLine,
  type BookingSource,
  type BusinessDate,
} from '@rawnaq/contracts';

/**
 * A visit as the desk's commands see it. Status numbers are the spec's (doc1 §4): 0 cancelled,
 * 1 scheduled, 2 checked in; no-show is a label of a scheduled visit whose customer never came.
 */
export type VisitState =
  | { exists: false }
  | {
      exists: true;
      appointmentId: string;
      customerId: string;
      date: BusinessDate;
      lines: AppointmentLine[];
      status: 0 | 1 | 2;
      confirmed: boolean;
      noShow: boolean;
      reminded: boolean;
      /** paid at the till (achieved): the invoice that settled it */
      invoiceId?: string;
    };

export const initialVisitState: VisitState = { exists: false };

export const evolveVisit = (state: VisitState, event: AppointmentEvent): VisitState => {
  if (event.type === 'AppointmentBooked') {
    const d = event.data;
    return {
      exists: true,
      appointmentId: d.appointment_id,
      customerId: d.customer_id,
      date: d.date,
      lines: d.lines,
      status: 1,
      confirmed: false,
      noShow: false,
      reminded: false,
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'AppointmentConfirmed':
      return { ...state, confirmed: true };
    case 'AppointmentCheckedIn':
      return { ...state, status: 2 };
    case 'AppointmentCancelled':
      return { ...state, status: 0 };
    case 'AppointmentNoShowMarked':
      return { ...state, noShow: true };
    case 'AppointmentReminded':
      return { ...state, reminded: true };
    case 'AppointmentPaid':
      return { ...state, invoiceId: event.data.invoice_id };
    case 'AppointmentPaymentCancelled':
      return { ...state, invoiceId: undefined };
    case 'AppointmentRescheduled':
    case 'AppointmentEdited':
      return { ...state, date: event.data.date, lines: event.data.lines };
    case 'AppointmentEmployeeChanged':
      return {
        ...state,
        lines: state.lines.map((l) =>
          l.line_id === event.data.line_id ? { ...l, employee_id: event.data.employee_id } : l,
        ),
      };
  }
};

export type VisitCommand =
  | {
      type: 'Book';
      appointmentId: string;
      bookingNo: number;
      customerId: string;
      date: BusinessDate;
      lines: AppointmentLine[];
      source: BookingSource;
      notes?: string;
      overbooked: boolean;
    }
  | { type: 'Confirm' }
  | { type: 'CheckIn' }
  | { type: 'Cancel'; reasonId?: string; reasonEn?: string; reasonAr?: string; reason?: string }
  | { type: 'MarkNoShow' }
  | { type: 'Remind' }
  /** settled by an invoice at the till: only a checked-in visit, once */
  | { type: 'MarkPaid'; invoiceId: string; invoiceNumber: number }
  /** its invoice cancelled: checked in and unpaid again (only the invoice that paid it) */
  | { type: 'CancelPayment'; invoiceId: string }
  /** new lines for the visit; the handler has checked hours and overlaps */
  | {
      type: 'ChangeLines';
      date: BusinessDate;
      lines: AppointmentLine[];
      notes?: string | null;
      overbooked: boolean;
    };

/**
 * What a decision depends on besides the stream: now (rounded down to the quarter for starts), the
 * salon's business date, and whether this user may move a visit that has already started
 * (the per-user right "edit past appointments").
 */
export type VisitContext = { now: number; today: BusinessDate; mayChangePast: boolean };

const startOf = (lines: AppointmentLine[]) => Math.min(...lines.map((l) => Date.parse(l.start)));

const mustBeScheduled = (state: Extract<VisitState, { exists: true }>) => {
  if (state.status === 0) throw conflict('appointments.already_cancelled');
  if (state.noShow) throw conflict('appointments.already_no_show');
  if (state.status === 2) throw conflict('appointments.already_checked_in');
};

const sameLine = (a: AppointmentLine, b: AppointmentLine) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rules of the day's work, decided and documented here (issue 10):
 * - a visit is booked once; every change needs it to exist (404 otherwise);
 * - confirm, remind, cancel and no-show apply to a scheduled visit only (not cancelled, not checked
 *   in, not a no-show); confirming or reminding twice records nothing;
 * - check-in: a scheduled visit of today (not another day's); a cancelled visit cannot be checked in;
 * - no-show: only once the visit's first service should have started;
 * - changing lines (edit, reschedule, drag, another employee): a scheduled or checked-in visit; a
 *   line that moves or is added may not start before now (quarter), and a visit that has already
 *   started can be changed only with the right "edit past appointments"; a checked-in visit keeps
 *   its time (only its services and employees change).
 */
export const decideVisit = (
  command: VisitCommand,
  state: VisitState,
  ctx: VisitContext,
): AppointmentEvent[] => {
  if (command.type === 'Book') {
    if (state.exists) throw conflict('appointments.already_booked');
    return [
      {
        type: 'AppointmentBooked',
        data: {
          appointment_id: command.appointmentId,
          booking_no: command.bookingNo,
          customer_id: command.customerId,
          date: command.date,
          lines: command.lines,
          source: command.source,
          ...(command.notes && { notes: command.notes }),
          ...(command.overbooked && { overbooked: true }),
        },
      },
    ];
  }
  if (!state.exists) throw notFound('not_found.appointment');
  const appointment_id = state.appointmentId;
  switch (command.type) {
    case 'Confirm':
      mustBeScheduled(state);
      return state.confirmed ? [] : [{ type: 'AppointmentConfirmed', data: { appointment_id } }];
    case 'Remind':
      mustBeScheduled(state);
      return state.reminded ? [] : [{ type: 'AppointmentReminded', data: { appointment_id } }];
    case 'MarkPaid':
      if (state.invoiceId) throw conflict('sales.appointment_already_paid');
      if (state.status !== 2) throw conflict('sales.appointment_not_checked_in');
      return [
        {
          type: 'AppointmentPaid',
          data: { appointment_id, invoice_id: command.invoiceId, invoice_number: command.invoiceNumber },
        },
      ];
    case 'CancelPayment':
      return state.invoiceId === command.invoiceId
        ? [{ type: 'AppointmentPaymentCancelled', data: { appointment_id, invoice_id: command.invoiceId } }]
        : [];
    case 'CheckIn':
      if (state.status === 0) throw conflict('appointments.cancelled_cannot_check_in');
      mustBeScheduled(state);
      if (state.date !== ctx.today) throw conflict('appointments.check_in_not_today');
      return [{ type: 'AppointmentCheckedIn', data: { appointment_id } }];
    case 'Cancel':
      mustBeScheduled(state);
      return [
        {
          type: 'AppointmentCancelled',
          data: {
            appointment_id,
            ...(command.reasonId && { reason_id: command.reasonId }),
            ...(command.reasonEn && { reason_en: command.reasonEn }),
            ...(command.reasonAr && { reason_ar: command.reasonAr }),
            ...(command.reason && { reason: command.reason }),
          },
        },
      ];
    case 'MarkNoShow':
      mustBeScheduled(state);
      if (startOf(state.lines) > ctx.now) throw conflict('appointments.no_show_before_start');
      return [{ type: 'AppointmentNoShowMarked', data: { appointment_id } }];
    case 'ChangeLines': {
      if (state.status === 0) throw conflict('appointments.already_cancelled');
      if (state.noShow) throw conflict('appointments.already_no_show');
      const before = new Map(state.lines.map((l) => [l.line_id, l]));
      const moved = command.lines.filter((l) => {
        const old = before.get(l.line_id);
        return !old || old.start !== l.start || old.duration !== l.duration;
      });
      if (state.status === 2 && moved.some((l) => before.has(l.line_id)))
        throw conflict('appointments.checked_in_keeps_its_time');
      const nowQuarter = Math.floor(ctx.now / 900_000) * 900_000;
      const past = moved.find((l) => Date.parse(l.start) < nowQuarter);
      if (past)
        throw new DomainError('appointments.start_in_past', 422, {
          [`lines.${command.lines.indexOf(past)}.start`]: 'appointments.start_in_past',
        });
      if (state.status === 1 && startOf(state.lines) < nowQuarter && !ctx.mayChangePast)
        throw new DomainError('appointments.past_needs_right', 403);
      const unchanged =
        command.lines.length === state.lines.length &&
        command.lines.every((l, i) => sameLine(l, state.lines[i])) &&
        command.notes === undefined;
      if (unchanged) return [];
      const onlyTimes =
        command.lines.length === state.lines.length &&
        command.lines.every((l) => {
          const old = before.get(l.line_id);
          return (
            old &&
            old.service_id === l.service_id &&
            old.employee_id === l.employee_id &&
            old.price === l.price &&
            old.duration === l.duration
          );
        }) &&
        command.notes === undefined;
      if (onlyTimes)
        return [
          {
            type: 'AppointmentRescheduled',
            data: { appointment_id, date: command.date, lines: command.lines, previous: state.lines },
          },
        ];
      const oneEmployee =
        command.lines.length === state.lines.length && command.notes === undefined
          ? command.lines.filter((l) => {
              const old = before.get(l.line_id);
              return !old || !sameLine(old, l);
            })
          : [];
      if (
        oneEmployee.length === 1 &&
        before.has(oneEmployee[0].line_id) &&
        sameLine(
          { ...before.get(oneEmployee[0].line_id)!, employee_id: oneEmployee[0].employee_id },
          oneEmployee[0],
        )
      ) {
        const line = oneEmployee[0];
        return [
          {
            type: 'AppointmentEmployeeChanged',
            data: {
              appointment_id,
              line_id: line.line_id,
              employee_id: line.employee_id,
              previous_employee_id: before.get(line.line_id)!.employee_id,
            },
          },
        ];
      }
      return [
        {
          type: 'AppointmentEdited',
          data: {
            appointment_id,
            date: command.date,
            lines: command.lines,
            previous: state.lines,
            ...(command.notes !== undefined && { notes: command.notes }),
            ...(command.overbooked && { overbooked: true }),
          },
        },
      ];
    }
  }
};

/** A line the request names that the visit does not have. */
export const unknownLine = () => rejected('appointments.line_not_found', 'line_id');
