import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

const ACCOUNTANT = { accountId: 1, username: 'accountant', password: 'Demo@12345' };

type Expected = {
  id: string;
  name: string;
  status: number;
  due_date: string;
  recurrence: string;
  amount: number;
  moves: Array<{ expense_id: string; due_date: string }>;
};

/**
 * Expected expenses over HTTP (issue 25): planned (once or every month, quarter, year), pending until
 * moved to the expenses: the real expense recorded from it and the expected one moved in one unit; a
 * recurring one then waits for its next due date, a one-off is moved for good.
 */
describe('expected expenses over HTTP (issue 25)', () => {
  let t: TestApp;
  let owner: string;
  let types: Array<{ id: string; name_en: string }>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    types = (await get('expense-types')).body;
  }, 120_000);
  afterAll(async () => t?.close());

  const get = async (path: string, query: Record<string, string> = {}, token = owner) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  const post = (path: string, body: object, token = owner) =>
    t.http.post(`/api/merchant/${path}`).set(bearer(token)).send(body);

  it('has the demo’s rent and electricity coming, by due date, each every month', async () => {
    const list = (await get('expected-expenses')).body as Expected[];
    expect(list.map((e) => [e.name, e.status, e.recurrence])).toEqual([
      ['Shop rent', 1, 'monthly'],
      ['Electricity bill', 1, 'monthly'],
    ]);
    expect(list[0].due_date < list[1].due_date).toBe(true);
  });

  it('moves a recurring expense to the expenses: the real expense owed, the next one due a month later', async () => {
    const [rent] = (await get('expected-expenses')).body as Expected[];
    const expensesBefore = ((await get('expenses')).body as unknown[]).length;
    const moved = await post(`expected-expenses/${rent.id}/move`, { supplier_invoice_number: 'R-2026-12' });
    expect(moved.status).toBe(201);
    expect(moved.body.expense).toMatchObject({
      total: 300000,
      owed: 300000,
      supplier_invoice_number: 'R-2026-12',
    });
    const after = (await get(`expected-expenses/${rent.id}`)).body as Expected;
    const next = new Date(`${rent.due_date}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(after).toMatchObject({ status: 1, due_date: next.toISOString().slice(0, 10) });
    expect(after.moves).toEqual([
      expect.objectContaining({ expense_id: moved.body.expense.id, due_date: rent.due_date }),
    ]);
    expect(((await get('expenses')).body as unknown[]).length).toBe(expensesBefore + 1);
    expect((await get('advanced-accounting/trial-balance')).body.totals.difference).toBe(0);
  });

  it('plans a one-off, moves it paid, and refuses to move or change it again', async () => {
    const supplies = types.find((x) => x.name_en === 'Salon supplies')!;
    const planned = await post('expected-expenses', {
      name: 'New hair dryer',
      vendor_name: 'Extra Stores',
      expense_type_id: supplies.id,
      amount: '420.00',
      vat_type: 2,
      due_date: '2026-12-20',
    });
    expect(planned.status).toBe(201);
    expect(planned.body).toMatchObject({ recurrence: 'once', amount: 42000, vendor_name: 'Extra Stores' });
    const moved = await post(`expected-expenses/${planned.body.id}/move`, {
      payments: [{ method: 1, amount: '420.00' }],
    });
    expect(moved.status).toBe(201);
    expect(moved.body.expense).toMatchObject({ total: 42000, paid: 42000, owed: 0 });
    expect(moved.body.moved.next_due_date).toBeNull();
    expect((await get(`expected-expenses/${planned.body.id}`)).body.status).toBe(2);
    const before = await t.eventCount();
    const again = await post(`expected-expenses/${planned.body.id}/move`, {});
    expect([again.status, again.body.message]).toEqual([409, 'accounting.expected_expense_moved']);
    const change = await t.http
      .put(`/api/merchant/expected-expenses/${planned.body.id}`)
      .set(bearer(owner))
      .send({
        name: 'x',
        vendor_name: 'y',
        expense_type_id: supplies.id,
        amount: '1.00',
        due_date: '2026-12-21',
      });
    expect(change.status).toBe(409);
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses bad input naming the field, an over-paid move with nothing written, and the receptionist', async () => {
    const rent = types.find((x) => x.name_en === 'Rent')!;
    const reception = await t.signIn(RECEPTION);
    const accountant = await t.signIn(ACCOUNTANT);
    const good = {
      name: 'Insurance',
      vendor_name: 'Tawuniya',
      expense_type_id: rent.id,
      amount: '900.00',
      due_date: '2027-01-10',
    };
    const before = await t.eventCount();
    for (const [body, field] of [
      [{ ...good, name: '' }, 'name'],
      [{ ...good, amount: 'abc' }, 'amount'],
      [{ ...good, due_date: '10/01/2027' }, 'due_date'],
      [{ ...good, recurrence: 'weekly' }, 'recurrence'],
      [{ ...good, expense_type_id: '0193a000-0000-7000-8000-0000000000ff' }, 'expense_type_id'],
      [{ ...good, vendor_name: '' }, 'vendor_name'],
      [{ ...good, vendor_name: undefined, supplier_id: 'nope' }, 'supplier_id'],
    ] as const) {
      const res = await post('expected-expenses', body);
      expect([field, res.status, Object.keys(res.body.errors ?? {})]).toEqual([field, 422, [field]]);
    }
    expect((await post('expected-expenses', good, reception)).status).toBe(403);
    expect(await t.eventCount()).toBe(before);
    const planned = await post('expected-expenses', { ...good, recurrence: 'yearly' }, accountant);
    expect(planned.status).toBe(201);
    const afterPlan = await t.eventCount();
    // paying more than the expense comes to: neither the expense nor the move is written
    const over = await post(
      `expected-expenses/${planned.body.id}/move`,
      { payments: [{ method: 1, amount: '900.01' }] },
      accountant,
    );
    expect(over.status).toBe(422);
    expect(await t.eventCount()).toBe(afterPlan);
    expect((await get(`expected-expenses/${planned.body.id}`)).body.moves).toEqual([]);
    expect((await get('expected-expenses/not-an-id')).status).toBe(404);
  });
});
