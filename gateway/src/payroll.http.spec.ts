import { accountCode, lastDayOfMonth } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

const ACCOUNTANT = { accountId: 1, username: 'accountant', password: 'Demo@12345' };

type Payroll = {
  id: string;
  employee_id: string;
  month: string;
  salary: number;
  commission: number;
  total_additions: number;
  total_deductions: number;
  net: number;
  paid: number;
  owed: number;
  status: string;
};
type Entry = {
  source_kind: string;
  source_id: string;
  date: string;
  lines: Array<{ debit: number; credit: number }>;
};

/**
 * The payroll over HTTP (issue 25): a month's run per employee from her salary and the commission the
 * product computed, additions and deductions; once per employee and month; bad input refused naming the
 * field with nothing written; paid in parts never above what is owed; a paid run not changed; each step
 * posted to the books (salaries against salaries payable, then against the money), the books balanced.
 */
describe('the payroll over HTTP (issue 25)', () => {
  let t: TestApp;
  let owner: string;
  let stylists: Array<{ id: string; name_en: string; salary: number }>;
  let today: string;
  let thisMonth: string;
  let lastMonth: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const employees = (await get('employees', { range: '[0,99]' })).body as Array<{
      id: string;
      name_en: string;
      /** the employee's screen reads it as decimal text */
      salary?: string;
    }>;
    stylists = employees
      .filter((e) => e.name_en === 'Noura Al-Qahtani' || e.name_en === 'Reem Abdullah')
      .map((e) => ({ id: e.id, name_en: e.name_en, salary: Math.round(Number(e.salary ?? 0) * 100) }));
    today = (await get('advanced-accounting/trial-balance')).body.as_of as string;
    thisMonth = today.slice(0, 7);
    const [y, m] = thisMonth.split('-').map(Number);
    lastMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  }, 120_000);
  afterAll(async () => t?.close());

  const get = async (path: string, query: Record<string, string> = {}, token = owner) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  const send = (method: 'post' | 'put', path: string, body: object, token = owner, key?: string) =>
    t.http[method](`/api/merchant/${path}`)
      .set({ ...bearer(token), ...(key && { 'Idempotency-Key': key }) })
      .send(body);
  const post = (path: string, body: object, token = owner, key?: string) =>
    send('post', path, body, token, key);
  const balance = async (key: Parameters<typeof accountCode>[0]) => {
    const chart = (await get('advanced-accounting/chart-of-accounts', { range: '[0,999]' })).body as Array<{
      id: string;
      balance: number;
    }>;
    return chart.find((a) => a.id === accountCode(key))!.balance;
  };
  const entriesOf = async (payrollId: string) =>
    ((await get('advanced-accounting/journal-entries', { range: '[0,999]' })).body as Entry[]).filter(
      (e) => e.source_kind.startsWith('payroll') && e.source_id.split('@')[0] === payrollId,
    );

  it('has last month’s payroll for the stylists, their commissions as the report computed them, paid and balanced', async () => {
    expect(stylists).toHaveLength(2);
    const list = await get('accounting/payrolls', { filter: JSON.stringify({ month: lastMonth }) });
    expect(list.headers['content-range']).toMatch(/^payrolls 0-1\/2$/);
    const runs = list.body as Payroll[];
    expect(runs.map((r) => r.employee_id).sort()).toEqual(stylists.map((s) => s.id).sort());
    const report = (
      await get('reports/employees-commissions-report', {
        from: `${lastMonth}-01`,
        to: lastDayOfMonth(lastMonth),
      })
    ).body as { rows: Array<{ employee_id: string; net_commission: number }> };
    for (const run of runs) {
      const stylist = stylists.find((s) => s.id === run.employee_id)!;
      const commission = report.rows.find((r) => r.employee_id === run.employee_id)?.net_commission ?? 0;
      expect(run).toMatchObject({
        salary: stylist.salary,
        commission: Math.max(0, commission),
        status: 'paid',
        owed: 0,
      });
      expect(run.net).toBe(run.salary + run.commission + run.total_additions - run.total_deductions);
      expect(run.total_additions).toBeGreaterThan(0);
      expect(run.total_deductions).toBeGreaterThan(0);
      const entries = await entriesOf(run.id);
      expect(entries.map((e) => [e.source_kind, e.date]).sort()).toEqual([
        ['payroll', lastDayOfMonth(lastMonth)],
        ['payroll_payment', today],
      ]);
    }
    // at least one stylist sold something last month: the demo's payroll shows a commission
    expect(runs.some((r) => r.commission > 0) || !report.rows.length).toBe(true);
    expect(await balance('salaries_payable')).toBe(0);
    expect((await get('advanced-accounting/trial-balance')).body.totals.difference).toBe(0);
  });

  it('suggests a month from the salary on file and the commission computed, and names a month already recorded', async () => {
    const [noura] = stylists;
    const res = await get('accounting/payrolls/suggest', { employee_id: noura.id, month: lastMonth });
    const recorded = (
      (
        await get('accounting/payrolls', {
          filter: JSON.stringify({ month: lastMonth, employee_id: noura.id }),
        })
      ).body as Payroll[]
    )[0];
    expect(res.body).toMatchObject({
      employee_id: noura.id,
      month: lastMonth,
      salary: noura.salary,
      commission: recorded.commission,
      existing_payroll_id: recorded.id,
    });
    const bad = await get('accounting/payrolls/suggest', { employee_id: noura.id, month: '2026-13' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['month']]);
  });

  it('records this month once per employee, refuses bad input naming the field and writes nothing', async () => {
    const [noura] = stylists;
    const events = await t.eventCount();
    const good = {
      employee_id: noura.id,
      month: thisMonth,
      salary: '4500.00',
      commission: '120.50',
      additions: [{ label: 'Bonus', amount: '100.00' }],
      deductions: [{ label: 'Advance', amount: '300.00' }],
    };
    const cases: Array<[object, string]> = [
      [{ ...good, employee_id: undefined }, 'employee_id'],
      [{ ...good, employee_id: '0193a000-0000-7000-8000-000000000000' }, 'employee_id'],
      [{ ...good, month: '2026-13' }, 'month'],
      [{ ...good, month: `${Number(thisMonth.slice(0, 4)) + 1}-01` }, 'month'],
      [{ ...good, salary: '' }, 'salary'],
      [{ ...good, salary: '1.001' }, 'salary'],
      [{ ...good, commission: '-5' }, 'commission'],
      [{ ...good, additions: [{ label: '', amount: '1.00' }] }, 'additions.0.label'],
      [{ ...good, deductions: [{ label: 'Advance', amount: '9000.00' }] }, 'deductions'],
    ];
    for (const [body, field] of cases) {
      const res = await post('accounting/payrolls', body);
      expect([field, res.status, Object.keys(res.body.errors ?? {})]).toEqual([field, 422, [field]]);
    }
    expect(await t.eventCount()).toBe(events);

    const created = await post('accounting/payrolls', good, owner, 'payroll-noura-this-month');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      month: thisMonth,
      // a month still running is posted today
      date: today,
      salary: 450000,
      commission: 12050,
      total_additions: 10000,
      total_deductions: 30000,
      net: 442050,
    });
    // the same request again: the same answer, nothing written twice
    expect((await post('accounting/payrolls', good, owner, 'payroll-noura-this-month')).body).toEqual(
      created.body,
    );
    const dup = await post('accounting/payrolls', good, owner, 'payroll-noura-again');
    expect([dup.status, dup.body.errors]).toEqual([409, { month: 'accounting.duplicate_payroll' }]);
    const read = (await get(`accounting/payrolls/${created.body.id}`)).body as Payroll;
    expect(read).toMatchObject({ status: 'unpaid', paid: 0, owed: 442050 });
  });

  it('pays in parts never above what is owed, changes while owed, refuses changing once paid; the books follow', async () => {
    const [, reem] = stylists;
    const payableBefore = await balance('salaries_payable');
    const salariesBefore = await balance('salaries');
    const created = await post('accounting/payrolls', {
      employee_id: reem.id,
      month: thisMonth,
      salary: '3800.00',
      commission: '0',
      deductions: [{ label: 'Uniform', amount: '80.00' }],
    });
    expect(created.body.net).toBe(372000);
    const id = created.body.id as string;
    const pay = (amount: string, method = 1) =>
      post(`accounting/payrolls/${id}/payments`, { payment: { method, amount } });
    const over = await pay('3720.01');
    expect([over.status, over.body.errors, over.body.params]).toEqual([
      422,
      { 'payment.amount': 'accounting.payment_above_owed' },
      { owed: 'SAR 3,720.00' },
    ]);
    expect((await pay('2000.00')).status).toBe(201);
    expect((await get(`accounting/payrolls/${id}`)).body).toMatchObject({
      status: 'partially_paid',
      owed: 172000,
    });

    const below = await send('put', `accounting/payrolls/${id}`, { salary: '1000.00' });
    expect([below.status, below.body.errors]).toEqual([
      422,
      { deductions: 'accounting.payroll_net_below_paid' },
    ]);
    const changed = await send('put', `accounting/payrolls/${id}`, {
      salary: '3800.00',
      commission: '0',
      additions: [{ label: 'Overtime', amount: '50.00' }],
      deductions: [{ label: 'Uniform', amount: '80.00' }],
    });
    expect([changed.status, changed.body.net]).toEqual([200, 377000]);
    expect((await get(`accounting/payrolls/${id}`)).body).toMatchObject({
      owed: 177000,
      total_additions: 5000,
    });

    expect((await pay('1770.00', 4)).status).toBe(201);
    expect((await get(`accounting/payrolls/${id}`)).body).toMatchObject({
      status: 'paid',
      paid: 377000,
      owed: 0,
    });
    expect((await pay('1.00')).status).toBe(409);
    const locked = await send('put', `accounting/payrolls/${id}`, { salary: '3900.00' });
    expect([locked.status, locked.body.message !== undefined]).toEqual([409, true]);

    const entries = await entriesOf(id);
    expect(entries.map((e) => e.source_kind).sort()).toEqual([
      'payroll',
      'payroll_change',
      'payroll_payment',
      'payroll_payment',
    ]);
    for (const e of entries) {
      const debit = e.lines.reduce((s, l) => s + l.debit, 0);
      expect(debit).toBe(e.lines.reduce((s, l) => s + l.credit, 0));
    }
    expect(entries.find((e) => e.source_kind === 'payroll')!.date).toBe(today);
    expect((await balance('salaries')) - salariesBefore).toBe(377000);
    expect((await balance('salaries_payable')) - payableBefore).toBe(0);
    expect((await get('advanced-accounting/trial-balance')).body.totals.difference).toBe(0);
    const paidList = await get('accounting/payrolls', {
      filter: JSON.stringify({ status: 'paid', month: thisMonth }),
    });
    expect((paidList.body as Payroll[]).map((r) => r.id)).toEqual([id]);
  });

  it('lets the accountant read and record payroll, and not the receptionist', async () => {
    const accountant = await t.signIn(ACCOUNTANT);
    expect((await get('accounting/payrolls', {}, accountant)).status).toBe(200);
    // the employees a run can be for, without the right to open the staff's records
    expect((await get('employees', {}, accountant)).status).toBe(403);
    const employees = (await get('accounting/payrolls/employees', {}, accountant)).body as Array<{
      id: string;
      salary: number;
    }>;
    expect(employees.find((e) => e.id === stylists[0].id)?.salary).toBe(stylists[0].salary);
    const missing = await post('accounting/payrolls', {}, accountant);
    expect(missing.status).toBe(422);
    const reception = await t.signIn(RECEPTION);
    expect((await get('accounting/payrolls', {}, reception)).status).toBe(403);
    expect((await post('accounting/payrolls', {}, reception)).status).toBe(403);
  });
});
