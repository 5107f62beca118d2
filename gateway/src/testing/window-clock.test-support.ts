/**
 * A clock at least as late as the real one, moved into the send window (10:00 in Riyadh) when the real
 * time is outside it or too near its end (22:00) for the tests' own steps forward (`advance`, some
 * hours: a suite that moved an hour past 21:00 found its messages held for the night, in CI at 21:10
 * Riyadh time): what the worker sees as now.
 */
export const windowClock = () => {
  const riyadhHour = (ms: number) => new Date(ms + 3 * 3_600_000).getUTCHours();
  // the latest hour a suite may start at: four hours before the window closes
  const LAST_START = 18;
  let offset = 0;
  const real = Date.now();
  if (riyadhHour(real) < 10 || riyadhHour(real) >= LAST_START) {
    const next = new Date(real + 3 * 3_600_000);
    if (riyadhHour(real) >= LAST_START) next.setUTCDate(next.getUTCDate() + 1);
    next.setUTCHours(10, 0, 0, 0);
    offset = next.getTime() - 3 * 3_600_000 - real;
  }
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => (offset += ms),
  };
};
