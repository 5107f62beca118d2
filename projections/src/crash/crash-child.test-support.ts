// Appends and projects as fast as it can until it is killed. Prints "ack <id>" only after an append
// returned, so every printed id is an acknowledged write that must survive the kill.
import { newId } from '@rawnaq/contracts';
import { EmbeddedEventBus, SqliteEventStore, SqliteReadStore } from '@rawnaq/platform';
import { ProjectionRunner } from '../runner/projection-runner';
import { visitsProjection } from '../testing/visits.test-support';

const [eventsFile, readFile] = process.argv.slice(2);
const eventStore = new SqliteEventStore({ file: eventsFile, synchronous: 'FULL' });
const readStore = new SqliteReadStore({ file: readFile });
const runner = new ProjectionRunner({
  eventStore,
  readStore,
  bus: new EmbeddedEventBus(eventStore),
  projections: [visitsProjection()],
  catchUpBatch: 50,
});

const main = async () => {
  await runner.start();
  const revisions = new Map<string, number>();
  for (let s = 0; s < 20; s++) {
    const stream = `customer-t1.c${s}`;
    const read = await eventStore.readStream(stream);
    revisions.set(stream, read.length - 1);
  }
  for (let i = 0; ; i++) {
    const stream = `customer-t1.c${i % 20}`;
    const last = revisions.get(stream)!;
    const count = 1 + (i % 3);
    const events = Array.from({ length: count }, (_, k) => ({
      id: newId(),
      type: 'VisitRecorded',
      data: { amount: 1 + k, day: `2026-11-${10 + (i % 7)}` },
      metadata: {
        tenantId: 't1',
        actor: { kind: 'system' as const, id: 'crash' },
        correlationId: newId(),
        causationId: newId(),
        occurredAt: new Date().toISOString(),
        schemaVersion: 1,
      },
    }));
    const r = await eventStore.append(stream, events, last < 0 ? 'no_stream' : last);
    revisions.set(stream, r.nextRevision);
    process.stdout.write(events.map((e) => `ack ${e.id}\n`).join(''));
    if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve)); // let the projection run too
  }
};
void main();
