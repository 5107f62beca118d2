import { accountCode } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

const ACCOUNTANT = { accountId: 1, username: 'accountant', password: 'Demo@12345' };

type Account = { id: string; key?: string; balance: number; group: boolean };

/**
 * The books over HTTP (issue 25): the demo salon's weeks of sales posted to a balanced ledger, every
 * control account equal to what its documents leave (receivables, gift cards, wallets), the statements
 * as of a date and as known at an instant, who may read them, and bad input named.
 */
describe('the books over HTTP (issue 25)', () => {
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
  const chart = async (): Promise<Account[]> =>
    ok('advanced-accounting/chart-of-accounts', { range: '[0,999]' });
  const balance = (accounts: Account[], key: string) => accounts.find((a) => a.key === key)?.balance ?? 0;

  it('posts the demo’s sales to balanced books: the trial balance and the balance sheet agree to the minor unit', async () => {
    const trial = await ok('advanced-accounting/trial-balance');
    expect(trial.rows.length).toBeGreaterThan(5);
    expect(trial.totals.debit).toBeGreaterThan(0);
    expect(trial.totals.difference).toBe(0);
    const sheet = await ok('advanced-accounting/balance-sheet');
    expect(sheet.totals.difference).toBe(0);
    expect(sheet.totals.assets).toBe(sheet.totals.liabilities_and_equity);
    // the year's profit and loss ends in the sheet's earnings (nothing was closed yet)
    const pl = await ok('advanced-accounting/profit-and-loss', { from: '2026-01-01', to: trial.as_of });
    expect(pl.totals.net_profit).toBe(sheet.totals.earnings);
    expect(pl.totals.income).toBeGreaterThan(0);
  });

  it('keeps each control account equal to what its documents leave: receivables, gift cards, wallets', async () => {
    const accounts = await chart();
    const receivables = (await ok('receivables', {
      filter: JSON.stringify({ owed: true }),
      range: '[0,999]',
    })) as Array<{
      owed: number;
    }>;
    expect(balance(accounts, 'unpaid_invoices')).toBe(receivables.reduce((s, r) => s + r.owed, 0));
    const cards = (await ok('gift-cards', { range: '[0,999]' })) as Array<{ remaining: number }>;
    expect(balance(accounts, 'active_gift_cards')).toBe(cards.reduce((s, c) => s + c.remaining, 0));
    const customers = (await ok('customers', { range: '[0,999]' })) as Array<{ wallet_balance?: number }>;
    expect(balance(accounts, 'customer_wallets')).toBe(
      customers.reduce((s, c) => s + (c.wallet_balance ?? 0), 0),
    );
    // a group adds up the accounts under it
    const banks = accounts.find((a) => a.id === '11')!;
    expect(banks.group).toBe(true);
    expect(banks.balance).toBe(
      accounts.filter((a) => !a.group && a.id.startsWith('11')).reduce((s, a) => s + a.balance, 0),
    );
  });

  it('traces every entry to its document: the journal by invoice, an account’s ledger with running balances', async () => {
    const invoices = (await ok('invoices', { range: '[0,0]', sort: '["number","DESC"]' })) as Array<{
      id: string;
      number: number;
      total: number;
    }>;
    const invoice = invoices[0];
    const entries = await ok('advanced-accounting/journal-entries', {
      filter: JSON.stringify({ invoice_id: invoice.id, source_kind: 'invoice' }),
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: `invoice:${invoice.id}`, source_number: invoice.number });
    const one = await ok(`advanced-accounting/journal-entries/${encodeURIComponent(entries[0].id)}`);
    const debits = one.lines.reduce((s: number, l: { debit: number }) => s + l.debit, 0);
    const credits = one.lines.reduce((s: number, l: { credit: number }) => s + l.credit, 0);
    expect(debits).toBe(credits);
    expect(debits).toBeGreaterThanOrEqual(invoice.total);

    const cash = accountCode('cash');
    const ledger = await ok('advanced-accounting/general-ledger', { account: cash, from: '2026-01-01' });
    let running = ledger.opening;
    for (const row of ledger.rows) {
      running += row.debit - row.credit;
      expect(row.balance).toBe(running);
    }
    expect(ledger.totals.closing).toBe(running);
    const accounts = await chart();
    expect(ledger.totals.closing).toBe(balance(accounts, 'cash'));
  });

  it('reads the books as they stood at an instant: nothing before the first sale, a new sale only once recorded', async () => {
    const before = await ok('advanced-accounting/trial-balance', { known_at: '2020-01-01T00:00:00Z' });
    expect(before.rows).toEqual([]);
    expect(before.known_at).toBe('2020-01-01T00:00:00.000Z');
    const instant = new Date().toISOString();
    const thenCash = balance(await chart(), 'cash');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const post = async (path: string, body: object) => {
      const res = await t.http.post(`/api/merchant/${path}`).set(bearer(owner)).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const group = await post('service-groups', { name_en: 'Books test', name_ar: 'اختبار الدفاتر' });
    const service = await post('services', {
      name_en: 'Ledger trim',
      name_ar: 'قص الدفاتر',
      group_id: group.id,
      price: '100.00',
      job_time: '30',
    });
    // 100.00 and 15 % VAT, paid in cash
    const sold = await post('invoices', {
      lines: [{ kind: 'service', item_id: service.id }],
      payments: [{ method: 1, amount: '115.00' }],
    });
    expect(sold.total).toBeGreaterThan(0);
    const now = await ok('advanced-accounting/trial-balance');
    const then = await ok('advanced-accounting/trial-balance', { known_at: instant });
    const cashOf = (tb: { rows: Array<{ code: string; debit: number; credit: number }> }) => {
      const row = tb.rows.find((r) => r.code === accountCode('cash'));
      return (row?.debit ?? 0) - (row?.credit ?? 0);
    };
    expect(cashOf(then)).toBe(thenCash);
    expect(cashOf(now) - cashOf(then)).toBe(sold.paid);
    expect(then.totals.difference).toBe(0);
  });

  it('lets the accountant read the books and not the receptionist', async () => {
    const accountant = await t.signIn(ACCOUNTANT);
    expect((await get('advanced-accounting/trial-balance', {}, accountant)).status).toBe(200);
    const reception = await t.signIn(RECEPTION);
    for (const path of [
      'trial-balance',
      'balance-sheet',
      'profit-and-loss',
      'chart-of-accounts',
      'journal-entries',
    ])
      expect([path, (await get(`advanced-accounting/${path}`, {}, reception)).status]).toEqual([path, 403]);
  });

  it('refuses bad input with the field named', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['trial-balance', { as_of: '2026-13-01' }, 'as_of'],
      ['balance-sheet', { known_at: 'yesterday' }, 'known_at'],
      ['profit-and-loss', { from: '2026-05-01', to: '2026-04-01' }, 'to'],
      ['profit-and-loss', { from: '2024-01-01', to: '2026-01-01' }, 'to'],
      ['general-ledger', {}, 'account'],
      ['general-ledger', { account: '11' }, 'account'],
      ['general-ledger', { account: '9999' }, 'account'],
      ['journal-entries', { filter: JSON.stringify({ source_kind: 'bribe' }) }, 'source_kind'],
      ['journal-entries', { filter: JSON.stringify({ account: 'x' }) }, 'account'],
    ];
    for (const [path, query, field] of cases) {
      const res = await get(`advanced-accounting/${path}`, query);
      expect([path, query, res.status, Object.keys(res.body.errors ?? {})]).toEqual([
        path,
        query,
        422,
        [field],
      ]);
    }
    expect((await get('advanced-accounting/journal-entries/invoice:nothing')).status).toBe(404);
    expect((await get('advanced-accounting/chart-of-accounts/0000')).status).toBe(404);
  });

  describe('general journals', () => {
    const post = async (body: object, token = owner, key?: string) =>
      t.http
        .post('/api/merchant/advanced-accounting/general-journals')
        .set({ ...bearer(token), ...(key && { 'Idempotency-Key': key }) })
        .send(body);
    const rent = {
      date: '2026-11-20',
      memo: 'November rent',
      lines: [
        { account: accountCode('rent'), debit: '5000.00' },
        { account: accountCode('transfer'), credit: '5000.00' },
      ],
    };

    it('posts a balanced journal (numbered, once for a retry with its key) into the books; reversing it turns it round', async () => {
      const before = balance(await chart(), 'rent');
      const first = await post(rent, owner, 'journal-rent-1');
      expect(first.status).toBe(201);
      const again = await post(rent, owner, 'journal-rent-1');
      expect(again.body).toEqual(first.body);
      expect(first.body).toMatchObject({ number: expect.any(Number), total: 500000, date: '2026-11-20' });
      expect(balance(await chart(), 'rent') - before).toBe(500000);
      const listed = await ok('advanced-accounting/general-journals');
      expect(listed.filter((j: { id: string }) => j.id === first.body.id)).toHaveLength(1);
      expect((await ok('advanced-accounting/trial-balance')).totals.difference).toBe(0);

      const reverse = (body: object) =>
        t.http
          .post(`/api/merchant/advanced-accounting/general-journals/${first.body.id}/reverse`)
          .set(bearer(owner))
          .send(body);
      const early = await reverse({ date: '2026-11-19', reason: 'Wrong' });
      expect([early.status, early.body.errors]).toEqual([
        422,
        { date: 'accounting.reversal_before_journal' },
      ]);
      expect((await reverse({ date: '2026-11-21', reason: 'Paid by the landlord’s agent' })).status).toBe(
        200,
      );
      expect(balance(await chart(), 'rent')).toBe(before);
      expect(await ok(`advanced-accounting/general-journals/${first.body.id}`)).toMatchObject({
        status: 'reversed',
        reversal: { date: '2026-11-21' },
      });
      expect((await reverse({ date: '2026-11-22', reason: 'Again' })).status).toBe(409);
    });

    it('refuses an unbalanced journal naming the difference, and bad lines naming their field, writing nothing', async () => {
      const events = await t.eventCount();
      const unbalanced = await post({
        ...rent,
        lines: [rent.lines[0], { ...rent.lines[1], credit: '4987.50' }],
      });
      expect(unbalanced.status).toBe(422);
      expect(unbalanced.body).toMatchObject({
        message: 'accounting.journal_unbalanced',
        errors: { lines: 'accounting.journal_unbalanced' },
        params: { difference: 'SAR 12.50' },
      });
      const cases: Array<[object, string]> = [
        [{ ...rent, lines: [rent.lines[0]] }, 'lines'],
        [{ ...rent, date: '2026-02-30' }, 'date'],
        [{ ...rent, lines: [{ account: '11', debit: '1.00' }, rent.lines[1]] }, 'lines.0.account'],
        [
          { ...rent, lines: [{ account: '6102', debit: '1.00', credit: '1.00' }, rent.lines[1]] },
          'lines.0.debit',
        ],
        [{ ...rent, lines: [{ account: '6102' }, rent.lines[1]] }, 'lines.0.debit'],
        [{ ...rent, lines: [{ account: '6102', debit: '1.001' }, rent.lines[1]] }, 'lines.0.debit'],
        [{ ...rent, memo: 'x'.repeat(501) }, 'memo'],
      ];
      for (const [body, field] of cases) {
        const res = await post(body);
        expect([field, res.status, Object.keys(res.body.errors ?? {})]).toEqual([field, 422, [field]]);
      }
      expect(await t.eventCount()).toBe(events);
    });

    it('lets the accountant post a journal and not the receptionist', async () => {
      expect((await post(rent, await t.signIn(ACCOUNTANT))).status).toBe(201);
      expect((await post(rent, await t.signIn(RECEPTION))).status).toBe(403);
    });
  });
});
