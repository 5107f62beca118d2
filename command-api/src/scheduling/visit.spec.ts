import { DomainError, type AppointmentEvent, type AppointmentLine } from '@rawnaq/contracts';
import { decideDayBook, evolveDayBook, initialDayBook } from './day-book';
import { decideVisit, evolveVisit, initialVisitState, type VisitCommand, type VisitContext } from './visit';

const line = (id: string, start: string, minutes: number, employee = 'e1'): AppointmentLine => ({
  line_id: id,
  service_id: 's1',
  service_name_en: 'Haircut',
  service_name_ar: 'قص الشعر',
  employee_id: employee,
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  duration: minutes,
  price: 10000,
});
const tomorrow10 = '2026-11-25T07:00:00.000Z'; // 10:00 in Riyadh
const booked: AppointmentEvent = {
  type: 'AppointmentBooked',
  data: {
    appointment_id: 'a1',
    booking_no: 1,
    customer_id: 'c1',
    date: '2026-11-25',
    lines: [line('l1', tomorrow10, 45)],
    source: 0,
  },
};
const now = Date.parse('2026-11-24T09:07:00.000Z');
const context: VisitContext = { now, today: '2026-11-24', mayChangePast: false };

/** given past events, when a command, then new events (or a refusal) */
const given = (...events: AppointmentEvent[]) => ({
  when: (command: VisitCommand, ctx: Partial<VisitContext> = {}) => {
    const state = events.reduce(evolveVisit, initialVisitState);
    const run = () => decideVisit(command, state, { ...context, ...ctx });
    return {
      then: (expected: AppointmentEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (key: string, status: number) => {
        let error: unknown;
        try {
          run();
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ key, status });
      },
    };
  },
});

const change = (lines: AppointmentLine[], notes?: string | null): VisitCommand => ({
  type: 'ChangeLines',
  date: '2026-11-25',
  lines,
  notes,
  overbooked: false,
});

