import {
  addDays,
  availability,
  epochOf,
  startOfBusinessDay,
  weekdayOf,
  type AvailabilityQuestion,
  type BusyInterval,
  type EmployeePeriod,
  type EmployeeSchedule,
  type OpeningDay,
} from '@rawnaq/contracts';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { percentile } from './latency';

/*
 * Issue 10's availability figure: a 3-service visit over 30 employees x 14 days with 3,000 existing
 * lines, answered by the engine (interval arithmetic) and by a straightforward per-slot scan of the
 * same rules, which must give the same answer.
 */

const TZ = 'Asia/Riyadh' as const;
const FIRST = '2027-03-07';
const DAYS = 14;
const EMPLOYEES = 30;
const LINES = 3_000;
const Q = 900_000;
const MIN = 60_000;

/** A small deterministic generator (mulberry32), so every run measures the same salon. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const open = (from: string, to: string): OpeningDay => ({ is_open: true, from, to });
const at = (date: string, minutes: number) => epochOf(startOfBusinessDay(date, TZ)) + minutes * MIN;

export const availabilityWorkload = (): AvailabilityQuestion => {
  const rnd = random(10);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  // Thursday runs late (16:00-02:00), Friday opens in the afternoon
  const salonWeek = [0, 1, 2, 3, 4, 5, 6].map((d) =>
    d === 4 ? open('10:00', '02:00') : d === 5 ? open('14:00', '23:00') : open('09:00', '22:00'),
  );
  const employees: EmployeeSchedule[] = [];
  for (let i = 0; i < EMPLOYEES; i++) {
    const shift = pick([open('09:00', '17:00'), open('12:00', '22:00'), open('10:00', '20:00')]);
    const week = [0, 1, 2, 3, 4, 5, 6].map((d) => (d === 4 && i % 3 === 0 ? open('16:00', '02:00') : shift));
    const periods: EmployeePeriod[] = [];
    const day = (n: number) => addDays(FIRST, n);
    if (i % 4 === 0) {
      const n = Math.floor(rnd() * DAYS);
      periods.push({
        kind: 'custom_hours',
        from_date: day(n),
        to_date: day(n + 1),
        from: '13:00',
        to: '21:00',
      });
    }
    for (let b = 0; b < 3; b++) {
      const n = Math.floor(rnd() * DAYS);
      periods.push(
        rnd() < 0.2
          ? { kind: 'block', from_date: day(n), to_date: day(n), reason: 'Leave' }
          : {
              kind: 'block',
              from_date: day(n),
              to_date: day(n + 2),
              from: '13:00',
              to: '14:00',
              reason: 'Lunch',
            },
      );
    }
    employees.push({ id: `e${i}`, week, holidays: [i % 7], periods, busy: [] });
  }
  // 3,000 lines: 30-90 minutes on the quarter, inside each employee's hours, some overlapping (overbooking)
  for (let n = 0; n < LINES; n++) {
    const e = employees[n % EMPLOYEES];
    const date = addDays(FIRST, Math.floor(rnd() * DAYS));
    const hours = e.week[weekdayOf(date)];
    const from = Number(hours.from!.slice(0, 2)) * 60;
    const start = at(date, from + Math.floor(rnd() * 28) * 15);
    (e.busy as BusyInterval[]).push({ from: start, to: start + pick([30, 45, 60, 90]) * MIN, ref: `v${n}` });
  }
  const customerBusy: BusyInterval[] = [
    { from: at(addDays(FIRST, 1), 11 * 60), to: at(addDays(FIRST, 1), 12 * 60) },
    { from: at(addDays(FIRST, 5), 17 * 60), to: at(addDays(FIRST, 5), 19 * 60) },
  ];
  return {
    timeZone: TZ,
    salon: {
      week: salonWeek,
      periods: [{ from_date: addDays(FIRST, 9), to_date: addDays(FIRST, 9), is_open: false }],
    },
    employees,
    customerBusy,
    services: [{ duration: 60 }, { duration: 45 }, { duration: 30 }],
    from: FIRST,
    days: DAYS,
    now: at(FIRST, 13 * 60 + 7),
    preferred: 'e7',
  };
};

/**
 * The straightforward way: every quarter of the range, every line of the visit, every employee, every
 * rule (openings of the line's date and the date before, each block, each of her lines, each of the
 * customer's). The openings of each date are worked out once, as anyone would.
 */
