import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoreContract } from '../read-store.contract.test-support';
import { SqliteReadStore } from './sqlite-read-store';

readStoreContract(describe, 'sqlite (in memory, writes on the same connection)', async () => {
  const store = new SqliteReadStore({ file: ':memory:' });
  return { store, cleanup: () => store.close() };
});

readStoreContract(describe, 'sqlite (file, writes in a worker thread)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rawnaq-rs-'));
  const store = new SqliteReadStore({ file: join(dir, 'read.db') });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteReadStore', () => {
  it('answers indexed fields from generated columns (the query plan uses the index)', async () => {
    const store = new SqliteReadStore({ file: ':memory:' });
    await store.ensureCollection({ name: 'customers', indexes: [{ fields: ['tenantId', 'mobile'] }] });
    const plan = store.db
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM rm_customers WHERE f_tenantId = ? AND f_mobile = ?`)
      .all('t1', '9665') as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX ix_customers_f_tenantId_f_mobile/);
    await store.close();
  });

  it('writes the small writes of one tick in one transaction, each with its checkpoint; a failing one alone is refused', async () => {
    const store = new SqliteReadStore({ file: ':memory:' });
    await store.ensureCollection({ name: 'a', indexes: [{ fields: ['code'], unique: true }] });
    await store.ensureCollection({ name: 'b' });
    const record = {
      version: 1,
      status: 'live' as const,
      position: '0',
      updatedAt: new Date().toISOString(),
    };
    for (const name of ['pa', 'pb', 'pc']) await store.putProjection({ ...record, name, generation: 1 });
    const upsert = (collection: string, id: string, code: string, position: string) => ({
      kind: 'upsert' as const,
      collection,
      position,
      doc: { id, code },
    });
    const outcomes = await Promise.allSettled([
      store.applyChanges([upsert('a', 'x', 'same', '5')], { projection: 'pa', generation: 1, position: '5' }),
      // violates the unique index: refused with its checkpoint, the others are stored
      store.applyChanges([upsert('a', 'y', 'same', '6')], { projection: 'pb', generation: 1, position: '6' }),
      store.applyChanges([], { projection: 'pc', generation: 1, position: '7' }),
      store.applyChanges([upsert('b', 'z', 'other', '8')]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await store.get('a', 'x')).toMatchObject({ code: 'same' });
    expect(await store.get('a', 'y')).toBeUndefined();
    expect(await store.get('b', 'z')).toMatchObject({ code: 'other' });
    const positions = Object.fromEntries((await store.projections()).map((r) => [r.name, r.position]));
    expect(positions).toEqual({ pa: '5', pb: '0', pc: '7' });
    await store.close();
  });

  it('writes what one turn asks in one commit, also a write asked an await later (a projection that read a document first)', async () => {
    const store = new SqliteReadStore({ file: ':memory:' });
    await store.ensureCollection({ name: 'a' });
    // the commits: the transactions begun outside any other (those inside are SAVEPOINTs)
    let commits = 0;
    const db = store.db;
    const transaction = db.transaction.bind(db);
    jest.spyOn(db, 'transaction').mockImplementation(((fn: (...args: unknown[]) => unknown) => {
      const t = transaction(fn);
      const counted =
        <A extends unknown[], R>(run: (...args: A) => R) =>
        (...args: A) => {
          if (!db.inTransaction) commits++;
          return run(...args);
        };
      return Object.assign(counted(t), {
        default: counted(t.default),
        deferred: counted(t.deferred),
        immediate: counted(t.immediate),
        exclusive: counted(t.exclusive),
      });
    }) as typeof db.transaction);
    const upsert = (id: string, position: string) => ({
      kind: 'upsert' as const,
      collection: 'a',
      position,
      doc: { id },
    });
    const first = store.applyChanges([upsert('x', '1')]);
    await Promise.resolve(); // the read the second projection made before writing
    const second = store.applyChanges([upsert('y', '2')]);
    await Promise.all([first, second]);
    expect(commits).toBe(1);
    expect(await store.getMany('a', ['x', 'y'])).toHaveProperty('size', 2);
    await store.close();
  });

  it('rejects field names that could smuggle SQL', async () => {
    const store = new SqliteReadStore({ file: ':memory:' });
    await store.ensureCollection({ name: 'x' });
    await expect(store.find('x', { filter: { "a') OR 1=1 --": 1 } })).rejects.toThrow(/Invalid field name/);
    await store.close();
  });
});
