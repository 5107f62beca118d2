// The projections' thread: every projection of the catalog kept up to date by a runner of its own, on
// connections of its own to the event store's and the read store's files, so the thread that answers
// requests does not spend its time writing read models. It is told of appends at once, tells of each
// projection's progress, and answers for its status.
import { parentPort, workerData } from 'node:worker_threads';
import {
  EmbeddedEventBus,
  runAfterRequests,
  SqliteEventStore,
  SqliteReadStore,
  type Logger,
} from '@rawnaq/platform';
import { allProjections } from '../catalog';
import { LEFT_OUT_OF_PROJECTIONS } from './left-out';
import { ProgressReports } from './progress-reports';
import { ProjectionRunner } from './projection-runner';
import { indexText, type FromThread, type ThreadFiles, type ToThread } from './projection-thread';

runAfterRequests('projections');
const files = workerData as ThreadFiles;
const post = (m: FromThread) => parentPort!.postMessage(m);

const forward = (level: 'info' | 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) => {
  const error = fields?.error instanceof Error ? fields.error : undefined;
  post({
    type: 'log',
    level,
    message,
    fields: {
      ...fields,
      ...(error && { error: { message: error.message, stack: error.stack } }),
    },
  });
};
const logger: Logger = { info: forward('info'), warn: forward('warn'), error: forward('error') };

// checkpoints stay with the connections of the main thread (one checkpointer per file)
const durable = files.durable ? new BigInt64Array(files.durable) : undefined;
const eventStore = new SqliteEventStore({
  file: files.events,
  backgroundCheckpoints: false,
  pollIntervalMs: files.pollIntervalMs,
  // what no projection reads is not read from the log (the signed XML of every e-invoice)
  leaveOut: LEFT_OUT_OF_PROJECTIONS,
  // what the main thread made durable only: a read model never holds what a power cut could undo
  ...(durable && { visibleUpTo: () => Number(Atomics.load(durable, 0)) }),
});
// this thread is the writer already: no writer thread of its own beside it
const readStore = new SqliteReadStore({
  file: files.read,
  backgroundCheckpoints: false,
  backgroundWrites: false,
});
const runner = new ProjectionRunner({
  eventStore,
  readStore,
  bus: new EmbeddedEventBus(eventStore),
  projections: allProjections,
  logger,
});

// the progress said in as few reports as keep readers waiting no longer (see ProgressReports), the
// projections by their index in `names` (sent once, when the thread has started)
const names = allProjections.map((p) => p.name);
const indexOf = new Map(names.map((name, i) => [name, i]));
const reports = new ProgressReports(names, ({ advanced, changed }) => {
  const at: string[] = [];
  const slots = new Map<string, number>();
  const pairs: number[] = [];
  for (const [projection, reached] of advanced) {
    let slot = slots.get(reached);
    if (slot === undefined) slots.set(reached, (slot = at.push(reached) - 1));
    pairs.push(indexOf.get(projection)!, slot);
  }
  const wrote = Array.from(changed, (projection) => indexOf.get(projection)!);
  post({ type: 'advanced', at, pairs: indexText(pairs), changed: indexText(wrote) });
});
runner.progress.on('changed', (name: string) => reports.wrote(name));
runner.progress.on('advanced', (name: string, position: string) => reports.advance(name, position));

const positions = async () => (await runner.status()).map((s) => [s.name, s.position] as [string, string]);

// the main thread's appends: its count in shared memory, waited on without blocking this thread
type WaitAsync = (a: Int32Array, index: number, value: number) => { async: boolean; value: unknown };
const appends = new Int32Array(files.appends);
let stopping = false;
const watchAppends = async () => {
  let seen = Atomics.load(appends, 0);
  while (!stopping) {
    const wait = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync(appends, 0, seen);
    if (wait.async) await wait.value;
    const now = Atomics.load(appends, 0);
    if (now !== seen) {
      seen = now;
      eventStore.appendedElsewhere();
    }
  }
};

parentPort!.on('message', (m: ToThread) => {
  switch (m.type) {
    case 'status':
      void runner.status().then((statuses) => post({ type: 'status', id: m.id, statuses }));
      return;
    case 'stop':
      stopping = true;
      Atomics.notify(appends, 0); // ends the wait for appends
      void (async () => {
        await runner.stop();
        reports.flush();
        await readStore.close();
        await eventStore.close();
        post({ type: 'stopped' });
      })();
      return;
  }
});

runner.start().then(
  async () => {
    void watchAppends();
    const started = await positions();
    reports.started(started);
    post({ type: 'started', positions: started, names });
  },
  (error: Error) => post({ type: 'failed', message: error.message, stack: error.stack }),
);
