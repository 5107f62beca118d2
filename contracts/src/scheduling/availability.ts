import type { TenantTimeZone } from '../coded-values/countries';
import {
  addDays,
  businessDate,
  epochOf,
  startOfBusinessDay,
  type BusinessDate,
  type InstantInput,
} from '../dates/instants';
import { SLOT_MINUTES } from '../dates/slots';
import { minuteOfDay, type OpeningDay } from '../settings/opening-hours';
import type { EmployeePeriod } from '../staff/staff-events';

/*
 * The availability engine (issue 10): when a visit of one or more services can start, per employee,
 * for "any employee" and for the visit as a whole (back to back, possibly a different employee per
 * line). Pure: the command, the query API and the online booking site give it plain facts.
 *
 * The rules are the command's (a line is booked only where this engine offers it):
 * - a line starts on a quarter hour, not before now rounded down to the quarter;
 * - it lies inside one opening of the salon: the business date's custom hours period when one covers
 *   it (a closed period closes the day), otherwise the week's hours; hours that close after midnight
 *   end on the next date, so a line may sit in the previous date's opening;
 * - it lies inside one opening of the employee: her custom hours period when one covers the date,
 *   otherwise nothing on her weekly holidays, otherwise her week;
 * - it overlaps none of her blocks (a block with times, or the whole day), none of her other lines,
 *   and none of the customer's lines (the customer is not in two places).
 *
 * Instants are integer epoch milliseconds; intervals are half-open [from, to).
 *
 * The algorithm is interval based: per employee, the openings (salon ∩ employee), minus the merged
 * busy intervals (blocks, lines, the customer's lines), give free pieces; the starts that fit a
 * duration in a piece form one range of quarters. The visit is an intersection of such ranges shifted
 * by each line's offset. Cost grows with the number of intervals, not with the number of quarters.
 *
 * Tenant zones are whole hours from UTC without daylight saving (the Gulf), so quarters of UTC are
 * quarters of the salon's clock and a time of day is its date's midnight plus minutes.
 */

export type TimeInterval = { from: number; to: number };
/** Something that takes time: a booked line (ref names it, e.g. the visit), or a customer's line. */
export type BusyInterval = TimeInterval & { ref?: string };

/** A salon's custom hours period (settings): replaces the week's hours on its dates. */
export type SalonHoursPeriod = {
  from_date: BusinessDate;
  to_date: BusinessDate;
  is_open: boolean;
  from?: string;
  to?: string;
};
export type SalonHours = { week: readonly OpeningDay[]; periods: readonly SalonHoursPeriod[] };

/** One employee's time: her week, weekly holidays (0 Sunday ... 6 Saturday), custom hours and blocks, lines. */
export type EmployeeSchedule = {
  id: string;
  week: readonly OpeningDay[];
  holidays: readonly number[];
  periods: readonly EmployeePeriod[];
  /** her booked lines (other visits than the one being placed) */
  busy: readonly BusyInterval[];
};

/**
 * One service of the wanted visit, in order: minutes, who may do it (in order of preference; absent:
 * anyone), and when it starts, in minutes after the visit's start (absent: when the lines before it
 * have ended, back to back).
 */
export type WantedService = { duration: number; employees?: readonly string[]; offset?: number };

export type AvailabilityQuestion = {
  timeZone: TenantTimeZone;
  salon: SalonHours;
  employees: readonly EmployeeSchedule[];
  /** the customer's booked lines, when the customer is known */
  customerBusy?: readonly BusyInterval[];
  services: readonly WantedService[];
  /** first business date and number of dates: starts whose business date is in the range */
  from: BusinessDate;
  days: number;
  now: InstantInput;
  /** the employee asked for: first choice for every line of a visit's assignment */
  preferred?: string;
  /**
   * The salon takes parallel services: lines of the visit that overlap (by their offsets) are done at
   * once by different employees. Without it such a visit has no start at all (the customer would be
   * in two places at once), as the command refuses it.
   */
  parallel?: boolean;
};

/** A start of the visit and who does each line (same order as the services). */
export type VisitSlot = { start: number; employees: string[] };

export type Availability = {
  /** starts at which this employee can do every line of the visit herself */
  byEmployee: Record<string, number[]>;
  /** starts at which some one employee can do the whole visit (the union of byEmployee) */
  anyEmployee: number[];
  /** starts of the visit with one employee per line (they may differ), the preferred one first */
  visit: VisitSlot[];
};

