import type { RecordedEvent } from '@rawnaq/contracts';
import { eventually, events, uniqueStream } from '../testing/events.test-support';
import type { EventStore } from '../event-store/port';
import type { EventBus } from './port';

export type EventBusHarness = { store: EventStore; bus: EventBus; cleanup: () => Promise<void> };

const revisionsOf = (seen: RecordedEvent[], stream: string) =>
  seen.filter((e) => e.stream === stream).map((e) => e.revision);
/** at least once, in order per stream: after dropping repeats of what came before, revisions run 0..n-1 */
const inOrderAtLeastOnce = (revisions: number[]) => {
  let expected = 0;
  for (const r of revisions) {
    if (r === expected) expected++;
    else if (r >= expected) return false; // a gap: something was skipped
  }
  return expected;
};

/** The behaviour every EventBus adapter must have. Written once, run against each adapter. */
export const eventBusContract = (
  describeFn: jest.Describe,
  adapter: string,
  open: () => Promise<EventBusHarness>,
) =>
  describeFn(`EventBus contract: ${adapter}`, () => {
    let h: EventBusHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    it('delivers what was stored, then what is appended live, in order per stream', async () => {
      const a = uniqueStream();
      const b = uniqueStream();
      await h.store.append(a, events(3), 'no_stream');
      await h.store.append(b, events(2), 'no_stream');
      const seen: RecordedEvent[] = [];
      const sub = await h.bus.consume(`g-${a}`, { resumeAfter: async () => '0' }, async (batch) => {
        seen.push(...batch);
      });
      await eventually(
        () =>
          inOrderAtLeastOnce(revisionsOf(seen, a)) === 3 && inOrderAtLeastOnce(revisionsOf(seen, b)) === 2,
        20000,
        'catch-up',
      );
      await h.store.append(a, events(2), 2);
      await eventually(() => inOrderAtLeastOnce(revisionsOf(seen, a)) === 5, 20000, 'live');
      await sub.stop();
      expect(seen.find((e) => e.stream === a)?.data).toEqual({ i: 0 });
    });

    it('redelivers a batch whose handler failed, and loses nothing', async () => {
      const a = uniqueStream();
      await h.store.append(a, events(4), 'no_stream');
      const seen: number[] = [];
      let failed = false;
      const sub = await h.bus.consume(
        `g-${a}`,
        { resumeAfter: async () => '0', onError: () => undefined },
        async (batch) => {
          const mine = batch.filter((e) => e.stream === a);
          if (!failed && mine.some((e) => e.revision === 1)) {
            failed = true;
            throw new Error('projector hiccup');
          }
          seen.push(...mine.map((e) => e.revision));
        },
      );
      await eventually(() => inOrderAtLeastOnce(seen) === 4, 20000, 'redelivery');
      await sub.stop();
      expect(failed).toBe(true);
    });

    it('resumes a consumer group where it stopped', async () => {
      const a = uniqueStream();
      const group = `g-${a}`;
      await h.store.append(a, events(3), 'no_stream');
      let last = '0';
      const first: number[] = [];
      let sub = await h.bus.consume(group, { resumeAfter: async () => last }, async (batch) => {
        first.push(...revisionsOf(batch, a));
        last = batch[batch.length - 1].position;
      });
      await eventually(() => inOrderAtLeastOnce(first) === 3, 20000, 'first run');
      await sub.stop();
      await h.store.append(a, events(3), 2);
      const second: number[] = [];
      sub = await h.bus.consume(group, { resumeAfter: async () => last }, async (batch) => {
        second.push(...revisionsOf(batch, a));
        last = batch[batch.length - 1].position;
      });
      await eventually(() => second.includes(5), 20000, 'second run');
      await sub.stop();
      // nothing before the stop point comes again except what was in flight; 3..5 all arrive in order
      expect(second.filter((r) => r >= 3)).toEqual([3, 4, 5]);
      expect(second.filter((r) => r < 3).length).toBeLessThanOrEqual(3);
    });
  });
