// Appends units of work in groups until it is killed, telling its parent each unit it had answered
// (used by the group commit's crash test).
import { anEvent } from '../../testing/events.test-support';
import { SqliteEventStore } from './sqlite-event-store';

const store = new SqliteEventStore({
  file: process.argv[2],
  synchronous: 'FULL',
  syncOffThread: process.argv[3] === 'off-thread',
});
const run = async () => {
  for (let group = 0; ; group++) {
    // 20 units a turn, all committed together; each unit writes 2 events to one stream and 1 to another
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const unit = `${group}-${i}`;
        await store.appendMany([
          {
            stream: `a-t1.${unit}`,
            events: [anEvent('A', { unit }), anEvent('A', { unit })],
            expected: 'no_stream',
          },
          { stream: `b-t1.${unit}`, events: [anEvent('B', { unit })], expected: 'no_stream' },
        ]);
        process.send!(unit);
      }),
    );
  }
};
void run();