export const QUARTER_MS = SLOT_MINUTES * 60_000;
const MINUTE_MS = 60_000;

export const floorQuarter = (ms: number): number => Math.floor(ms / QUARTER_MS) * QUARTER_MS;
const ceilQuarter = (ms: number): number => Math.ceil(ms / QUARTER_MS) * QUARTER_MS;

// ---------------------------------------------------------------------------------------------
// Days: the dates a question touches, with their weekday and midnight (computed once per question).

type Day = { date: BusinessDate; weekday: number; midnight: number; next: number };

const DAY_MS = 86_400_000;

/**
 * `count` dates from `first`. Dates and weekdays are plain calendar arithmetic; midnights come from
 * the zone for the first and the last date, and the ones between by whole days when they agree (no
 * daylight saving in between, as in every tenant zone); otherwise each is asked of the zone.
 */
const dayTable = (first: BusinessDate, count: number, timeZone: TenantTimeZone): Day[] => {
  const utcFirst = Date.parse(first);
  if (Number.isNaN(utcFirst)) throw new RangeError(`Not a YYYY-MM-DD date: ${first}`);
  const dates = Array.from({ length: count + 1 }, (_, i) =>
    new Date(utcFirst + i * DAY_MS).toISOString().slice(0, 10),
  );
  const start = epochOf(startOfBusinessDay(dates[0], timeZone));
  const end = epochOf(startOfBusinessDay(dates[count], timeZone));
  const regular = end - start === count * DAY_MS;
  const midnights = dates.map((date, i) =>
    regular ? start + i * DAY_MS : epochOf(startOfBusinessDay(date, timeZone)),
  );
  const firstWeekday = new Date(utcFirst).getUTCDay();
  return dates.slice(0, count).map((date, i) => ({
    date,
    weekday: (firstWeekday + i) % 7,
    midnight: midnights[i],
    next: midnights[i + 1],
  }));
};

const digit = (t: string, i: number) => {
  const d = t.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
};
/** 'HH:mm' as minutes without a regular expression (it runs for every day of every employee). */
const minutesOf = (t: string): number => {
  const m = (digit(t, 0) * 10 + digit(t, 1)) * 60 + digit(t, 3) * 10 + digit(t, 4);
  return t[2] === ':' && !Number.isNaN(m) ? m : minuteOfDay(t);
};

/** Hours of a day as an interval of that day: past midnight they end on the next date (openingOn). */
const hoursOn = (hours: OpeningDay | undefined, day: Day): TimeInterval | undefined => {
  if (!hours?.is_open || !hours.from || !hours.to) return undefined;
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  if (from === to) return undefined;
  return {
    from: day.midnight + from * MINUTE_MS,
    to: to < from ? day.next + to * MINUTE_MS : day.midnight + to * MINUTE_MS,
  };
};

const covering = <T extends { from_date: string; to_date: string }>(periods: readonly T[], date: string) =>
  periods.find((p) => p.from_date <= date && date <= p.to_date);

const salonOpeningOn = (salon: SalonHours, day: Day): TimeInterval | undefined => {
  const period = covering(salon.periods, day.date);
  return hoursOn(period ?? salon.week[day.weekday], day);
};

const customHours = (e: EmployeeSchedule) => e.periods.filter((p) => p.kind === 'custom_hours');

/** The employee's opening of a date, and whether the date is her day off (a holiday without custom hours). */
const employeeOpeningOn = (
  e: EmployeeSchedule,
  day: Day,
  customPeriods = customHours(e),
): { opening?: TimeInterval; dayOff: boolean } => {
  const custom = covering(customPeriods, day.date);
  if (custom)
    return { opening: hoursOn({ is_open: true, from: custom.from, to: custom.to }, day), dayOff: false };
  if (e.holidays.includes(day.weekday)) return { dayOff: true };
  return { opening: hoursOn(e.week[day.weekday], day), dayOff: false };
};

/** A block period on one date: its own times (past midnight into the next date), or the whole date. */
const blockOn = (p: EmployeePeriod, day: Day): TimeInterval | undefined =>
  p.from && p.to
    ? hoursOn({ is_open: true, from: p.from, to: p.to }, day)
    : { from: day.midnight, to: day.next };

