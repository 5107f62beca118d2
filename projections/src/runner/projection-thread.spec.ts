import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { newId } from '@rawnaq/contracts';
import { ADVANCED_ALL, ReadModels, SqliteEventStore, SqliteReadStore, type Logger } from '@rawnaq/platform';
import { allProjections } from '../catalog';
import { indexText, ProjectionThread } from './projection-thread';

const note = (text: string) => ({
  id: newId(),
  type: 'NoteWritten',
  data: { text },
  metadata: {
    tenantId: 't1',
    actor: { kind: 'user' as const, id: 'u1' },
    correlationId: newId(),
    causationId: newId(),
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  },
});

describe('the projections in a thread of their own', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let thread: ProjectionThread;
  let models: ReadModels;
  const logged: string[] = [];
  const logger: Logger = {
    info: (m) => logged.push(m),
    warn: (m) => logged.push(m),
    error: (m) => logged.push(m),
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rawnaq-thread-'));
    const events = join(dir, 'events.db');
    const read = join(dir, 'read.db');
    eventStore = new SqliteEventStore({ file: events, synchronous: 'NORMAL' });
    readStore = new SqliteReadStore({ file: read });
    thread = new ProjectionThread({
      events,
      read,
      onAppended: (listener) => eventStore.onAppended(listener),
      logger,
      // the thread never polls within a test: only the wake-up through shared memory can bring it news
      pollIntervalMs: 600_000,
    });
    await thread.start();
    models = new ReadModels(readStore, allProjections, thread.progress);
  }, 60_000);

  afterAll(async () => {
    await thread.stop();
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const entries = async () =>
    (await models.find('audit_log', { filter: { tenantId: 't1' } })).map(
      (d) => d.changed as { text: string },
    );

  it('runs every projection of the catalog, live', async () => {
    const status = await thread.status();
    expect(status.map((s) => s.name).sort()).toEqual(allProjections.map((p) => p.name).sort());
    expect(new Set(status.map((s) => s.state))).toEqual(new Set(['live']));
  });

  it('is told of an append at once: waitFor answers when the read model shows it, read from this thread', async () => {
    const { position } = await eventStore.append(`note-t1.${newId()}`, [note('first')], 'no_stream');
    expect(await thread.waitFor(['audit-log', 'customers'], position, 5_000)).toBe(true);
    expect(await entries()).toEqual([{ text: 'first' }]);
    // and the query side's read-your-writes is woken by the same progress
    await models.settle(position);
  });

  it('says which projections wrote, before their position: the audit log for a note, not the customers', async () => {
    const said: string[] = [];
    const changed = (name: string) => said.push(`changed ${name}`);
    const advanced = (name: string) => said.push(`advanced ${name}`);
    // and all of one report's advances together, after them (what `settle` is woken by)
    const reports: Array<{ names: readonly string[]; at: readonly string[]; after: string[] }> = [];
    const advancedAll = (names: readonly string[], at: readonly string[]) => {
      reports.push({ names, at, after: said.filter((s) => s.startsWith('advanced')).slice(-names.length) });
      said.push('all');
    };
    thread.progress.on('changed', changed);
    thread.progress.on('advanced', advanced);
    thread.progress.on(ADVANCED_ALL, advancedAll);
    try {
      const { position } = await eventStore.append(`note-t1.${newId()}`, [note('noted')], 'no_stream');
      expect(await thread.waitFor(['audit-log', 'customers'], position, 5_000)).toBe(true);
      await models.settle(position);
      expect(said.filter((s) => s.startsWith('changed'))).toEqual(['changed audit-log']);
      expect(said.indexOf('changed audit-log')).toBeLessThan(said.indexOf('advanced audit-log'));
      expect(said).toContain('advanced customers');
      // every advance said once in a report, right after it was said alone, at its position
      const alone = said.filter((s) => s.startsWith('advanced'));
      expect(reports.flatMap((r) => r.names.map((n) => `advanced ${n}`))).toEqual(alone);
      for (const r of reports) expect(r.after).toEqual(r.names.map((n) => `advanced ${n}`));
      expect(new Set(reports.flatMap((r) => r.at))).toEqual(new Set([position]));
      // one report for the many projections one append advanced, over several turns of the thread
      expect(reports).toHaveLength(1);
      expect([...reports[0].names].sort()).toEqual(allProjections.map((p) => p.name).sort());
    } finally {
      thread.progress.off('changed', changed);
      thread.progress.off('advanced', advanced);
      thread.progress.off(ADVANCED_ALL, advancedAll);
    }
  });

  it('answers false for a position no projection has reached', async () => {
    const head = Number(await eventStore.headPosition());
    expect(await thread.waitFor(['audit-log'], String(head + 10), 200)).toBe(false);
  });

  it('starts a thread that died again; it catches up from its checkpoints', async () => {
    const worker = (thread as unknown as { worker: Worker }).worker;
    const changed = new Set<string>();
    const onChanged = (name: string) => changed.add(name);
    thread.progress.on('changed', onChanged);
    await worker.terminate();
    const { position } = await eventStore.append(`note-t1.${newId()}`, [note('second')], 'no_stream');
    expect(await thread.waitFor(['audit-log'], position, 10_000)).toBe(true);
    expect(logged).toContain('the projections thread stopped unexpectedly: starting it again');
    expect((await entries()).sort((a, b) => a.text.localeCompare(b.text))).toEqual([
      { text: 'first' },
      { text: 'noted' },
      { text: 'second' },
    ]);
    // what the dead thread may have written unreported: every projection counts as changed
    thread.progress.off('changed', onChanged);
    expect([...changed].sort()).toEqual(allProjections.map((p) => p.name).sort());
  }, 20_000);
});

