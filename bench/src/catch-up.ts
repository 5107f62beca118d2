import Database from 'better-sqlite3';
import { join } from 'node:path';
import { EmbeddedEventBus, EVENTS_SCHEMA, SqliteEventStore, SqliteReadStore } from '@rawnaq/platform';
import { ProjectionRunner, type Projection } from '@rawnaq/projections';
import { customerCommands } from './workload';

/** Writes `events` customer events straight into an event store file (fast: big transactions, no fsync). */
export const seedEvents = (file: string, events: number, streams: number): number => {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(EVENTS_SCHEMA);
  const insert = db.prepare(
    'INSERT INTO events (stream, revision, id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  let written = 0;
  const commands = customerCommands(Number.MAX_SAFE_INTEGER, streams, 7);
  const now = Date.now();
  const chunk = db.transaction(() => {
    for (let i = 0; i < 10_000 && written < events; i++) {
      const c = commands.next().value!;
      let revision = c.expected === 'no_stream' ? -1 : c.expected;
      for (const e of c.events) {
        if (written >= events) break;
        insert.run(
          c.stream,
          ++revision,
          e.id,
          e.type,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
          now,
        );
        written++;
      }
    }
  });
  while (written < events) chunk();
  db.close();
  return written;
};

export type CatchUpFigures = { projection: string; events: number; seconds: number; eventsPerSecond: number };

/** A fresh read store catches up over the whole log, as on first start or after losing the read models. */
export const catchUp = async (
  dir: string,
  eventsFile: string,
  projection: Projection,
): Promise<CatchUpFigures> => {
  const eventStore = new SqliteEventStore({ file: eventsFile, synchronous: 'NORMAL' });
  const readStore = new SqliteReadStore({ file: join(dir, `read-${projection.name}.db`) });
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    bus: new EmbeddedEventBus(eventStore),
    projections: [projection],
  });
  const head = await eventStore.headPosition();
  const started = process.hrtime.bigint();
  await runner.start(); // start() returns once the store catch-up is done and the live follow is on
  if (!(await runner.waitFor([projection.name], head, 600_000))) throw new Error('catch-up did not finish');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await runner.stop();
  await eventStore.close();
  await readStore.close();
  const events = Number(head);
  return { projection: projection.name, events, seconds, eventsPerSecond: events / seconds };
};