/**
 * A block period as intervals, one per date of the period: its own times, or the whole day. (The
 * command holds the employee's days of bookings these touch.)
 */
export const blockIntervals = (
  p: EmployeePeriod,
  timeZone: TenantTimeZone,
): Array<TimeInterval & { date: BusinessDate }> => {
  const count = Math.round((Date.parse(p.to_date) - Date.parse(p.from_date)) / 86_400_000) + 1;
  if (!(count > 0)) return [];
  return dayTable(p.from_date, count, timeZone).flatMap((day) => {
    const b = blockOn(p, day);
    return b ? [{ ...b, date: day.date }] : [];
  });
};

// ---------------------------------------------------------------------------------------------
// Interval arithmetic.

const byFrom = (a: TimeInterval, b: TimeInterval) => a.from - b.from;

/*
 * Inside the engine, lists of intervals and of ranges are flat arrays of numbers, [from0, to0, from1,
 * to1, ...]: an answer builds thousands of them, and numbers in one array cost the garbage collector
 * nothing, where a small object or tuple each would.
 */
type Flat = number[];

/**
 * Intervals sorted by start and merged (touching intervals join), by dates: each interval goes to the
 * date of `origin`'s table it starts on, kept in order there by insertion (a date holds few), which
 * costs less than sorting them all. The buckets are reused from one employee to the next.
 */
class Merger {
  private readonly buckets: TimeInterval[][];

  constructor(
    private readonly origin: number,
    dayCount: number,
  ) {
    this.buckets = Array.from({ length: dayCount }, () => []);
  }

  add(i: TimeInterval): void {
    if (i.to <= i.from) return;
    const n = this.buckets.length;
    const bucket = this.buckets[Math.min(n - 1, Math.max(0, Math.floor((i.from - this.origin) / DAY_MS)))];
    let j = bucket.length;
    bucket.push(i);
    while (j > 0 && bucket[j - 1].from > i.from) {
      bucket[j] = bucket[j - 1];
      j--;
    }
    bucket[j] = i;
  }

  /** The merged intervals added since the last take, flat; empties the buckets. */
  take(): Flat {
    const out: Flat = [];
    for (const bucket of this.buckets) {
      for (const i of bucket) {
        const n = out.length;
        if (n && i.from <= out[n - 1]) out[n - 1] = Math.max(out[n - 1], i.to);
        else out.push(i.from, i.to);
      }
      bucket.length = 0;
    }
    return out;
  }
}

const merged = (intervals: readonly TimeInterval[], origin: number, dayCount: number): Flat => {
  const m = new Merger(origin, dayCount);
  for (const i of intervals) m.add(i);
  return m.take();
};

const intervalsOf = (flat: Flat): TimeInterval[] => {
  const out: TimeInterval[] = [];
  for (let i = 0; i < flat.length; i += 2) out.push({ from: flat[i], to: flat[i + 1] });
  return out;
};

/** Appends to `out` the free pieces of [from, to) outside the merged busy intervals, in order. */
const minus = (from: number, to: number, busy: Flat, out: Flat): void => {
  let cursor = from;
  // first busy interval that may reach into the window (binary search on its end)
  let lo = 0;
  let hi = busy.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[2 * mid + 1] <= from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = 2 * lo; i < busy.length && busy[i] < to; i += 2) {
    if (busy[i] > cursor) out.push(cursor, busy[i]);
    cursor = Math.max(cursor, busy[i + 1]);
  }
  if (cursor < to) out.push(cursor, to);
};

/** Appends a range of quarter starts to a sorted union: it joins the last one when they overlap or touch. */
const pushRange = (out: Flat, lo: number, hi: number) => {
  const n = out.length;
  if (n && lo <= out[n - 1] + QUARTER_MS) {
    if (hi > out[n - 1]) out[n - 1] = hi;
  } else out.push(lo, hi);
};

/** Ranges in any order as a sorted union: as they are when already sorted and apart (the usual case). */
const normalised = (r: Flat): Flat => {
  let apart = true;
  for (let i = 2; i < r.length && apart; i += 2) apart = r[i] > r[i - 1] + QUARTER_MS;
  if (apart) return r;
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < r.length; i += 2) pairs.push([r[i], r[i + 1]]);
  pairs.sort((x, y) => x[0] - y[0]);
  const out: Flat = [];
  for (const [lo, hi] of pairs) pushRange(out, lo, hi);
  return out;
};