export const naiveAvailability = (q: AvailabilityQuestion) => {
  const first = addDays(q.from, -1);
  const dates = Array.from({ length: q.days + 3 }, (_, i) => addDays(first, i));
  const midnight = dates.map((d) => epochOf(startOfBusinessDay(d, q.timeZone)));
  const hours = (day: OpeningDay | undefined, i: number) => {
    if (!day?.is_open || !day.from || !day.to) return undefined;
    const from = Number(day.from.slice(0, 2)) * 60 + Number(day.from.slice(3, 5));
    const to = Number(day.to.slice(0, 2)) * 60 + Number(day.to.slice(3, 5));
    if (from === to) return undefined;
    return {
      from: midnight[i] + from * MIN,
      to: to < from ? midnight[i + 1] + to * MIN : midnight[i] + to * MIN,
    };
  };
  const salon = dates.map((date, i) => {
    const p = q.salon.periods.find((x) => x.from_date <= date && date <= x.to_date);
    return hours(p ?? q.salon.week[weekdayOf(date)], i);
  });
  const theirs = q.employees.map((e) => ({
    id: e.id,
    openings: dates.map((date, i) => {
      const c = e.periods.find((p) => p.kind === 'custom_hours' && p.from_date <= date && date <= p.to_date);
      if (c) return hours({ is_open: true, from: c.from, to: c.to }, i);
      if (e.holidays.includes(weekdayOf(date))) return undefined;
      return hours(e.week[weekdayOf(date)], i);
    }),
    blocks: e.periods.flatMap((p) =>
      p.kind !== 'block'
        ? []
        : dates.flatMap((date, i) => {
            if (date < p.from_date || date > p.to_date || i + 1 >= midnight.length) return [];
            const b =
              p.from && p.to
                ? hours({ is_open: true, from: p.from, to: p.to }, i)
                : { from: midnight[i], to: midnight[i + 1] };
            return b ? [b] : [];
          }),
    ),
    busy: e.busy,
  }));
  const customer = q.customerBusy ?? [];
  const ok = (e: (typeof theirs)[number], from: number, to: number) => {
    const d = Math.floor((from - midnight[0]) / 86_400_000);
    const holds = (o: { from: number; to: number } | undefined) => !!o && o.from <= from && to <= o.to;
    if (!holds(salon[d]) && !holds(salon[d - 1])) return false;
    if (!holds(e.openings[d]) && !holds(e.openings[d - 1])) return false;
    for (const b of e.blocks) if (b.from < to && from < b.to) return false;
    for (const b of e.busy) if (b.from < to && from < b.to) return false;
    for (const b of customer) if (b.from < to && from < b.to) return false;
    return true;
  };
  const byEmployee: Record<string, number[]> = Object.fromEntries(q.employees.map((e) => [e.id, []]));
  const visit: number[] = [];
  const nowQ = Math.floor(epochOf(q.now) / Q) * Q;
  for (let t = Math.max(midnight[1], nowQ); t < midnight[q.days + 1]; t += Q) {
    let offset = t;
    const lines = q.services.map((s) => {
      const from = offset;
      offset += s.duration * MIN;
      return new Set(
        theirs
          .filter((e) => (!s.employees || s.employees.includes(e.id)) && ok(e, from, offset))
          .map((e) => e.id),
      );
    });
    for (const e of q.employees) if (lines.every((l) => l.has(e.id))) byEmployee[e.id].push(t);
    if (lines.every((l) => l.size > 0)) visit.push(t);
  }
  const anyEmployee = [...new Set(Object.values(byEmployee).flat())].sort((a, b) => a - b);
  return { byEmployee, anyEmployee, visit };
};

export type AvailabilityFigures = {
  employees: number;
  days: number;
  lines: number;
  services: number;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * CPU time per answer (user + system of the whole process, so a scavenge's parallel helper threads
   * count on each: it can exceed the wall time), less moved by other work on the machine than wall time
   */
  p50CpuMs: number;
  p99CpuMs: number;
  /** the machine's 1-minute load average when measured (2 cores: above 2, other work took turns with this) */
  loadAverage: number;
  naiveRuns: number;
  naiveP50Ms: number;
  ratioToNaive: number;
  visitStarts: number;
  sameAnswer: boolean;
};

export const availabilityBench = (runs = 500, naiveRuns = 10): AvailabilityFigures => {
  const q = availabilityWorkload();
  // warm both up (JIT), and check they agree
  const fast = availability(q);
  const slow = naiveAvailability(q);
  const sameAnswer =
    JSON.stringify(fast.byEmployee) === JSON.stringify(slow.byEmployee) &&
    JSON.stringify(fast.anyEmployee) === JSON.stringify(slow.anyEmployee) &&
    JSON.stringify(fast.visit.map((s) => s.start)) === JSON.stringify(slow.visit);
  if (!sameAnswer) throw new Error('availability: the engine and the per-slot scan disagree');
  for (let i = 0; i < 20; i++) availability(q);
  const times: number[] = [];
  const cpu: number[] = [];
  const load = loadavg()[0];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    availability(q);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const naiveTimes: number[] = [];
  for (let i = 0; i < naiveRuns; i++) {
    const t0 = performance.now();
    naiveAvailability(q);
    naiveTimes.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  naiveTimes.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const naiveP50 = percentile(naiveTimes, 50);
  return {
    employees: EMPLOYEES,
    days: DAYS,
    lines: q.employees.reduce((n, e) => n + e.busy.length, 0),
    services: q.services.length,
    runs,
    p50Ms: +p50.toFixed(3),
    p99Ms: +percentile(times, 99).toFixed(3),
    p50CpuMs: +percentile(cpu, 50).toFixed(3),
    p99CpuMs: +percentile(cpu, 99).toFixed(3),
    loadAverage: +load.toFixed(2),
    naiveRuns,
    naiveP50Ms: +naiveP50.toFixed(2),
    ratioToNaive: +(naiveP50 / p50).toFixed(1),
    visitStarts: fast.visit.length,
    sameAnswer,
  };
};
