import { accountCode } from '@rawnaq/contracts';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

type Product = { id: string; name_en: string; quantity: number; average_cost: number; status: number };

/**
 * Purchases over HTTP (issue 25): a supplier's invoice for stock, at least two products each once, paid
 * in full or partly and paid later (alone or with other bills) never above what it owes; the goods go
 * on the shelf at their cost and move each product's average cost; the books post the purchase to
 * inventory and input VAT, and every later stock movement (a sale, the salon's own use) at its cost,
 * so the inventory account always equals the stock on hand at its average cost.
 */
describe('purchases over HTTP (issue 25)', () => {
  let t: TestApp;
  let owner: string;
  let supplierId: string;
  let products: Product[];
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const supplier = await post('suppliers', { name: 'Dammam Hair Care', vat_number: '312345678900003' });
    supplierId = supplier.body.id;
    products = (await get('products', { range: '[0,99]' })).body.filter((p: Product) => p.status === 1);
  }, 120_000);
  afterAll(async () => t?.close());

  const get = async (path: string, query: Record<string, string> = {}, token = owner) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  const post = (path: string, body: object, token = owner, key?: string) =>
    t.http
      .post(`/api/merchant/${path}`)
      .set({ ...bearer(token), ...(key && { 'Idempotency-Key': key }) })
      .send(body);
  const balance = async (key: Parameters<typeof accountCode>[0]) => {
    const chart = (await get('advanced-accounting/chart-of-accounts', { range: '[0,999]' })).body as Array<{
      id: string;
      balance: number;
    }>;
    return chart.find((a) => a.id === accountCode(key))!.balance;
  };
  /** a product as read, its average cost in minor units (the products' reads say it in the currency) */
  const minor = (p: Product): Product => ({ ...p, average_cost: Math.round(Number(p.average_cost) * 100) });
  const product = async (id: string) => minor((await get(`products/${id}`)).body as Product);
  /** the stock on hand at its average cost, over every product of the salon */
  const stockValue = async () =>
    ((await get('products', { range: '[0,999]' })).body as Product[])
      .map(minor)
      .reduce((s, p) => s + p.quantity * p.average_cost, 0);

  it('starts with the inventory account equal to the stock on hand at its average cost', async () => {
    expect(products.length).toBeGreaterThanOrEqual(2);
    expect(await balance('inventory')).toBe(await stockValue());
  });

  it('refuses fewer than two items, a product twice, payments above the total, a paid purchase without its payments, naming the field, writing nothing', async () => {
    const [a, b] = products;
    const base = { supplier_id: supplierId, date: yesterday };
    const events = await t.eventCount();
    const one = await post('purchases', {
      ...base,
      items: [{ product_id: a.id, quantity: 1, unit_cost: '5' }],
    });
    expect([one.status, one.body.errors]).toEqual([422, { items: 'accounting.at_least_two_items' }]);
    const twice = await post('purchases', {
      ...base,
      items: [
        { product_id: a.id, quantity: 1, unit_cost: '5' },
        { product_id: a.id, quantity: 2, unit_cost: '5' },
      ],
    });
    expect([twice.status, twice.body.errors]).toEqual([
      422,
      { 'items.1.product_id': 'accounting.product_twice' },
    ]);
    const items = [
      { product_id: a.id, quantity: 2, unit_cost: '10.00' },
      { product_id: b.id, quantity: 1, unit_cost: '20.00' },
    ];
    const over = await post('purchases', { ...base, items, payments: [{ method: 1, amount: '46.01' }] });
    expect([over.status, over.body.errors]).toEqual([
      422,
      { payments: 'accounting.purchase_payments_above_total' },
    ]);
    const paid = await post('purchases', { ...base, items, paid: true });
    expect([paid.status, paid.body.errors, paid.body.params]).toEqual([
      422,
      { payments: 'accounting.paid_needs_payments' },
      { total: 'SAR 46.00' },
    ]);
    const quantity = await post('purchases', {
      ...base,
      items: [{ ...items[0], quantity: '1.5' }, items[1]],
    });
    expect([quantity.status, Object.keys(quantity.body.errors)]).toEqual([422, ['items.0.quantity']]);
    const unknown = await post('purchases', {
      ...base,
      items: [{ ...items[0], product_id: '00000000-0000-4000-8000-000000000000' }, items[1]],
    });
    expect([unknown.status, unknown.body.errors]).toEqual([
      422,
      { 'items.0.product_id': 'accounting.product_not_found' },
    ]);
    const noSupplier = await post('purchases', { ...base, supplier_id: 'nope', items });
    expect([noSupplier.status, noSupplier.body.errors]).toEqual([
      422,
      { supplier_id: 'accounting.supplier_not_found' },
    ]);
    expect(await t.eventCount()).toBe(events);
  });

  it('receives the goods at their cost, moves the average cost, and posts inventory, input VAT and what is owed', async () => {
    const [a, b] = products;
    const before = { a: await product(a.id), b: await product(b.id) };
    const inventory = await balance('inventory');
    const vat = await balance('purchases_paid_vat');
    const payables = await balance('suppliers');
    const purchase = await post(
      'purchases',
      {
        supplier_id: supplierId,
        supplier_invoice_number: 'DH-77',
        date: yesterday,
        items: [
          { product_id: a.id, quantity: 3, unit_cost: '12.35' },
          { product_id: b.id, quantity: 7, unit_cost: '4.99' },
        ],
        payments: [{ method: 1, amount: '20.00' }],
      },
      owner,
      'purchase-dh-77',
    );
    expect(purchase.status).toBe(201);
    // 3 × 12.35 + 7 × 4.99 = 71.98, VAT 15 % = 10.80 (each line rounded: 5.56 + 5.24)
    expect(purchase.body).toMatchObject({ net: 7198, vat: 1080, total: 8278, paid: 2000, owed: 6278 });
    expect((await post('purchases', {}, owner, 'purchase-dh-77')).body).toEqual(purchase.body);

    const after = { a: await product(a.id), b: await product(b.id) };
    expect(after.a.quantity).toBe(before.a.quantity + 3);
    expect(after.b.quantity).toBe(before.b.quantity + 7);
    const average = (q: number, avg: number, add: number, cost: number) =>
      q + add <= 0 ? cost : Math.round((q * avg + add * cost) / (q + add));
    expect(after.a.average_cost).toBe(average(before.a.quantity, before.a.average_cost, 3, 1235));
    expect(after.b.average_cost).toBe(average(before.b.quantity, before.b.average_cost, 7, 499));

    expect(await balance('inventory')).toBe(await stockValue());
    // what the goods cost, give or take the average cost's rounding (posted to stock adjustments)
    expect(Math.abs((await balance('inventory')) - inventory - 7198)).toBeLessThan(100);
    expect((await balance('purchases_paid_vat')) - vat).toBe(1080);
    expect((await balance('suppliers')) - payables).toBe(6278);
    expect((await get('advanced-accounting/trial-balance')).body.totals.difference).toBe(0);

    const listed = (await get('purchases')).body as Array<{ id: string; status: string }>;
    expect(listed[0]).toMatchObject({ id: purchase.body.id, status: 'partially_paid' });
    const movements = (await get('stock-operations', { filter: JSON.stringify({ product_id: a.id }) })).body;
    expect(Array.isArray(movements) ? movements.length : 0).toBeGreaterThan(0);
  });

  it('pays a purchase later, never above what it owes, alone or with an expense in one payment of bills', async () => {
    const [a, b] = products;
    const purchase = (
      await post('purchases', {
        supplier_id: supplierId,
        date: yesterday,
        items: [
          { product_id: a.id, quantity: 1, unit_cost: '10.00' },
          { product_id: b.id, quantity: 1, unit_cost: '10.00' },
        ],
      })
    ).body;
    expect(purchase).toMatchObject({ total: 2300, owed: 2300, paid: 0 });
    const over = await post(`purchases/${purchase.id}/payments`, { payment: { method: 1, amount: '23.01' } });
    expect([over.status, over.body.errors]).toEqual([
      422,
      { 'payment.amount': 'accounting.payment_above_owed' },
    ]);
    expect(
      (await post(`purchases/${purchase.id}/payments`, { payment: { method: 1, amount: '3.00' } })).status,
    ).toBe(201);
    const types = (await get('expense-types')).body as Array<{ id: string }>;
    const expense = (
      await post('expenses', {
        supplier_id: supplierId,
        expense_type_id: types[0].id,
        date: yesterday,
        items: [{ description: 'Delivery', amount: '10.00' }],
      })
    ).body;
    const cash = await balance('cash');
    const tooMuch = await post('expenses/payments', {
      method: 1,
      bills: [
        { purchase_id: purchase.id, amount: '20.01' },
        { expense_id: expense.id, amount: '1.00' },
      ],
    });
    expect([tooMuch.status, tooMuch.body.errors]).toEqual([
      422,
      { 'bills.0.amount': 'accounting.payment_above_owed' },
    ]);
    const both = await post('expenses/payments', {
      method: 1,
      bills: [
        { purchase_id: purchase.id, amount: '20.00' },
        { expense_id: expense.id, amount: '11.50' },
      ],
    });
    expect([both.status, both.body.total]).toEqual([201, 3150]);
    expect((await balance('cash')) - cash).toBe(-3150);
    expect((await get(`purchases/${purchase.id}`)).body).toMatchObject({
      status: 'paid',
      owed: 0,
      paid: 2300,
    });

    const statement = (await get(`suppliers/${supplierId}/statement`)).body;
    const kinds = statement.rows.map((r: { kind: string }) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['purchase', 'expense', 'payment']));
    const supplier = (await get(`suppliers/${supplierId}`)).body;
    expect(statement.totals.owed).toBe(supplier.owed);
  });

  it('posts a product sold at the till at its cost (cost of goods sold), and one used in the salon (its materials), against inventory', async () => {
    const forSale = products.find((p) => (p as Product & { usage_type: number }).usage_type !== 3)!;
    const stocked = await product(forSale.id);
    const cogs = await balance('cost_of_goods_sold');
    // two at the product's price before VAT, and 15 % VAT
    const net = 2 * Math.round(Number((forSale as Product & { price: string }).price) * 100);
    const total = net + Math.round(net * 0.15);
    const sale = await post('invoices', {
      lines: [{ kind: 'product', item_id: forSale.id, quantity: 2 }],
      payments: [{ method: 1, amount: (total / 100).toFixed(2) }],
    });
    expect([sale.status, sale.body.errors]).toEqual([201, undefined]);
    expect((await balance('cost_of_goods_sold')) - cogs).toBe(2 * stocked.average_cost);
    expect(await balance('inventory')).toBe(await stockValue());

    const materials = await balance('salon_material_expense');
    const used = await post(`products/${forSale.id}/stock`, { operation: 'internal_use', quantity: 1 });
    expect(used.status).toBe(200);
    expect((await balance('salon_material_expense')) - materials).toBe(stocked.average_cost);
    const lost = await post(`products/${forSale.id}/stock`, { operation: 'lost', quantity: 1 });
    expect(lost.status).toBe(200);
    expect(await balance('inventory')).toBe(await stockValue());
    expect((await get('advanced-accounting/trial-balance')).body.totals.difference).toBe(0);
  });

  it('keeps the inventory account to the stock: a journal or an expense type naming it is refused, naming the line', async () => {
    const journal = await post('advanced-accounting/general-journals', {
      date: yesterday,
      memo: 'Stock found',
      lines: [
        { account: accountCode('inventory'), debit: '10.00' },
        { account: accountCode('other_income'), credit: '10.00' },
      ],
    });
    expect([journal.status, journal.body.errors]).toEqual([
      422,
      { 'lines.0.account': 'accounting.inventory_from_stock' },
    ]);
    const type = await post('expense-types', {
      name_en: 'Stock',
      name_ar: 'مخزون',
      account: accountCode('inventory'),
    });
    expect(type.status).toBe(422);
  });

  it('corrects the supplier’s invoice details, never what was received; another salon sees none of it', async () => {
    const purchase = (await get('purchases')).body[0] as { id: string; items: unknown[] };
    const put = await t.http
      .put(`/api/merchant/purchases/${purchase.id}`)
      .set(bearer(owner))
      .send({ supplier_invoice_number: 'DH-77-A', due_date: '2027-01-15', items: [] });
    expect(put.status).toBe(200);
    const read = (await get(`purchases/${purchase.id}`)).body;
    expect(read).toMatchObject({ supplier_invoice_number: 'DH-77-A', due_date: '2027-01-15' });
    expect(read.items).toEqual(purchase.items);
    await t.openOtherSalon();
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    expect((await get(`purchases/${purchase.id}`, {}, other)).status).toBe(404);
    expect((await get('purchases', {}, other)).body).toEqual([]);
  });
});