/** Union of two sorted unions, by one linear merge. */
const union2 = (a: Flat, b: Flat): Flat => {
  const out: Flat = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] <= b[j])) {
      pushRange(out, a[i], a[i + 1]);
      i += 2;
    } else {
      pushRange(out, b[j], b[j + 1]);
      j += 2;
    }
  }
  return out;
};

/**
 * Union of sorted unions in one k-way merge: a binary heap of the lists ordered by their next range
 * (n log k, and nothing allocated but the answer).
 */
const unionRanges = (lists: Flat[]): Flat => {
  const live = lists.filter((l) => l.length > 0);
  if (live.length <= 1) return live[0] ?? [];
  if (live.length === 2) return union2(live[0], live[1]);
  const at = live.map(() => 0);
  const heap = live.map((_, i) => i);
  const key = (h: number) => live[heap[h]][at[heap[h]]];
  const down = (h: number) => {
    for (;;) {
      const l = 2 * h + 1;
      const r = l + 1;
      let m = h;
      if (l < heap.length && key(l) < key(m)) m = l;
      if (r < heap.length && key(r) < key(m)) m = r;
      if (m === h) return;
      [heap[h], heap[m]] = [heap[m], heap[h]];
      h = m;
    }
  };
  for (let h = (heap.length >> 1) - 1; h >= 0; h--) down(h);
  const out: Flat = [];
  while (heap.length) {
    const list = heap[0];
    const i = at[list];
    pushRange(out, live[list][i], live[list][i + 1]);
    at[list] = i + 2;
    if (at[list] >= live[list].length) {
      heap[0] = heap[heap.length - 1];
      heap.pop();
    }
    if (heap.length) down(0);
  }
  return out;
};

const intersectRanges = (a: Flat, b: Flat): Flat => {
  const out: Flat = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i], b[j]);
    const hi = Math.min(a[i + 1], b[j + 1]);
    if (lo <= hi) out.push(lo, hi);
    if (a[i + 1] < b[j + 1]) i += 2;
    else j += 2;
  }
  return out;
};

const quarters = (r: Flat): number[] => {
  const out: number[] = [];
  for (let i = 0; i < r.length; i += 2) for (let t = r[i]; t <= r[i + 1]; t += QUARTER_MS) out.push(t);
  return out;
};

// ---------------------------------------------------------------------------------------------
// The engine.

/**
 * Per employee: her free pieces over the question's days, sorted: each opening of hers intersected
 * with the salon's openings of the same and the neighbouring dates (each intersection is a window a
 * line must lie in), minus her merged busy time (blocks, lines, the customer's lines).
 */
const freePieces = (
  e: EmployeeSchedule,
  salonOpenings: ReadonlyArray<TimeInterval | undefined>,
  days: Day[],
  span: TimeInterval,
  customerBusy: readonly TimeInterval[],
  busy: Merger,
): Flat => {
  const windows: TimeInterval[] = [];
  const custom = customHours(e);
  days.forEach((day, k) => {
    const { opening } = employeeOpeningOn(e, day, custom);
    if (!opening) return;
    for (let j = Math.max(0, k - 1); j <= Math.min(days.length - 1, k + 1); j++) {
      const s = salonOpenings[j];
      if (!s) continue;
      const from = Math.max(s.from, opening.from);
      const to = Math.min(s.to, opening.to);
      if (from < to) windows.push({ from, to });
    }
  });
  windows.sort(byFrom);
  for (const p of e.periods) {
    if (p.kind !== 'block') continue;
    for (const day of days) {
      if (day.date < p.from_date || day.date > p.to_date) continue;
      const b = blockOn(p, day);
      if (b) busy.add(b);
    }
  }
  for (const b of e.busy) if (b.to > span.from && b.from < span.to) busy.add(b);
  for (const b of customerBusy) if (b.to > span.from && b.from < span.to) busy.add(b);
  const blocked = busy.take();
  const pieces: Flat = [];
  for (const w of windows) minus(w.from, w.to, blocked, pieces);
  return pieces;
};

