/**
 * A clock at least as late as the real one, moved into the send window (10:00 in Riyadh) when the real
 * time is outside it, and movable by the tests (`advance`): what the worker sees as now.
 */
export const windowClock = () => {
  const riyadhHour = (ms: number) => new Date(ms + 3 * 3_600_000).getUTCHours();
  let offset = 0;
  const real = Date.now();
  if (riyadhHour(real) < 10 || riyadhHour(real) >= 22) {
    const next = new Date(real + 3 * 3_600_000);
    if (riyadhHour(real) >= 22) next.setUTCDate(next.getUTCDate() + 1);
    next.setUTCHours(10, 0, 0, 0);
    offset = next.getTime() - 3 * 3_600_000 - real;
  }
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => (offset += ms),
  };
};