describe('a visit', () => {
  it('is booked once', () => {
    const { data } = booked as Extract<AppointmentEvent, { type: 'AppointmentBooked' }>;
    given()
      .when({
        type: 'Book',
        appointmentId: 'a1',
        bookingNo: 1,
        customerId: 'c1',
        date: data.date,
        lines: data.lines,
        source: 0,
        overbooked: false,
      })
      .then([booked]);
    given(booked)
      .when({
        type: 'Book',
        appointmentId: 'a1',
        bookingNo: 2,
        customerId: 'c1',
        date: data.date,
        lines: data.lines,
        source: 0,
        overbooked: false,
      })
      .thenRejects('appointments.already_booked', 409);
  });

  it('needs to exist for every change', () =>
    given().when({ type: 'Confirm' }).thenRejects('not_found.appointment', 404));

  it('is confirmed and reminded once: doing it again records nothing', () => {
    const confirmed: AppointmentEvent = { type: 'AppointmentConfirmed', data: { appointment_id: 'a1' } };
    given(booked).when({ type: 'Confirm' }).then([confirmed]);
    given(booked, confirmed).when({ type: 'Confirm' }).then([]);
    const reminded: AppointmentEvent = { type: 'AppointmentReminded', data: { appointment_id: 'a1' } };
    given(booked, reminded).when({ type: 'Remind' }).then([]);
  });

  it('is checked in on its own day only, and never once cancelled', () => {
    given(booked).when({ type: 'CheckIn' }).thenRejects('appointments.check_in_not_today', 409);
    given(booked)
      .when({ type: 'CheckIn' }, { today: '2026-11-25' })
      .then([{ type: 'AppointmentCheckedIn', data: { appointment_id: 'a1' } }]);
    given(booked, { type: 'AppointmentCancelled', data: { appointment_id: 'a1', reason: 'sick' } })
      .when({ type: 'CheckIn' }, { today: '2026-11-25' })
      .thenRejects('appointments.cancelled_cannot_check_in', 409);
  });

  it('is cancelled with its reason while scheduled, not after check-in, not twice', () => {
    given(booked)
      .when({ type: 'Cancel', reasonId: 'r1', reasonEn: 'Sick', reasonAr: 'مريض' })
      .then([
        {
          type: 'AppointmentCancelled',
          data: { appointment_id: 'a1', reason_id: 'r1', reason_en: 'Sick', reason_ar: 'مريض' },
        },
      ]);
    given(booked, { type: 'AppointmentCheckedIn', data: { appointment_id: 'a1' } })
      .when({ type: 'Cancel', reason: 'x' })
      .thenRejects('appointments.already_checked_in', 409);
    given(booked, { type: 'AppointmentCancelled', data: { appointment_id: 'a1' } })
      .when({ type: 'Cancel', reason: 'x' })
      .thenRejects('appointments.already_cancelled', 409);
  });

  it('becomes a no-show only once its time has come', () => {
    given(booked).when({ type: 'MarkNoShow' }).thenRejects('appointments.no_show_before_start', 409);
    given(booked)
      .when({ type: 'MarkNoShow' }, { now: Date.parse(tomorrow10) + 60_000 })
      .then([{ type: 'AppointmentNoShowMarked', data: { appointment_id: 'a1' } }]);
  });

  it('names a change by what changed: times (rescheduled), one employee, or anything else (edited)', () => {
    const later = line('l1', '2026-11-25T08:00:00.000Z', 45);
    given(booked)
      .when(change([later]))
      .then([
        {
          type: 'AppointmentRescheduled',
          data: {
            appointment_id: 'a1',
            date: '2026-11-25',
            lines: [later],
            previous: [line('l1', tomorrow10, 45)],
          },
        },
      ]);
    given(booked)
      .when(change([line('l1', tomorrow10, 45, 'e2')]))
      .then([
        {
          type: 'AppointmentEmployeeChanged',
          data: { appointment_id: 'a1', line_id: 'l1', employee_id: 'e2', previous_employee_id: 'e1' },
        },
      ]);
    const added = [line('l1', tomorrow10, 45), line('l2', '2026-11-25T07:45:00.000Z', 30, 'e2')];
    given(booked)
      .when(change(added))
      .then([
        {
          type: 'AppointmentEdited',
          data: {
            appointment_id: 'a1',
            date: '2026-11-25',
            lines: added,
            previous: [line('l1', tomorrow10, 45)],
          },
        },
      ]);
    given(booked)
      .when(change([line('l1', tomorrow10, 45)]))
      .then([]);
  });

  it('never moves a line to a time that has passed, and a started visit only with the right', () => {
    given(booked)
      .when(change([line('l1', '2026-11-24T08:45:00.000Z', 45)]))
      .thenRejects('appointments.start_in_past', 422);
    const started = { now: Date.parse(tomorrow10) + 15 * 60_000, today: '2026-11-25' };
    given(booked)
      .when(change([line('l1', '2026-11-25T09:00:00.000Z', 45)]), started)
      .thenRejects('appointments.past_needs_right', 403);
    given(booked)
      .when(change([line('l1', '2026-11-25T09:00:00.000Z', 45)]), { ...started, mayChangePast: true })
      .then([expect.objectContaining({ type: 'AppointmentRescheduled' }) as unknown as AppointmentEvent]);
  });

  it('keeps the time of a checked-in visit; its services can still change', () => {
    const checkedIn: AppointmentEvent = { type: 'AppointmentCheckedIn', data: { appointment_id: 'a1' } };
    const onDay = { now: Date.parse(tomorrow10) + 5 * 60_000, today: '2026-11-25' };
    given(booked, checkedIn)
      .when(change([line('l1', '2026-11-25T07:15:00.000Z', 45)]), onDay)
      .thenRejects('appointments.checked_in_keeps_its_time', 409);
    given(booked, checkedIn)
      .when(change([line('l1', tomorrow10, 45), line('l2', '2026-11-25T07:45:00.000Z', 30)]), onDay)
      .then([expect.objectContaining({ type: 'AppointmentEdited' }) as unknown as AppointmentEvent]);
  });
});

describe("an employee's day book", () => {
  const reserve = (appointment: string, lineId: string, from: string, to: string) => ({
    type: 'TimeReserved' as const,
    data: { appointment_id: appointment, line_id: lineId, from, to },
  });
  const refuse = () => {
    throw new DomainError('appointments.employee_busy', 409);
  };
  const day = [reserve('a1', 'l1', '2026-11-25T07:00:00.000Z', '2026-11-25T07:45:00.000Z')].reduce(
    evolveDayBook,
    initialDayBook(),
  );

  it('refuses a time that overlaps another visit, and accepts one that touches it', () => {
    expect(() =>
      decideDayBook(
        day,
        'a2',
        [
          {
            appointmentId: 'a2',
            lineId: 'l9',
            from: '2026-11-25T07:30:00.000Z',
            to: '2026-11-25T08:00:00.000Z',
          },
        ],
        {
          allowOverlap: false,
          refuse,
        },
      ),
    ).toThrow(DomainError);
    const touching = decideDayBook(
      day,
      'a2',
      [
        {
          appointmentId: 'a2',
          lineId: 'l9',
          from: '2026-11-25T07:45:00.000Z',
          to: '2026-11-25T08:15:00.000Z',
        },
      ],
      { allowOverlap: false, refuse },
    );
    expect(touching.events).toEqual([
      reserve('a2', 'l9', '2026-11-25T07:45:00.000Z', '2026-11-25T08:15:00.000Z'),
    ]);
  });

  it('records an overlap the salon allows (overbooking) and reports it', () => {
    const over = decideDayBook(
      day,
      'a2',
      [
        {
          appointmentId: 'a2',
          lineId: 'l9',
          from: '2026-11-25T07:30:00.000Z',
          to: '2026-11-25T08:00:00.000Z',
        },
      ],
      { allowOverlap: true, refuse },
    );
    expect(over.overlaps).toHaveLength(1);
    expect(over.events).toHaveLength(1);
  });

  it("moves a visit's own time without seeing itself as busy, and frees it when it is gone", () => {
    const moved = decideDayBook(
      day,
      'a1',
      [
        {
          appointmentId: 'a1',
          lineId: 'l1',
          from: '2026-11-25T07:15:00.000Z',
          to: '2026-11-25T08:00:00.000Z',
        },
      ],
      { allowOverlap: false, refuse },
    );
    expect(moved.events.map((e) => e.type)).toEqual(['TimeFreed', 'TimeReserved']);
    expect(decideDayBook(day, 'a1', [], { allowOverlap: false, refuse }).events).toEqual([
      { type: 'TimeFreed', data: { appointment_id: 'a1', line_id: 'l1' } },
    ]);
  });
});

