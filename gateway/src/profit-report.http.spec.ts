import { AccountMainType, DEFAULT_CHART } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

type Entry = {
  source_kind: string;
  date: string;
  lines: Array<{ account: string; debit: number; credit: number }>;
};

/** each account's main type: the default chart's, and the salon's own accounts (read from its chart) */
const MAIN_TYPE = new Map<string, number>(DEFAULT_CHART.map((a) => [a.code, a.main_type]));
const PROFIT_TYPES: readonly number[] = [
  AccountMainType.income,
  AccountMainType.costs_of_goods_sold,
  AccountMainType.expenses,
];
/** What the books post that the sales documents, expenses and payroll do not hold. */
const NOT_COVERED = [
  'offer_session',
  'offer_session_returned',
  'gift_card_expired',
  'offer_expired',
  'gift_card',
  'journal',
  'journal_reversed',
  'opening_balances',
];

/**
 * `reports/profit-and-loss` (issue 25), the profit and loss of a salon without the books: income from
 * its sales documents net of VAT, its expenses by type, its payroll; the same profit the books post
 * for the same events, to the minor unit.
 */
describe('the profit and loss without the books over HTTP (issue 25)', () => {
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
  const ok = async (path: string, query: Record<string, string> = {}) => {
    const res = await get(path, query);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  /** What a set of entries adds to the profit (income on its credit side, costs on their debit side). */
  const profitOf = (entries: Entry[]) =>
    entries
      .flatMap((e) => e.lines)
      .filter((l) => PROFIT_TYPES.includes(MAIN_TYPE.get(l.account) ?? 0))
      .reduce((s, l) => s + l.credit - l.debit, 0);

  it('adds up the demo’s sales, expenses and payroll to the profit the books post for the same events', async () => {
    const trial = await ok('advanced-accounting/trial-balance');
    for (const a of (await ok('advanced-accounting/chart-of-accounts', { range: '[0,999]' })) as Array<{
      code: string;
      main_type: number;
    }>)
      MAIN_TYPE.set(a.code, a.main_type);
    const period = { from: '2026-01-01', to: trial.as_of as string };
    const simple = await ok('reports/profit-and-loss', period);
    const books = await ok('advanced-accounting/profit-and-loss', period);
    expect(simple.income.services).toBeGreaterThan(0);
    expect(simple.expenses.rows.length).toBeGreaterThan(0);
    expect(simple.payroll.total).toBeGreaterThan(0);
    expect(simple.totals.net_profit).toBe(
      simple.income.total - simple.costs.total - simple.expenses.total - simple.payroll.total,
    );
    // the products sold and used in the salon, at their average cost
    expect(simple.costs.cost_of_goods).toBeGreaterThan(0);
    expect(simple.costs.materials).toBeGreaterThan(0);
    expect(simple.payroll.total).toBe(
      simple.payroll.salaries +
        simple.payroll.commissions +
        simple.payroll.additions -
        simple.payroll.deductions,
    );
    // the books' entries of what the report does not read: offers' sessions, free gift cards, journals
    const uncovered: Entry[] = [];
    for (const kind of NOT_COVERED)
      uncovered.push(
        ...((await ok('advanced-accounting/journal-entries', {
          filter: JSON.stringify({ source_kind: kind, ...period }),
          range: '[0,4999]',
        })) as Entry[]),
      );
    expect(simple.totals.net_profit).toBe(books.totals.net_profit - profitOf(uncovered));
    // income line by line: sales (before discounts), the discounts, sales returns, debit notes
    const row = (key: string) =>
      (books.rows as Array<{ code: string; amount: number; group: boolean }>).find(
        (r) => !r.group && r.code === DEFAULT_CHART.find((a) => a.key === key)?.code,
      )?.amount ?? 0;
    const sessions = uncovered
      .filter((e) => e.source_kind.startsWith('offer_session'))
      .flatMap((e) => e.lines)
      .filter((l) => l.account === DEFAULT_CHART.find((a) => a.key === 'service_sales')?.code)
      .reduce((s, l) => s + l.credit - l.debit, 0);
    expect(simple.income.services).toBe(row('service_sales') - sessions);
    expect(simple.income.products).toBe(row('product_sales'));
    expect(simple.income.returns).toBe(Math.abs(row('sales_return')));
    expect(simple.income.debit_notes).toBe(row('debit_notes'));
    expect(simple.income.discounts).toBe(Math.abs(row('sales_discounts')));
    // expenses by type: each type's account in the books
    const expenseAccounts = (
      books.rows as Array<{ code: string; amount: number; group: boolean; main_type: number }>
    )
      .filter((r) => !r.group && r.main_type !== AccountMainType.income)
      .filter((r) => r.code !== DEFAULT_CHART.find((a) => a.key === 'salaries')?.code);
    const freeCards = uncovered
      .filter((e) => e.source_kind === 'gift_card')
      .flatMap((e) => e.lines)
      .reduce(
        (s, l) => s + (MAIN_TYPE.get(l.account) === AccountMainType.expenses ? l.debit - l.credit : 0),
        0,
      );
    const journals = uncovered
      .filter((e) => e.source_kind.startsWith('journal') || e.source_kind === 'opening_balances')
      .flatMap((e) => e.lines)
      .filter((l) => MAIN_TYPE.get(l.account) !== AccountMainType.income)
      .reduce(
        (s, l) => s + (PROFIT_TYPES.includes(MAIN_TYPE.get(l.account) ?? 0) ? l.debit - l.credit : 0),
        0,
      );
    // the products' cost: the books' cost of goods sold and stock adjustments, and the salon's own use
    // (posted to the salon materials account, beside the expenses of that type)
    expect(simple.costs.cost_of_goods).toBe(row('cost_of_goods_sold'));
    expect(simple.costs.stock_adjustments).toBe(row('stock_adjustments'));
    expect(simple.expenses.total).toBe(
      expenseAccounts.reduce((s, r) => s + r.amount, 0) - freeCards - journals - simple.costs.total,
    );
  });

  it('compares with the period before, and refuses a bad period naming the field', async () => {
    const res = await ok('reports/profit-and-loss', {
      from: '2026-11-01',
      to: '2026-11-30',
      compare: 'previous',
    });
    expect([res.previous.from, res.previous.to]).toEqual(['2026-10-02', '2026-10-31']);
    expect(res.previous.totals.net_profit).toBe(
      res.previous.income.total - res.previous.expenses.total - res.previous.payroll.total,
    );
    const reversed = await get('reports/profit-and-loss', { from: '2026-11-30', to: '2026-11-01' });
    expect([reversed.status, Object.keys(reversed.body.errors)]).toEqual([422, ['to']]);
    const bad = await get('reports/profit-and-loss', { from: 'yesterday' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['from']]);
    const compare = await get('reports/profit-and-loss', { compare: 'last-year' });
    expect([compare.status, Object.keys(compare.body.errors)]).toEqual([422, ['compare']]);
  });

  it('works for a salon whose books are off, and is read with the sales reports permission', async () => {
    await t.openOtherSalon();
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    const info = await t.http.post('/api/merchant/get_global_informations').set(bearer(other));
    expect(info.body.global_informations.account.advanced_accounting_status ?? 0).toBe(0);
    const empty = await get('reports/profit-and-loss', {}, other);
    expect(empty.status).toBe(200);
    expect(empty.body.totals).toEqual({
      income: 0,
      costs: 0,
      gross_profit: 0,
      expenses: 0,
      payroll: 0,
      net_profit: 0,
    });
    const reception = await t.signIn(RECEPTION);
    const refused = await get('reports/profit-and-loss', {}, reception);
    // the receptionist's role has no "sales reports" (15)
    expect(refused.status).toBe(403);
  });
});
