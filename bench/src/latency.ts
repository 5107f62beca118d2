import { join } from 'node:path';
import { EmbeddedEventBus, SqliteEventStore, SqliteReadStore } from '@rawnaq/platform';
import { allProjections, ProjectionRunner } from '@rawnaq/projections';
import { customerCommands } from './workload';

export type LatencyFigures = {
  commandsPerSecond: number;
  commands: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

/** The p-th percentile of sorted samples (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Commands arrive at a steady rate; each is timed from the start of its append (fsync'd, FULL) until
 * every projection (customers and audit log) has applied it, i.e. until a list read would show it.
 */
export const latency = async (dir: string, rate: number, seconds: number): Promise<LatencyFigures> => {
  const eventStore = new SqliteEventStore({ file: join(dir, 'latency-events.db'), synchronous: 'FULL' });
  const readStore = new SqliteReadStore({ file: join(dir, 'latency-read.db') });
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    bus: new EmbeddedEventBus(eventStore),
    projections: allProjections,
  });
  await runner.start();
  const commands = [...customerCommands(rate * seconds, 1000, 99)];
  const figures = await measurePaced(
    runner,
    allProjections.map((p) => p.name),
    rate,
    seconds,
    async (i) => {
      const c = commands[i];
      return (await eventStore.append(c.stream, c.events, c.expected)).position;
    },
  );
  await runner.stop();
  await eventStore.close();
  await readStore.close();
  return figures;
};

/**
 * Writes at a steady rate (`write` stores the i-th and answers its position) and times each from the
 * start of its write until every named projection has applied it.
 */
export const measurePaced = async (
  runner: ProjectionRunner,
  names: string[],
  rate: number,
  seconds: number,
  write: (i: number) => Promise<string>,
): Promise<LatencyFigures> => {
  const total = rate * seconds;
  const samples: number[] = [];
  const pending: Promise<void>[] = [];
  const interval = 1000 / rate;
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    while (performance.now() < due)
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now() - 1)));
    const started = performance.now();
    const position = await write(i);
    pending.push(
      runner.waitFor(names, position, 10_000).then((ok) => {
        if (!ok) throw new Error('a write never became visible');
        samples.push(performance.now() - started);
      }),
    );
  }
  await Promise.all(pending);
  return percentiles(samples, total / ((performance.now() - t0) / 1000));
};

/** The figures of a run: its achieved rate and its latencies' p50, p99 and max. */
export const percentiles = (samples: number[], achieved: number): LatencyFigures => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    commandsPerSecond: achieved,
    commands: samples.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1],
  };
};

/**
 * Requests sent at a steady rate, each at its due time whether or not the earlier ones have answered
 * (as many desks do); each is timed from its sending until every named projection has applied its
 * last event (the `X-Position` it answered with). A request answered otherwise than 201 is counted as
 * refused, not timed.
 */
export const postPaced = async (
  runner: ProjectionRunner,
  names: string[],
  rate: number,
  seconds: number,
  send: (i: number) => Promise<Response>,
): Promise<LatencyFigures & { refused: number }> => {
  const total = rate * seconds;
  const samples: number[] = [];
  let refused = 0;
  const interval = 1000 / rate;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    while (performance.now() < due)
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now() - 1)));
    const started = performance.now();
    pending.push(
      (async () => {
        const res = await send(i);
        await res.arrayBuffer();
        const position = res.headers.get('x-position');
        if (res.status !== 201 || !position) {
          refused++;
          return;
        }
        if (!(await runner.waitFor(names, position, 10_000)))
          throw new Error('a command never became visible');
        samples.push(performance.now() - started);
      })(),
    );
  }
  await Promise.all(pending);
  return { ...percentiles(samples, total / ((performance.now() - t0) / 1000)), refused };
};