/**
 * The quarter-hour starts t of a visit, earliest <= t < latest, at which a line `offset` after t for
 * `duration` fits in the employee's free time (the line itself need not start on a quarter: a
 * 20-minute service before it shifts it).
 */
const startsFor = (
  pieces: Flat,
  duration: number,
  offset: number,
  earliest: number,
  latest: number,
): Flat => {
  const out: Flat = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const lo = ceilQuarter(Math.max(pieces[i] - offset, earliest));
    const hi = floorQuarter(Math.min(pieces[i + 1] - duration - offset, latest - 1));
    if (lo <= hi) out.push(lo, hi);
  }
  // windows of consecutive dates may touch or overlap: a start fits if it fits in one of them
  return normalised(out);
};

/**
 * When each line starts, in minutes after the visit's start: its own offset, else at the first quarter
 * hour once the lines before it have ended (every line starts on a quarter, as the command requires: a
 * 20-minute service is followed at 30 minutes).
 */
export const lineOffsets = (services: readonly WantedService[]): number[] => {
  const offsets: number[] = [];
  let end = 0;
  for (const s of services) {
    const offset = s.offset ?? Math.ceil(end / SLOT_MINUTES) * SLOT_MINUTES;
    offsets.push(offset);
    end = Math.max(end, offset + s.duration);
  }
  return offsets;
};

/**
 * The free quarter-hour starts of a visit: per employee, for any one employee, and for the visit with
 * one employee per line (the preferred employee first, then the one of the line before, then the
 * order of the line's allowed employees or of `employees`).
 */
export const availability = (q: AvailabilityQuestion): Availability => {
  if (q.services.length === 0 || q.days < 1) return { byEmployee: {}, anyEmployee: [], visit: [] };
  const days = dayTable(addDays(q.from, -1), q.days + 2, q.timeZone);
  const rangeStart = days[1].midnight;
  const rangeEnd = days[q.days].next;
  const earliest = Math.max(rangeStart, floorQuarter(epochOf(q.now)));
  // a visit started on the last date may run into the next one, and its openings past midnight after that
  const span = { from: days[0].midnight, to: days[days.length - 1].next + DAY_MS };
  const salonOpenings = days.map((d) => salonOpeningOn(q.salon, d));
  const offsets = lineOffsets(q.services).map((m) => m * MINUTE_MS);
  const durations = q.services.map((s) => s.duration * MINUTE_MS);
  // for each line, the lines before it that it overlaps: done at once, so by different employees
  const atOnce = offsets.map((o, i) =>
    offsets.flatMap((p, j) => (j < i && p < o + durations[i] && o < p + durations[j] ? [j] : [])),
  );
  const parallelLines = atOnce.some((l) => l.length > 0);
  if (parallelLines && !q.parallel) return { byEmployee: {}, anyEmployee: [], visit: [] };
  const customerBusy = q.customerBusy ?? [];

  // per employee and per line: the starts of the visit at which she could do that line
  const lineStarts = new Map<string, Array<Flat | undefined>>();
  const busy = new Merger(days[0].midnight, days.length);
  for (const e of q.employees) {
    const allowedLines = q.services.map((s) => !s.employees || s.employees.includes(e.id));
    if (!allowedLines.some(Boolean)) continue;
    const pieces = freePieces(e, salonOpenings, days, span, customerBusy, busy);
    lineStarts.set(
      e.id,
      q.services.map((_, i) =>
        allowedLines[i] ? startsFor(pieces, durations[i], offsets[i], earliest, rangeEnd) : undefined,
      ),
    );
  }

  const byEmployee: Record<string, number[]> = Object.fromEntries(q.employees.map((e) => [e.id, []]));
  const own: Flat[] = [];
  for (const [id, lines] of lineStarts) {
    // one employee cannot do two lines at once
    if (parallelLines || lines.some((l) => !l)) continue;
    const r = (lines as Flat[]).reduce((acc, l) => intersectRanges(acc, l));
    own.push(r);
    byEmployee[id] = quarters(r);
  }
  const anyEmployee = quarters(unionRanges(own));

  // the visit: each line by someone allowed; intersect the lines' unions
  const perLine: Flat[] = q.services.map((_, i) =>
    unionRanges([...lineStarts.values()].flatMap((lines) => (lines[i] ? [lines[i]] : []))),
  );
  const visitRanges = perLine.reduce((acc, l) => intersectRanges(acc, l));
  // who does a line at a start: the preferred employee, then the one of the line before, then the order given
  const orders = q.services.map((service) => service.employees ?? q.employees.map((e) => e.id));
  const allowed = orders.map((o) => new Set(o));
  // starts come in order: a cursor per employee and line walks her ranges once
  const cursors = new Map([...lineStarts.keys()].map((id) => [id, q.services.map(() => 0)]));
  const free = (id: string | undefined, i: number, start: number) => {
    if (id === undefined || !allowed[i].has(id)) return false;
    const r = lineStarts.get(id)?.[i];
    if (!r) return false;
    const c = cursors.get(id)!;
    while (c[i] < r.length && r[c[i] + 1] < start) c[i] += 2;
    return c[i] < r.length && r[c[i]] <= start;
  };
  const visit: VisitSlot[] = [];
  const employees: string[] = [];
  // line i and the ones after it at this start, each by someone free whom no line at once has taken
  // (the first choice that works; a choice is undone only when lines at once leave a later one nobody)
  const assign = (i: number, start: number): boolean => {
    if (i === q.services.length) return true;
    const fits = (id: string | undefined) =>
      id !== undefined && free(id, i, start) && !atOnce[i].some((j) => employees[j] === id);
    const take = (id: string) => {
      employees[i] = id;
      return assign(i + 1, start);
    };
    const previous = employees[i - 1];
    if (fits(q.preferred) && take(q.preferred!)) return true;
    if (previous !== q.preferred && fits(previous) && take(previous)) return true;
    for (const id of orders[i])
      if (id !== q.preferred && id !== previous && fits(id) && take(id)) return true;
    return false;
  };
  for (const start of quarters(visitRanges)) {
    employees.length = 0;
    if (assign(0, start)) visit.push({ start, employees: employees.slice(0, q.services.length) });
  }
  return { byEmployee, anyEmployee, visit };
};

