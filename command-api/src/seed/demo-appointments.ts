import {
  addDays,
  businessDate,
  epochOf,
  instantAt,
  weekdayOf,
  type BusinessDate,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import type { AuthContext } from '@rawnaq/platform';
import type { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { ChangeAppointments, type AppointmentRequest } from '../scheduling/appointments.commands';

type Booked = Answer<{ id: string; lines: Array<{ start: string; end?: string }> }>;

export type DemoCheckedIn = {
  id: string;
  customer: string;
  /** when its last service ends: the customer pays then */
  end: number;
  lines: Array<{ service: string; stylist: string }>;
};

/** Who books what in the demo week: a day offset from today, a time, the services and their stylists. */
const WEEK: Array<{
  day: number;
  time: string;
  customer: number;
  lines: Array<[service: string, stylist: number]>;
  then?: 'check-in' | 'cancel' | 'no-show' | 'confirm';
}> = [
  {
    day: -3,
    time: '10:00',
    customer: 0,
    lines: [
      ['Haircut', 0],
      ['Blow dry', 0],
    ],
    then: 'check-in',
  },
  { day: -3, time: '11:00', customer: 1, lines: [['Manicure', 1]], then: 'check-in' },
  { day: -2, time: '12:00', customer: 2, lines: [['Hair colour', 0]], then: 'check-in' },
  { day: -2, time: '16:00', customer: 3, lines: [['Pedicure', 1]], then: 'no-show' },
  { day: -1, time: '10:30', customer: 4, lines: [['Facial', 1]], then: 'check-in' },
  { day: -1, time: '17:00', customer: 0, lines: [['Blow dry', 0]], then: 'cancel' },
  { day: 0, time: '10:00', customer: 1, lines: [['Haircut', 0]], then: 'check-in' },
  {
    day: 0,
    time: '18:00',
    customer: 2,
    lines: [
      ['Manicure', 1],
      ['Pedicure', 1],
    ],
    then: 'confirm',
  },
  { day: 0, time: '19:00', customer: 3, lines: [['Blow dry', 0]] },
  {
    day: 1,
    time: '11:00',
    customer: 4,
    lines: [
      ['Haircut', 0],
      ['Manicure', 1],
    ],
    then: 'confirm',
  },
  { day: 1, time: '16:30', customer: 0, lines: [['Facial', 1]] },
  { day: 2, time: '13:00', customer: 2, lines: [['Hair colour', 0]] },
  { day: 3, time: '10:00', customer: 3, lines: [['Pedicure', 1]], then: 'confirm' },
  {
    day: 4,
    time: '15:00',
    customer: 1,
    lines: [
      ['Haircut', 0],
      ['Blow dry', 0],
    ],
  },
];

/** The stylists rest on Fridays: a demo day that falls on one moves to the Saturday. */
const workday = (date: BusinessDate) => (weekdayOf(date) === 5 ? addDays(date, 1) : date);

/**
 * A realistic week of visits for the demo salon's two stylists, around today: some checked in, one
 * cancelled, one no-show, some confirmed, so the calendar and the day's work are alive on first start.
 * Each is booked through the same command as the desk uses, on the clock of its own moment (a visit
 * of three days ago was booked the day before it), so every rule holds.
 */
export const seedDemoAppointments = async (
  execute: (command: object) => Promise<unknown>,
  ownerCtx: CommandContext,
  owner: AuthContext,
  timeZone: TenantTimeZone,
  ids: {
    customers: string[];
    services: Record<string, { id: string; job_time: number }>;
    stylists: string[];
    /** the salon's cancellation reasons, in DEFAULT_CANCELLATION_REASONS's order */
    reasons: string[];
  },
) => {
  const today = businessDate(ownerCtx.now, timeZone);
  /** the visits checked in, for the till to settle: when, whose, which services by whom */
  const checkedIn: DemoCheckedIn[] = [];
  const request = (now: number, r: AppointmentRequest, key: string) =>
    execute(
      new ChangeAppointments(
        { ...ownerCtx, now: new Date(now), correlationId: key, idempotencyKey: key },
        owner,
        r,
      ),
    );
  for (const [i, visit] of WEEK.entries()) {
    const date = workday(addDays(today, visit.day));
    const start = epochOf(instantAt(date, `${visit.time}:00`, timeZone));
    // a visit of today that would start before now is booked later today, so it is not in the past
    const bookedAt = visit.day < 0 ? start - 24 * 3_600_000 : ownerCtx.now.getTime();
    if (visit.day === 0 && start < bookedAt && visit.then !== 'check-in') continue;
    // the lines follow each other (the demo salon does not take parallel services, the default)
    let from = start;
    const lines = visit.lines.map(([service, stylist]) => {
      const line = {
        service_id: ids.services[service].id,
        employee_id: ids.stylists[stylist],
        start: new Date(from).toISOString(),
      };
      from += ids.services[service].job_time * 60_000;
      return line;
    });
    const booked = (await request(
      visit.day === 0 && visit.then === 'check-in'
        ? Math.min(bookedAt, Date.parse(lines[0].start) - 3_600_000)
        : bookedAt,
      {
        kind: 'book',
        body: { customer_id: ids.customers[visit.customer], lines, source: i % 4 === 3 ? 1 : 0 },
      },
      `demo-visit-${i}`,
    )) as Booked;
    const at = Date.parse(booked.body.lines[0].start);
    const id = booked.body.id;
    if (visit.then === 'check-in') {
      await request(at + 5 * 60_000, { kind: 'check-in', id }, `demo-visit-${i}-in`);
      const end = Math.max(
        ...booked.body.lines.map((l) => Date.parse((l as { end?: string }).end ?? l.start)),
      );
      checkedIn.push({
        id,
        customer: ids.customers[visit.customer],
        end,
        lines: visit.lines.map(([service, stylist]) => ({ service, stylist: ids.stylists[stylist] })),
      });
    }
    if (visit.then === 'no-show')
      await request(at + 30 * 60_000, { kind: 'no-show', id }, `demo-visit-${i}-no-show`);
    if (visit.then === 'confirm')
      await request(bookedAt + 60_000, { kind: 'confirm', id }, `demo-visit-${i}-ok`);
    if (visit.then === 'cancel')
      await request(
        bookedAt + 3_600_000,
        { kind: 'cancel', id, body: { reason_id: ids.reasons[0] } },
        `demo-visit-${i}-cancel`,
      );
  }
  return checkedIn;
};
