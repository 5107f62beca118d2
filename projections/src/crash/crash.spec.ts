import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedEventBus, SqliteEventStore, SqliteReadStore } from '@rawnaq/platform';
import { physicalCollection } from '../runner/projection';
import { ProjectionRunner } from '../runner/projection-runner';
import { visitsProjection } from '../testing/visits.test-support';

/** Runs the child until a random moment, then SIGKILLs it; returns the ids it acknowledged. */
const runAndKill = (eventsFile: string, readFile: string, ms: number): Promise<string[]> =>
  new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'crash-child.test-support.ts'), [eventsFile, readFile], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const acks: string[] = [];
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const l of lines) if (l.startsWith('ack ')) acks.push(l.slice(4));
    });
    let started = false;
    child.stdout!.once('data', () => {
      started = true;
      setTimeout(() => child.kill('SIGKILL'), ms);
    });
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' && started ? resolve(acks) : reject(new Error(`child exited: ${signal}`)),
    );
  });

describe('crash safety (embedded): SIGKILL while appending and projecting', () => {
  const rounds = 6;
  it(`loses no acknowledged append, duplicates nothing, and projections equal a rebuild, over ${rounds} kills`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rawnaq-crash-'));
    const eventsFile = join(dir, 'events.db');
    const readFile = join(dir, 'read.db');
    const acked = new Set<string>();
    try {
      for (let round = 0; round < rounds; round++) {
        const acks = await runAndKill(eventsFile, readFile, 150 + Math.floor(Math.random() * 600));
        acks.forEach((id) => acked.add(id));

        const eventStore = new SqliteEventStore({ file: eventsFile });
        const readStore = new SqliteReadStore({ file: readFile });
        const all = await eventStore.readAll('0', 10_000_000);
        const ids = new Set(all.map((e) => e.id));
        expect(ids.size).toBe(all.length); // nothing twice
        for (const id of acked) expect(ids.has(id)).toBe(true); // nothing acknowledged is lost
        const byStream = new Map<string, number[]>();
        for (const e of all) byStream.set(e.stream, [...(byStream.get(e.stream) ?? []), e.revision]);
        for (const revisions of byStream.values()) expect(revisions).toEqual(revisions.map((_, i) => i)); // no gaps

        // restart the projection where the killed process left it, then compare with a full rebuild
        const runner = new ProjectionRunner({
          eventStore,
          readStore,
          bus: new EmbeddedEventBus(eventStore),
          projections: [visitsProjection()],
        });
        await runner.start();
        expect(await runner.waitFor(['visits'], await eventStore.headPosition(), 10_000)).toBe(true);
        const liveGeneration = (await readStore.projections()).find(
          (r) => r.name === 'visits' && r.status === 'live',
        )!.generation;
        await runner.stop();
        const rebuilt = await runner.rebuild('visits');
        for (const c of ['visit_totals', 'daily_visits']) {
          const live = await readStore.find(physicalCollection(c, liveGeneration), { sort: [['id', 'asc']] });
          const fresh = await readStore.find(physicalCollection(c, rebuilt.generation), {
            sort: [['id', 'asc']],
          });
          expect(fresh.length).toBeGreaterThan(0);
          expect(live).toEqual(fresh);
        }
        await runner.dropRetired('visits');
        await eventStore.close();
        await readStore.close();
      }
      expect(acked.size).toBeGreaterThan(100);
      console.log(
        `[crash] ${rounds} SIGKILL rounds, ${acked.size} acknowledged events all present, projections equal rebuilds`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
