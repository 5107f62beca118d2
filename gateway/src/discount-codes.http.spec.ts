import { addDays, PaymentMethod } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

describe('discount codes over HTTP (issue 11)', () => {
  let t: TestApp;
  let owner: string;
  let today: string;
  let haircut: { id: string; price_minor: number };
  let serum: { id: string; price_minor: number };
  let amal: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const get = async (path: string) =>
      (await t.http.get(`/api/merchant/${path}`).query({ range: '[0,99]' }).set(bearer(owner))).body;
    haircut = (await get('services')).find((s: { name_en: string }) => s.name_en === 'Haircut');
    serum = (await get('products')).find((p: { name_en: string }) => p.name_en === 'Hair serum');
    amal = (await get('customers'))[0].id;
    const info = await t.http.post('/api/merchant/get_global_informations').set(bearer(owner));
    today = info.body.global_informations.today;
  }, 60_000);
  afterAll(async () => t?.close());

  const define = (body: object, token = owner) =>
    t.http.post('/api/merchant/discount-codes').set(bearer(token)).send(body);
  const code = (over: object = {}) => ({
    code: 'WELCOME10',
    category: 2,
    kind: 'percent',
    value: '10',
    valid_from: today,
    valid_to: addDays(today as never, 30),
    ...over,
  });
  const issue = (body: object) => t.http.post('/api/merchant/invoices').set(bearer(owner)).send(body);
  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const vat = (minor: number) => Math.round((minor * 15) / 100);

  it('defines a code, unique in the salon however it is typed, with every problem on its field', async () => {
    const created = await define(code());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'WELCOME10', value: 1000, kind: 'percent', uses: 0 });
    const again = await define(code({ code: 'welcome10' }));
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ code: 'discount_codes.duplicate' });

    const bad = await define(
      code({ code: 'x!', category: 5, value: '150', valid_to: addDays(today as never, -1) }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ code: 'discount_codes.code_format' });
    const rules = await define(
      code({ code: 'RULES', category: 5, value: '150', valid_to: addDays(today as never, -1) }),
    );
    expect(rules.body.errors).toEqual({
      service_ids: 'discount_codes.choose_services',
      value: 'discount_codes.percent_range',
      valid_to: 'discount_codes.ends_before_start',
    });
    const unknown = await define(code({ code: 'GHOST', category: 5, service_ids: ['nope'] }));
    expect(unknown.body.errors).toEqual({ 'service_ids.0': 'not_found.service' });
    // the receptionist sells but does not manage the menu
    expect((await define(code({ code: 'DESK' }), await t.signIn(RECEPTION))).status).toBe(403);
  });

  it('takes a percentage off the lines it reaches, as line discounts before VAT', async () => {
    const res = await issue({
      customer_id: amal,
      discount_code: ' welcome10 ',
      lines: [
        { kind: 'service', item_id: haircut.id },
        { kind: 'product', item_id: serum.id },
      ],
      payments: [],
    });
    // the haircut 10 % off; the serum (a product) untouched
    const net = haircut.price_minor - haircut.price_minor / 10 + serum.price_minor;
    expect(res.status).toBe(422); // no payment yet: the amounts say what to pay
    const due = net + vat(haircut.price_minor * 0.9) + vat(serum.price_minor);
    const paid = await issue({
      customer_id: amal,
      discount_code: 'welcome10',
      lines: [
        { kind: 'service', item_id: haircut.id },
        { kind: 'product', item_id: serum.id },
      ],
      payments: [{ method: PaymentMethod.cash, amount: (due / 100).toFixed(2) }],
    });
    expect(paid.status).toBe(201);
    expect(paid.body.lines.map((l: { discount: number }) => l.discount)).toEqual([
      haircut.price_minor / 10,
      0,
    ]);
    expect(paid.body).toMatchObject({
      net,
      total: due,
      discount_code: { code: 'WELCOME10', amount: haircut.price_minor / 10 },
    });
  });

  it('refuses a code that is used, not yet valid, switched off, unknown or for nothing on the invoice', async () => {
    const once = await define(
      code({
        code: 'ONCE50',
        category: 6,
        product_ids: [serum.id],
        kind: 'amount',
        value: '50',
        single_use: true,
      }),
    );
    expect(once.status).toBe(201);
    const serumOnly = (discount_code: string, amount: number) =>
      issue({
        discount_code,
        lines: [{ kind: 'product', item_id: serum.id }],
        payments: [{ method: PaymentMethod.cash, amount: (amount / 100).toFixed(2) }],
      });
    const off = Math.min(5000, serum.price_minor);
    const first = await serumOnly('once50', serum.price_minor - off + vat(serum.price_minor - off));
    expect(first.status).toBe(201);
    expect(first.body.discount_code).toMatchObject({ amount: off });
    const before = await t.eventCount();
    const second = await serumOnly('ONCE50', serum.price_minor + vat(serum.price_minor));
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual({ discount_code: 'discount_codes.used' });

    const later = await define(
      code({ code: 'LATER', valid_from: addDays(today as never, 1), valid_to: addDays(today as never, 2) }),
    );
    expect(later.status).toBe(201);
    const haircutOnly = (discount_code: string) =>
      issue({
        discount_code,
        lines: [{ kind: 'service', item_id: haircut.id }],
        payments: [{ method: PaymentMethod.cash, amount: ((haircut.price_minor * 1.15) / 100).toFixed(2) }],
      });
    expect((await haircutOnly('LATER')).body.errors).toEqual({
      discount_code: 'discount_codes.not_yet_valid',
    });
    expect((await haircutOnly('NOSUCH')).body.errors).toEqual({ discount_code: 'discount_codes.not_found' });
    expect((await haircutOnly('ONCE50')).body.errors).toEqual({ discount_code: 'discount_codes.used' });
    const products = await define(code({ code: 'SHELF', category: 3 }));
    expect((await haircutOnly('SHELF')).body.errors).toEqual({
      discount_code: 'discount_codes.not_applicable',
    });

    // switched off by a change: the change records what it was
    const changed = await t.http
      .put(`/api/merchant/discount-codes/${products.body.id}`)
      .set(bearer(owner))
      .send(code({ code: 'SHELF', category: 3, active: false }));
    expect(changed.status).toBe(200);
    expect((await haircutOnly('SHELF')).body.errors).toEqual({ discount_code: 'discount_codes.inactive' });
    expect(await t.eventCount()).toBeGreaterThan(before);
  });

  it('lists the codes with their uses, and reports the discounts per customer', async () => {
    const list = await t.http
      .get('/api/merchant/discount-codes')
      .query({ range: '[0,49]' })
      .set(await fresh());
    const byCode = Object.fromEntries(list.body.map((c: { code: string }) => [c.code, c]));
    expect(byCode.WELCOME10).toMatchObject({ uses: 1, discounted: haircut.price_minor / 10, state: 'valid' });
    expect(byCode.ONCE50).toMatchObject({ uses: 1, state: 'used' });
    expect(byCode.LATER.state).toBe('scheduled');
    expect(byCode.SHELF.state).toBe('inactive');

    const report = await t.http.get('/api/merchant/reports/customers-discount-report').set(await fresh());
    expect(report.status).toBe(200);
    const amalRow = report.body.rows.find((r: { customer_id: string }) => r.customer_id === amal);
    expect(amalRow).toMatchObject({
      invoices: 1,
      discount: haircut.price_minor / 10,
      code_discount: haircut.price_minor / 10,
    });
    expect(report.body.totals.code_discount).toBe(
      haircut.price_minor / 10 + Math.min(5000, serum.price_minor),
    );
    const bad = await t.http
      .get('/api/merchant/reports/customers-discount-report')
      .query({ from: '2026-02-30' })
      .set(bearer(owner));
    expect(bad.status).toBe(422);
  });
});