describe("a visit's own lines in a day book", () => {
  const time = (lineId: string, from: string, to: string) => ({
    appointmentId: 'a3',
    lineId,
    from: `2026-11-25T${from}:00.000Z`,
    to: `2026-11-25T${to}:00.000Z`,
  });
  const refusals: Array<[string, string]> = [];
  const refuse = (overlap: { lineId: string }, wanted: { lineId: string }): never => {
    refusals.push([wanted.lineId, overlap.lineId]);
    throw new DomainError('appointments.employee_busy', 409);
  };
  const given = () => ({
    when: (wanted: ReturnType<typeof time>[], options: { allowOverlap: boolean; parallel?: boolean }) => {
      refusals.length = 0;
      const run = () => decideDayBook(initialDayBook(), 'a3', wanted, { ...options, refuse });
      return {
        thenRefuses: (wantedLine: string, otherLine: string) => {
          expect(run).toThrow(DomainError);
          expect(refusals).toEqual([[wantedLine, otherLine]]);
        },
        thenReserves: (lines: string[]) => expect(run().events.map((e) => e.data.line_id)).toEqual(lines),
      };
    },
  });

  it('refuses two of them at once (one employee in two places), even where the salon allows overbooking', () => {
    given()
      .when([time('l1', '07:00', '07:45'), time('l2', '07:30', '08:00')], { allowOverlap: false })
      .thenRefuses('l2', 'l1');
    given()
      .when([time('l1', '07:00', '07:45'), time('l2', '07:00', '07:45')], { allowOverlap: true })
      .thenRefuses('l2', 'l1');
  });

  it('accepts them back to back', () =>
    given()
      .when([time('l1', '07:00', '07:45'), time('l2', '07:45', '08:30')], { allowOverlap: false })
      .thenReserves(['l1', 'l2']));

  it("accepts them at once in the customer's day where the salon takes parallel services", () =>
    given()
      .when([time('l1', '07:00', '07:45'), time('l2', '07:00', '08:00')], {
        allowOverlap: false,
        parallel: true,
      })
      .thenReserves(['l1', 'l2']));
});

describe('a visit whose invoice is cancelled', () => {
  const checkedIn: AppointmentEvent = { type: 'AppointmentCheckedIn', data: { appointment_id: 'a1' } };
  const paid: AppointmentEvent = {
    type: 'AppointmentPaid',
    data: { appointment_id: 'a1', invoice_id: 'i1', invoice_number: 7 },
  };

  it('is checked in and unpaid again, so it can be checked out with the right invoice', () => {
    given(booked, checkedIn, paid)
      .when({ type: 'CancelPayment', invoiceId: 'i1' })
      .then([{ type: 'AppointmentPaymentCancelled', data: { appointment_id: 'a1', invoice_id: 'i1' } }]);
    const state = [
      booked,
      checkedIn,
      paid,
      {
        type: 'AppointmentPaymentCancelled',
        data: { appointment_id: 'a1', invoice_id: 'i1' },
      } as AppointmentEvent,
    ].reduce(evolveVisit, initialVisitState);
    expect(decideVisit({ type: 'MarkPaid', invoiceId: 'i2', invoiceNumber: 8 }, state, context)).toEqual([
      { type: 'AppointmentPaid', data: { appointment_id: 'a1', invoice_id: 'i2', invoice_number: 8 } },
    ]);
  });

  it('is left alone by the cancelling of another invoice', () =>
    given(booked, checkedIn, paid).when({ type: 'CancelPayment', invoiceId: 'i9' }).then([]));
});
