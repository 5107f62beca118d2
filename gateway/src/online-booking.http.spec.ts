import { instantAt } from '@rawnaq/contracts';
import { salonIndexHtml } from './salon-pages';
import { png } from './testing/images.test-support';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ, workday } from './testing/dates.test-support';

type Group = {
  id: string;
  services: Array<{ id: string; name_en: string; duration: number; price_with_vat: string }>;
};

describe('booking on the salon’s online pages over HTTP', () => {
  let t: TestApp;
  let owner: string;
  const fresh = async () => ({ 'X-Min-Position': String(await t.eventCount()) });
  const setOnline = async (values: Record<string, unknown>) => {
    const res = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(owner))
      .send({ alias: 'demosalon', ...values });
    expect(res.status).toBe(200);
    return res;
  };
  const book = (body: Record<string, unknown>, key?: string) => {
    const req = t.http.post('/api/public/salons/demosalon/bookings');
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const menu = async () => {
    const res = await t.http.get('/api/public/salons/demosalon/services').set(await fresh());
    expect(res.status).toBe(200);
    return res.body.groups.flatMap((g: Group) => g.services) as Group['services'];
  };
  const free = async (serviceIds: string[], date: string, employee?: string) => {
    const res = await t.http
      .get('/api/public/salons/demosalon/availability')
      .query({ service_ids: JSON.stringify(serviceIds), date, ...(employee && { employee_id: employee }) })
      .set(await fresh());
    expect(res.status).toBe(200);
    return res.body as {
      any_employee: string[];
      employees: Array<{ employee_id: string; starts: string[] }>;
      visit: Array<{ start: string; lines: Array<{ employee_id: string }> }>;
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(async () => t?.close());

  it('refuses politely while the salon does not take online bookings, and says so on its card', async () => {
    await setOnline({ online_booking: false });
    const card = await t.http.get('/api/public/salons/demosalon').set(await fresh());
    expect(card.body).toMatchObject({ online_booking: false, cancel_cutoff_hours: 24 });
    await setOnline({
      online_booking: false,
      terms_ar: 'يُلغى الحجز قبل ساعتين',
      refund_policy_en: 'No refunds',
    });
    const policies = await t.http.get('/api/public/salons/demosalon/policies').set(await fresh());
    expect(policies.body).toEqual({
      terms_en: '',
      terms_ar: 'يُلغى الحجز قبل ساعتين',
      refund_policy_en: 'No refunds',
      refund_policy_ar: '',
    });
    const [service] = await menu();
    const res = await book({
      service_ids: [service.id],
      start: instantAt(workday(2), '10:00:00', TZ),
      name: 'Noura',
      mobile: '0551234567',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('online.booking_closed');
  });

  it('shows the menu with VAT, books two services with any employee, and recognises her by mobile and name next time', async () => {
    await setOnline({ online_booking: true, require_email: false, cancel_cutoff_hours: 12 });
    const services = await menu();
    expect(services.length).toBeGreaterThan(1);
    expect(services[0].price_with_vat).toMatch(/^\d+\.\d{2}$/);
    const employees = await t.http.get('/api/public/salons/demosalon/employees');
    expect(employees.body.length).toBeGreaterThan(0);
    expect(Object.keys(employees.body[0]).sort()).toEqual(['id', 'name_ar', 'name_en', 'service_ids']);
    // each with the services she does: "any employee" for a haircut is never the nail technician
    const haircut = services.find((s: { name_en: string }) => s.name_en === 'Haircut')!.id;
    const who = (name: string) => employees.body.find((e: { name_en: string }) => e.name_en === name);
    expect(who('Noura Al-Qahtani').service_ids).toContain(haircut);
    expect(who('Reem Abdullah').service_ids).not.toContain(haircut);
    const cuts = await free([haircut], workday(4));
    expect(cuts.visit.length).toBeGreaterThan(0);
    expect(
      new Set(cuts.visit.map((v: { lines: Array<{ employee_id: string }> }) => v.lines[0].employee_id)),
    ).toEqual(new Set([who('Noura Al-Qahtani').id]));

    const two = [services[0].id, services[1].id];
    const date = workday(3);
    const slots = await free(two, date);
    expect(slots.any_employee.length).toBeGreaterThan(0);
    const start = slots.visit[0].start;
    const mobile = '0559876543';
    const first = await book(
      { service_ids: two, start, name: 'Huda Online', mobile, language: 'ar' },
      'online-1',
    );
    expect(first.status).toBe(201);
    expect(first.body.unique_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.body.lines).toHaveLength(2);
    // a retry with the same key gets the first reply, and books nothing more
    const again = await book(
      { service_ids: two, start, name: 'Huda Online', mobile, language: 'ar' },
      'online-1',
    );
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);

    const page = await t.http.get(`/api/public/e-booking/${first.body.unique_id}`).set(await fresh());
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ status: 1, salon: { alias: 'demosalon', cancel_cutoff_hours: 12 } });
    expect(page.body.lines.map((l: { service: { name_en: string } }) => l.service.name_en)).toEqual([
      services[0].name_en,
      services[1].name_en,
    ]);

    // the desk sees it as an online booking of one customer
    const visit = await t.http
      .get(`/api/merchant/appointments/${first.body.id}`)
      .set({ ...bearer(owner), ...(await fresh()) });
    expect(visit.body.source).toBe(1);
    // the next working day (the day after may be the weekend, when the salon is closed)
    const later = (await free([services[0].id], workday(4))).visit[0].start;
    // her mobile written another way, her name with other spaces and case: she is the same customer
    const second = await book({
      service_ids: [services[0].id],
      start: later,
      name: ' huda  ONLINE ',
      mobile: '+966559876543',
    });
    expect(second.status).toBe(201);
    // the page is answered the visit, nothing of the customer's record
    expect(second.body).not.toHaveProperty('customer_id');
    const secondVisit = await t.http
      .get(`/api/merchant/appointments/${second.body.id}`)
      .set({ ...bearer(owner), ...(await fresh()) });
    expect(secondVisit.body.customer_id).toBe(visit.body.customer_id);
    const customers = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: '559876543' }) })
      .set({ ...bearer(owner), ...(await fresh()) });
    // the number is the demo's Noura's: Huda is a customer of her own, flagged for the desk, and
    // neither booking was filed under Noura (issue 24)
    const byName = Object.fromEntries(
      (customers.body as Array<{ id: string; name: string; likely_duplicate?: boolean }>).map((c) => [
        c.name,
        c,
      ]),
    );
    expect(Object.keys(byName).sort()).toEqual(['Huda Online', 'نورة القحطاني']);
    expect(byName['Huda Online']).toMatchObject({ id: visit.body.customer_id, likely_duplicate: true });
  });

  it('gives a time just taken to one customer only: the other is told to pick another, and nothing of hers is written', async () => {
    const [service] = await menu();
    const date = workday(5);
    const slots = await free([service.id], date);
    const { start, lines } = slots.visit[0];
    const employee = lines[0].employee_id;
    const events = await t.eventCount();
    const [a, b] = await Promise.all([
      book({
        service_ids: [service.id],
        employee_id: employee,
        start,
        name: 'Race One',
        mobile: '0551112223',
      }),
      book({
        service_ids: [service.id],
        employee_id: employee,
        start,
        name: 'Race Two',
        mobile: '0553334445',
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body.message).toBe('online.slot_taken');
    expect(lost.body.errors).toEqual({ start: 'online.slot_taken' });
    // the loser was not registered as a customer either
    const all = await t.allEvents();
    const registered = all
      .slice(events)
      .filter((e) => e.type === 'CustomerRegistered')
      .map((e) => (e.data as { name: string }).name);
    expect(registered).toHaveLength(1);
    // and the time is no longer offered for that employee
    const after = (await free([service.id], date, employee)).employees.find(
      (e) => e.employee_id === employee,
    );
    expect(after?.starts).not.toContain(start);
  });

  it('names the field of a bad booking: a mobile without a country, a missing e-mail the salon requires, a hidden service', async () => {
    await setOnline({ online_booking: true, require_email: true });
    const [service] = await menu();
    const start = instantAt(workday(6), '11:00:00', TZ);
    const res = await book({ service_ids: [service.id], start, name: 'X', mobile: '12' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'mobile']);
    const unknown = await book({
      service_ids: ['00000000-0000-4000-8000-000000000000'],
      start,
      name: 'X',
      mobile: '0551231231',
      email: 'x@example.com',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'service_ids.0': 'not_found.service' });
    expect((await t.http.get('/api/public/salons/nosuchsalon/services')).status).toBe(404);
    expect((await t.http.get('/api/public/e-booking/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('writes each salon page’s language, title, preview and robots into its HTML, and the home page’s content', async () => {
    await setOnline({ online_booking: true });
    await t.http.get('/api/public/salons/demosalon').set(await fresh());
    const index =
      '<!doctype html><html lang="ar" dir="rtl"><head><title>Rawnaq</title></head><body><div id="root"></div></body></html>';
    const home = await salonIndexHtml(t.app.readModels, index, '/en/salon/demosalon/home');
    expect(home).toContain('<html lang="en" dir="ltr">');
    expect(home).toContain('<title>Demo Salon | Rawnaq</title>');
    expect(home).toContain('<meta property="og:title" content="Demo Salon | Rawnaq" />');
    // the platform has not let search engines index this salon
    expect(home).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(home).toMatch(
      /<div id="root">.*<h1>Demo Salon<\/h1>.*href="\/en\/salon\/demosalon\/booking".*<\/div><\/div>/,
    );
    const booking = await salonIndexHtml(t.app.readModels, index, '/salon/demosalon/booking');
    expect(booking).toContain('<html lang="ar" dir="rtl">');
    expect(booking).toContain('<title>الحجز في صالون العرض التجريبي | رونق</title>');
    expect(booking).toContain('<div id="root"></div>');
    const unknown = await salonIndexHtml(t.app.readModels, index, '/salon/nosuchsalon/home');
    expect(unknown).toContain('noindex');
    expect(unknown).toContain('<div id="root"></div>');
  });

  it('writes the price list and the offers into their HTML, with the data the app then renders from', async () => {
    const index =
      '<!doctype html><html lang="ar" dir="rtl"><head><title>Rawnaq</title></head><body><div id="root"></div></body></html>';
    const menu = (await t.http.get('/api/public/salons/demosalon/services')).body as {
      groups: Array<{ name_ar: string; services: Array<{ name_ar: string; price_with_vat: string }> }>;
    };
    const prices = await salonIndexHtml(t.app.readModels, index, '/salon/demosalon/price-list');
    const root = /<div id="root">(.*)<\/div>\s*<\/body>/s.exec(prices)?.[1] ?? '';
    expect(root).toContain('<h1 id="price-list-title">قائمة الأسعار</h1>');
    for (const group of menu.groups) {
      expect(root).toContain(`<h2>${group.name_ar}</h2>`);
      for (const s of group.services)
        expect(root).toMatch(new RegExp(`${s.name_ar}<small>\\d+ دقيقة</small>.*?${s.price_with_vat} ر\\.س`));
    }
    const embedded = JSON.parse(
      /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(prices)![1],
    );
    expect(embedded).toEqual({ page: 'price-list', alias: 'demosalon', data: menu });

    const shop = (await t.http.get('/api/public/salons/demosalon/offers')).body as {
      items: Array<{ name_en: string; price_with_vat: string }>;
    };
    expect(shop.items.length).toBeGreaterThan(0);
    const offers = await salonIndexHtml(t.app.readModels, index, '/en/salon/demosalon/offers');
    expect(offers).toContain('<h1 id="offers-title" class="page-title">Offers and packages</h1>');
    for (const item of shop.items) {
      expect(offers).toContain(`<h2>${item.name_en}</h2>`);
      expect(offers).toContain(`SAR ${item.price_with_vat}`);
    }
    expect(JSON.parse(/id="page-data">(.*?)<\/script>/.exec(offers)![1]).data).toEqual(shop);
  });

  it('lets the platform’s manager turn on search indexing and the payment gateway package of a salon', async () => {
    const manager = await t.signIn(MANAGER, 'manager');
    const put = (body: object) =>
      t.http.put('/api/manager/accounts/1/online-services').set(bearer(manager)).send(body);
    expect((await put({ payment_gateway_package: 5 })).body.errors).toEqual({
      payment_gateway_package: expect.any(String),
    });
    expect(
      (await t.http.put('/api/manager/accounts/1/online-services').set(bearer(owner)).send({})).status,
    ).toBe(401);
    const on = await put({ google_index: true, payment_gateway_package: 1 });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({
      id: '1',
      google_index: true,
      payment_gateway_package: 1,
      payment_gateway_package_id: null,
    });
    const read = { ...bearer(manager), 'X-Min-Position': on.headers['x-position'] };
    const aliases = await t.http.get('/api/manager/global-aliases').set(read);
    expect(aliases.body).toContainEqual(
      expect.objectContaining({ alias: 'demosalon', google_index: true, payment_gateway_package: 1 }),
    );
    // nothing of the salon's settings beyond its online services
    expect(Object.keys(aliases.body[0]).sort()).toEqual(
      [
        'account_id',
        'alias',
        'google_index',
        'id',
        'name_ar',
        'name_en',
        'online_booking',
        'payment_gateway_package',
        'payment_gateway_package_id',
        'status',
      ].sort(),
    );
    const withPackage = await t.http.get('/api/manager/payment-gateway-accounts').set(read);
    expect(withPackage.body.map((a: { alias: string }) => a.alias)).toEqual(['demosalon']);
    const index = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
    expect(await salonIndexHtml(t.app.readModels, index, '/salon/demosalon/home')).toContain(
      '<meta name="robots" content="index, follow" />',
    );
    // off again: the package cancelled, the salon leaves the list
    const off = await put({ payment_gateway_package: 0 });
    expect(off.body).toEqual({
      id: '1',
      google_index: true,
      payment_gateway_package: 0,
      payment_gateway_package_id: null,
    });
    const after = await t.http
      .get('/api/manager/payment-gateway-accounts')
      .set({ ...bearer(manager), 'X-Min-Position': off.headers['x-position'] });
    expect(after.body).toEqual([]);
  });

  it('counts the views of the salon’s pages and its online bookings per day, with the booking page’s conversion', async () => {
    await setOnline({ online_booking: true, require_email: false });
    type Day = {
      date: string;
      home: number;
      booking: number;
      views: number;
      bookings: number;
      conversion: number | null;
    };
    const report = async () =>
      (await t.http.get('/api/merchant/reports/online-daily-visit').set(bearer(owner))).body as {
        rows: Day[];
        totals: Omit<Day, 'date'>;
      };
    // what the earlier tests booked reaches the day first (counts are added every half second)
    await new Promise((r) => setTimeout(r, 700));
    const before = (await report()).totals;
    const view = (page: string, alias = 'demosalon') =>
      t.http.post(`/api/public/salons/${alias}/visits`).send({ page });
    for (const page of ['home', 'home', 'home', 'booking', 'booking'])
      expect((await view(page)).status).toBe(204);
    expect((await view('nowhere')).body.errors).toEqual({ page: expect.any(String) });
    expect((await view('home', 'nosuchsalon')).status).toBe(404);
    const [service] = await menu();
    const date = workday(8);
    const start = (await free([service.id], date)).visit[0].start;
    expect(
      (await book({ service_ids: [service.id], start, name: 'Visitor', mobile: '0554445556' })).status,
    ).toBe(201);
    // the counts reach the report within moments (they are added every half second)
    let after = (await report()).totals;
    for (let i = 0; i < 30 && after.bookings < before.bookings + 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = (await report()).totals;
    }
    expect(after.home - before.home).toBe(3);
    expect(after.booking - before.booking).toBe(2);
    expect(after.views - before.views).toBe(5);
    expect(after.bookings - before.bookings).toBe(1);
    expect(after.conversion).toBe(Math.round((after.bookings / after.booking) * 1000) / 10);
    const bad = await t.http
      .get('/api/merchant/reports/online-daily-visit')
      .query({ from: '2026-02-01', to: '2026-01-01' })
      .set(bearer(owner));
    expect(bad.body.errors).toEqual({ to: 'sales.period_reversed' });
  });

  it('lets the customer move or cancel her visit from its link until the salon’s cut-off, never after', async () => {
    await setOnline({ online_booking: true, require_email: false, cancel_cutoff_hours: 24 });
    const [service] = await menu();
    const date = workday(9);
    const slots = await free([service.id], date);
    const booked = await book({
      service_ids: [service.id],
      start: slots.visit[0].start,
      name: 'Mover',
      mobile: '0557778889',
    });
    expect(booked.status).toBe(201);
    const link = booked.body.unique_id as string;
    const page = async () => (await t.http.get(`/api/public/e-booking/${link}`).set(await fresh())).body;
    expect(await page()).toMatchObject({ can_change: true, status: 1 });
    // another time of the same employee: the visit moves, the old time is free again
    const employee = booked.body.lines[0].employee_id as string;
    const later = (await free([service.id], date, employee)).employees
      .find((e) => e.employee_id === employee)!
      .starts.find(
        (s) => s > slots.visit[0].start && Date.parse(s) - Date.parse(slots.visit[0].start) >= 3 * 3_600_000,
      )!;
    const moved = await t.http.post(`/api/public/e-booking/${link}/reschedule`).send({ start: later });
    expect(moved.status).toBe(200);
    expect((await page()).start).toBe(later);
    const bad = await t.http.post(`/api/public/e-booking/${link}/reschedule`).send({ start: 'soon' });
    expect(Object.keys(bad.body.errors)).toEqual(['start']);
    const cancelled = await t.http.post(`/api/public/e-booking/${link}/cancel`).send({});
    expect(cancelled.status).toBe(200);
    expect(await page()).toMatchObject({ status: 0, can_change: false });
    expect((await t.http.post(`/api/public/e-booking/${link}/cancel`).send({})).body.message).toBe(
      'appointments.already_cancelled',
    );
    // a visit within the cut-off: the salon is the one to call
    await setOnline({ online_booking: true, cancel_cutoff_hours: 168 });
    const soon = await book({
      service_ids: [service.id],
      start: (await free([service.id], workday(2))).visit[0].start,
      name: 'Late',
      mobile: '0551212121',
    });
    expect(soon.status).toBe(201);
    const refused = await t.http.post(`/api/public/e-booking/${soon.body.unique_id}/cancel`).send({});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'online.cutoff_passed', params: { hours: 168 } });
    await setOnline({ online_booking: true, cancel_cutoff_hours: 24 });
    expect((await t.http.post('/api/public/e-booking/AAAAAAAAAAAAAAAAAAAAAA/cancel').send({})).status).toBe(
      404,
    );
  });

  it('shows a service’s picture on the online pages, and no other file of the salon', async () => {
    const upload = (purpose: string) =>
      t.http
        .post('/api/merchant/files')
        .query({ purpose, name: 'cut.png' })
        .set({ ...bearer(owner), 'Content-Type': 'image/png' })
        .send(png(64, 64));
    const picture = await upload('image');
    const logo = await upload('logo');
    const groups = await t.http.get('/api/merchant/service-groups').set(bearer(owner));
    const service = await t.http.post('/api/merchant/services').set(bearer(owner)).send({
      name_en: 'Pictured cut',
      name_ar: 'قصة مصورة',
      group_id: groups.body[0].id,
      price: '90',
      job_time: 30,
      image_file_id: picture.body.id,
    });
    expect(service.status).toBe(201);
    const shown = (await menu()).find((s) => s.id === service.body.id) as { image_url: string } | undefined;
    expect(shown?.image_url).toBe(`/api/public/salons/demosalon/images/${picture.body.id}`);
    const image = await t.http.get(shown!.image_url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('public');
    // the salon's logo is no service's picture: not served here
    expect((await t.http.get(`/api/public/salons/demosalon/images/${logo.body.id}`)).status).toBe(404);
    // nor is the picture of a service hidden from customers
    const hidden = await t.http.put(`/api/merchant/services/${service.body.id}`).set(bearer(owner)).send({
      name_en: 'Pictured cut',
      name_ar: 'قصة مصورة',
      group_id: groups.body[0].id,
      price: '90',
      job_time: 30,
      image_file_id: picture.body.id,
      show_to_customer: false,
    });
    expect(hidden.status).toBe(200);
    const after = await t.http.get(shown!.image_url).set({ 'X-Min-Position': hidden.headers['x-position'] });
    expect(after.status).toBe(404);
  });
});
