import { newId, type EventEnvelope } from '@rawnaq/contracts';

/** A well-formed event for tests of the platform (the platform does not care what the data means). */
export const anEvent = (
  type = 'SomethingHappened',
  data: Record<string, unknown> = {},
  tenantId = 't1',
): EventEnvelope => ({
  id: newId(),
  type,
  data,
  metadata: {
    tenantId,
    actor: { kind: 'system', id: 'test' },
    correlationId: newId(),
    causationId: newId(),
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  },
});

export const events = (
  n: number,
  type = 'SomethingHappened',
  data: (i: number) => Record<string, unknown> = (i) => ({ i }),
) => Array.from({ length: n }, (_, i) => anEvent(type, data(i)));

export const uniqueStream = (category = 'test') => `${category}-t1.${newId()}`;

/** Resolves when `check` holds, polling; fails the test after `timeoutMs`. */
export const eventually = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  what = 'condition',
) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

/** Prints once why a scale-out suite did not run, and tells jest to skip it. */
export const describeIfReachable = (suite: string, missing: string | undefined): jest.Describe => {
  if (missing) {
    // one line per suite, so CI output says what was not covered and why
    console.log(`[skipped] ${suite}: ${missing}`);
    return describe.skip;
  }
  return describe;
};
