import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { EventEmitter } from 'node:events';
import { comparePositions } from '@rawnaq/contracts';
import { ADVANCED_ALL, EmbeddedEventBus, SqliteEventStore, SqliteReadStore } from '@rawnaq/platform';
import { allProjections, ProjectionRunner, type Projections } from '@rawnaq/projections';
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
  runner: Pick<Projections, 'waitFor'>,
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

/** The length of the stretches a paced run's p99 is also given for. */
export const STRETCH_MS = 10_000;

/**
 * The p99 of each stretch of `ms` of a run, by the instant each sample's request was sent: how steady
 * the run was. A stretch less than half as long as the others (the run's end) is left out.
 */
export const stretchesP99 = (samples: number[], sent: number[], t0: number, ms: number): number[] => {
  const by: number[][] = [];
  samples.forEach((sample, i) => (by[Math.floor((sent[i] - t0) / ms)] ??= []).push(sample));
  const full = Math.max(...by.map((b) => b?.length ?? 0));
  return by
    .filter((b) => b && b.length * 2 >= full)
    .map(
      (b) =>
        +percentile(
          [...b].sort((x, y) => x - y),
          99,
        ).toFixed(2),
    );
};

/** A request of a latency bench, as the load client sends it. */
export type LoadRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * an Idempotency-Key made by the load client as it sends the request, a time-ordered UUID made just
   * before sending, as the back office makes it. One made with the plan, up to the run's length earlier,
   * gives the ids made from it an old time (`idFor`). With such keys the keyed sales' p50 stood 1.2-2.8
   * ms above the plain ones' in the same runs (four runs); with keys made as sent, -0.7 to +1.4 ms
   * (five runs, the host slow and unsteady)
   */
  freshKey?: true;
};
export type LoadPlan = { rate: number; requests: LoadRequest[] };

/**
 * How long requests are sent, at the same rate, before those measured: a fresh process runs its code
 * cold (compiled as it goes, caches empty), which is the start-up's cost, not the steady state a
 * target speaks of. A second was not enough: sampled once a second from /proc (each thread's CPU
 * time) at the till's 200 invoices/s, V8's four background threads (its optimizing compiler and its
 * concurrent GC) took 10-24 % of a core each for the first ~8 s of the load, and 3-5 % from then on;
 * the machine was 83-91 % busy in those seconds against ~60 % after, and the first 10-s stretch's
 * p99 was the run's worst in every run measured with a one-second warm-up (2-3x the later ones').
 */
export const WARMUP_SECONDS = 10;

/** The requests sent before those measured at `rate` a second (`WARMUP_SECONDS` of them). */
export const warmupOf = (rate: number) => rate * WARMUP_SECONDS;

/**
 * Which of two kinds the `i`th request of a paced run at `rate` is when they take turns every
 * `everyMs` (`postPaced`'s `turnsMs`): the warm-up's are of the first kind, then the timed ones are
 * sent `everyMs` of the first kind, `everyMs` of the second, and so on.
 */
export const turnOf = (i: number, rate: number, everyMs: number): 0 | 1 => {
  const warmup = warmupOf(rate);
  if (i < warmup) return 0;
  return (Math.floor(((i - warmup) * 1000) / (rate * everyMs)) % 2) as 0 | 1;
};

/** The request thread's figures for one kind of request of a run whose kinds took turns. */
export type TurnFigures = {
  /** the turns measured (the last, unfinished one is not) */
  turns: number;
  /** its busy ms per request over those turns (busy ms ÷ the requests due in them) */
  busyMsPerRequest: number;
  /** its CPU ms per request over those turns (Linux) */
  cpuMsPerRequest?: number;
  p50Ms: number;
  p99Ms: number;
};

/** An answer, with the instant (epoch ms) its request was sent. */
export type LoadReply = {
  i: number;
  started: number;
  /** when the answer had been read whole (the client's clock) */
  answered?: number;
  status: number;
  position: string | null;
  error?: string;
};

/**
 * The CPU time this process's main thread has used (Linux: its task's utime + stime), in ms: unlike
 * its busy share of the wall clock, what other processes on the machine take does not count in it.
 * Undefined where /proc is not there.
 */
export const mainThreadCpuMs = (): number | undefined => cpuMsOf(`/proc/self/task/${process.pid}/stat`);

/**
 * The main thread's CPU time as the scheduler counts it (Linux: /proc/…/schedstat, in ns), in ms: for
 * stretches of a second, where the ticks of `mainThreadCpuMs` (10 ms) would be a few per cent of it.
 */
