import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId, type RecordedEvent } from '@rawnaq/contracts';
import { EmbeddedEventBus, SqliteEventStore, SqliteReadStore, type Doc } from '@rawnaq/platform';
import { visitsProjection } from '../testing/visits.test-support';
import { physicalCollection, type Reactor } from './projection';
import { ProjectionRunner } from './projection-runner';
import { ReadModels } from '@rawnaq/platform';

const visit = (amount: number, day: string) => ({
  id: newId(),
  type: 'VisitRecorded',
  data: { amount, day },
  metadata: {
    tenantId: 't1',
    actor: { kind: 'user' as const, id: 'u1' },
    correlationId: newId(),
    causationId: newId(),
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  },
});

const setup = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rawnaq-runner-'));
  const eventStore = new SqliteEventStore({ file: join(dir, 'events.db'), synchronous: 'NORMAL' });
  const readStore = new SqliteReadStore({ file: join(dir, 'read.db') });
  const bus = new EmbeddedEventBus(eventStore);
  return {
    dir,
    eventStore,
    readStore,
    bus,
    runner: (version = 1, reactors: Reactor[] = []) =>
      new ProjectionRunner({
        eventStore,
        bus,
        readStore,
        projections: [visitsProjection(version)],
        reactors,
        catchUpBatch: 7,
      }),
    cleanup: async () => {
      await eventStore.close();
      await readStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

const appendVisits = async (es: SqliteEventStore, customers: number, perCustomer: number) => {
  let last = '0';
  for (let c = 0; c < customers; c++)
    for (let v = 0; v < perCustomer; v++)
      last = (
        await es.append(
          `customer-t1.c${c}`,
          [visit(10 + v, `2026-11-${10 + (v % 3)}`)],
          v === 0 ? 'no_stream' : v - 1,
        )
      ).position;
  return last;
};

const allDocs = async (rs: SqliteReadStore, collection: string): Promise<Doc[]> =>
  rs.find(collection, { sort: [['id', 'asc']] });

describe('ProjectionRunner (embedded)', () => {
  it('catches up on start, then projects new events live; waitFor gives read-your-writes', async () => {
    const t = setup();
    await appendVisits(t.eventStore, 3, 4);
    const runner = t.runner();
    await runner.start();
    const models = new ReadModels(t.readStore, runner.projections, runner.progress);
    const head = await t.eventStore.headPosition();
    expect(await models.waitFor(['visits'], head, 2000)).toBe(true);
    expect(await models.count('visit_totals')).toBe(3);
    const { position } = await t.eventStore.append('customer-t1.new', [visit(99, '2026-11-21')], 'no_stream');
    expect(await models.waitFor(['visits'], position, 2000)).toBe(true);
    expect(await models.get('visit_totals', 'customer-t1.new')).toEqual({
      id: 'customer-t1.new',
      tenantId: 't1',
      visits: 1,
      total: 99,
    });
    expect((await models.get('daily_visits', '2026-11-10'))?.count).toBe(6); // visits 0 and 3 of each customer
    const [status] = await runner.status();
    expect(status).toMatchObject({ name: 'visits', lag: 0, position, state: 'live' });
    expect(await models.waitFor(['visits'], String(Number(position) + 1), 50)).toBe(false);
    await runner.stop();
    await t.cleanup();
  });

  it('keeps what getStable read until the projection writes again, and only with its runner beside it', async () => {
    const t = setup();
    const runner = t.runner();
    await runner.start();
    try {
      const models = new ReadModels(t.readStore, runner.projections, runner.progress);
      let { position } = await t.eventStore.append(
        'customer-t1.kept',
        [visit(10, '2026-11-21')],
        'no_stream',
      );
      await models.waitFor(['visits'], position, 2000);
      const first = await models.getStable('visit_totals', 'customer-t1.kept');
      expect(first).toMatchObject({ visits: 1, total: 10 });
      expect(Object.isFrozen(first)).toBe(true);
      expect(await models.getStable('visit_totals', 'customer-t1.kept')).toBe(first); // from memory
      // an event the projection does not handle writes nothing: still kept
      ({ position } = await t.eventStore.append(
        'other-t1.x',
        [{ ...visit(1, '2026-11-21'), type: 'Other' }],
        'no_stream',
      ));
      await models.waitFor(['visits'], position, 2000);
      expect(await models.getStable('visit_totals', 'customer-t1.kept')).toBe(first);
      // a visit: the projection writes, and the next read is fresh
      ({ position } = await t.eventStore.append('customer-t1.kept', [visit(5, '2026-11-21')], 0));
      await models.waitFor(['visits'], position, 2000);
      expect(await models.getStable('visit_totals', 'customer-t1.kept')).toMatchObject({
        visits: 2,
        total: 15,
      });
      // nothing found is kept too, until the projection writes
      expect(await models.getStable('visit_totals', 'customer-t1.later')).toBeUndefined();
      const filter = { tenantId: 't1', visits: 1 };
      expect(await models.findOneStable('visit_totals', filter)).toBeUndefined();
      await t.readStore.applyChanges([
        {
          kind: 'upsert',
          collection: physicalCollection('visit_totals', 1),
          position: '0',
          doc: { id: 'customer-t1.later', tenantId: 't1', visits: 1, total: 7 },
        },
      ]);
      // (written behind the projection's back: what is kept still answers)
      expect(await models.getStable('visit_totals', 'customer-t1.later')).toBeUndefined();
      expect(await models.findOneStable('visit_totals', filter)).toBeUndefined();
      ({ position } = await t.eventStore.append('customer-t1.new2', [visit(3, '2026-11-21')], 'no_stream'));
      await models.waitFor(['visits'], position, 2000);
      expect(await models.getStable('visit_totals', 'customer-t1.later')).toMatchObject({ total: 7 });
      const one = await models.findOneStable('visit_totals', filter);
      expect(one?.visits).toBe(1);
      expect(Object.isFrozen(one)).toBe(true);
      expect(await models.findOneStable('visit_totals', filter)).toBe(one);
      // without the runner's progress (the scale-out query service) nothing is kept
      const remote = new ReadModels(t.readStore, runner.projections);
      const once = await remote.getStable('visit_totals', 'customer-t1.kept');
      expect(await remote.getStable('visit_totals', 'customer-t1.kept')).not.toBe(once);
    } finally {
      await runner.stop();
      await t.cleanup();
    }
  });

  it('survives a restart: resumes from its checkpoint without applying anything twice', async () => {
    const t = setup();
    await appendVisits(t.eventStore, 2, 3);
    let runner = t.runner();
    await runner.start();
    await runner.waitFor(['visits'], await t.eventStore.headPosition(), 2000);
    await runner.stop();
    await appendVisits(t.eventStore, 0, 0);
    await t.eventStore.append('customer-t1.c0', [visit(5, '2026-11-10')], 2);
    runner = t.runner();
    await runner.start();
    await runner.waitFor(['visits'], await t.eventStore.headPosition(), 2000);
    const c0 = await t.readStore.get(physicalCollection('visit_totals', 1), 'customer-t1.c0');
    expect(c0).toMatchObject({ visits: 4, total: 10 + 11 + 12 + 5 });
    expect((await t.readStore.get(physicalCollection('daily_visits', 1), '2026-11-10'))?.count).toBe(3);
    await runner.stop();
    await t.cleanup();
  });

  it('rebuilds blue-green: the live generation serves meanwhile, the rebuilt one equals it, then takes over', async () => {
    const t = setup();
    await appendVisits(t.eventStore, 5, 6);
    const runner = t.runner();
    await runner.start();
    await runner.waitFor(['visits'], await t.eventStore.headPosition(), 2000);
    const before = await allDocs(t.readStore, physicalCollection('visit_totals', 1));
    const beforeDaily = await allDocs(t.readStore, physicalCollection('daily_visits', 1));
    const progress: number[] = [];
    const result = await runner.rebuild('visits', (p) => progress.push(p.done));
    expect(result.generation).toBe(2);
    expect(progress[progress.length - 1]).toBe(30);
    expect(await allDocs(t.readStore, physicalCollection('visit_totals', 2))).toEqual(before);
    expect(await allDocs(t.readStore, physicalCollection('daily_visits', 2))).toEqual(beforeDaily);
    const models = new ReadModels(t.readStore, runner.projections, runner.progress);
    expect(await models.physical('visit_totals')).toBe('visit_totals_g2');
    // live events now land in the new generation
    const { position } = await t.eventStore.append('customer-t1.c9', [visit(1, '2026-11-21')], 'no_stream');
    expect(await models.waitFor(['visits'], position, 2000)).toBe(true);
    expect(await models.get('visit_totals', 'customer-t1.c9')).toMatchObject({ visits: 1 });
    await runner.dropRetired('visits');
    expect(await t.readStore.listCollections()).not.toContain('visit_totals_g1');
    await runner.stop();
    await t.cleanup();
  });

  it('rebuilds by itself, beside the live one, when a projection version changes', async () => {
    const t = setup();
    await appendVisits(t.eventStore, 2, 2);
    let runner = t.runner(1);
    await runner.start();
    await runner.waitFor(['visits'], await t.eventStore.headPosition(), 2000);
    await runner.stop();
    runner = t.runner(2);
    await runner.start();
    const models = new ReadModels(t.readStore, runner.projections, runner.progress, 0);
    const deadline = Date.now() + 5000;
    while ((await models.physical('visit_totals')) !== 'visit_totals_g2' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(await models.get('visit_totals', 'customer-t1.c0')).toMatchObject({ total: (10 + 11) * 10 });
    await runner.stop();
    await t.cleanup();
  });

  it('follows a swap made by another process (the rebuild CLI) on its next batch', async () => {
    const t = setup();
    await appendVisits(t.eventStore, 2, 2);
    const server = t.runner();
    await server.start();
    await server.waitFor(['visits'], await t.eventStore.headPosition(), 2000);
    const cli = t.runner(); // not started: like the CLI, it only rebuilds
    await cli.rebuild('visits');
    const { position } = await t.eventStore.append('customer-t1.c0', [visit(7, '2026-11-21')], 1);
    const models = new ReadModels(t.readStore, server.projections, server.progress, 0);
    expect(await models.waitFor(['visits'], position, 3000)).toBe(true);
    expect(await models.get('visit_totals', 'customer-t1.c0')).toMatchObject({ visits: 3, total: 28 });
    await server.stop();
    await t.cleanup();
  });

  it('never runs side effects during a rebuild; a new reactor starts at the end of the log', async () => {
    const t = setup();
    await appendVisits(t.eventStore, 2, 2);
    const reacted: RecordedEvent[] = [];
    const reactor: Reactor = {
      name: 'thank-you-message',
      handles: ['VisitRecorded'],
      react: async (e) => void reacted.push(e),
    };
    const runner = t.runner(1, [reactor]);
    await runner.start();
    await runner.rebuild('visits');
    expect(reacted).toEqual([]);
    const { position } = await t.eventStore.append('customer-t1.c5', [visit(3, '2026-11-21')], 'no_stream');
    const until = Date.now() + 2000;
    while (reacted.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(reacted.map((e) => e.position)).toEqual([position]);
    await runner.stop();
    await t.cleanup();
  });
});
