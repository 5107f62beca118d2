import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { png } from './testing/images.test-support';

describe('the menu and the VAT over HTTP', () => {
  let t: TestApp;
  let owner: string;
  let h: () => Promise<Record<string, string>>;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    h = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  }, 60_000);
  afterAll(() => t.close());

  it('lists the demo menu with prices before and with VAT (15%), in menu order', async () => {
    const services = await t.http
      .get('/api/merchant/services')
      .query({ filter: JSON.stringify({ q: 'hair' }) })
      .set(await h());
    expect(services.status).toBe(200);
    expect(services.body.map((s: { name_en: string }) => s.name_en)).toEqual(['Haircut', 'Hair colour']);
    expect(services.body[0]).toMatchObject({
      price: '100.00',
      price_with_vat: '115.00',
      price_minor: 10000,
      currency: 'SAR',
      vat_percentage: 15,
      job_time: 45,
      status: 1,
    });
    expect(services.body[1]).toMatchObject({ offer_price: '220.00', offer_price_with_vat: '253.00' });
    expect(services.body[0]).not.toHaveProperty('tenantId');
    const groups = await t.http.get('/api/merchant/service-groups').set(await h());
    expect(groups.body.map((g: { name_ar: string }) => g.name_ar)).toEqual([
      'الشعر',
      'الأظافر',
      'العناية بالبشرة',
    ]);
  });

  it('adds a group and a service; the price with VAT is exact', async () => {
    const group = await t.http
      .post('/api/merchant/service-groups')
      .set(bearer(owner))
      .send({ name_en: 'Makeup', name_ar: 'المكياج' });
    expect(group.status).toBe(201);
    const service = await t.http.post('/api/merchant/services').set(bearer(owner)).send({
      name_en: 'Bridal makeup',
      name_ar: 'مكياج عروس',
      group_id: group.body.id,
      price: 1234.56,
      job_time: '90',
      show_to_customer: true,
    });
    expect(service.status).toBe(201);
    const one = await t.http
      .get(`/api/merchant/services/${service.body.id}`)
      .set({ ...bearer(owner), 'X-Min-Position': service.headers['x-position'] });
    // 1,234.56 + 15% = 1,419.744, rounded half up to 1,419.74
    expect(one.body).toMatchObject({ price: '1234.56', price_with_vat: '1419.74', order: 0, status: 1 });
  });

  it("keeps a service's uploaded image, and refuses a file id that is not this salon's image", async () => {
    const picture = png(40, 30);
    const upload = (purpose: string, name: string, bytes: Buffer, type: string) =>
      t.http
        .post('/api/merchant/files')
        .query({ purpose, name })
        .set({ ...bearer(owner), 'Content-Type': type })
        .send(bytes);
    const image = await upload('image', 'nails.png', picture, 'image/png');
    expect(image.status).toBe(201);
    const groups = await t.http.get('/api/merchant/service-groups').set(await h());
    const form = {
      name_en: 'Gel nails',
      name_ar: 'أظافر جل',
      group_id: groups.body[0].id,
      price: '150',
      job_time: 60,
    };
    const created = await t.http
      .post('/api/merchant/services')
      .set(bearer(owner))
      .send({ ...form, image_file_id: image.body.id });
    expect(created.status).toBe(201);
    const one = await t.http.get(`/api/merchant/services/${created.body.id}`).set(await h());
    expect(one.body.image_file_id).toBe(image.body.id);

    const pdf = await upload('attachment', 'menu.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    expect(pdf.status).toBe(201);
    const before = await t.eventCount();
    const refuse = (fileId: string) =>
      t.http
        .post('/api/merchant/services')
        .set(bearer(owner))
        .send({ ...form, name_en: 'Acrylic nails', name_ar: 'أظافر أكريليك', image_file_id: fileId });
    const missing = await refuse('00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ image_file_id: 'catalog.image_not_found' });
    const notAnImage = await refuse(pdf.body.id);
    expect(notAnImage.status).toBe(422);
    expect(notAnImage.body.errors).toEqual({
      image_file_id: 'files.uploaded_file_must_be_one_of_these_extensions',
    });
    expect(notAnImage.body.params).toEqual({ extensions: 'jpg, jpeg, png, gif, webp' });
    expect(await t.eventCount()).toBe(before);

    // the whole form: a save without the image takes it away
    const edit = await t.http.put(`/api/merchant/services/${created.body.id}`).set(bearer(owner)).send(form);
    expect(edit.status).toBe(200);
    const after = await t.http.get(`/api/merchant/services/${created.body.id}`).set(await h());
    expect(after.body.image_file_id).toBeUndefined();
  });

  it('rejects bad input, duplicates and a missing group, naming the field; writes nothing', async () => {
    const before = await t.eventCount();
    const bad = await t.http
      .post('/api/merchant/services')
      .set(bearer(owner))
      .send({ name_en: 'Nails 💅', name_ar: '', price: '10.555', job_time: 7 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name_en: 'validation.service_name',
      name_ar: 'validation.is_required',
      group_id: 'validation.is_required',
      price: 'validation.max_decimals',
      job_time: 'validation.multiple_of',
    });
    const groups = await t.http.get('/api/merchant/service-groups').set(await h());
    const dup = await t.http.post('/api/merchant/services').set(bearer(owner)).send({
      name_en: 'haircut',
      name_ar: 'قص جديد',
      group_id: groups.body[0].id,
      price: '1',
      job_time: 15,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ name_en: 'catalog.duplicate_name' });
    const noGroup = await t.http
      .post('/api/merchant/services')
      .set(bearer(owner))
      .send({ name_en: 'X', name_ar: 'س', group_id: 'nope', price: '1', job_time: 15 });
    expect(noGroup.body.errors).toEqual({ group_id: 'catalog.group_not_found' });
    const offer = await t.http.post('/api/merchant/services').set(bearer(owner)).send({
      name_en: 'Y',
      name_ar: 'ص',
      group_id: groups.body[0].id,
      price: '10',
      offer_price: '12',
      job_time: 15,
    });
    expect(offer.body.errors).toEqual({ offer_price: 'catalog.offer_price_not_below_price' });
    expect(await t.eventCount()).toBe(before);
  });

  it('changes the VAT: every price with VAT follows, in one event the audit log shows; changing it back restores them', async () => {
    const changed = await t.http
      .put('/api/merchant/settings/vat')
      .set(bearer(owner))
      .send({ vat_percentage: '5', vat_enabled: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: 'vat', vat_percentage: 5 });
    const after = await t.http
      .get('/api/merchant/services')
      .query({ filter: JSON.stringify({ q: 'Haircut' }) })
      .set({ ...bearer(owner), 'X-Min-Position': changed.headers['x-position'] });
    expect(after.body[0]).toMatchObject({ price: '100.00', price_with_vat: '105.00' });
    const log = await t.http
      .get('/api/merchant/audit-log')
      .query({ filter: JSON.stringify({ type: 'VatSettingsChanged' }) })
      .set(await h());
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ changed: { vat_percentage: 5 }, previous: { vat_percentage: 15 } });
    const back = await t.http
      .put('/api/merchant/settings/vat')
      .set(bearer(owner))
      .send({ vat_percentage: 15 });
    const restored = await t.http
      .get('/api/merchant/services')
      .query({ filter: JSON.stringify({ q: 'Haircut' }) })
      .set({ ...bearer(owner), 'X-Min-Position': back.headers['x-position'] });
    expect(restored.body[0]).toMatchObject({ price_with_vat: '115.00' });
    expect((await t.http.get('/api/merchant/settings/vat').set(await h())).body).toMatchObject({
      vat_percentage: 15,
      vat_enabled: true,
    });
    const zero = await t.http
      .put('/api/merchant/settings/vat')
      .set(bearer(owner))
      .send({ vat_percentage: 0, vat_enabled: true });
    expect(zero.body.errors).toEqual({ vat_percentage: 'validation.percentage_cannot_be_zero_when_active' });
  });

  it('keeps one service active and reorders a group', async () => {
    const all = await t.http
      .get('/api/merchant/services')
      .query({ range: '[0,99]' })
      .set(await h());
    const ids = all.body.map((s: { id: string }) => s.id);
    const none = await t.http
      .post('/api/merchant/services/activation')
      .set(bearer(owner))
      .send({ deactivate: ids });
    expect(none.status).toBe(422);
    expect(none.body).toEqual({
      message: 'catalog.one_service_must_stay_active',
      errors: { deactivate: 'catalog.one_service_must_stay_active' },
    });
    const some = await t.http
      .post('/api/merchant/services/activation')
      .set(bearer(owner))
      .send({ deactivate: ids.slice(1) });
    expect(some.status).toBe(200);
    const active = await t.http
      .get('/api/merchant/services')
      .query({ filter: JSON.stringify({ status: 1 }) })
      .set({ ...bearer(owner), 'X-Min-Position': some.headers['x-position'] });
    expect(active.body.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    const hair = all.body
      .filter((s: { group_id: string }) => s.group_id === all.body[0].group_id)
      .map((s: { id: string }) => s.id);
    const reordered = await t.http
      .post('/api/merchant/services/order')
      .set(bearer(owner))
      .send({ group_id: all.body[0].group_id, service_ids: [...hair].reverse() });
    expect(reordered.status).toBe(200);
    const inOrder = await t.http
      .get('/api/merchant/services')
      .query({ filter: JSON.stringify({ group_id: all.body[0].group_id }) })
      .set({ ...bearer(owner), 'X-Min-Position': reordered.headers['x-position'] });
    expect(inOrder.body.map((s: { id: string }) => s.id)).toEqual([...hair].reverse());
  });

  it('keeps the menu from a receptionist without menu rights, and other salons out', async () => {
    const reception = await t.signIn(RECEPTION);
    expect((await t.http.get('/api/merchant/service-groups').set(bearer(reception))).status).toBe(403);
    expect((await t.http.get('/api/merchant/categories').set(bearer(reception))).status).toBe(403);
    // the services themselves are read by whoever books them (the appointment book's right)
    expect((await t.http.get('/api/merchant/services').set(bearer(reception))).status).toBe(200);
    expect(
      (
        await t.http
          .post('/api/merchant/service-groups')
          .set(bearer(reception))
          .send({ name_en: 'A', name_ar: 'ب' })
      ).status,
    ).toBe(403);
    expect(
      (await t.http.put('/api/merchant/settings/vat').set(bearer(reception)).send({ vat_percentage: 1 }))
        .status,
    ).toBe(403);
    await t.openOtherSalon();
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    expect((await t.http.get('/api/merchant/services').set(bearer(other))).body).toEqual([]);
  });
});