export const mainThreadCpuFineMs = (): number | undefined => {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
};

/**
 * This process's CPU time (Linux: utime + stime of every thread, /proc/self/stat), in ms: beside the
 * request thread's own, what the projections, checkpoints, fsyncs and signatures took of the cores.
 */
export const processCpuMs = (): number | undefined => cpuMsOf('/proc/self/stat');

/** utime + stime of a /proc stat file (a process's or one of its threads'), in ms */
const cpuMsOf = (statFile: string): number | undefined => {
  try {
    const stat = readFileSync(statFile, 'utf8');
    // the fields after the command's name (in parentheses, which may hold spaces): utime is the 14th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
};

/** The bytes this process sent to storage (Linux: write_bytes of /proc/self/io, every thread's). */
export const processWrittenBytes = (): number | undefined => {
  try {
    const m = /^write_bytes: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
};

const spent = (before: number | undefined, after: number | undefined) =>
  before !== undefined && after !== undefined ? after - before : undefined;

/**
 * When each position became visible: the first instant every one of `names` had applied it, as this
 * process's projections report their progress (one look at each report, which the server's own
 * read-your-writes waits on anyway). The load client's answers come in batches, after the fact; this
 * says when each one's write was shown without a message of the bench's own per request.
 */
export class Visibility {
  private readonly of = new Map<string, string | undefined>();
  /** the least position of `names`, each time it moved, and when (epoch ms) */
  private readonly shown: Array<{ position: string; at: number }> = [];

  constructor(
    private readonly progress: EventEmitter,
    names: readonly string[],
  ) {
    for (const name of names) this.of.set(name, undefined);
    progress.on(ADVANCED_ALL, this.heard);
  }

  private readonly heard = (advanced: readonly string[], positions: readonly string[]): void => {
    let moved = false;
    for (let k = 0; k < advanced.length; k++) {
      if (!this.of.has(advanced[k])) continue;
      const was = this.of.get(advanced[k]);
      if (was === undefined || comparePositions(positions[k], was) > 0) {
        this.of.set(advanced[k], positions[k]);
        moved = true;
      }
    }
    if (!moved) return;
    let least: string | undefined;
    for (const position of this.of.values()) {
      if (position === undefined) return; // one of them has not said yet
      if (least === undefined || comparePositions(position, least) < 0) least = position;
    }
    const last = this.shown[this.shown.length - 1];
    if (!last || comparePositions(least!, last.position) > 0)
      this.shown.push({ position: least!, at: performance.timeOrigin + performance.now() });
  };

  /** When every name had applied `position` (epoch ms), or undefined if they have not yet. */
  at(position: string): number | undefined {
    let low = 0;
    let high = this.shown.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (comparePositions(this.shown[mid].position, position) >= 0) high = mid;
      else low = mid + 1;
    }
    return this.shown[low]?.at;
  }

  close(): void {
    this.progress.off(ADVANCED_ALL, this.heard);
  }
}

/**
 * Requests sent at a steady rate, each at its due time whether or not the earlier ones have answered
 * (as many desks do), from a load client in a thread of its own (the desks are other machines: their
 * HTTP client's work is not the server's); each is timed from its sending until every named projection
 * has applied its last event (the `X-Position` it answered with). A request answered otherwise than
 * `okStatus` (201) is counted as refused, not timed. The first `warmupOf(rate)` requests are sent at the same
 * pace but not timed (nor counted in the achieved rate). `mainThreadBusy` is the share of the measured stretch
 * the server's thread was busy (its event loop utilisation): the headroom left at that rate.
 */
export const postPaced = async (
  runner: Pick<Projections, 'waitFor' | 'progress'>,
  names: string[],
  rate: number,
  requests: LoadRequest[],
  /** the status a request that did what it asked answers with (a command's 201; a webhook's 200) */
  okStatus = 201,
  /**
   * the requests are of two kinds taking turns every `turnsMs` (`turnOf`): the request thread's busy
   * and CPU time is also measured turn by turn and given for each kind (`turns`), paired within the run
   */
  turnsMs?: number,
): Promise<
  LatencyFigures & {
    refused: number;
    mainThreadBusy: number;
    mainThreadCpuMs?: number;
    /** the cores the whole process kept busy over the timed stretch (every thread's CPU time ÷ the wall time) */
    processCores?: number;
    /** what the whole process wrote to disk over the timed stretch */
    writtenBytes?: number;
    /**
     * the request thread's garbage collections over the timed stretch: its pauses (every kind) added
     * up, the longest, and how many were full (mark-compact) ones, whose marking also takes the cores
     */
    gc: { pauseMs: number; longestMs: number; fullCollections: number };
    stretchesP99Ms: number[];
    /**
     * the request thread's busy time per request in each stretch of STRETCH_MS of the timed run (its busy
     * ms ÷ the requests due in it; the last one if it lasted half a stretch): how much the whole run's
     * figure moves within one run
     */
    stretchesBusyMsPerRequest: number[];
    /** the answer alone (sent to read whole), before the read models show the command */
    answeredMs: { p50Ms: number; p99Ms: number };
    /** with `turnsMs`: the figures of each kind, the first and the second */
    turns?: [TurnFigures, TurnFigures];
  }
> => {
  const samples: number[] = [];
  const answers: number[] = [];
  const sent: number[] = [];
  // with turnsMs: each sample's kind, and the request thread's time in each kind's turns
  const kinds: Array<0 | 1> = [];
  const byKind = [0, 1].map(() => ({ turns: 0, ms: 0, busy: 0, cpu: 0 as number | undefined }));
  let turn:
    | {
        k: number;
        first: number;
        elu: ReturnType<typeof performance.eventLoopUtilization>;
        at: number;
        cpu?: number;
      }
    | undefined;
  let turnTimer: ReturnType<typeof setTimeout> | undefined;
  const nextTurn = () => {
    if (!turn || turnsMs === undefined) return;
    const now = {
      elu: performance.eventLoopUtilization(),
      at: performance.now(),
      cpu: mainThreadCpuFineMs(),
    };
    const kind = byKind[turn.k % 2];
    kind.turns++;
    kind.ms += now.at - turn.at;
    kind.busy += performance.eventLoopUtilization(now.elu, turn.elu).active;
    const cpu = spent(turn.cpu, now.cpu);
    kind.cpu = cpu === undefined || kind.cpu === undefined ? undefined : kind.cpu + cpu;
    turn = { k: turn.k + 1, first: turn.first, ...now };
    // the next turn ends when its last request is due, by the load client's clock (epoch ms); one that
    // would end after the last request is due is not measured (nor is the answers' tail after it)
    const end = turn.first + (turn.k + 1) * turnsMs;
    if (end > turn.first + ((requests.length - warmupOf(rate)) * 1000) / rate) return;
    turnTimer = setTimeout(nextTurn, end - (performance.timeOrigin + performance.now()));
  };
  let refused = 0;
  const errors: string[] = [];
  const pending: Promise<void>[] = [];
  const worker = new Worker(join(__dirname, 'load-client.worker.js'), {
    workerData: { rate, requests } satisfies LoadPlan,
  });
  const warmup = warmupOf(rate);
  if (requests.length <= warmup) throw new Error(`a latency run sends more than ${warmup} requests`);
  const visible = new Visibility(runner.progress, names);
  let t0 = Number.POSITIVE_INFINITY;
  let elu: ReturnType<typeof performance.eventLoopUtilization> | undefined;
  let cpu0: number | undefined;
  let process0: { cpu?: number; written?: number; at: number } | undefined;
  // the entries arrive after their collection, in batches: kept, then counted by when they started
  const collections: PerformanceEntry[] = [];
  // the request thread's busy ms per request in each stretch of the timed run (one timer: nothing per
  // request); the last, shorter one counted if it lasted half a stretch
  const stretchesBusy: number[] = [];
  let stretches: ReturnType<typeof setInterval> | undefined;
  let stretchStart: { elu: ReturnType<typeof performance.eventLoopUtilization>; at: number } | undefined;
  const endStretch = () => {
    if (!stretchStart) return;
    const now = { elu: performance.eventLoopUtilization(), at: performance.now() };
    const ms = now.at - stretchStart.at;
    if (ms >= STRETCH_MS / 2)
      stretchesBusy.push(
        +(performance.eventLoopUtilization(now.elu, stretchStart.elu).active / ((rate * ms) / 1000)).toFixed(
          2,
        ),
      );
    stretchStart = now;
  };
  const gcs = new PerformanceObserver((list) => collections.push(...list.getEntries()));
  gcs.observe({ entryTypes: ['gc'] });
  await new Promise<void>((resolve, reject) => {
    let answered = 0;
    worker.on('error', reject);
    const took = (m: LoadReply) => {
      const timed = m.i >= warmup;
      if (timed) t0 = Math.min(t0, m.started);
      if (timed && !elu) {
        elu = performance.eventLoopUtilization();
        cpu0 = mainThreadCpuMs();
        process0 = { cpu: processCpuMs(), written: processWrittenBytes(), at: performance.now() };
        stretchStart = { elu, at: performance.now() };
        stretches = setInterval(endStretch, STRETCH_MS);
        if (turnsMs !== undefined) {
          // the first turn began when the first timed request was sent
          turn = { k: 0, first: m.started, elu, at: performance.now(), cpu: mainThreadCpuFineMs() };
          turnTimer = setTimeout(
            nextTurn,
            m.started + turnsMs - (performance.timeOrigin + performance.now()),
          );
        }
      }
      if (m.status !== okStatus || !m.position) {
        refused++;
        if (m.error && errors.length < 3) errors.push(m.error);
      } else {
        if (timed && m.answered !== undefined) answers.push(m.answered - m.started);
        const shown = visible.at(m.position);
        if (shown !== undefined) {
          if (timed) {
            samples.push(shown - m.started);
            sent.push(m.started);
            if (turnsMs !== undefined) kinds.push(turnOf(m.i, rate, turnsMs));
          }
        } else
          pending.push(
            runner.waitFor(names, m.position, 10_000).then((ok) => {
              if (!ok) throw new Error('a command never became visible');
              if (!timed) return;
              samples.push(performance.timeOrigin + performance.now() - m.started);
              sent.push(m.started);
              if (turnsMs !== undefined) kinds.push(turnOf(m.i, rate, turnsMs));
            }),
          );
      }
      answered++;
    };
    worker.on('message', (replies: LoadReply[]) => {
      for (const m of replies) took(m);
      if (answered === requests.length) resolve();
    });
  });
  const busy = performance.eventLoopUtilization(elu).utilization;
  clearInterval(stretches);
  clearTimeout(turnTimer); // the last, unfinished turn is not counted
  endStretch();
  const mainCpu = spent(cpu0, mainThreadCpuMs());
  const processCpu = spent(process0?.cpu, processCpuMs());
  const written = spent(process0?.written, processWrittenBytes());
  const timedEnd = performance.now();
  const wallMs = process0 ? timedEnd - process0.at : 0; // the timed stretch
  collections.push(...gcs.takeRecords());
  gcs.disconnect();
  const gc = { pauseMs: 0, longestMs: 0, fullCollections: 0 };
  for (const e of collections) {
    if (!process0 || e.startTime < process0.at || e.startTime > timedEnd) continue; // the warm-up's, or after
    gc.pauseMs += e.duration;
    gc.longestMs = Math.max(gc.longestMs, e.duration);
    if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      gc.fullCollections++;
  }
  await worker.terminate();
  await Promise.all(pending);
  visible.close();
  if (errors.length) throw new Error(`the load client failed: ${errors.join('; ')}`);
  const seconds = (performance.timeOrigin + performance.now() - t0) / 1000;
  return {
    ...percentiles(samples, (requests.length - warmup) / seconds),
    refused,
    mainThreadBusy: +busy.toFixed(3),
    ...(mainCpu !== undefined && { mainThreadCpuMs: Math.round(mainCpu) }),
    ...(processCpu !== undefined && wallMs > 0 && { processCores: +(processCpu / wallMs).toFixed(2) }),
    ...(written !== undefined && { writtenBytes: written }),
    gc: {
      pauseMs: Math.round(gc.pauseMs),
      longestMs: +gc.longestMs.toFixed(1),
      fullCollections: gc.fullCollections,
    },
    stretchesP99Ms: stretchesP99(samples, sent, t0, STRETCH_MS),
    stretchesBusyMsPerRequest: stretchesBusy,
    answeredMs: (() => {
      const sorted = answers.sort((a, b) => a - b);
      return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
    })(),
    ...(turnsMs !== undefined && {
      turns: byKind.map((kind, k): TurnFigures => {
        const sorted = samples.filter((_, i) => kinds[i] === k).sort((a, b) => a - b);
        const due = (rate * kind.ms) / 1000;
        return {
          turns: kind.turns,
          busyMsPerRequest: +(kind.busy / due).toFixed(3),
          ...(kind.cpu !== undefined && { cpuMsPerRequest: +(kind.cpu / due).toFixed(3) }),
          p50Ms: percentile(sorted, 50),
          p99Ms: percentile(sorted, 99),
        };
      }) as [TurnFigures, TurnFigures],
    }),
  };
};
