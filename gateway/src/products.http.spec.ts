import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { png } from './testing/images.test-support';

describe('products and stock over HTTP', () => {
  let t: TestApp;
  let owner: string;
  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t.close());

  const define = (body: object) => t.http.post('/api/merchant/products').set(bearer(owner)).send(body);

  it('defines a product with its initial quantity (a stock operation of its own) and its price with VAT', async () => {
    const res = await define({
      name_en: 'Argan shampoo',
      name_ar: 'شامبو الأرجان',
      barcode: '6281000000017',
      price: '45.00',
      cost_price: '20.00',
      initial_quantity: 10,
      warning_level: 3,
    });
    expect(res.status).toBe(201);
    const one = await t.http.get(`/api/merchant/products/${res.body.id}`).set(await fresh());
    expect(one.body).toMatchObject({
      name_en: 'Argan shampoo',
      price: '45.00',
      price_with_vat: '51.75',
      quantity: 10,
      average_cost: '20.00',
      stock_value: '200.00',
      low_stock: false,
      status: 1,
    });
    const ops = await t.http
      .get('/api/merchant/stock-operations')
      .query({ filter: JSON.stringify({ product_id: res.body.id }) })
      .set(await fresh());
    expect(ops.body.map((o: { operation: number; quantity: number }) => [o.operation, o.quantity])).toEqual([
      [4, 10],
    ]);
  });

  it('carries no VAT on an exempt product', async () => {
    const res = await define({
      name_en: 'Gift wrap',
      name_ar: 'تغليف هدية',
      price: '5.00',
      vat_type: 3,
      vat_exemption_code: 'VATEX-SA-29',
    });
    const one = await t.http.get(`/api/merchant/products/${res.body.id}`).set(await fresh());
    expect(one.body).toMatchObject({ price: '5.00', price_with_vat: '5.00', vat_percentage: 0 });
  });

  it('adds, uses, counts and loses stock; never below zero; average cost follows additions', async () => {
    const p = await define({
      name_en: 'Hair mask',
      name_ar: 'ماسك الشعر',
      price: '60',
      cost_price: '30',
      initial_quantity: 4,
      warning_level: 2,
    });
    const stock = (body: object) =>
      t.http.post(`/api/merchant/products/${p.body.id}/stock`).set(bearer(owner)).send(body);
    expect((await stock({ operation: 'add_quantity', quantity: 4, unit_cost: '36.00' })).body).toMatchObject({
      quantity: 8,
      average_cost: 3300,
    });
    expect((await stock({ operation: 'internal_use', quantity: 5 })).body.quantity).toBe(3);
    const tooMany = await stock({ operation: 'lost', quantity: 4 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ quantity: 'validation.less_than_or_equal_current_quantity' });
    expect(tooMany.body.params).toEqual({ max: 3 });
    expect(
      (await stock({ operation: 'adjust_quantity', quantity: 2, notes: 'monthly count' })).body.quantity,
    ).toBe(2);
    expect((await stock({ operation: 'expired', quantity: 1 })).body.quantity).toBe(1);
    const bad = await stock({ operation: 'borrowed', quantity: -1 });
    expect(bad.body.errors).toEqual({
      operation: 'validation.invalid_value',
      quantity: 'validation.should_be_more_than_or_equal_to',
    });
    const ops = await t.http
      .get('/api/merchant/stock-operations')
      .query({ filter: JSON.stringify({ product_id: p.body.id }), sort: JSON.stringify(['at', 'ASC']) })
      .set(await fresh());
    expect(
      ops.body.map((o: { operation: number; quantity: number; balance: number }) => [
        o.operation,
        o.quantity,
        o.balance,
      ]),
    ).toEqual([
      [4, 4, 4],
      [0, 4, 8],
      [3, -5, 3],
      [8, -1, 2],
      [1, -1, 1],
    ]);
    // reaching the warning level (2) made one stock notification
    const notes = await t.http
      .get('/api/merchant/notifications/get_records')
      .query({ type: 'stocks' })
      .set(await fresh());
    expect(notes.body.records.filter((n: { product_id: string }) => n.product_id === p.body.id)).toHaveLength(
      1,
    );
    const internal = await t.http.get('/api/merchant/reports/internal-use').set(await fresh());
    expect(internal.body.rows.find((r: { product_id: string }) => r.product_id === p.body.id)).toMatchObject({
      quantity: 5,
      times: 1,
    });
    const status = await t.http.get('/api/merchant/reports/inventory-status').set(await fresh());
    expect(status.body.products.find((r: { id: string }) => r.id === p.body.id)).toMatchObject({
      quantity: 1,
      low_stock: true,
    });
  });

  it('marks a stock notification read once, for its salon and with the notifications right', async () => {
    const p = await define({
      name_en: 'Nail polish',
      name_ar: 'طلاء أظافر',
      price: '12',
      initial_quantity: 3,
      warning_level: 2,
    });
    await t.http
      .post(`/api/merchant/products/${p.body.id}/stock`)
      .set(bearer(owner))
      .send({ operation: 'internal_use', quantity: 1 });
    const records = async () =>
      (
        await t.http
          .get('/api/merchant/notifications/get_records')
          .query({ type: 'stocks' })
          .set(await fresh())
      ).body.records.filter((n: { product_id: string }) => n.product_id === p.body.id);
    const [note] = await records();
    expect(note).toMatchObject({ read: false, quantity: 2, warning_level: 2, name_en: 'Nail polish' });
    const read = await t.http.post(`/api/merchant/notifications/${note.id}/read`).set(bearer(owner));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: note.id, read: true });
    expect((await records())[0]).toMatchObject({ id: note.id, read: true });
    const before = await t.eventCount();
    expect((await t.http.post(`/api/merchant/notifications/${note.id}/read`).set(bearer(owner))).status).toBe(
      200,
    );
    expect(await t.eventCount()).toBe(before);
    const unknown = await t.http.post('/api/merchant/notifications/stock-nothing/read').set(bearer(owner));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('products.notification_not_found');
    const reception = await t.signIn(RECEPTION);
    expect(
      (await t.http.post(`/api/merchant/notifications/${note.id}/read`).set(bearer(reception))).status,
    ).toBe(403);
  });

  it('marks every stock notification read at once (the menu "mark all as read"), once', async () => {
    for (const name of ['Cuticle oil', 'Hand cream']) {
      const p = await define({
        name_en: name,
        name_ar: `${name} ع`,
        price: '10',
        initial_quantity: 2,
        warning_level: 1,
      });
      await t.http
        .post(`/api/merchant/products/${p.body.id}/stock`)
        .set(bearer(owner))
        .send({ operation: 'lost', quantity: 1 });
    }
    const unread = async () =>
      (
        await t.http
          .get('/api/merchant/notifications/get_records')
          .query({ type: 'stocks' })
          .set(await fresh())
      ).body.records.filter((n: { read: boolean }) => !n.read).length;
    expect(await unread()).toBeGreaterThanOrEqual(2);
    const all = await t.http
      .post('/api/merchant/notifications/mark_as_read')
      .set(bearer(owner))
      .send({ type: 'stocks' });
    expect(all.status).toBe(200);
    expect(all.body.marked).toBeGreaterThanOrEqual(2);
    expect(await unread()).toBe(0);
    const before = await t.eventCount();
    const again = await t.http
      .post('/api/merchant/notifications/mark_as_read')
      .set(bearer(owner))
      .send({ type: 'stocks' });
    expect(again.body).toEqual({ type: 'stocks', marked: 0 });
    expect(await t.eventCount()).toBe(before);
    const bad = await t.http
      .post('/api/merchant/notifications/mark_as_read')
      .set(bearer(owner))
      .send({ type: 'news' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ type: 'validation.invalid_value' });
  });

  it('keeps an uploaded image with the product, and refuses a file that is not its image', async () => {
    const picture = png(40, 30);
    const file = await t.http
      .post('/api/merchant/files')
      .query({ purpose: 'image', name: 'serum.png' })
      .set({ ...bearer(owner), 'Content-Type': 'image/png' })
      .send(picture);
    expect(file.status).toBe(201);
    const res = await define({
      name_en: 'Serum',
      name_ar: 'سيروم',
      price: '80',
      image_file_id: file.body.id,
    });
    expect(res.status).toBe(201);
    const one = await t.http.get(`/api/merchant/products/${res.body.id}`).set(await fresh());
    expect(one.body.image_file_id).toBe(file.body.id);
    const missing = await define({
      name_en: 'Toner',
      name_ar: 'تونر',
      price: '80',
      image_file_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ image_file_id: 'products.image_not_found' });
    // the whole form: an edit without the image takes it away
    const edit = await t.http
      .put(`/api/merchant/products/${res.body.id}`)
      .set(bearer(owner))
      .send({ name_en: 'Serum', name_ar: 'سيروم', price: '80' });
    expect(edit.status).toBe(200);
    expect(edit.body.image_file_id).toBeUndefined();
  });

  it('rejects a repeated barcode and bad input with field errors, writing nothing', async () => {
    const before = await t.eventCount();
    const dup = await define({ name_en: 'Other', name_ar: 'آخر', barcode: '6281000000017', price: '1' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ barcode: 'products.duplicate_barcode' });
    const bad = await define({ name_en: '', name_ar: 'x', barcode: 'abc', price: '-1', usage_type: 9 });
    expect(bad.body.errors).toEqual({
      name_en: 'validation.is_required',
      barcode: 'validation.digits_only',
      price: 'validation.should_be_more_than_or_equal_to',
      usage_type: 'validation.invalid_value',
    });
    expect(await t.eventCount()).toBe(before);
    const list = await t.http
      .get('/api/merchant/products')
      .query({ filter: JSON.stringify({ q: '628100' }) })
      .set(await fresh());
    expect(list.body.map((p: { name_en: string }) => p.name_en)).toEqual(['Argan shampoo']);
  });

  it('writes nothing for a change of an unknown product, so its new barcode stays free', async () => {
    const before = await t.eventCount();
    const unknown = await t.http
      .put('/api/merchant/products/0193b000-0000-7000-8000-00000000dead')
      .set(bearer(owner))
      .send({ name_en: 'Ghost', name_ar: 'شبح', barcode: '6281000000999', price: '1' });
    expect(unknown.status).toBe(404);
    expect(await t.eventCount()).toBe(before);
    const real = await define({ name_en: 'Real', name_ar: 'حقيقي', barcode: '6281000000999', price: '1' });
    expect(real.status).toBe(201);
  });

  it('reprices products with the VAT, and keeps products from the receptionist', async () => {
    const vat = await t.http.put('/api/merchant/settings/vat').set(bearer(owner)).send({ vat_percentage: 5 });
    const list = await t.http
      .get('/api/merchant/products')
      .query({ filter: JSON.stringify({ q: 'Argan' }) })
      .set({ ...bearer(owner), 'X-Min-Position': vat.headers['x-position'] });
    expect(list.body[0]).toMatchObject({ price: '45.00', price_with_vat: '47.25' });
    const reception = await t.signIn(RECEPTION);
    expect((await t.http.get('/api/merchant/products').set(bearer(reception))).status).toBe(403);
    expect(
      (
        await t.http
          .post(`/api/merchant/products/${list.body[0].id}/stock`)
          .set(bearer(reception))
          .send({ operation: 'lost', quantity: 1 })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.http
          .get('/api/merchant/notifications/get_records')
          .query({ type: 'stocks' })
          .set(await fresh(reception))
      ).body.records,
    ).toEqual([]);
    // the inventory-movements report reads the stock operations with the reports right (33) alone
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    const role = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    const changed = await t.http
      .put(`/api/merchant/roles/${role.id}`)
      .set(bearer(owner))
      .send({ name: role.name, permissions: [...role.permissions, 33] });
    expect(changed.status).toBe(200);
    const movements = await t.http.get('/api/merchant/stock-operations').set(await fresh(reception));
    expect(movements.status).toBe(200);
    expect(movements.body.length).toBeGreaterThan(0);
    expect((await t.http.get('/api/merchant/products').set(bearer(reception))).status).toBe(403);
  });
});
