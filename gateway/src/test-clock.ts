import type { Clock } from '@rawnaq/platform';

/**
 * How far one `POST /api/test/clock` may move time: whole days, minutes or seconds, forward only
 * (seconds: a browser test moves to an instant itself, instead of to the minute before it and then
 * waiting the rest out in real time).
 */
export const TEST_CLOCK_LIMITS = { days: 3650, minutes: 1440, seconds: 86_400 } as const;

export type TestClock = {
  /** the product's "now": the system's, moved forward by what the tests asked */
  clock: Clock;
  /** moves it forward by `ms` and answers the new now */
  advance: (ms: number) => Date;
};

/**
 * The browser tests' clock (RAWNAQ_TEST_CLOCK=1 on `npm start`, never in production): the system's,
 * moved forward by `POST /api/test/clock`, for everything the product dates by its clock (the
 * commands, the sessions' idle time, the WhatsApp outbox's worker and a campaign's pacing): a trial
 * ends, a campaign's messages fall due, inside a browser test.
 */
export const movableClock = (): TestClock => {
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  return {
    clock,
    advance: (ms: number) => {
      offsetMs += ms;
      return clock.now();
    },
  };
};
