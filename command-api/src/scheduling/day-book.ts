import type { DayBookEvent, Instant } from '@rawnaq/contracts';

/**
 * One employee's (or one customer's) bookings on one business date: the consistency boundary that
 * makes double booking impossible. Every visit line that touches the date reserves its time here, in
 * the same atomic append as the visit; two desks booking the same quarter read the same revision and
 * the second append fails, so its command runs again and sees the first booking.
 */
export type Reservation = { appointmentId: string; lineId: string; from: number; to: number };
export type DayBookState = Map<string, Reservation>;

export const initialDayBook = (): DayBookState => new Map();

export const evolveDayBook = (state: DayBookState, event: DayBookEvent): DayBookState => {
  const next = new Map(state);
  if (event.type === 'TimeReserved')
    next.set(event.data.line_id, {
      appointmentId: event.data.appointment_id,
      lineId: event.data.line_id,
      from: Date.parse(event.data.from),
      to: Date.parse(event.data.to),
    });
  else next.delete(event.data.line_id);
  return next;
};

export type WantedTime = { appointmentId: string; lineId: string; from: Instant; to: Instant };

/** What overlaps the wanted time, other than the same visit's own lines. */
export const overlapsOf = (state: DayBookState, wanted: WantedTime): Reservation[] => {
  const from = Date.parse(wanted.from);
  const to = Date.parse(wanted.to);
  return [...state.values()].filter(
    (r) => r.appointmentId !== wanted.appointmentId && r.from < to && from < r.to,
  );
};

/**
 * The visit's own times of the day that overlap one another: each later one with an earlier one it
 * meets. In an employee's day that is her in two places at once; in the customer's, the customer with
 * two employees at once (parallel services, only where the salon takes them).
 */
export const ownOverlaps = (
  wanted: readonly WantedTime[],
): Array<{ wanted: WantedTime; other: WantedTime }> => {
  const out: Array<{ wanted: WantedTime; other: WantedTime }> = [];
  for (const [i, w] of wanted.entries())
    for (const other of wanted.slice(0, i))
      if (Date.parse(other.from) < Date.parse(w.to) && Date.parse(w.from) < Date.parse(other.to))
        out.push({ wanted: w, other });
  return out;
};

const reservationOf = (w: WantedTime): Reservation => ({
  appointmentId: w.appointmentId,
  lineId: w.lineId,
  from: Date.parse(w.from),
  to: Date.parse(w.to),
});

/**
 * The day's new reservations for a visit: its lines on this date replace what it held before. An
 * overlap with another visit is refused by `refuse` (which names it) unless the salon allows
 * overbooking; then it is recorded all the same and reported back. Two of the visit's own lines that
 * overlap are refused too (the same employee twice at once), unless `parallel` (the customer's day of
 * a salon that takes parallel services: her lines with different employees at once).
 */
export const decideDayBook = (
  state: DayBookState,
  appointmentId: string,
  wanted: WantedTime[],
  options: {
    allowOverlap: boolean;
    parallel?: boolean;
    refuse: (overlap: Reservation, wanted: WantedTime) => never;
  },
): { events: DayBookEvent[]; overlaps: Reservation[] } => {
  const events: DayBookEvent[] = [];
  const overlaps: Reservation[] = [];
  if (!options.parallel)
    for (const { wanted: w, other } of ownOverlaps(wanted)) options.refuse(reservationOf(other), w);
  const held = [...state.values()].filter((r) => r.appointmentId === appointmentId);
  for (const w of wanted) {
    for (const o of overlapsOf(state, w)) {
      if (!options.allowOverlap) options.refuse(o, w);
      overlaps.push(o);
    }
  }
  for (const r of held) {
    const same = wanted.find(
      (w) => w.lineId === r.lineId && Date.parse(w.from) === r.from && Date.parse(w.to) === r.to,
    );
    if (!same) events.push({ type: 'TimeFreed', data: { appointment_id: appointmentId, line_id: r.lineId } });
  }
  for (const w of wanted) {
    const r = state.get(w.lineId);
    if (r && r.appointmentId === appointmentId && r.from === Date.parse(w.from) && r.to === Date.parse(w.to))
      continue;
    events.push({
      type: 'TimeReserved',
      data: { appointment_id: appointmentId, line_id: w.lineId, from: w.from, to: w.to },
    });
  }
  return { events, overlaps };
};
