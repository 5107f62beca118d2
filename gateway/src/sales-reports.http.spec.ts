import { PaymentMethod } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon (UAE, 5 % VAT, no reporting step): no sales of its own, so every figure is ours. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

type Invoice = {
  id: string;
  number: number;
  business_date: string;
  net: number;
  vat: number;
  total: number;
  paid: number;
  owed: number;
  lines: Array<{
    line_id: string;
    kind: string;
    item_id: string;
    employee_id: string | null;
    quantity: number;
    net: number;
  }>;
  payments: Array<{ method: number; amount: number }>;
};

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

describe('the money reports over HTTP (issue 11)', () => {
  let t: TestApp;
  let uae: string;
  let owner: string;
  let today: string;
  const ids: Record<string, string> = {};
  const invoices: Invoice[] = [];
  let note: { net: number; vat: number; total: number; number: number };

  const get = async (path: string, query: Record<string, string> = {}, token = uae) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });

  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    uae = await t.signIn(UAE_OWNER);
    owner = await t.signIn(OWNER);
    const post = async (path: string, body: object) => {
      const res = await t.http.post(`/api/merchant/${path}`).set(bearer(uae)).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    ids.amal = (await post('employees', { name_en: 'Amal', name_ar: 'أمل', commission_percentage: '10' })).id;
    ids.badr = (
      await post('employees', { name_en: 'Badr', name_ar: 'بدر', commission_percentage: '12.5' })
    ).id;
    const group = (await post('service-groups', { name_en: 'Nails', name_ar: 'الأظافر' })).id;
    ids.gel = (
      await post('services', {
        name_en: 'Gel manicure',
        name_ar: 'مانيكير جل',
        group_id: group,
        price: '120.00',
        job_time: '60',
      })
    ).id;
    ids.polish = (
      await post('services', {
        name_en: 'Polish',
        name_ar: 'طلاء',
        group_id: group,
        price: '45.50',
        job_time: '15',
      })
    ).id;
    ids.oil = (
      await post('products', {
        name_en: 'Cuticle oil',
        name_ar: 'زيت الأظافر',
        price: '33.33',
        initial_quantity: 10,
        warning_level: 1,
      })
    ).id;
    // A: 120.00 (Amal) + 3 × 33.33 (Badr) = 219.99, VAT 5 % 11.00: 230.99 in cash
    invoices.push(
      await post('invoices', {
        lines: [
          { kind: 'service', item_id: ids.gel, employee_id: ids.amal },
          { kind: 'product', item_id: ids.oil, quantity: 3, employee_id: ids.badr },
        ],
        payments: [{ method: PaymentMethod.cash, amount: '230.99' }],
      }),
    );
    // B: 45.50 (Badr), VAT 2.28 (2.275 half up): 47.78, split cash 20.00 and card 27.78
    invoices.push(
      await post('invoices', {
        lines: [{ kind: 'service', item_id: ids.polish, employee_id: ids.badr }],
        payments: [
          { method: PaymentMethod.cash, amount: '20.00' },
          { method: PaymentMethod.credit_card, amount: '27.78', authorization_code: 'AUTH1' },
        ],
      }),
    );
    // one bottle of oil back on A: 33.33 + 1.67, refunded in cash
    note = await post(`invoices/${invoices[0].id}/credit-notes`, {
      reason: 'Returned unopened',
      lines: [{ line_id: invoices[0].lines[1].line_id, quantity: 1 }],
      payments: [{ method: PaymentMethod.cash, amount: '35.00' }],
    });
    // the salon's business date, as the invoice was issued
    today = (await get(`invoices/${invoices[0].id}`)).body.business_date;
  }, 90_000);
  afterAll(async () => t?.close());

  it('issued what the reports are checked against', () => {
    expect(invoices.map((i) => [i.net, i.vat, i.total])).toEqual([
      [21999, 1100, 23099],
      [4550, 228, 4778],
    ]);
    expect(note).toMatchObject({ net: 3333, vat: 167, total: 3500 });
  });

  it('dashboard: today and this month add up the invoices, payments by method, top services and employees', async () => {
    const res = await get('dashboard');
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.today).toBe(today);
    for (const period of ['today', 'month'] as const) {
      expect(d.sales[period]).toMatchObject({
        invoices: 2,
        net: sum(invoices, (i) => i.net),
        vat: sum(invoices, (i) => i.vat),
        total: sum(invoices, (i) => i.total),
        paid: sum(invoices, (i) => i.paid),
        owed: 0,
        credit_notes: 1,
        credited: note.total,
      });
      expect(d.payments[period].rows).toEqual([
        { id: '1', method: 1, payments: 2, paid: 25099, refunds: 1, refunded: 3500, net: 21599 },
        { id: '2', method: 2, payments: 1, paid: 2778, refunds: 0, refunded: 0, net: 2778 },
      ]);
      expect(d.payments[period].totals.net).toBe(sum(invoices, (i) => i.paid) - note.total);
    }
    expect(d.days).toEqual([{ date: today, invoices: 2, net: 26549, total: 27877, credited: 3500 }]);
    expect(d.visits.today).toEqual({ visits: 0, checked_in: 0, no_show: 0, cancelled: 0 });
    expect(
      d.top_services.map((s: { name_en: string; net_sales: number }) => [s.name_en, s.net_sales]),
    ).toEqual([
      ['Gel manicure', 12000],
      ['Polish', 4550],
    ]);
    expect(
      d.top_employees.map((e: { name_en: string; net_sales: number }) => [e.name_en, e.net_sales]),
    ).toEqual([
      ['Amal', 12000],
      ['Badr', 9999 + 4550 - 3333],
    ]);
  });

  it("dashboard: visits are the appointment book's, today and this month", async () => {
    const d = (await get('dashboard', {}, owner)).body;
    const book = await get(
      'reports/appointments-summary',
      { filter: JSON.stringify({ date: d.today }) },
      owner,
    );
    expect(d.visits.today.visits).toBe(book.body.visits - book.body.cancelled);
    expect(d.visits.today.checked_in).toBe(book.body.checked_in);
    expect(d.visits.month.visits).toBeGreaterThanOrEqual(d.visits.today.visits);
  });

  it('dashboard/payments-details: by method over a period; an empty period is nothing', async () => {
    const res = await get('dashboard/payments-details', { from: today, to: today });
    expect(res.body.totals).toEqual({ payments: 3, paid: 27877, refunds: 1, refunded: 3500, net: 24377 });
    const before = await get('dashboard/payments-details', { from: '2020-01-01', to: '2020-01-31' });
    expect(before.body).toMatchObject({ rows: [], totals: { paid: 0, net: 0 } });
  });

  it("pos/current-cashier-employee: the signed-in cashier's invoices, payments by method and credit notes", async () => {
    const res = await get('pos/current-cashier-employee');
    expect(res.status).toBe(200);
    expect(res.body.figures).toMatchObject({
      invoices: 2,
      total: 27877,
      paid: 27877,
      credit_notes: 1,
      credited: 3500,
      refunded: 3500,
      by_method: { '1': 25099, '2': 2778 },
      refunds_by_method: { '1': 3500 },
    });
    expect(res.body.invoices.map((i: { number: number }) => i.number)).toEqual(
      invoices.map((i) => i.number).reverse(),
    );
    expect(res.body.credit_notes).toEqual([
      expect.objectContaining({ number: note.number, total: 3500, refunded: 3500 }),
    ]);
    // another cashier's day is her own: the demo salon's owner took none of these
    const other = await get('pos/current-cashier-employee', { date: '2020-01-01' });
    expect(other.body).toMatchObject({ figures: { invoices: 0, total: 0 }, invoices: [], credit_notes: [] });
  });

  it("pos/daily-payments: today's payments by method and each of them, refunds negative", async () => {
    const res = await get('pos/daily-payments');
    expect(res.body.totals).toMatchObject({ paid: 27877, refunded: 3500, net: 24377 });
    expect(sum(res.body.payments as Array<{ amount: number }>, (p) => p.amount)).toBe(res.body.totals.net);
    expect(res.body.payments).toHaveLength(4);
  });

  it('pos/employees-activities: per employee today, services and products, sales and commission at her rate', async () => {
    const res = await get('pos/employees-activities');
    const by = Object.fromEntries(res.body.rows.map((r: { name_en: string }) => [r.name_en, r]));
    // Amal 10 % of 120.00; Badr 12.5 % of 99.99 (12.49875 → 12.50) and of 45.50 (5.6875 → 5.69)
    expect(by.Amal).toMatchObject({ services: 1, sales: 12000, commission: 1200, net_commission: 1200 });
    expect(by.Badr).toMatchObject({
      services: 1,
      products: 3,
      sales: 14549,
      commission: 1250 + 569,
      // the bottle back takes 12.5 % of 33.33 (4.16625 → 4.17) back
      returned: 3333,
      returned_commission: 417,
      net_sales: 11216,
      net_commission: 1402,
    });
    expect(res.body.totals.sales).toBe(sum(invoices, (i) => i.net));
  });

  it('general-summary-per-cashier-employees: one row per cashier, totals equal to the invoices', async () => {
    const res = await get('reports/general-summary-per-cashier-employees', { from: today, to: today });
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(1);
    expect(res.body.rows[0]).toMatchObject({ cashier_name: 'Other Owner', invoices: 2 });
    expect(res.body.totals).toMatchObject({
      invoices: 2,
      net: sum(invoices, (i) => i.net),
      vat: sum(invoices, (i) => i.vat),
      total: sum(invoices, (i) => i.total),
      paid: sum(invoices, (i) => i.paid),
      credited: 3500,
      by_method: { '1': 25099, '2': 2778 },
    });
  });

  it('daily and monthly payments summaries: per day or month, by method, net of refunds', async () => {
    const daily = await get('reports/daily-payments-summary', { from: today, to: today });
    expect(daily.body.rows).toEqual([
      {
        date: today,
        payments: 3,
        paid: 27877,
        refunds: 1,
        refunded: 3500,
        net: 24377,
        by_method: { '1': 25099, '2': 2778 },
        refunds_by_method: { '1': 3500 },
      },
    ]);
    const monthly = await get('reports/monthly-payments-summary', { from: today.slice(0, 7) });
    expect(monthly.body.rows[0]).toMatchObject({ month: today.slice(0, 7), paid: 27877, net: 24377 });
    expect(monthly.body.totals).toMatchObject({
      paid: 27877,
      refunded: 3500,
      by_method: { '1': 25099, '2': 2778 },
    });
  });

  it('vat-report: per category, taxable and VAT of sales minus credit notes', async () => {
    const res = await get('reports/vat-report', { from: today, to: today });
    expect(res.body.rows).toEqual([
      {
        category: 'S',
        rate_bp: 500,
        taxable: sum(invoices, (i) => i.net),
        vat: sum(invoices, (i) => i.vat),
        debited_taxable: 0,
        debited_vat: 0,
        credited_taxable: note.net,
        credited_vat: note.vat,
        net_taxable: sum(invoices, (i) => i.net) - note.net,
        net_vat: sum(invoices, (i) => i.vat) - note.vat,
      },
    ]);
    expect(res.body.totals.net_vat).toBe(1328 - 167);
  });

  it('credit-notes and refunded-invoices: the notes of the period and their totals', async () => {
    const notes = await get('reports/credit-notes', { from: today, to: today });
    expect(notes.body.rows).toEqual([
      expect.objectContaining({ number: note.number, invoice_number: invoices[0].number, total: 3500 }),
    ]);
    expect(notes.body.totals).toEqual({ credit_notes: 1, net: 3333, vat: 167, total: 3500, refunded: 3500 });
    const refunded = await get('reports/refunded-invoices', { from: today, to: today });
    expect(refunded.body.rows).toEqual([
      expect.objectContaining({
        invoice_number: invoices[0].number,
        invoice_total: 23099,
        credited: 3500,
        refunded: 3500,
        credit_notes: 1,
      }),
    ]);
    expect(refunded.body.totals).toEqual({ invoices: 1, credit_notes: 1, credited: 3500, refunded: 3500 });
  });

  it('employees-commissions-report and one employee: commission per line at her percentage, credits taken back', async () => {
    const all = await get('reports/employees-commissions-report', { from: today, to: today });
    expect(all.body.totals).toMatchObject({
      sales: 26549,
      commission: 1200 + 1250 + 569,
      returned: 3333,
      returned_commission: 417,
      net_commission: 2602,
    });
    const badr = await get(`reports/employees-commissions-report/${ids.badr}`, { from: today, to: today });
    expect(badr.status).toBe(200);
    expect(badr.body.employee).toMatchObject({ id: ids.badr, name_en: 'Badr' });
    expect(badr.body.rows).toEqual([
      expect.objectContaining({ date: today, sales: 14549, net_commission: 1402 }),
    ]);
    // another salon's employee is not found here
    const stylists = (await get('employees', { range: '[0,99]' }, owner)).body as Array<{ id: string }>;
    const foreign = await get(`reports/employees-commissions-report/${stylists[0].id}`);
    expect(foreign.status).toBe(404);
    expect((await get('reports/employees-commissions-report/not-an-id')).status).toBe(404);
  });

  it('services-report and most-sold-products: count and sales per item, returns taken off', async () => {
    const services = await get('reports/services-report', { from: today, to: today });
    expect(
      services.body.rows.map((r: { name_en: string; quantity: number; net_sales: number }) => [
        r.name_en,
        r.quantity,
        r.net_sales,
      ]),
    ).toEqual([
      ['Gel manicure', 1, 12000],
      ['Polish', 1, 4550],
    ]);
    const products = await get('reports/most-sold-products', { from: today, to: today });
    expect(products.body.rows).toEqual([
      expect.objectContaining({
        name_en: 'Cuticle oil',
        quantity: 3,
        sales: 9999,
        returned_quantity: 1,
        returned: 3333,
        net_quantity: 2,
        net_sales: 6666,
      }),
    ]);
    // the two reports and the credit note together make the invoices' net
    expect(services.body.totals.sales + products.body.totals.sales).toBe(sum(invoices, (i) => i.net));
  });

  const REPORTS = [
    'reports/general-summary-per-cashier-employees',
    'reports/daily-payments-summary',
    'reports/vat-report',
    'reports/credit-notes',
    'reports/refunded-invoices',
    'reports/employees-commissions-report',
    'reports/services-report',
    'reports/most-sold-products',
    'dashboard/payments-details',
  ];

  it('refuses a bad date or period, naming the field', async () => {
    for (const path of REPORTS) {
      const bad = await get(path, { from: '2026-13-01' });
      expect([path, bad.status, bad.body.errors]).toEqual([
        path,
        422,
        { from: 'validation.should_be_a_date' },
      ]);
      const reversed = await get(path, { from: today, to: '2020-01-01' });
      expect([path, reversed.body.errors]).toEqual([path, { to: 'sales.period_reversed' }]);
      const long = await get(path, { from: '2020-01-01', to: today });
      expect([path, long.body.errors]).toEqual([path, { to: 'sales.period_too_long' }]);
    }
    for (const path of ['pos/current-cashier-employee', 'pos/daily-payments', 'pos/employees-activities']) {
      const bad = await get(path, { date: 'yesterday' });
      expect([path, bad.status, bad.body.errors]).toEqual([
        path,
        422,
        { date: 'validation.should_be_a_date' },
      ]);
    }
    const month = await get('reports/monthly-payments-summary', { from: '2026-1' });
    expect(month.body.errors).toEqual({ from: 'sales.should_be_a_month' });
    const badr = await get(`reports/employees-commissions-report/${ids.badr}`, { to: 'soon' });
    expect(badr.body.errors).toEqual({ to: 'validation.should_be_a_date' });
  });

  it('answers the reports only with "sales reports" (15), the cashier pages with "sell" (13), the dashboard with 1', async () => {
    const reception = await t.signIn(RECEPTION);
    for (const path of [
      ...REPORTS.filter((p) => p.startsWith('reports/')),
      'reports/monthly-payments-summary',
    ])
      expect([path, (await get(path, {}, reception)).status]).toEqual([path, 403]);
    const employees = (await get('employees', { range: '[0,99]' }, owner)).body as Array<{ id: string }>;
    expect((await get(`reports/employees-commissions-report/${employees[0].id}`, {}, reception)).status).toBe(
      403,
    );
    // the receptionist sells and sees the dashboard...
    for (const path of [
      'pos/current-cashier-employee',
      'pos/daily-payments',
      'pos/employees-activities',
      'dashboard',
    ])
      expect([path, (await get(path, {}, reception)).status]).toEqual([path, 200]);
    // ...until the owner takes those rights away
    const roles = await get('roles', {}, owner);
    const role = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    const changed = await t.http
      .put(`/api/merchant/roles/${role.id}`)
      .set(bearer(owner))
      .send({ name: role.name, permissions: role.permissions.filter((p: number) => p !== 13 && p !== 1) });
    expect(changed.status).toBe(200);
    const limited = await t.signIn(RECEPTION);
    for (const path of [
      'pos/current-cashier-employee',
      'pos/daily-payments',
      'pos/employees-activities',
      'dashboard',
      'dashboard/payments-details',
    ])
      expect([path, (await get(path, {}, limited)).status]).toEqual([path, 403]);
  });
});
