import {
  addDays,
  businessDate,
  calendarDay,
  epochOf,
  FRIDAY_PRAYER,
  instantAt,
  SEND_WINDOW_LIMITS,
  type TenantTimeZone,
} from '@rawnaq/contracts';

/** When a salon's messages may leave: its window on its clock, and whether Friday prayer is muted. */
export type SendWindow = {
  timeZone: TenantTimeZone;
  /** 'HH:mm', at the earliest 09:00 */
  from: string;
  /** 'HH:mm', at the latest 23:00 */
  until: string;
  muteFridayPrayer: boolean;
};

/**
 * The window of a salon's Settings → Notifications (the doc2 limits when it never narrowed it), inside
 * the platform's bounds when its WhatsApp settings narrowed them for every salon.
 */
export const sendWindowOf = (
  notifications: Record<string, unknown>,
  timeZone: TenantTimeZone,
  platform: { from: string; until: string } = SEND_WINDOW_LIMITS,
): SendWindow => {
  const within = (v: unknown, fallback: string) =>
    typeof v === 'string' && v >= SEND_WINDOW_LIMITS.from && v <= SEND_WINDOW_LIMITS.until ? v : fallback;
  const from = within(notifications.send_from, SEND_WINDOW_LIMITS.from);
  const until = within(notifications.send_until, SEND_WINDOW_LIMITS.until);
  const platformFrom = within(platform.from, SEND_WINDOW_LIMITS.from);
  const platformUntil = within(platform.until, SEND_WINDOW_LIMITS.until);
  return {
    timeZone,
    from: from > platformFrom ? from : platformFrom,
    until: until < platformUntil ? until : platformUntil,
    muteFridayPrayer: notifications.mute_friday_prayer === true,
  };
};

export type SendTime = { at: number; why?: 'outside_window' | 'prayer_time' };

/**
 * The first instant from `now` at which a message may leave: `now` itself inside the window, else
 * the next opening (tomorrow's start after the end, the end of Friday prayer during it). Whatever the
 * salon saved, the window never reaches outside 09:00-23:00.
 */
export const nextSendTime = (now: number, w: SendWindow): SendTime => {
  const from = w.from < SEND_WINDOW_LIMITS.from ? SEND_WINDOW_LIMITS.from : w.from;
  const until = w.until > SEND_WINDOW_LIMITS.until ? SEND_WINDOW_LIMITS.until : w.until;
  const today = businessDate(now, w.timeZone);
  const at = (day: string, time: string) => epochOf(instantAt(day, time, w.timeZone));
  for (let d = 0; d < 8; d++) {
    const day = addDays(today, d);
    const open = at(day, from);
    const close = at(day, until);
    const friday = w.muteFridayPrayer && calendarDay(day).day() === 5;
    const prayer = friday ? [at(day, FRIDAY_PRAYER.from), at(day, FRIDAY_PRAYER.until)] : undefined;
    const spans: Array<[number, number]> = prayer
      ? [
          [open, Math.min(close, prayer[0])],
          [Math.max(open, prayer[1]), close],
        ]
      : [[open, close]];
    for (const [start, end] of spans) {
      if (start >= end || now >= end) continue;
      if (now >= start) return { at: now };
      const inPrayer = prayer !== undefined && now >= prayer[0] && now < prayer[1];
      return { at: start, why: inPrayer ? 'prayer_time' : 'outside_window' };
    }
  }
  // an empty window (from = until) never opens: the caller keeps the message waiting a day
  return { at: now + 24 * 3_600_000, why: 'outside_window' };
};
