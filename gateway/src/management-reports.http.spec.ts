import { PaymentMethod, Permission } from '@rawnaq/contracts';
import { bearer, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon (UAE, 5 % VAT): no sales of its own, so every figure is ours. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

type Line = { line_id: string; employee_id: string | null; quantity: number; net: number; kind: string };
type Invoice = { id: string; number: number; unique_id: string; lines: Line[] };
type Figures = { lines: number; quantity: number; sales: number; returned: number; net_sales: number };

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

describe('the management reports and cashier pages of issue 11 over HTTP', () => {
  let t: TestApp;
  let uae: string;
  let today: string;
  const ids: Record<string, string> = {};
  const invoices: Invoice[] = [];

  const get = async (path: string, query: Record<string, string> = {}, token = uae) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  const post = async (path: string, body: object) => {
    const res = await t.http.post(`/api/merchant/${path}`).set(bearer(uae)).send(body);
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    uae = await t.signIn(UAE_OWNER);
    ids.amal = (await post('employees', { name_en: 'Amal', name_ar: 'أمل', commission_percentage: '10' })).id;
    ids.badr = (await post('employees', { name_en: 'Badr', name_ar: 'بدر' })).id;
    const group = (await post('service-groups', { name_en: 'Nails', name_ar: 'الأظافر' })).id;
    const service = (name: string, price: string) =>
      post('services', { name_en: name, name_ar: `${name} ع`, group_id: group, price, job_time: '30' });
    ids.gel = (await service('Gel manicure', '120.00')).id;
    ids.polish = (await service('Polish', '45.50')).id;
    ids.oil = (
      await post('products', {
        name_en: 'Cuticle oil',
        name_ar: 'زيت الأظافر',
        price: '33.33',
        initial_quantity: 10,
        warning_level: 1,
      })
    ).id;
    ids.huda = (
      await post('customers', { name: 'Huda', mobile: '+971501234567', preferred_language: 'ar' })
    ).id;
    ids.mona = (await post('customers', { name: 'Mona', mobile: '+971501234568' })).id;
    // A (Huda): gel by Amal, polish by Badr, 2 oils by Badr
    invoices.push(
      await post('invoices', {
        customer_id: ids.huda,
        lines: [
          { kind: 'service', item_id: ids.gel, employee_id: ids.amal },
          { kind: 'service', item_id: ids.polish, employee_id: ids.badr },
          { kind: 'product', item_id: ids.oil, quantity: 2, employee_id: ids.badr },
        ],
        payments: [{ method: PaymentMethod.cash, amount: '243.77' }],
      }),
    );
    // B (Mona): polish by Amal, and a line done by no one
    invoices.push(
      await post('invoices', {
        customer_id: ids.mona,
        lines: [
          { kind: 'service', item_id: ids.polish, employee_id: ids.amal },
          { kind: 'service', item_id: ids.gel },
        ],
        payments: [{ method: PaymentMethod.cash, amount: '173.78' }],
      }),
    );
    // one bottle of oil back on A
    await post(`invoices/${invoices[0].id}/credit-notes`, {
      reason: 'Returned unopened',
      lines: [{ line_id: invoices[0].lines[2].line_id, quantity: 1 }],
      payments: [{ method: PaymentMethod.cash, amount: '35.00' }],
    });
    // the salon's business date, as the invoices were issued
    today = (await get(`invoices/${invoices[0].id}`)).body.business_date;
  }, 90_000);
  afterAll(async () => t?.close());

  describe('reports/acitivities-report and its summary', () => {
    it("lists every line an employee did, with totals that add up to the invoices' lines less the credit note", async () => {
      const res = await get('reports/acitivities-report', { from: today, to: today });
      expect(res.status).toBe(200);
      const done = invoices.flatMap((i) =>
        i.lines.filter((l) => l.employee_id).map((l) => ({ ...l, invoice: i })),
      );
      expect(res.body.rows).toHaveLength(done.length);
      expect(
        res.body.rows.map((r: { invoice_number: number; net: number }) => [r.invoice_number, r.net]),
      ).toEqual(done.map((l) => [l.invoice.number, l.net]));
      const oil = res.body.rows.find((r: { kind: string }) => r.kind === 'product');
      expect(oil).toMatchObject({
        employee_name_en: 'Badr',
        quantity: 2,
        returned_quantity: 1,
        customer_name: 'Huda',
      });
      const sold = sum(done, (l) => l.net);
      expect(res.body.totals).toMatchObject({
        lines: done.length,
        sales: sold,
        returned: oil.returned,
        net_sales: sold - oil.returned,
      });
      expect(sum(res.body.rows, (r: { net_sales: number }) => r.net_sales)).toBe(res.body.totals.net_sales);
      // per day: today's totals are the period's
      expect(res.body.days).toEqual([{ date: today, ...res.body.totals }]);
    });

    it('filters by employee and by kind', async () => {
      const amal = await get('reports/acitivities-report', { from: today, to: today, employee_id: ids.amal });
      expect(amal.body.rows.map((r: { employee_id: string }) => r.employee_id)).toEqual([ids.amal, ids.amal]);
      expect(amal.body.totals.lines).toBe(2);
      // the filter's choices stay every employee of the period
      expect(amal.body.employee_choices).toEqual([
        { id: ids.amal, name_en: 'Amal', name_ar: 'أمل' },
        { id: ids.badr, name_en: 'Badr', name_ar: 'بدر' },
      ]);
      const products = await get('reports/acitivities-report', { from: today, to: today, kind: 'product' });
      expect(products.body.rows).toHaveLength(1);
      expect(products.body.totals).toMatchObject({
        lines: 1,
        quantity: 2,
        returned_quantity: 1,
        net_quantity: 1,
      });
    });

    it("sums per employee and service or product, each employee's subtotal and the period's total", async () => {
      const res = await get('reports/activities-report-summary', { from: today, to: today });
      expect(res.status).toBe(200);
      const rows = res.body.rows as Array<
        Figures & { employee_id: string; item_id: string; name_en: string }
      >;
      const polishByAmal = rows.find((r) => r.employee_id === ids.amal && r.item_id === ids.polish);
      expect(polishByAmal).toMatchObject({
        name_en: 'Polish',
        employee_name_en: 'Amal',
        lines: 1,
        quantity: 1,
      });
      expect(rows.map((r) => r.employee_id)).toEqual([ids.amal, ids.amal, ids.badr, ids.badr]);
      const detail = await get('reports/acitivities-report', { from: today, to: today });
      expect(res.body.totals).toEqual(detail.body.totals);
      expect(sum(res.body.employees, (e: Figures) => e.net_sales)).toBe(res.body.totals.net_sales);
      const badr = res.body.employees.find((e: { employee_id: string }) => e.employee_id === ids.badr);
      expect(badr.net_sales).toBe(
        sum(
          rows.filter((r) => r.employee_id === ids.badr),
          (r) => r.net_sales,
        ),
      );
    });

    it('refuses a period reversed or too long, and a kind it does not know, naming the field', async () => {
      const reversed = await get('reports/acitivities-report', { from: today, to: '2020-01-01' });
      expect(reversed.status).toBe(422);
      expect(reversed.body.errors).toEqual({ to: 'sales.period_reversed' });
      const long = await get('reports/activities-report-summary', { from: '2020-01-01', to: '2026-01-01' });
      expect(long.body.errors).toEqual({ to: 'sales.period_too_long' });
      const kind = await get('reports/activities-report-summary', { kind: 'gift' });
      expect(kind.status).toBe(422);
      expect(kind.body.errors).toEqual({ kind: 'errors.invalid_input' });
    });
  });

  describe('reports/most-used-products', () => {
    it('ranks the products the salon used itself by quantity or by cost, with their totals', async () => {
      ids.acetone = (
        await post('products', { name_en: 'Acetone', name_ar: 'أسيتون', price: '10.00', initial_quantity: 0 })
      ).id;
      const stock = (id: string, body: object) => post(`products/${id}/stock`, body);
      // acetone is cheap and used much; oil dear and used little
      await stock(ids.acetone, { operation: 'add_quantity', quantity: 20, unit_cost: '0.50' });
      await stock(ids.acetone, { operation: 'internal_use', quantity: 4 });
      await stock(ids.acetone, { operation: 'internal_use', quantity: 2 });
      await stock(ids.oil, { operation: 'add_quantity', quantity: 2, unit_cost: '40.00' });
      await stock(ids.oil, { operation: 'internal_use', quantity: 1 });
      // a sale is not internal use
      const res = await get('reports/most-used-products', { from: today, to: today });
      expect(res.status).toBe(200);
      expect(
        res.body.rows.map((r: { name_en: string; quantity: number; times: number }) => [
          r.name_en,
          r.quantity,
          r.times,
        ]),
      ).toEqual([
        ['Acetone', 6, 2],
        ['Cuticle oil', 1, 1],
      ]);
      expect(res.body.rows[0]).toMatchObject({ rank: 1, cost: 300 });
      const byCost = await get('reports/most-used-products', { from: today, to: today, sort: 'cost' });
      const costs = byCost.body.rows.map((r: { cost: number }) => r.cost);
      expect(costs).toEqual([...costs].sort((a: number, b: number) => b - a));
      expect(byCost.body.rows[0].name_en).toBe('Cuticle oil');
      expect(byCost.body.totals).toEqual({ products: 2, times: 3, quantity: 7, cost: 300 + costs[0] });
      const bad = await get('reports/most-used-products', { sort: 'price' });
      expect(bad.body.errors).toEqual({ sort: 'errors.invalid_input' });
    });
  });

  describe('reports/historical-data-for-customers-types', () => {
    it('counts the customers of each type at the end of each month, this month up to today', async () => {
      const month = today.slice(0, 7);
      const res = await get('reports/historical-data-for-customers-types', { from: month, to: month });
      expect(res.status).toBe(200);
      const customers = await get('customers', { range: '[0,999]' });
      const count = (type: string) => customers.body.filter((c: { type: string }) => c.type === type).length;
      expect(res.body.rows).toEqual([
        {
          month,
          as_of: today,
          new: count('new'),
          frequent: count('frequent'),
          missed: count('missed'),
          total: customers.body.length,
        },
      ]);
      expect(res.body.rows[0].new).toBeGreaterThanOrEqual(2);
      // twelve months by default, the last one this month
      const year = await get('reports/historical-data-for-customers-types');
      expect(year.body.rows).toHaveLength(12);
      expect(year.body.rows[11].month).toBe(month);
      const bad = await get('reports/historical-data-for-customers-types', { from: '2026-13' });
      expect(bad.body.errors).toEqual({ from: 'sales.should_be_a_month' });
      const long = await get('reports/historical-data-for-customers-types', {
        from: '2020-01',
        to: '2026-01',
      });
      expect(long.body.errors).toEqual({ to: 'sales.period_too_many_months' });
    });
  });

  describe('customers-penalties', () => {
    it('adds a penalty of type 2 by hand and lists it with its customer, filtered by type and date', async () => {
      const missing = await t.http
        .post(`/api/merchant/customers/${ids.mona}/penalties`)
        .set(bearer(uae))
        .send({});
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ notes: 'validation.is_required' });
      const res = await t.http
        .post(`/api/merchant/customers/${ids.mona}/penalties`)
        .set(bearer(uae))
        .send({ notes: 'Left without paying for a drink' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ penalty_type: 2, notes: 'Left without paying for a drink' });
      const list = await get('customers-penalties', {
        filter: JSON.stringify({ penalty_type: 2, from: today, to: today }),
      });
      expect(list.status).toBe(200);
      expect(list.headers['content-range']).toBe('customers-penalties 0-0/1');
      expect(list.body[0]).toMatchObject({
        customer_id: ids.mona,
        customer_name: 'Mona',
        penalty_type: 2,
        appointment: null,
        notes: 'Left without paying for a drink',
      });
      const card = await get(`customers/${ids.mona}`);
      expect(card.body.penalties).toBe(1);
      const noShows = await get('customers-penalties', { filter: JSON.stringify({ penalty_type: 1 }) });
      expect(noShows.body).toEqual([]);
      const before = await get('customers-penalties', { filter: JSON.stringify({ to: '2020-01-01' }) });
      expect(before.body).toEqual([]);
      const bad = await get('customers-penalties', { filter: JSON.stringify({ penalty_type: 7 }) });
      expect(bad.body.errors).toEqual({ penalty_type: 'errors.invalid_input' });
      const unknown = await t.http
        .post('/api/merchant/customers/00000000-0000-7000-8000-000000000000/penalties')
        .set(bearer(uae))
        .send({ notes: 'x' });
      expect(unknown.status).toBe(404);
    });

    it('keeps adding a penalty to who may change customers (22) and the list to who may see them (20)', async () => {
      const role = await post('roles', { name: 'desk viewer', permissions: [Permission.viewCustomers] });
      const employee = await post('employees', { name_en: 'Dana', name_ar: 'دانة' });
      await post(`employees/${employee.id}/login`, {
        username: 'dana-penalties',
        email: 'dana-penalties@other.example',
        password: 'Dana12345',
        role_id: role.id,
      });
      const viewer = await t.signIn({ accountId: 2, username: 'dana-penalties', password: 'Dana12345' });
      const refused = await t.http
        .post(`/api/merchant/customers/${ids.mona}/penalties`)
        .set(bearer(viewer))
        .send({ notes: 'No right' });
      expect(refused.status).toBe(403);
      expect((await get('customers-penalties', {}, viewer)).status).toBe(200);
      expect((await get('reports/acitivities-report', {}, viewer)).status).toBe(403);
    });
  });

  describe('pos/rate-us-for-issued-invoices', () => {
    it("lists today's invoices of customers not rated yet, with the customer's mobile and language", async () => {
      const res = await get('pos/rate-us-for-issued-invoices');
      expect(res.status).toBe(200);
      expect(res.body.date).toBe(today);
      expect(res.body.rows.map((r: { id: string }) => r.id)).toEqual(invoices.map((i) => i.id));
      expect(res.body.rows[0]).toMatchObject({
        number: invoices[0].number,
        unique_id: invoices[0].unique_id,
        customer_name: 'Huda',
        mobile: '+971501234567',
        preferred_language: 'ar',
      });
      const rated = await t.http.post(`/api/public/e-survey/${invoices[0].unique_id}`).send({ rating: 5 });
      expect(rated.status).toBe(201);
      const after = await get('pos/rate-us-for-issued-invoices');
      expect(after.body.rows.map((r: { id: string }) => r.id)).toEqual([invoices[1].id]);
      expect((await get('pos/rate-us-for-issued-invoices', { date: '2020-01-01' })).body.rows).toEqual([]);
      expect((await get('pos/rate-us-for-issued-invoices', { date: 'today' })).body.errors).toEqual({
        date: 'validation.should_be_a_date',
      });
    });
  });
});
