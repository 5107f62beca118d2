import fc from 'fast-check';
import { addDays, businessDate, epochOf, instantAt, startOfBusinessDay } from '../dates/instants';
import { openingOn, weekdayOf, type OpeningDay } from '../settings/opening-hours';
import type { EmployeePeriod } from '../staff/staff-events';
import {
  availability,
  conflictsOf,
  employeeDays,
  lineOffsets,
  salonDays,
  type AvailabilityQuestion,
  type BusyInterval,
  type EmployeeSchedule,
  type SalonHoursPeriod,
} from './availability';

const TZ = 'Asia/Riyadh' as const;
/** Epoch ms of a wall-clock time in Riyadh (+03:00). */
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+03:00`);
const hhmm = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(11, 16);
const open = (from: string, to: string): OpeningDay => ({ is_open: true, from, to });
const closed: OpeningDay = { is_open: false };
const week = (days: Partial<Record<number, OpeningDay>> = {}, base = open('10:00', '22:00')): OpeningDay[] =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => days[d] ?? base);

// 2027-03-07 is a Sunday; 2027-03-04 a Thursday.
const SUNDAY = '2027-03-07';
const EARLY = at(SUNDAY, '06:00');

const employee = (id: string, e: Partial<EmployeeSchedule> = {}): EmployeeSchedule => ({
  id,
  week: week(),
  holidays: [],
  periods: [],
  busy: [],
  ...e,
});

const ask = (q: Partial<AvailabilityQuestion> = {}): AvailabilityQuestion => ({
  timeZone: TZ,
  salon: { week: week(), periods: [] },
  employees: [employee('amal')],
  services: [{ duration: 60 }],
  from: SUNDAY,
  days: 1,
  now: EARLY,
  ...q,
});

const times = (starts: number[]) => starts.map(hhmm);
const first = (starts: number[]) => hhmm(starts[0]);
const last = (starts: number[]) => hhmm(starts[starts.length - 1]);

describe('availability engine', () => {
  describe('salon hours', () => {
    it('given 10:00-22:00 and a one-hour service, when asked, then starts run 10:00 to 21:00 by the quarter', () => {
      const a = availability(ask());
      expect(first(a.byEmployee.amal)).toBe('10:00');
      expect(last(a.byEmployee.amal)).toBe('21:00');
      expect(a.byEmployee.amal).toHaveLength(45);
      expect(a.byEmployee.amal.every((t) => t % 900_000 === 0)).toBe(true);
    });

    it('given the salon closed on Sunday, when asked, then nothing is offered', () => {
      const a = availability(ask({ salon: { week: week({ 0: closed }), periods: [] } }));
      expect(a.byEmployee.amal).toEqual([]);
      expect(a.anyEmployee).toEqual([]);
      expect(a.visit).toEqual([]);
    });

    it('given the employee works longer than the salon, when asked, then the salon hours bound her', () => {
      const a = availability(
        ask({
          salon: { week: week({}, open('12:00', '20:00')), periods: [] },
          employees: [employee('amal', { week: week({}, open('09:00', '23:00')) })],
        }),
      );
      expect([first(a.byEmployee.amal), last(a.byEmployee.amal)]).toEqual(['12:00', '19:00']);
    });

    it('given hours that do not start on a quarter, when asked, then the first start is the next quarter', () => {
      const a = availability(ask({ salon: { week: week({}, open('10:10', '22:00')), periods: [] } }));
      expect(first(a.byEmployee.amal)).toBe('10:15');
    });
  });

  describe('custom hours', () => {
    it("given a salon custom period 14:00-18:00 on the date, when asked, then it replaces the week's hours", () => {
      const periods: SalonHoursPeriod[] = [
        { from_date: SUNDAY, to_date: SUNDAY, is_open: true, from: '14:00', to: '18:00' },
      ];
      const a = availability(ask({ salon: { week: week(), periods } }));
      expect([first(a.byEmployee.amal), last(a.byEmployee.amal)]).toEqual(['14:00', '17:00']);
    });

    it('given a closed salon custom period, when asked, then the day is closed', () => {
      const periods = [{ from_date: '2027-03-01', to_date: '2027-03-10', is_open: false }];
      expect(availability(ask({ salon: { week: week(), periods } })).anyEmployee).toEqual([]);
    });

    it("given the employee's custom hours 16:00-19:00, when asked, then only those hours are hers", () => {
      const periods: EmployeePeriod[] = [
        { kind: 'custom_hours', from_date: SUNDAY, to_date: SUNDAY, from: '16:00', to: '19:00' },
      ];
      const a = availability(ask({ employees: [employee('amal', { periods })] }));
      expect([first(a.byEmployee.amal), last(a.byEmployee.amal)]).toEqual(['16:00', '18:00']);
    });

    it('given custom hours on her weekly holiday, when asked, then she works those hours', () => {
      const periods: EmployeePeriod[] = [
        { kind: 'custom_hours', from_date: SUNDAY, to_date: SUNDAY, from: '12:00', to: '14:00' },
      ];
      const a = availability(ask({ employees: [employee('amal', { holidays: [0], periods })] }));
      expect(times(a.byEmployee.amal)).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00']);
    });
  });

  describe('hours past midnight', () => {
    const late = week({ 4: open('16:00', '02:00') }, closed);
    const q = ask({
      salon: { week: late, periods: [] },
      employees: [employee('amal', { week: late })],
      from: '2027-03-04',
      days: 2,
      now: at('2027-03-04', '06:00'),
    });

    it("given Thursday 16:00-02:00, when asked for Thursday and Friday, then Friday's early hours are offered", () => {
      const a = availability(q);
      expect(first(a.byEmployee.amal)).toBe('16:00');
      expect(last(a.byEmployee.amal)).toBe('01:00');
      expect(businessDate(a.byEmployee.amal.at(-1)!, TZ)).toBe('2027-03-05');
      expect(a.byEmployee.amal).toHaveLength(37); // 16:00 ... 01:00
    });

    it('given a start at 01:15, when checked, then the line would end after closing', () => {
      const line = { from: at('2027-03-05', '01:15'), to: at('2027-03-05', '02:15') };
      expect(conflictsOf({ timeZone: TZ, salon: q.salon, employee: q.employees[0] }, line)).toEqual([
        { kind: 'outside_salon_hours' },
        { kind: 'outside_employee_hours' },
      ]);
    });

    it('given only Friday asked, when Thursday runs past midnight, then the spill-over still counts', () => {
      const a = availability({ ...q, from: '2027-03-05', days: 1 });
      expect(times(a.byEmployee.amal)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00']);
    });
  });

  describe('holidays and blocks', () => {
    it('given Sunday is her weekly holiday, when asked, then she has nothing and the other employee has the day', () => {
      const a = availability(ask({ employees: [employee('amal', { holidays: [0] }), employee('huda')] }));
      expect(a.byEmployee.amal).toEqual([]);
      expect(a.byEmployee.huda).toHaveLength(45);
      expect(a.visit.every((s) => s.employees[0] === 'huda')).toBe(true);
    });

    it('given a block 12:00-13:30, when asked for an hour, then nothing overlaps it', () => {
      const periods: EmployeePeriod[] = [
        { kind: 'block', from_date: SUNDAY, to_date: SUNDAY, from: '12:00', to: '13:30', reason: 'Lunch' },
      ];
      const a = times(availability(ask({ employees: [employee('amal', { periods })] })).byEmployee.amal);
      expect(a).toContain('11:00');
      expect(a).not.toContain('11:15');
      expect(a).not.toContain('13:15');
      expect(a).toContain('13:30');
    });

    it('given a whole-day block over several dates, when asked, then those dates are closed for her', () => {
      const periods: EmployeePeriod[] = [{ kind: 'block', from_date: '2027-03-06', to_date: '2027-03-08' }];
      const a = availability(ask({ employees: [employee('amal', { periods })], days: 3 }));
      expect(a.byEmployee.amal.every((t) => businessDate(t, TZ) === '2027-03-09')).toBe(true);
      expect(a.byEmployee.amal).toHaveLength(45);
    });

    it('given a block, when a line over it is checked, then the block is named with its period', () => {
      const period: EmployeePeriod = {
        kind: 'block',
        from_date: SUNDAY,
        to_date: SUNDAY,
        reason: 'Training',
      };
      const c = conflictsOf(
        {
          timeZone: TZ,
          salon: { week: week(), periods: [] },
          employee: employee('amal', { periods: [period] }),
        },
        { from: at(SUNDAY, '11:00'), to: at(SUNDAY, '12:00') },
      );
      expect(c).toEqual([
        {
          kind: 'employee_blocked',
          period,
          interval: { from: at(SUNDAY, '00:00'), to: at('2027-03-08', '00:00') },
        },
      ]);
    });
  });

  describe('busy lines', () => {
    const busy: BusyInterval[] = [{ from: at(SUNDAY, '11:00'), to: at(SUNDAY, '12:00'), ref: 'visit-1' }];

    it('given her line 11:00-12:00, when asked for 30 minutes, then 10:30 fits and 10:45-11:45 do not', () => {
      const a = times(
        availability(ask({ employees: [employee('amal', { busy })], services: [{ duration: 30 }] }))
          .byEmployee.amal,
      );
      expect(a).toContain('10:30');
      expect(a).not.toContain('10:45');
      expect(a).not.toContain('11:45');
      expect(a).toContain('12:00');
    });

    it('given the customer is busy 11:00-12:00 with another employee, when asked, then nobody is offered then', () => {
      const a = availability(ask({ employees: [employee('amal'), employee('huda')], customerBusy: busy }));
      expect(times(a.anyEmployee)).not.toContain('11:00');
      expect(times(a.anyEmployee)).not.toContain('10:15');
      expect(times(a.anyEmployee)).toContain('10:00');
      expect(times(a.visit.map((s) => s.start))).not.toContain('11:30');
    });

    it('given a line over her other line and the customer, when checked, then both are named', () => {
      const c = conflictsOf(
        {
          timeZone: TZ,
          salon: { week: week(), periods: [] },
          employee: employee('amal', { busy }),
          customerBusy: busy,
        },
        { from: at(SUNDAY, '11:30'), to: at(SUNDAY, '12:30') },
      );
      expect(c.map((x) => x.kind)).toEqual(['employee_busy', 'customer_busy']);
    });
  });

  describe('a visit of several services', () => {
    it('given haircut 60 min by Amal only and manicure 30 min by Huda only, when asked, then the lines run back to back with each', () => {
      const a = availability(
        ask({
          employees: [
            employee('amal', { week: week({}, open('10:00', '14:00')) }),
            employee('huda', { week: week({}, open('12:00', '20:00')) }),
          ],
          services: [
            { duration: 60, employees: ['amal'] },
            { duration: 30, employees: ['huda'] },
          ],
        }),
      );
      // Huda from 12:00 means the haircut from 11:00; Amal until 14:00 means the haircut starts by 13:00
      expect(times(a.visit.map((s) => s.start))).toEqual([
        '11:00',
        '11:15',
        '11:30',
        '11:45',
        '12:00',
        '12:15',
        '12:30',
        '12:45',
        '13:00',
      ]);
      expect(a.visit.every((s) => s.employees.join() === 'amal,huda')).toBe(true);
      // neither can do the whole visit alone
      expect(a.byEmployee).toEqual({ amal: [], huda: [] });
      expect(a.anyEmployee).toEqual([]);
    });

    it('given the preferred employee is free for one line only, when asked, then she takes it and another does the rest', () => {
      const busy = [{ from: at(SUNDAY, '11:00'), to: at(SUNDAY, '12:00') }];
      const a = availability(
        ask({
          employees: [employee('amal', { busy }), employee('huda')],
          services: [{ duration: 60 }, { duration: 60 }],
          preferred: 'amal',
        }),
      );
      const slot = (t: string) => a.visit.find((s) => hhmm(s.start) === t)?.employees;
      expect(slot('10:00')).toEqual(['amal', 'huda']);
      expect(slot('12:00')).toEqual(['amal', 'amal']);
      expect(slot('10:30')).toEqual(['huda', 'huda']);
      expect(times(a.byEmployee.amal)).not.toContain('10:00');
    });

    it('given any employee, when asked, then the first line keeps to one employee when she can', () => {
      const a = availability(
        ask({
          employees: [employee('amal'), employee('huda')],
          services: [{ duration: 30 }, { duration: 30 }],
        }),
      );
      expect(a.visit[0].employees).toEqual(['amal', 'amal']);
      expect(a.anyEmployee).toEqual(a.byEmployee.amal);
    });
  });

  describe('parallel services (two lines of the visit at once)', () => {
    const maniPedi = [
      { duration: 45, offset: 0 },
      { duration: 60, offset: 0 },
    ];

    it('given the salon does not take them, when lines at once are asked, then nothing is offered', () => {
      const a = availability(ask({ employees: [employee('amal'), employee('huda')], services: maniPedi }));
      expect(a).toEqual({ byEmployee: {}, anyEmployee: [], visit: [] });
    });

    it('given the salon takes them, when asked, then each start has two different employees and nobody does both alone', () => {
      const a = availability(
        ask({
          employees: [employee('amal'), employee('huda')],
          services: maniPedi,
          parallel: true,
          preferred: 'amal',
        }),
      );
      expect([first(a.visit.map((s) => s.start)), last(a.visit.map((s) => s.start))]).toEqual([
        '10:00',
        '21:00',
      ]);
      expect(a.visit.every((s) => s.employees.join() === 'amal,huda')).toBe(true);
      expect(a.byEmployee).toEqual({ amal: [], huda: [] });
      expect(a.anyEmployee).toEqual([]);
    });

    it('given one employee only, or both lines asked of the same one, when asked, then nothing is offered', () => {
      expect(availability(ask({ services: maniPedi, parallel: true })).visit).toEqual([]);
      const same = maniPedi.map((s) => ({ ...s, employees: ['amal'] }));
      expect(
        availability(ask({ employees: [employee('amal'), employee('huda')], services: same, parallel: true }))
          .visit,
      ).toEqual([]);
    });

    it('given the first choice for the first line is the only one who can do the second, then the first line goes to the other', () => {
      const a = availability(
        ask({
          employees: [employee('amal'), employee('huda')],
          services: [
            { duration: 45, offset: 0 },
            { duration: 60, offset: 0, employees: ['amal'] },
          ],
          parallel: true,
          preferred: 'amal',
        }),
      );
      expect(a.visit[0].employees).toEqual(['huda', 'amal']);
    });

    it('given a third line after both, when asked, then it starts when the longer one ends and may be either', () => {
      const a = availability(
        ask({
          employees: [employee('amal'), employee('huda')],
          services: [...maniPedi, { duration: 30 }],
          parallel: true,
          preferred: 'amal',
        }),
      );
      // 10:00-11:00 at once, then 30 minutes: the last start is 20:30
      expect(last(a.visit.map((s) => s.start))).toBe('20:30');
      expect(a.visit[0].employees).toEqual(['amal', 'huda', 'amal']);
    });
  });

  describe('now', () => {
    it('given now is 10:14:59, when asked, then 10:00 is still offered (now rounds down) and 09:45 is not', () => {
      const a = availability(ask({ now: at(SUNDAY, '10:14') + 59_000 }));
      expect(first(a.byEmployee.amal)).toBe('10:00');
      const b = availability(ask({ now: at(SUNDAY, '10:15') }));
      expect(first(b.byEmployee.amal)).toBe('10:15');
    });

    it('given now is after closing, when asked for today, then nothing is offered; tomorrow is', () => {
      const a = availability(ask({ now: at(SUNDAY, '22:30'), days: 2 }));
      expect(a.anyEmployee.every((t) => businessDate(t, TZ) === '2027-03-08')).toBe(true);
      expect(a.anyEmployee).toHaveLength(45);
    });

    it('given a line before now, when checked with now, then it starts in the past', () => {
      const c = conflictsOf(
        { timeZone: TZ, salon: { week: week(), periods: [] }, now: at(SUNDAY, '12:05') },
        { from: at(SUNDAY, '11:45'), to: at(SUNDAY, '12:45') },
      );
      expect(c).toEqual([{ kind: 'start_in_past' }]);
    });
  });
});

// ------------------------------------------------------------------------------------------------
// Property tests: a naive per-slot scan, written from the rules with the shared date helpers.

const Q = 900_000;

/** Every rule, one line at a time, by the book (openingOn for hours, every date of a block). */
const naiveLineOk = (
  q: AvailabilityQuestion,
  e: EmployeeSchedule,
  from: number,
  to: number,
  memo: Map<string, { from: number; to: number } | undefined>,
): boolean => {
  const opening = (key: string, day: OpeningDay | undefined, date: string) => {
    const k = `${key}|${date}`;
    if (!memo.has(k)) {
      const o = openingOn(day, date, q.timeZone);
      memo.set(k, o && { from: epochOf(o.from), to: epochOf(o.to) });
    }
    return memo.get(k);
  };
  const salonOn = (date: string) => {
    const p = q.salon.periods.find((x) => x.from_date <= date && date <= x.to_date);
    return opening('salon', p ?? q.salon.week[weekdayOf(date)], date);
  };
  const hersOn = (date: string) => {
    const c = e.periods.find((p) => p.kind === 'custom_hours' && p.from_date <= date && date <= p.to_date);
    if (c) return opening(`${e.id}:custom`, { is_open: true, from: c.from, to: c.to }, date);
    if (e.holidays.includes(weekdayOf(date))) return undefined;
    return opening(e.id, e.week[weekdayOf(date)], date);
  };
  const date = businessDate(from, q.timeZone);
  const holds = (o: { from: number; to: number } | undefined) => !!o && o.from <= from && to <= o.to;
  if (!holds(salonOn(date)) && !holds(salonOn(addDays(date, -1)))) return false;
  if (!holds(hersOn(date)) && !holds(hersOn(addDays(date, -1)))) return false;
  for (const p of e.periods) {
    if (p.kind !== 'block') continue;
    for (let d = p.from_date; d <= p.to_date; d = addDays(d, 1)) {
      const b =
        p.from && p.to
          ? opening(`block:${p.from}-${p.to}`, { is_open: true, from: p.from, to: p.to }, d)
          : {
              from: epochOf(startOfBusinessDay(d, q.timeZone)),
              to: epochOf(startOfBusinessDay(addDays(d, 1), q.timeZone)),
            };
      if (b && b.from < to && from < b.to) return false;
    }
  }
  const busy = [...e.busy, ...(q.customerBusy ?? [])];
  return !busy.some((b) => b.from < to && from < b.to);
};

const naive = (q: AvailabilityQuestion) => {
  const memo = new Map<string, { from: number; to: number } | undefined>();
  const start = epochOf(instantAt(q.from, '00:00', q.timeZone));
  const end = epochOf(instantAt(addDays(q.from, q.days), '00:00', q.timeZone));
  const nowQ = Math.floor(epochOf(q.now) / Q) * Q;
  const byEmployee: Record<string, number[]> = Object.fromEntries(q.employees.map((e) => [e.id, []]));
  const visit: number[] = [];
  for (let t = Math.max(start, nowQ); t < end; t += Q) {
    let end = 0;
    const lineOk = q.services.map((s) => {
      // each line on a quarter: the first one once the lines before it have ended
      const offset = Math.ceil(end / 15) * 15;
      const from = t + offset * 60_000;
      end = offset + s.duration;
      return new Set(
        q.employees
          .filter((e) => !s.employees || s.employees.includes(e.id))
          .filter((e) => naiveLineOk(q, e, from, from + s.duration * 60_000, memo))
          .map((e) => e.id),
      );
    });
    for (const e of q.employees) if (lineOk.every((ok) => ok.has(e.id))) byEmployee[e.id].push(t);
    if (lineOk.every((ok) => ok.size > 0)) visit.push(t);
  }
  const anyEmployee = [...new Set(Object.values(byEmployee).flat())].sort((a, b) => a - b);
  return { byEmployee, anyEmployee, visit };
};

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 5, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const day: fc.Arbitrary<OpeningDay> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(closed) },
  { weight: 4, arbitrary: fc.tuple(time, time).map(([from, to]) => open(from, to)) },
);
const FIRST = '2027-03-03';
const dateIn = fc.integer({ min: -1, max: 8 }).map((n) => addDays(FIRST, n));
const dateRange = fc
  .tuple(dateIn, fc.integer({ min: 0, max: 2 }))
  .map(([d, n]) => [d, addDays(d, n)] as const);
const base = epochOf(instantAt(FIRST, '00:00', TZ));
const interval = fc
  .tuple(fc.integer({ min: -24 * 4, max: 9 * 24 * 4 }), fc.integer({ min: 1, max: 16 }), fc.boolean())
  .map(([q, len, aligned]) => {
    const from = base + q * Q + (aligned ? 0 : 7 * 60_000);
    return { from, to: from + len * Q };
  });
const period: fc.Arbitrary<EmployeePeriod> = fc
  .tuple(fc.constantFrom('block', 'custom_hours' as const), dateRange, fc.option(fc.tuple(time, time)))
  .map(([kind, [from_date, to_date], hours]) => ({
    kind: kind as EmployeePeriod['kind'],
    from_date,
    to_date,
    ...(hours && { from: hours[0], to: hours[1] }),
  }));
const IDS = ['amal', 'huda', 'noor'];
const schedule = (id: string) =>
  fc
    .record({
      week: fc.array(day, { minLength: 7, maxLength: 7 }),
      holidays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 3 }),
      periods: fc.array(period, { maxLength: 3 }),
      busy: fc.array(interval, { maxLength: 6 }),
    })
    .map((s): EmployeeSchedule => ({ id, ...s }));
const question: fc.Arbitrary<AvailabilityQuestion> = fc
  .record({
    salonWeek: fc.array(day, { minLength: 7, maxLength: 7 }),
    salonPeriods: fc.array(
      fc
        .tuple(dateRange, day)
        .map(([[from_date, to_date], d]): SalonHoursPeriod => ({ from_date, to_date, ...d })),
      { maxLength: 1 },
    ),
    count: fc.integer({ min: 1, max: 3 }),
    employees: fc.tuple(schedule('amal'), schedule('huda'), schedule('noor')),
    customerBusy: fc.array(interval, { maxLength: 3 }),
    services: fc.array(
      fc.record({
        duration: fc.constantFrom(15, 20, 30, 45, 60, 90, 120),
        employees: fc.option(fc.subarray(IDS, { minLength: 1 }), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    from: fc.integer({ min: 0, max: 6 }).map((n) => addDays(FIRST, n)),
    days: fc.integer({ min: 1, max: 3 }),
    now: fc.integer({ min: base - 86_400_000, max: base + 10 * 86_400_000 }),
    preferred: fc.option(fc.constantFrom(...IDS), { nil: undefined }),
  })
  .map((r): AvailabilityQuestion => ({
    timeZone: TZ,
    salon: { week: r.salonWeek, periods: r.salonPeriods },
    employees: r.employees.slice(0, r.count),
    customerBusy: r.customerBusy,
    services: r.services.map((s) => (s.employees ? s : { duration: s.duration })),
    from: r.from,
    days: r.days,
    now: r.now,
    preferred: r.preferred,
  }));

describe('availability engine, properties', () => {
  it('agrees with a naive per-slot scan on random schedules', () => {
    fc.assert(
      fc.property(question, (q) => {
        const a = availability(q);
        const n = naive(q);
        expect(a.byEmployee).toEqual(n.byEmployee);
        expect(a.anyEmployee).toEqual(n.anyEmployee);
        expect(a.visit.map((s) => s.start)).toEqual(n.visit);
      }),
      { numRuns: 200 },
    );
  });

  it('never offers a slot that overlaps a line, a block, a holiday or lies outside hours or before now', () => {
    fc.assert(
      fc.property(question, (q) => {
        const a = availability(q);
        const rules = (id: string) => ({
          timeZone: q.timeZone,
          salon: q.salon,
          employee: q.employees.find((e) => e.id === id),
          customerBusy: q.customerBusy,
          now: q.now,
        });
        const offsets = lineOffsets(q.services);
        const lines = (start: number) =>
          q.services.map((s, i) => {
            const from = start + offsets[i] * 60_000;
            // every line starts on a quarter, as the command requires
            expect(from % 900_000).toBe(0);
            return { from, to: from + s.duration * 60_000 };
          });
        for (const [id, starts] of Object.entries(a.byEmployee))
          for (const t of starts)
            for (const line of lines(t)) expect(conflictsOf(rules(id), line)).toEqual([]);
        for (const slot of a.visit)
          lines(slot.start).forEach((line, i) => {
            const who = slot.employees[i];
            const allowed = q.services[i].employees;
            if (allowed) expect(allowed).toContain(who);
            expect(conflictsOf(rules(who), line)).toEqual([]);
            // the preferred employee is taken whenever she can do the line
            const preferred = q.employees.some((e) => e.id === q.preferred) ? q.preferred : undefined;
            if (preferred && who !== preferred && (!allowed || allowed.includes(preferred)))
              expect(conflictsOf(rules(preferred), line)).not.toEqual([]);
          });
      }),
      { numRuns: 200 },
    );
  });
});

describe("the salon's days (the booking panel's times)", () => {
  it("given Thursday 16:00-02:00 and Friday 18:00-23:00, when asked, then Friday has Thursday's spill-over and its own hours, Thursday runs to midnight", () => {
    const salon = {
      week: week({ 4: open('16:00', '02:00'), 5: open('18:00', '23:00') }, closed),
      periods: [],
    };
    const [thursday, friday, saturday] = salonDays({ timeZone: TZ, salon, from: '2027-03-04', days: 3 });
    const hours = (d: { open: Array<{ from: number; to: number }> }) =>
      d.open.map((o) => `${hhmm(o.from)}-${hhmm(o.to)}`);
    expect([thursday.date, hours(thursday)]).toEqual(['2027-03-04', ['16:00-00:00']]);
    expect([friday.date, hours(friday)]).toEqual(['2027-03-05', ['00:00-02:00', '18:00-23:00']]);
    expect([saturday.date, hours(saturday)]).toEqual(['2027-03-06', []]);
  });

  it('given a custom period closing the date, when asked, then it has no hours', () => {
    const periods: SalonHoursPeriod[] = [{ from_date: SUNDAY, to_date: SUNDAY, is_open: false }];
    expect(
      salonDays({ timeZone: TZ, salon: { week: week(), periods }, from: SUNDAY, days: 1 })[0].open,
    ).toEqual([]);
  });
});

describe('employee days (what the calendar draws)', () => {
  it('given Thursday 16:00-02:00 and a lunch block, when drawn, then Friday shows the spill-over and Thursday runs to 02:00', () => {
    const late = week({ 4: open('16:00', '02:00') }, closed);
    const lunch: EmployeePeriod = {
      kind: 'block',
      from_date: '2027-03-04',
      to_date: '2027-03-04',
      from: '18:00',
      to: '19:00',
    };
    const days = employeeDays({
      timeZone: TZ,
      salon: { week: late, periods: [] },
      employee: employee('amal', { week: late, periods: [lunch], holidays: [5] }),
      from: '2027-03-04',
      days: 2,
    });
    expect(days.map((d) => d.working.map((w) => `${hhmm(w.from)}-${hhmm(w.to)}`))).toEqual([
      ['16:00-02:00'],
      ['00:00-02:00'],
    ]);
    expect(days[0].blocks).toEqual([
      { from: at('2027-03-04', '18:00'), to: at('2027-03-04', '19:00'), period: lunch },
    ]);
    expect(days[1]).toMatchObject({ day_off: true, hours: null, salon: null });
  });
});