describe('the projections thread told of commits by the event store’s writer thread', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let thread: ProjectionThread;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rawnaq-thread-writer-'));
    const events = join(dir, 'events.db');
    eventStore = new SqliteEventStore({ file: events, syncOffThread: true });
    thread = new ProjectionThread({
      events,
      read: join(dir, 'read.db'),
      commits: eventStore.commitSignal!,
      // never polls within a test: only the writer's wake-up can bring it news
      pollIntervalMs: 600_000,
    });
    await thread.start();
  }, 60_000);

  afterAll(async () => {
    await thread.stop();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is woken by the writer after each commit, with nothing from this thread', async () => {
    let told = 0;
    const stop = eventStore.onAppended(() => (told += 1));
    try {
      const { position } = await eventStore.append(
        `note-t1.${newId()}`,
        [note('by the writer')],
        'no_stream',
      );
      expect(await thread.waitFor(['audit-log'], position, 5_000)).toBe(true);
      // the durable head the writer set is where the thread's reads stop: it reached the append
      expect(Number(Atomics.load(new BigInt64Array(eventStore.commitSignal!.durable), 0))).toBe(
        Number(position),
      );
      expect(told).toBe(1); // this thread still hears of it (its own subscriptions)
    } finally {
      stop();
    }
  });

  it('is woken by the writer when another process commits', async () => {
    const other = new SqliteEventStore({ file: join(dir, 'events.db'), synchronous: 'FULL' });
    try {
      const { position } = await other.append(`note-t1.${newId()}`, [note('elsewhere')], 'no_stream');
      // the writer looks for other processes' commits every 100 ms (the store's poll), then tells the thread
      expect(await thread.waitFor(['audit-log'], position, 5_000)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe("the thread's reports of progress: indexes as the character codes of a string", () => {
  it('gives back every index below 0xD800, in order, and refuses any other', () => {
    const indexes = [0, 1, 44, 255, 256, 4095, 0xd7ff];
    const text = indexText(indexes);
    expect(Array.from({ length: text.length }, (_, k) => text.charCodeAt(k))).toEqual(indexes);
    expect(indexText([])).toBe('');
    for (const bad of [0xd800, -1, 1.5, 70_000]) expect(() => indexText([bad])).toThrow(/out of range/);
  });
});