// ---------------------------------------------------------------------------------------------
// One line against the rules: what the command names when it refuses.

export type Conflict =
  | { kind: 'start_in_past' }
  | { kind: 'outside_salon_hours' }
  | { kind: 'employee_day_off' }
  | { kind: 'outside_employee_hours' }
  | { kind: 'employee_blocked'; period: EmployeePeriod; interval: TimeInterval }
  | { kind: 'employee_busy'; busy: BusyInterval }
  | { kind: 'customer_busy'; busy: BusyInterval };

export type LineQuestion = {
  timeZone: TenantTimeZone;
  salon: SalonHours;
  /** the line's employee (absent: only the salon's rules are checked) */
  employee?: EmployeeSchedule;
  customerBusy?: readonly BusyInterval[];
  /** given for a line that is new or moved: it may not start before now rounded down to the quarter */
  now?: InstantInput;
};

const overlaps = (a: TimeInterval, b: TimeInterval) => a.from < b.to && b.from < a.to;
const inside = (line: TimeInterval, open: TimeInterval | undefined) =>
  open !== undefined && open.from <= line.from && line.to <= open.to;

/**
 * Everything a line at [from, to) collides with, most telling first: a start before now; outside
 * the salon's hours; the employee's day off or outside her hours; her blocks; her other lines; the
 * customer's lines. Hours are checked on the line's business date and the date before (hours that
 * close after midnight). The same rules as `availability`: a start it offers has no conflict.
 */
export const conflictsOf = (q: LineQuestion, line: TimeInterval): Conflict[] => {
  const out: Conflict[] = [];
  if (q.now !== undefined && line.from < floorQuarter(epochOf(q.now))) out.push({ kind: 'start_in_past' });
  const date = businessDate(line.from, q.timeZone);
  const [before, own, after] = dayTable(addDays(date, -1), 3, q.timeZone);
  if (![own, before].some((d) => inside(line, salonOpeningOn(q.salon, d))))
    out.push({ kind: 'outside_salon_hours' });
  const e = q.employee;
  if (e) {
    if (![own, before].some((d) => inside(line, employeeOpeningOn(e, d).opening)))
      out.push({ kind: employeeOpeningOn(e, own).dayOff ? 'employee_day_off' : 'outside_employee_hours' });
    for (const p of e.periods) {
      if (p.kind !== 'block') continue;
      for (const day of [before, own, after]) {
        if (day.date < p.from_date || day.date > p.to_date) continue;
        const b = blockOn(p, day);
        if (b && overlaps(b, line)) {
          out.push({ kind: 'employee_blocked', period: p, interval: b });
          break;
        }
      }
    }
    for (const b of e.busy) if (overlaps(b, line)) out.push({ kind: 'employee_busy', busy: b });
  }
  for (const b of q.customerBusy ?? []) if (overlaps(b, line)) out.push({ kind: 'customer_busy', busy: b });
  return out;
};

