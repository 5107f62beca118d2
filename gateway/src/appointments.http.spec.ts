import { addDays, businessDate, instantAt, Permission, weekdayOf } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ, workday } from './testing/dates.test-support';

const at = (date: string, time: string) => instantAt(date, `${time}:00`, TZ);

describe('the appointment book over HTTP', () => {
  let t: TestApp;
  let owner: string;
  let services: Record<string, { id: string; price: number; job_time: number }>;
  let stylists: Record<string, string>;
  let customers: string[];
  let customerNames: string[];

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const menu = await t.http.get('/api/merchant/services').query({ range: '[0,99]' }).set(bearer(owner));
    services = Object.fromEntries(menu.body.map((s: { name_en: string }) => [s.name_en, s]));
    const staff = await t.http.get('/api/merchant/employees').query({ range: '[0,99]' }).set(bearer(owner));
    stylists = Object.fromEntries(staff.body.map((e: { name_en: string; id: string }) => [e.name_en, e.id]));
    const list = await t.http.get('/api/merchant/customers').query({ range: '[0,99]' }).set(bearer(owner));
    customers = list.body.map((c: { id: string }) => c.id);
    customerNames = list.body.map((c: { name: string }) => c.name);
  }, 60_000);
  afterAll(async () => t?.close());

  const book = (body: object, token = owner, key?: string) =>
    t.http
      .post('/api/merchant/appointments')
      .set({ ...bearer(token), ...(key && { 'Idempotency-Key': key }) })
      .send(body);
  const line = (service: string, stylist: string, start: string, extra: object = {}) => ({
    service_id: services[service].id,
    employee_id: stylists[stylist],
    start,
    ...extra,
  });
  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });

  it('finds the demo salon with a week of visits: checked in, cancelled, a no-show, confirmed, to come', async () => {
    const today = businessDate(new Date(), TZ);
    const week = await t.http
      .get('/api/merchant/appointments')
      .query({ filter: JSON.stringify({ from: addDays(today, -4), to: addDays(today, 6) }), range: '[0,99]' })
      .set(bearer(owner));
    const states = week.body.map((v: { state: string }) => v.state);
    expect(week.body.length).toBeGreaterThanOrEqual(10);
    for (const state of ['checked_in', 'cancelled', 'no_show', 'confirmed', 'scheduled'])
      expect(states).toContain(state);
    // cancelled for a reason of the salon's list, which each language reads in its own words
    expect(week.body.find((v: { state: string }) => v.state === 'cancelled')).toMatchObject({
      cancel_reason_id: expect.any(String),
      cancel_reason_en: 'Customer asked to cancel',
      cancel_reason_ar: 'طلب العميل الإلغاء',
    });
    const noShow = week.body.find((v: { state: string }) => v.state === 'no_show');
    const customer = await t.http.get(`/api/merchant/customers/${noShow.customer_id}`).set(bearer(owner));
    expect(customer.body.no_shows).toBe(1);
  });

  it('books a two-service visit back to back with two employees, priced and timed from the menu', async () => {
    const day = workday(7);
    const res = await book({
      customer_id: customers[0],
      lines: [
        line('Haircut', 'Noura Al-Qahtani', at(day, '10:00')),
        line('Manicure', 'Reem Abdullah', at(day, '10:45')),
      ],
      notes: 'Prefers the window seat',
    });
    expect(res.status).toBe(201);
    expect(res.headers['x-position']).toBeDefined();
    expect(res.body).toMatchObject({
      date: day,
      status: 1,
      booking_no: expect.any(Number),
      overbooked: false,
    });
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        service_name_en: 'Haircut',
        duration: 45,
        price: 10000,
        end: at(day, '10:45'),
      }),
      expect.objectContaining({
        service_name_en: 'Manicure',
        duration: 45,
        price: 8000,
        end: at(day, '11:30'),
      }),
    ]);
    const listed = await t.http
      .get('/api/merchant/appointments')
      .query({ filter: JSON.stringify({ date: day }) })
      .set(await fresh());
    expect(listed.body.map((v: { id: string }) => v.id)).toContain(res.body.id);
    const visit = listed.body.find((v: { id: string }) => v.id === res.body.id);
    expect(visit).toMatchObject({ customer_name: customerNames[0], total: 18000, state: 'scheduled' });
  });

  it('refuses a double booking with the employee and the time named, and writes nothing', async () => {
    const day = workday(8);
    expect(
      (
        await book({
          customer_id: customers[0],
          lines: [line('Haircut', 'Noura Al-Qahtani', at(day, '12:00'))],
        })
      ).status,
    ).toBe(201);
    const before = await t.eventCount();
    const clash = await book({
      customer_id: customers[1],
      lines: [line('Blow dry', 'Noura Al-Qahtani', at(day, '12:30'))],
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      message: 'appointments.employee_busy',
      errors: { 'lines.0.start': 'appointments.employee_busy' },
      // the times as the pages show them, in both languages
      params: {
        employee_en: 'Noura Al-Qahtani',
        employee_ar: 'نورة القحطاني',
        from_en: '12:00 PM',
        from_ar: '12:00 م',
        to_en: '12:45 PM',
        to_ar: '12:45 م',
      },
    });
    // the customer cannot be in two places at once either
    const twice = await book({
      customer_id: customers[0],
      lines: [line('Manicure', 'Reem Abdullah', at(day, '12:15'))],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('appointments.customer_busy');
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses one visit that puts an employee, or the customer, in two places at once, as two visits are refused', async () => {
    const day = workday(16);
    const before = await t.eventCount();
    // two lines of one visit for Noura at once
    const twiceNoura = await book({
      customer_id: customers[3],
      lines: [
        line('Haircut', 'Noura Al-Qahtani', at(day, '12:00')),
        line('Blow dry', 'Noura Al-Qahtani', at(day, '12:15')),
      ],
    });
    expect(twiceNoura.status).toBe(409);
    expect(twiceNoura.body).toMatchObject({
      errors: { 'lines.1.start': 'appointments.employee_busy' },
      details: expect.arrayContaining([
        expect.objectContaining({
          key: 'appointments.employee_busy',
          params: expect.objectContaining({
            employee_en: 'Noura Al-Qahtani',
            from_en: '12:00 PM',
            to_en: '12:45 PM',
          }),
        }),
      ]),
    });
    // the customer with Noura and Reem at once
    const withTwo = await book({
      customer_id: customers[3],
      lines: [
        line('Haircut', 'Noura Al-Qahtani', at(day, '12:00')),
        line('Manicure', 'Reem Abdullah', at(day, '12:00')),
      ],
    });
    expect(withTwo.status).toBe(409);
    expect(withTwo.body).toMatchObject({
      message: 'appointments.customer_busy',
      errors: { 'lines.1.start': 'appointments.customer_busy' },
      params: { from_en: '12:00 PM', to_en: '12:45 PM' },
    });
    expect(await t.eventCount()).toBe(before);
    // back to back they are one visit; a line moved onto its sibling's time is refused, nothing written
    const visit = await book({
      customer_id: customers[3],
      lines: [
        line('Haircut', 'Noura Al-Qahtani', at(day, '12:00')),
        line('Blow dry', 'Noura Al-Qahtani', at(day, '12:45')),
      ],
    });
    expect(visit.status).toBe(201);
    const moved = await t.http
      .post(`/api/merchant/appointments/${visit.body.id}/move`)
      .set(bearer(owner))
      .send({ line_id: visit.body.lines[1].line_id, start: at(day, '12:15') });
    expect([moved.status, moved.body.message]).toEqual([409, 'appointments.employee_busy']);
    const toReem = await t.http
      .post(`/api/merchant/appointments/${visit.body.id}/move`)
      .set(bearer(owner))
      .send({
        line_id: visit.body.lines[1].line_id,
        start: at(day, '12:15'),
        employee_id: stylists['Reem Abdullah'],
      });
    expect([toReem.status, toReem.body.message]).toEqual([409, 'appointments.customer_busy']);
    // an edit that stacks them is refused the same way
    const edited = await t.http
      .put(`/api/merchant/appointments/${visit.body.id}`)
      .set(bearer(owner))
      .send({
        lines: visit.body.lines.map((l: { line_id: string; service_id: string; employee_id: string }) => ({
          line_id: l.line_id,
          service_id: l.service_id,
          employee_id: l.employee_id,
          start: at(day, '12:00'),
        })),
      });
    expect([edited.status, edited.body.errors]).toEqual([
      409,
      { 'lines.1.start': 'appointments.employee_busy' },
    ]);
    // even where the salon allows overbooking: no "book anyway" for one employee twice in one visit
    const settings = (body: object) =>
      t.http.put('/api/merchant/settings/invoice').set(bearer(owner)).send(body);
    expect((await settings({ allow_overbooking: true })).status).toBe(200);
    try {
      const again = await book({
        customer_id: customers[4],
        lines: [
          line('Manicure', 'Reem Abdullah', at(day, '15:00')),
          line('Pedicure', 'Reem Abdullah', at(day, '15:00')),
        ],
        overbook: true,
      });
      expect([again.status, again.body.message]).toEqual([409, 'appointments.employee_busy']);
    } finally {
      expect((await settings({ allow_overbooking: false })).status).toBe(200);
    }
  });

  it('books parallel services (one customer with two employees at once) only where the salon takes them', async () => {
    const day = workday(17);
    const settings = (on: boolean) =>
      t.http.put('/api/merchant/settings/invoice').set(bearer(owner)).send({ allow_parallel_services: on });
    const read = await t.http.get('/api/merchant/settings/invoice').set(await fresh());
    expect(read.body.allow_parallel_services).toBe(false);
    const maniPedi = {
      customer_id: customers[0],
      lines: [
        line('Manicure', 'Reem Abdullah', at(day, '16:00')),
        line('Facial', 'Noura Al-Qahtani', at(day, '16:00')),
      ],
    };
    expect((await book(maniPedi)).body.message).toBe('appointments.customer_busy');
    expect((await settings(true)).status).toBe(200);
    try {
      expect(
        (await t.http.get('/api/merchant/settings/invoice').set(await fresh())).body.allow_parallel_services,
      ).toBe(true);
      const together = await book(maniPedi);
      expect(together.status).toBe(201);
      // still never one employee twice at once, nor the customer in another visit at the same time
      const sameStylist = await book({
        customer_id: customers[1],
        lines: [
          line('Manicure', 'Reem Abdullah', at(day, '18:00')),
          line('Pedicure', 'Reem Abdullah', at(day, '18:00')),
        ],
      });
      expect(sameStylist.body.message).toBe('appointments.employee_busy');
      const elsewhere = await book({
        customer_id: customers[0],
        lines: [line('Blow dry', 'Reem Abdullah', at(day, '16:45'))],
      });
      expect(elsewhere.status).toBe(409);
      expect(elsewhere.body.errors).toEqual({ 'lines.0.start': 'appointments.customer_busy' });
    } finally {
      expect((await settings(false)).status).toBe(200);
    }
  });

  it('gives exactly one of many simultaneous bookings of the same slot, the others a clear 409', async () => {
    const day = workday(9);
    const results = await Promise.all(
      customers
        .slice(0, 4)
        .map((customer_id) =>
          book({ customer_id, lines: [line('Facial', 'Reem Abdullah', at(day, '15:00'))] }),
        ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.message).toBe('appointments.employee_busy');
    const lines = await t.http
      .get('/api/merchant/appointments')
      .query({ filter: JSON.stringify({ date: day, employee_id: stylists['Reem Abdullah'] }) })
      .set(await fresh());
    expect(lines.body).toHaveLength(1);
  });

  it('names every rule a visit breaks: outside hours, a day off, in the past', async () => {
    const day = workday(10);
    let friday = day;
    while (weekdayOf(friday) !== 5) friday = addDays(friday, 1);
    const res = await book({
      customer_id: customers[2],
      lines: [
        line('Haircut', 'Noura Al-Qahtani', at(day, '23:00')),
        line('Manicure', 'Reem Abdullah', at(friday, '17:00')),
        line('Blow dry', 'Noura Al-Qahtani', at(addDays(businessDate(new Date(), TZ), -1), '11:00')),
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('appointments.conflicts');
    expect(res.body.errors).toEqual({
      'lines.0.start': 'appointments.outside_salon_hours',
      'lines.1.start': 'appointments.employee_day_off',
      'lines.2.start': 'appointments.start_in_past',
    });
    expect(res.body.details).toHaveLength(3);
  });

  it('refuses bad input with a 422 naming the field, and writes nothing', async () => {
    const before = await t.eventCount();
    const cases: Array<[object, string]> = [
      [{ customer_id: customers[0], lines: [] }, 'lines'],
      [{ lines: [line('Haircut', 'Noura Al-Qahtani', at(workday(7), '10:00'))] }, 'customer_id'],
      [
        { customer_id: customers[0], lines: [line('Haircut', 'Noura Al-Qahtani', at(workday(7), '10:10'))] },
        'lines.0.start',
      ],
      [
        {
          customer_id: customers[0],
          lines: [{ ...line('Haircut', 'Noura Al-Qahtani', at(workday(7), '10:00')), duration: 0 }],
        },
        'lines.0.duration',
      ],
      [
        { customer_id: customers[0], lines: [{ ...line('Haircut', 'Noura Al-Qahtani', 'not a time') }] },
        'lines.0.start',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await book(body);
      expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual([
        422,
        expect.arrayContaining([field]),
      ]);
    }
    const unknownService = await book({
      customer_id: customers[0],
      lines: [
        {
          ...line('Haircut', 'Noura Al-Qahtani', at(workday(7), '16:00')),
          service_id: '0193b000-0000-7000-8000-00000000dead',
        },
      ],
    });
    expect(unknownService.body.errors).toEqual({ 'lines.0.service_id': 'not_found.service' });
    expect(await t.eventCount()).toBe(before);
  });

  it('books a new customer typed at the desk, once, with the visit', async () => {
    const day = workday(11);
    const res = await book({
      customer: { name: 'Walk-in Hessa', mobile: '0551239876' },
      lines: [line('Blow dry', 'Noura Al-Qahtani', at(day, '11:00'))],
    });
    expect(res.status).toBe(201);
    const found = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: '0551239876' }) })
      .set(await fresh());
    expect(found.body).toEqual([
      expect.objectContaining({ id: res.body.customer_id, mobile: '+966551239876' }),
    ]);
    // a refused booking does not leave its new customer behind
    const refused = await book({
      customer: { name: 'Ghost', mobile: '0551239877' },
      lines: [line('Blow dry', 'Noura Al-Qahtani', at(day, '11:00'))],
    });
    expect(refused.status).toBe(409);
    const none = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: '0551239877' }) })
      .set(await fresh());
    expect(none.body).toEqual([]);
  });

  it('runs the day: confirm, move a line, change the employee, cancel with a reason, no-show counts on the customer', async () => {
    const day = workday(12);
    const booked = await book({
      customer_id: customers[3],
      lines: [line('Facial', 'Noura Al-Qahtani', at(day, '13:00'))],
    });
    const id = booked.body.id as string;
    const lineId = booked.body.lines[0].line_id as string;
    const post = (path: string, body: object = {}) =>
      t.http.post(`/api/merchant/appointments/${id}/${path}`).set(bearer(owner)).send(body);
    expect((await post('confirm')).body.confirmed).toBe(true);
    const moved = await post('move', { line_id: lineId, start: at(day, '14:00') });
    expect(moved.status).toBe(200);
    expect(moved.body.lines[0]).toMatchObject({ start: at(day, '14:00'), end: at(day, '15:00') });
    // the old time is free again for someone else
    expect(
      (
        await book({
          customer_id: customers[4],
          lines: [line('Blow dry', 'Noura Al-Qahtani', at(day, '13:00'))],
        })
      ).status,
    ).toBe(201);
    const other = await post('change-employee', { line_id: lineId, employee_id: stylists['Reem Abdullah'] });
    expect(other.body.lines[0].employee_id).toBe(stylists['Reem Abdullah']);
    expect((await post('check-in')).body.message).toBe('appointments.check_in_not_today');
    const reasons = await t.http.get('/api/merchant/cancellation-reasons').set(bearer(owner));
    expect(reasons.body.length).toBeGreaterThanOrEqual(4);
    expect((await post('cancel', {})).body.errors).toEqual({ reason_id: 'validation.is_required' });
    const cancelled = await post('cancel', { reason_id: reasons.body[0].id });
    expect(cancelled.body.status).toBe(0);
    expect((await post('check-in')).body.message).toBe('appointments.cancelled_cannot_check_in');
    const visit = await t.http.get(`/api/merchant/appointments/${id}`).set(await fresh());
    expect(visit.body).toMatchObject({
      state: 'cancelled',
      labels: ['confirmed', 'rescheduled', 'employee_changed'],
    });
    expect(visit.body.cancel_reason_en).toBe(reasons.body[0].name_en);
    // its time is free again
    expect(
      (
        await book({
          customer_id: customers[1],
          lines: [line('Manicure', 'Reem Abdullah', at(day, '14:00'))],
        })
      ).status,
    ).toBe(201);
    const noShowTooEarly = await t.http
      .post(`/api/merchant/appointments/${booked.body.id}/no-show`)
      .set(bearer(owner));
    expect(noShowTooEarly.status).toBe(409);
  });

  it('draws blocks on both sides: no block over a visit, no visit in a block', async () => {
    const day = workday(15);
    const noura = stylists['Noura Al-Qahtani'];
    const visit = await book({
      customer_id: customers[0],
      lines: [line('Haircut', 'Noura Al-Qahtani', at(day, '13:00'))],
    });
    expect(visit.status).toBe(201);
    const block = (from: string, to: string) =>
      t.http
        .post(`/api/merchant/employees/${noura}/periods`)
        .set(bearer(owner))
        .send({ kind: 'block', from_date: day, to_date: day, from, to, reason: 'Training' });
    const over = await block('13:30', '14:30');
    expect(over.status).toBe(409);
    expect(over.body.errors).toEqual({ from_date: 'appointments.block_over_visit' });
    expect((await block('15:00', '16:00')).status).toBe(201);
    const inBlock = await book({
      customer_id: customers[1],
      lines: [line('Blow dry', 'Noura Al-Qahtani', at(day, '15:30'))],
    });
    expect(inBlock.status).toBe(422);
    expect(inBlock.body).toMatchObject({
      message: 'appointments.employee_blocked',
      params: { employee_en: 'Noura Al-Qahtani', reason: 'Training' },
    });
  });

  it('keeps the receptionist to the book and a user without "view all" to her own column', async () => {
    const reception = await t.signIn(RECEPTION);
    // her role lets her see and book everyone's appointments
    const all = await t.http.get('/api/merchant/appointments').set(bearer(reception));
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(0);
    // without that right (taken from her role; she is not in the table herself) she sees none and
    // books in no one else's column
    const roles = await t.http
      .get('/api/merchant/roles')
      .set({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
    const role = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    const taken = await t.http
      .put(`/api/merchant/roles/${role.id}`)
      .set(bearer(owner))
      .send({
        name: role.name,
        permissions: role.permissions.filter((p: number) => p !== Permission.allEmployeesAppointments),
      });
    expect(taken.status).toBe(200);
    const listed = await t.http
      .get('/api/merchant/appointments')
      .set({ ...bearer(reception), 'X-Min-Position': taken.headers['x-position'] });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([]);
    const day = workday(13);
    const refused = await book(
      { customer_id: customers[0], lines: [line('Haircut', 'Noura Al-Qahtani', at(day, '10:00'))] },
      reception,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('appointments.only_own_column');
  });

  it('answers a retried booking (same Idempotency-Key) with the first reply', async () => {
    const day = workday(14);
    const body = { customer_id: customers[0], lines: [line('Pedicure', 'Reem Abdullah', at(day, '16:00'))] };
    const first = await book(body, owner, 'book-once-1');
    const again = await book(body, owner, 'book-once-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it('books over another visit only once the desk confirms it, where the salon allows overbooking', async () => {
    const allow = (on: boolean) =>
      t.http.put('/api/merchant/settings/invoice').set(bearer(owner)).send({ allow_overbooking: on });
    expect((await allow(true)).status).toBe(200);
    try {
      const day = workday(15);
      const first = await book({
        customer_id: customers[0],
        lines: [line('Haircut', 'Noura Al-Qahtani', at(day, '11:00'))],
      });
      expect(first.status).toBe(201);
      const before = await t.eventCount();
      const over = {
        customer_id: customers[1],
        lines: [line('Blow dry', 'Noura Al-Qahtani', at(day, '11:15'))],
      };
      // first the warning, naming whom and when; nothing written
      const warned = await book(over);
      expect(warned.status).toBe(409);
      expect(warned.body).toMatchObject({
        message: 'appointments.overbooking_to_confirm',
        errors: { 'lines.0.start': 'appointments.employee_busy' },
        details: [
          expect.objectContaining({
            key: 'appointments.employee_busy',
            params: expect.objectContaining({ employee_en: 'Noura Al-Qahtani', from_en: '11:00 AM' }),
          }),
        ],
      });
      expect(await t.eventCount()).toBe(before);
      // "book anyway": recorded, and said so
      const confirmed = await book({ ...over, overbook: true });
      expect(confirmed.status).toBe(201);
      expect(confirmed.body.overbooked).toBe(true);
      // a move over it asks too, and goes through once confirmed
      const other = await book({
        customer_id: customers[2],
        lines: [line('Blow dry', 'Noura Al-Qahtani', at(day, '14:00'))],
      });
      const move = (extra: object) =>
        t.http
          .post(`/api/merchant/appointments/${other.body.id}/move`)
          .set(bearer(owner))
          .send({ line_id: other.body.lines[0].line_id, start: at(day, '11:00'), ...extra });
      expect((await move({})).body.message).toBe('appointments.overbooking_to_confirm');
      expect((await move({ overbook: true })).status).toBe(200);
      // the customer is never in two places at once, confirmed or not
      const twice = await book({
        customer_id: customers[0],
        lines: [line('Manicure', 'Reem Abdullah', at(day, '11:15'))],
        overbook: true,
      });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('appointments.customer_busy');
    } finally {
      await allow(false);
    }
  });
});
