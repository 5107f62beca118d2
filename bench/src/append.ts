import Database from 'better-sqlite3';
import { join } from 'node:path';
import { EVENTS_SCHEMA, SqliteEventStore } from '@rawnaq/platform';
import { customerCommands, type Command } from './workload';

export type AppendFigures = { events: number; commands: number; seconds: number; eventsPerSecond: number };

const figures = (commands: Command[], started: bigint): AppendFigures => {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const events = commands.reduce((n, c) => n + c.events.length, 0);
  return { events, commands: commands.length, seconds, eventsPerSecond: events / seconds };
};

/** Ours: the port's append, expected revision checked, synchronous FULL (an fsync per command). */
export const appendOurs = async (dir: string, commands: Command[]): Promise<AppendFigures> => {
  const store = new SqliteEventStore({ file: join(dir, 'ours.db'), synchronous: 'FULL' });
  const started = process.hrtime.bigint();
  for (const c of commands) await store.append(c.stream, c.events, c.expected);
  const f = figures(commands, started);
  await store.close();
  return f;
};

/** The floor: the same rows into the same table with better-sqlite3, one transaction per command, no checks. */
export const appendRaw = async (dir: string, commands: Command[]): Promise<AppendFigures> => {
  const db = new Database(join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(EVENTS_SCHEMA);
  const insert = db.prepare(
    'INSERT INTO events (stream, revision, id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const write = db.transaction((c: Command) => {
    let revision = c.expected === 'no_stream' ? -1 : c.expected;
    const now = Date.now();
    for (const e of c.events)
      insert.run(c.stream, ++revision, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), now);
  });
  const started = process.hrtime.bigint();
  for (const c of commands) {
    write(c);
    await Promise.resolve(); // the same one await per command as an async port call
  }
  const f = figures(commands, started);
  db.close();
  return f;
};

/** Emmett's SQLite event store, one shared connection (its fastest set-up), the same FULL durability. */
export const appendEmmett = async (dir: string, commands: Command[]): Promise<AppendFigures> => {
  // loaded here so that the product never depends on it: it is a devDependency of the benchmark only
  const emmett = await import('@event-driven-io/emmett-sqlite');
  const connection = emmett.sqliteConnection({ fileName: join(dir, 'emmett.db') });
  await connection.command('PRAGMA synchronous = FULL;');
  await emmett.createEventStoreSchema(connection);
  const started = process.hrtime.bigint();
  for (const c of commands) {
    const expectedStreamVersion = c.expected === 'no_stream' ? 0n : BigInt(c.expected + 1);
    const r = await emmett.appendToStream(
      connection,
      c.stream,
      'customer',
      c.events.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })),
      { expectedStreamVersion },
    );
    if (!r.success) throw new Error(`Emmett rejected an append to ${c.stream}`);
  }
  const f = figures(commands, started);
  connection.close();
  return f;
};

export const appendWorkload = (commands: number) => [...customerCommands(commands, 1000)];
