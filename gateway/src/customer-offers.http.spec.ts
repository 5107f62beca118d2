import { addDays, newId, PaymentMethod } from '@rawnaq/contracts';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon: in the UAE (5 % VAT, no reporting step), where credit notes need no report first. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

describe('offers and packages bought by a customer, over HTTP (issue 11)', () => {
  let t: TestApp;
  let uae: string;
  let today: string;
  let wash: string;
  let cut: string;
  let nails: string;
  let mariam: string;
  let huda: string;
  let hairPackage: string;
  let pickTwo: string;

  const post = async (path: string, body: object) => {
    const res = await t.http.post(`/api/merchant/${path}`).set(bearer(uae)).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const fresh = async (token = uae) => ({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  const get = async (path: string, token = uae) =>
    t.http.get(`/api/merchant/${path}`).set(await fresh(token));
  const issue = (body: object) => t.http.post('/api/merchant/invoices').set(bearer(uae)).send(body);
  const cash = (minor: number) => [{ method: PaymentMethod.cash, amount: (minor / 100).toFixed(2) }];
  const withVat = (minor: number) => minor + Math.round((minor * 5) / 100);

  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    uae = await t.signIn(UAE_OWNER);
    const group = await post('service-groups', { name_en: 'Hair', name_ar: 'الشعر' });
    const service = (name_en: string, name_ar: string, price: string) =>
      post('services', { name_en, name_ar, group_id: group, price, job_time: '30' });
    wash = await service('Hair wash', 'غسيل الشعر', '50.00');
    cut = await service('Haircut', 'قص الشعر', '100.00');
    nails = await service('Nail polish', 'طلاء الأظافر', '40.00');
    mariam = await post('customers', { name: 'Mariam Ali', mobile: '+971501234567' });
    huda = await post('customers', { name: 'Huda Saeed', mobile: '+971501234568' });
    hairPackage = await post('packages', {
      name_en: 'Hair care',
      name_ar: 'العناية بالشعر',
      items: [
        { service_id: wash, sessions: 3 },
        { service_id: cut, sessions: 1 },
      ],
      price: '200.00',
      validity_days: 30,
    });
    const info = await t.http.post('/api/merchant/get_global_informations').set(bearer(uae));
    today = info.body.global_informations.today;
    pickTwo = await post('offers', {
      name_en: 'Pick two',
      name_ar: 'اختاري اثنتين',
      type: 'variable',
      use_type: 2,
      service_ids: [wash, cut, nails],
      max_services_to_use: 2,
      price: '120.00',
      expiry_date: addDays(today as never, 10),
    });
  }, 60_000);
  afterAll(async () => t?.close());

  let sale: { id: string; lines: Array<{ line_id: string; customer_offer_id: string; net: number }> };
  let purchase: string;

  it('refuses selling a package without a customer, naming the field, and writes nothing', async () => {
    const before = await t.eventCount();
    const res = await issue({ lines: [{ kind: 'package', item_id: hairPackage }], payments: cash(21000) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ customer_id: 'customer_offers.customer_required' });
    expect(await t.eventCount()).toBe(before);
    const two = await issue({
      customer_id: mariam,
      lines: [{ kind: 'package', item_id: hairPackage, quantity: 2 }],
      payments: cash(42000),
    });
    expect(two.body.errors).toEqual({ 'lines.0.quantity': 'customer_offers.one_per_line' });
    const ghost = await issue({
      customer_id: mariam,
      lines: [{ kind: 'offer', item_id: hairPackage }],
      payments: cash(21000),
    });
    expect(ghost.body.errors).toEqual({ 'lines.0.item_id': 'not_found.offer' });
  });

  it('sells a package at its price with VAT as a service, and opens the customer’s purchase', async () => {
    const res = await issue({
      customer_id: mariam,
      lines: [{ kind: 'package', item_id: hairPackage }],
      payments: cash(withVat(20000)),
    });
    expect(res.status).toBe(201);
    expect(res.body.lines[0]).toMatchObject({
      kind: 'package',
      name_en: 'Hair care',
      unit_price: 20000,
      net: 20000,
      vat: 1000,
      total: 21000,
      vat_category: 'S',
    });
    sale = res.body;
    purchase = res.body.lines[0].customer_offer_id;
    const mine = await get(`customers/${mariam}/offers`);
    expect(mine.status).toBe(200);
    expect(mine.body.offers).toHaveLength(1);
    expect(mine.body.offers[0]).toMatchObject({
      id: purchase,
      kind: 'package',
      name_en: 'Hair care',
      status: 'active',
      sessions_left: 4,
      sessions_used: 0,
      price: 20000,
      value_left: 20000,
      business_date: today,
      expires_on: addDays(today as never, 29),
      invoice_id: sale.id,
    });
    expect(mine.body.offers[0].services).toEqual([
      { service_id: wash, name_en: 'Hair wash', name_ar: 'غسيل الشعر', sessions: 3, used: 0, left: 3 },
      { service_id: cut, name_en: 'Haircut', name_ar: 'قص الشعر', sessions: 1, used: 0, left: 1 },
    ]);
    expect((await get(`customer-offers/${purchase}`)).body).toMatchObject({ id: purchase, sessions_left: 4 });
  });

  it('covers a service line by a session on a later invoice (0 on it), and counts the session used', async () => {
    const res = await issue({
      customer_id: mariam,
      lines: [
        { kind: 'service', item_id: cut, customer_offer_id: purchase },
        { kind: 'service', item_id: nails },
      ],
      payments: cash(withVat(4000)),
    });
    expect(res.status).toBe(201);
    expect(res.body.lines[0]).toMatchObject({
      unit_price: 0,
      net: 0,
      vat: 0,
      total: 0,
      from_customer_offer: { customer_offer_id: purchase, kind: 'package', name_en: 'Hair care' },
    });
    expect(res.body.total).toBe(withVat(4000));
    const one = (await get(`customer-offers/${purchase}`)).body;
    expect(one).toMatchObject({ sessions_used: 1, sessions_left: 3, value_left: 15000 });
    expect(one.services[1]).toMatchObject({ service_id: cut, used: 1, left: 0 });
    // the e-invoice says where the line came from
    const einvoice = await t.http.get(`/api/public/e-invoice/${res.body.unique_id}`);
    expect(einvoice.body.lines[0].from_customer_offer).toMatchObject({ name_en: 'Hair care' });

    // no haircut left; a service not in it; another customer; no customer; not a service line
    const refused = await issue({
      customer_id: mariam,
      lines: [
        { kind: 'service', item_id: cut, customer_offer_id: purchase },
        { kind: 'service', item_id: nails, customer_offer_id: purchase },
      ],
      payments: [],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'lines.0.customer_offer_id': 'customer_offers.no_session_left',
      'lines.1.customer_offer_id': 'customer_offers.service_not_included',
    });
    const other = await issue({
      customer_id: huda,
      lines: [{ kind: 'service', item_id: wash, customer_offer_id: purchase }],
      payments: [],
    });
    expect(other.body.errors).toEqual({ 'lines.0.customer_offer_id': 'customer_offers.other_customer' });
    const walkIn = await issue({
      lines: [{ kind: 'service', item_id: wash, customer_offer_id: purchase }],
      payments: [],
    });
    expect(walkIn.body.errors).toEqual({ 'lines.0.customer_offer_id': 'customer_offers.other_customer' });
    const unknown = await issue({
      customer_id: mariam,
      lines: [{ kind: 'service', item_id: wash, customer_offer_id: 'nope' }],
      payments: [],
    });
    expect(unknown.body.errors).toEqual({ 'lines.0.customer_offer_id': 'customer_offers.not_found' });
    // three washes on one invoice: there are three; a fourth is refused
    const washes = (n: number) =>
      issue({
        customer_id: mariam,
        lines: Array.from({ length: n }, () => ({
          kind: 'service',
          item_id: wash,
          customer_offer_id: purchase,
        })),
        payments: [],
      });
    expect((await washes(4)).body.errors).toEqual({
      'lines.3.customer_offer_id': 'customer_offers.no_session_left',
    });
  });

  it('gives the session back when the invoice that used it is credited; closes the purchase only while unused', async () => {
    const used = await issue({
      customer_id: mariam,
      lines: [{ kind: 'service', item_id: wash, customer_offer_id: purchase }],
      payments: [],
    });
    expect(used.status).toBe(201);
    expect((await get(`customer-offers/${purchase}`)).body.sessions_left).toBe(2);
    // the package's sale cannot be credited while sessions of it are used
    const before = await t.eventCount();
    const refused = await t.http
      .post(`/api/merchant/invoices/${sale.id}/credit-notes`)
      .set(bearer(uae))
      .send({ reason: 'Changed her mind', payments: cash(21000) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: 'customer_offers.used_cannot_credit',
      errors: { lines: 'customer_offers.used_cannot_credit' },
    });
    expect(await t.eventCount()).toBe(before);
    // a credit note of the visit that used a session gives it back
    const note = await t.http
      .post(`/api/merchant/invoices/${used.body.id}/credit-notes`)
      .set(bearer(uae))
      .send({ reason: 'Not done', payments: [] });
    expect(note.status).toBe(201);
    expect((await get(`customer-offers/${purchase}`)).body.sessions_left).toBe(3);
    // so is the cancelling of one (no VAT on it: a session costs nothing)
    const another = await issue({
      customer_id: mariam,
      lines: [{ kind: 'service', item_id: wash, customer_offer_id: purchase }],
      payments: [],
    });
    expect((await get(`customer-offers/${purchase}`)).body.sessions_left).toBe(2);
    const cancelled = await t.http
      .post(`/api/merchant/invoices/${another.body.id}/cancel`)
      .set(bearer(uae))
      .send({ reason: 'Wrong customer' });
    expect(cancelled.status).toBe(200);
    const after = (await get(`customer-offers/${purchase}`)).body;
    expect(after).toMatchObject({ sessions_left: 3, sessions_used: 1 });
  });

  it('closes an unused package when its sale is credited, refunding what she paid', async () => {
    const res = await issue({
      customer_id: huda,
      lines: [{ kind: 'package', item_id: hairPackage }],
      payments: cash(21000),
    });
    expect(res.status).toBe(201);
    const id = res.body.lines[0].customer_offer_id;
    const note = await t.http
      .post(`/api/merchant/invoices/${res.body.id}/credit-notes`)
      .set(bearer(uae))
      .send({ reason: 'Returned', payments: cash(21000) });
    expect(note.status).toBe(201);
    const closed = (await get(`customer-offers/${id}`)).body;
    expect(closed).toMatchObject({ status: 'closed', sessions_left: 0, value_left: 0 });
    const use = await issue({
      customer_id: huda,
      lines: [{ kind: 'service', item_id: wash, customer_offer_id: id }],
      payments: [],
    });
    expect(use.body.errors).toEqual({ 'lines.0.customer_offer_id': 'customer_offers.closed' });
  });

  it('sells a variable offer: any two of its services, each once', async () => {
    const res = await issue({
      customer_id: huda,
      lines: [{ kind: 'offer', item_id: pickTwo }],
      payments: cash(withVat(12000)),
    });
    expect(res.status).toBe(201);
    const id = res.body.lines[0].customer_offer_id;
    const offer = (await get(`customer-offers/${id}`)).body;
    expect(offer).toMatchObject({ kind: 'offer', sessions_left: 2, expires_on: addDays(today as never, 10) });
    const twice = await issue({
      customer_id: huda,
      lines: [
        { kind: 'service', item_id: wash, customer_offer_id: id },
        { kind: 'service', item_id: wash, customer_offer_id: id },
      ],
      payments: [],
    });
    expect(twice.body.errors).toEqual({ 'lines.1.customer_offer_id': 'customer_offers.no_session_left' });
    const two = await issue({
      customer_id: huda,
      lines: [
        { kind: 'service', item_id: wash, customer_offer_id: id },
        { kind: 'service', item_id: nails, customer_offer_id: id },
      ],
      payments: [],
    });
    expect(two.status).toBe(201);
    expect((await get(`customer-offers/${id}`)).body).toMatchObject({ status: 'used', sessions_left: 0 });
  });

  it('reports what customers have left, its value, with filters and totals', async () => {
    const res = await get('reports/unused-customers-offers-report');
    expect(res.status).toBe(200);
    const mine = res.body.rows.find((r: { id: string }) => r.id === purchase);
    expect(mine).toMatchObject({
      customer_name: 'Mariam Ali',
      name_en: 'Hair care',
      sessions_total: 4,
      sessions_used: 1,
      sessions_left: 3,
      price: 20000,
      value_left: 15000,
      status: 'active',
      days_left: 29,
    });
    // closed and used-up purchases are not unused
    expect(res.body.rows).toHaveLength(1);
    expect(res.body.totals).toMatchObject({
      purchases: 1,
      customers: 1,
      sessions_left: 3,
      value_left: 15000,
    });
    const soon = await get('reports/unused-customers-offers-report?expiring_within=7');
    expect(soon.body.rows).toEqual([]);
    expect((await get('reports/unused-customers-offers-report?expiring_within=30')).body.rows).toHaveLength(
      1,
    );
    expect((await get(`reports/unused-customers-offers-report?customer_id=${huda}`)).body.rows).toEqual([]);
    const sold = await get(`reports/unused-customers-offers-report?from=${addDays(today as never, 1)}`);
    expect(sold.body.rows).toEqual([]);
    expect((await get('reports/unused-customers-offers-report?status=expired')).body.rows).toEqual([]);
    const bad = await get('reports/unused-customers-offers-report?status=soon&from=yesterday');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ from: 'validation.should_be_a_date' });
    const badStatus = await get('reports/unused-customers-offers-report?status=soon');
    expect(badStatus.body.errors).toEqual({ status: 'validation.invalid_value' });
    // the other salon sees none of it
    const saudi = await t.signIn(OWNER);
    const theirs = await get('reports/unused-customers-offers-report', saudi);
    expect(theirs.body.rows.some((r: { id: string }) => r.id === purchase)).toBe(false);
    expect((await get(`customer-offers/${purchase}`, saudi)).status).toBe(404);
    expect((await get(`customers/${mariam}/offers`, saudi)).status).toBe(404);
  });

  it('shows the purchase on its public e-offer page, and nothing for an unknown link', async () => {
    const { unique_id } = (await get(`customer-offers/${purchase}`)).body;
    const res = await t.http.get(`/api/public/e-offer/${unique_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'package',
      name_en: 'Hair care',
      customer_name: 'Mariam Ali',
      sessions_left: 3,
      total: 21000,
      currency: 'AED',
      status: 'active',
      salon: { name_en: 'Other Spa' },
    });
    expect(res.body.uses).toHaveLength(1);
    expect(res.body).not.toHaveProperty('customer_id');
    expect((await t.http.get('/api/public/e-offer/xxxxxxxxxxxxxxxxxxxxxx')).status).toBe(404);
    expect((await t.http.get('/api/public/e-offer/bad!')).status).toBe(404);
  });

  it('holds an offer sale, but not a line paid by a session', async () => {
    const held = await t.http
      .post('/api/merchant/held-invoices')
      .set(bearer(uae))
      .send({ customer_id: mariam, lines: [{ kind: 'package', item_id: hairPackage }] });
    expect(held.status).toBe(201);
    const refused = await t.http
      .post('/api/merchant/held-invoices')
      .set(bearer(uae))
      .send({
        customer_id: mariam,
        lines: [{ kind: 'service', item_id: wash, customer_offer_id: purchase }],
      });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'lines.0.customer_offer_id': 'customer_offers.not_held' });
  });
  it('refuses a paused offer, an expired offer, and a session of an expired purchase', async () => {
    const short = await post('offers', {
      name_en: 'Today only',
      name_ar: 'اليوم فقط',
      type: 'fixed',
      use_type: 1,
      service_ids: [wash, cut],
      price: '100.00',
      expiry_date: today,
    });
    await t.http.post(`/api/merchant/offers/${short}/pause`).set(bearer(uae)).send({});
    const paused = await issue({
      customer_id: mariam,
      lines: [{ kind: 'offer', item_id: short }],
      payments: [],
    });
    expect(paused.body.errors).toEqual({ 'lines.0.item_id': 'customer_offers.not_for_sale' });
    expect((await t.http.post(`/api/merchant/offers/${short}/resume`).set(bearer(uae)).send({})).status).toBe(
      200,
    );
    // sold on its last day: valid through today
    const sold = await issue({
      customer_id: mariam,
      lines: [{ kind: 'offer', item_id: short }],
      payments: cash(withVat(10000)),
    });
    expect(sold.status).toBe(201);

    // days later (the menu refuses a past expiry, so the store is given what it would then hold): an
    // offer whose last day was yesterday, and a purchase that ran out yesterday with sessions left
    const yesterday = addDays(today as never, -1);
    const [offerCreated] = (await t.allEvents()).filter(
      (e) => e.type === 'OfferCreated' && (e.data as { offer_id: string }).offer_id === short,
    );
    const envelope = (type: string, data: object) => ({
      id: newId(),
      type,
      data: data as Record<string, unknown>,
      metadata: { ...offerCreated.metadata, occurredAt: new Date().toISOString() },
    });
    await t.platform.eventStore.append(
      offerCreated.stream,
      [
        envelope('OfferChanged', {
          offer_id: short,
          changed: { expiry_date: yesterday },
          previous: { expiry_date: today },
        }),
      ],
      'exists',
    );
    const ran = newId();
    await t.platform.eventStore.append(
      `customeroffer-${offerCreated.metadata.tenantId}.${ran}`,
      [
        envelope('CustomerOfferOpened', {
          customer_offer_id: ran,
          unique_id: 'ranOutYesterday0000000',
          kind: 'offer',
          source_id: short,
          name_en: 'Today only',
          name_ar: 'اليوم فقط',
          customer_id: mariam,
          customer_name: 'Mariam Ali',
          services: [{ service_id: wash, name_en: 'Hair wash', name_ar: 'غسيل الشعر', sessions: 1 }],
          allowance: 1,
          price: 4000,
          total: 4200,
          currency: 'AED',
          invoice_id: null,
          invoice_number: null,
          line_id: null,
          business_date: addDays(today as never, -10),
          expires_on: yesterday,
          opened_by: 'online',
        }),
      ],
      'no_stream',
    );
    const later = await issue({
      customer_id: mariam,
      lines: [{ kind: 'offer', item_id: short }],
      payments: [],
    });
    expect(later.status).toBe(422);
    expect(later.body.errors).toEqual({ 'lines.0.item_id': 'customer_offers.offer_expired' });
    expect(later.body.message).toBe('customer_offers.offer_expired');
    const use = await issue({
      customer_id: mariam,
      lines: [{ kind: 'service', item_id: wash, customer_offer_id: ran }],
      payments: [],
    });
    expect(use.body.errors).toEqual({ 'lines.0.customer_offer_id': 'customer_offers.expired' });
    const expired = await get('reports/unused-customers-offers-report?status=expired');
    expect(expired.body.rows.map((r: { id: string }) => r.id)).toEqual([ran]);
    expect(expired.body.rows[0]).toMatchObject({
      status: 'expired',
      days_left: -1,
      sessions_left: 1,
      value_left: 4000,
    });
    expect(
      (await get(`customers/${mariam}/offers`)).body.offers.map((o: { status: string }) => o.status),
    ).toEqual(expect.arrayContaining(['active', 'expired']));
  });
});
