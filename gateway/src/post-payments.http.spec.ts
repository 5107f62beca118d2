import { accountCode } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

type Row = {
  id: string;
  date: string;
  direction: 'in' | 'out';
  amount: number;
  account: string;
  methods: number[];
  source_kind: string;
  entry_id: string;
};

/**
 * `advanced-accounting/post-payments` (issue 25): the money the books posted, one row per money line,
 * in and out; by period, method and direction; the totals per account equal to the accounts' movements.
 */
describe('the posted payments over HTTP (issue 25)', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 120_000);
  afterAll(async () => t?.close());

  const get = async (path: string, query: Record<string, string> = {}, token = owner) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  const period = { from: '2026-01-01', to: '2026-12-31' };

  it('lists the money taken and paid out with its account, document and entry; totals per method', async () => {
    const all = await get('advanced-accounting/post-payments', {
      filter: JSON.stringify(period),
      range: '[0,4999]',
    });
    expect(all.status).toBe(200);
    const rows = all.body as Row[];
    expect(Number(all.headers['content-range'].split('/')[1])).toBe(rows.length);
    const kinds = new Set(rows.map((r) => r.source_kind));
    for (const kind of ['invoice', 'expense_payment', 'payroll_payment']) expect(kinds).toContain(kind);
    expect(rows.some((r) => r.direction === 'out')).toBe(true);
    expect(rows.every((r) => r.amount > 0 && r.entry_id.startsWith(`${r.source_kind}:`))).toBe(true);
    const cash = accountCode('cash');
    expect(rows.find((r) => r.account === cash)?.methods).toEqual([1]);

    const totals = (await get('advanced-accounting/post-payments/totals', { filter: JSON.stringify(period) }))
      .body as {
      rows: Array<{ account: string; received: number; paid: number; net: number }>;
      totals: { received: number; paid: number; net: number };
    };
    const sum = (d: 'in' | 'out') => rows.filter((r) => r.direction === d).reduce((s, r) => s + r.amount, 0);
    expect(totals.totals).toEqual({ received: sum('in'), paid: sum('out'), net: sum('in') - sum('out') });

    // by method (cash) and direction (out): only those
    const cashOut = (
      await get('advanced-accounting/post-payments', {
        filter: JSON.stringify({ ...period, method: 1, direction: 'out' }),
        range: '[0,4999]',
      })
    ).body as Row[];
    expect(cashOut.length).toBeGreaterThan(0);
    expect(cashOut.every((r) => r.account === cash && r.direction === 'out')).toBe(true);
    expect(cashOut.reduce((s, r) => s + r.amount, 0)).toBe(totals.rows.find((r) => r.account === cash)!.paid);
  });

  it('refuses bad filters naming them, and is read with the books’ permission only', async () => {
    for (const [filter, field] of [
      [{ method: 99 }, 'method'],
      [{ direction: 'sideways' }, 'direction'],
      [{ from: '2026-12-01', to: '2026-11-01' }, 'to'],
    ] as const) {
      const res = await get('advanced-accounting/post-payments', { filter: JSON.stringify(filter) });
      expect([field, res.status, Object.keys(res.body.errors)]).toEqual([field, 422, [field]]);
      const totals = await get('advanced-accounting/post-payments/totals', {
        filter: JSON.stringify(filter),
      });
      expect([field, totals.status]).toEqual([field, 422]);
    }
    const reception = await t.signIn(RECEPTION);
    expect((await get('advanced-accounting/post-payments', {}, reception)).status).toBe(403);
    expect((await get('advanced-accounting/post-payments/totals', {}, reception)).status).toBe(403);
  });
});