// ---------------------------------------------------------------------------------------------
// When the salon is open on a date (the booking panel's times).

/**
 * The salon's openings on each date from `from`, within the date (its midnight to the next): what the
 * day before runs past midnight, then the date's own opening (a custom hours period's when one covers
 * it), cut at midnight. The same hours as `availability` reads.
 */
export const salonDays = (q: {
  timeZone: TenantTimeZone;
  salon: SalonHours;
  from: BusinessDate;
  days: number;
}): Array<{ date: BusinessDate; open: TimeInterval[] }> => {
  const table = dayTable(addDays(q.from, -1), q.days + 1, q.timeZone);
  const openings = table.map((d) => salonOpeningOn(q.salon, d));
  return table.slice(1).map((day, i) => ({
    date: day.date,
    open: [openings[i], openings[i + 1]].flatMap((o) => {
      const from = o && Math.max(o.from, day.midnight);
      const to = o && Math.min(o.to, day.next);
      return from !== undefined && to !== undefined && from < to ? [{ from, to }] : [];
    }),
  }));
};

// ---------------------------------------------------------------------------------------------
// What the calendar draws of an employee's days.

export type EmployeeDay = {
  date: BusinessDate;
  /** the salon's opening of the date (its custom hours when a period covers it), or null when closed */
  salon: TimeInterval | null;
  /** her own opening of the date (custom hours, or her week), or null */
  hours: TimeInterval | null;
  /** when she can be booked: her opening within the salon's (the date's and the spill-over of the day before) */
  working: TimeInterval[];
  /** a weekly holiday without custom hours */
  day_off: boolean;
  /** the custom hours period that sets her hours on the date */
  custom_hours: EmployeePeriod | null;
  /** her blocks that touch the date, as intervals */
  blocks: Array<TimeInterval & { period: EmployeePeriod }>;
};

/** An employee's days from `from`, as the appointment table draws them (the same rules as `availability`). */
export const employeeDays = (q: {
  timeZone: TenantTimeZone;
  salon: SalonHours;
  employee: EmployeeSchedule;
  from: BusinessDate;
  days: number;
}): EmployeeDay[] => {
  const table = dayTable(addDays(q.from, -1), q.days + 2, q.timeZone);
  const custom = customHours(q.employee);
  const salon = table.map((d) => salonOpeningOn(q.salon, d));
  const hers = table.map((d) => employeeOpeningOn(q.employee, d, custom));
  const result: EmployeeDay[] = [];
  for (let k = 1; k <= q.days; k++) {
    const day = table[k];
    const dayStart = day.midnight;
    const dayEnd = day.next;
    const working: TimeInterval[] = [];
    for (const e of [hers[k - 1].opening, hers[k].opening])
      for (const s of [salon[k - 1], salon[k]]) {
        if (!e || !s) continue;
        // the day before's spill-over from midnight; the date's own hours to their close, past midnight too
        const from = Math.max(e.from, s.from, dayStart);
        const to = Math.min(e.to, s.to);
        if (from < to) working.push({ from, to });
      }
    const blocks: EmployeeDay['blocks'] = [];
    for (const p of q.employee.periods) {
      if (p.kind !== 'block') continue;
      for (const d of [table[k - 1], day]) {
        if (d.date < p.from_date || d.date > p.to_date) continue;
        const b = blockOn(p, d);
        if (b && b.to > dayStart && b.from < dayEnd) blocks.push({ ...b, period: p });
      }
    }
    result.push({
      date: day.date,
      salon: salon[k] ?? null,
      hours: hers[k].opening ?? null,
      working: intervalsOf(merged(working, table[0].midnight, table.length)),
      day_off: hers[k].dayOff,
      custom_hours: covering(custom, day.date) ?? null,
      blocks,
    });
  }
  return result;
};
