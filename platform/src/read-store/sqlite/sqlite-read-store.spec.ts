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

  it('rejects field names that could smuggle SQL', async () => {
    const store = new SqliteReadStore({ file: ':memory:' });
    await store.ensureCollection({ name: 'x' });
    await expect(store.find('x', { filter: { "a') OR 1=1 --": 1 } })).rejects.toThrow(/Invalid field name/);
    await store.close();
  });
});
