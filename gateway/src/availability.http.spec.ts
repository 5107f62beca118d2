import { addDays, businessDate, instantAt, Permission, weekdayOf } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ, workday } from './testing/dates.test-support';

const at = (date: string, time: string) => instantAt(date, `${time}:00`, TZ);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Starts = { employee_id: string; name_en: string; starts: string[] };
type CalendarLine = {
  appointment_id: string;
  employee_id: string;
  start: string;
  status: number;
  state: string;
};

describe('availability and the appointment calendar over HTTP', () => {
  let t: TestApp;
  let owner: string;
  let services: Record<string, { id: string; job_time: number }>;
  let stylists: Record<string, string>;
  let customers: string[];

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const menu = await t.http.get('/api/merchant/services').query({ range: '[0,99]' }).set(bearer(owner));
    services = Object.fromEntries(menu.body.map((s: { name_en: string }) => [s.name_en, s]));
    const staff = await t.http.get('/api/merchant/employees').query({ range: '[0,99]' }).set(bearer(owner));
    stylists = Object.fromEntries(staff.body.map((e: { name_en: string; id: string }) => [e.name_en, e.id]));
    const list = await t.http.get('/api/merchant/customers').query({ range: '[0,99]' }).set(bearer(owner));
    customers = list.body.map((c: { id: string }) => c.id);
  }, 60_000);
  afterAll(async () => t?.close());

  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const available = async (query: Record<string, unknown>, token = owner) =>
    t.http
      .get('/api/merchant/availability')
      .query(query)
      .set(await fresh(token));
  const calendar = async (query: Record<string, unknown>, token = owner) =>
    t.http
      .get('/api/merchant/appointment-calendar')
      .query(query)
      .set(await fresh(token));
  const ids = (...names: string[]) => JSON.stringify(names.map((n) => services[n].id));
  const book = (customer: string, lines: Array<[service: string, stylist: string, start: string]>) =>
    t.http
      .post('/api/merchant/appointments')
      .set(bearer(owner))
      .send({
        customer_id: customer,
        lines: lines.map(([s, e, start]) => ({
          service_id: services[s].id,
          employee_id: stylists[e],
          start,
        })),
      });

  it('offers a free day by the quarter for each stylist, any stylist and the visit back to back, each line by one who does it', async () => {
    const day = workday(20);
    const res = await available({ date: day, service_ids: ids('Haircut', 'Manicure') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'availability', date: day, days: 1, time_zone: TZ, duration: 90 });
    expect(res.body.services.map((s: { name_en: string }) => s.name_en)).toEqual(['Haircut', 'Manicure']);
    const noura = res.body.employees.find((e: Starts) => e.name_en === 'Noura Al-Qahtani') as Starts;
    // the hair stylist does no manicure, the nail technician no haircut: nobody does the whole visit
    expect(noura.starts).toEqual([]);
    expect(res.body.any_employee).toEqual([]);
    // 10:00-22:00, a 90-minute visit: 10:00 ... 20:30, the haircut Noura's and the manicure Reem's
    expect(res.body.visit).toHaveLength(43);
    expect(res.body.visit.at(-1).start).toBe(at(day, '20:30'));
    expect(res.body.visit[0]).toEqual({
      start: at(day, '10:00'),
      lines: [
        {
          service_id: services.Haircut.id,
          employee_id: stylists['Noura Al-Qahtani'],
          start: at(day, '10:00'),
          end: at(day, '10:45'),
        },
        {
          service_id: services.Manicure.id,
          employee_id: stylists['Reem Abdullah'],
          start: at(day, '10:45'),
          end: at(day, '11:30'),
        },
      ],
    });
  });

  it('takes booked lines, the customer and the employee asked for into account', async () => {
    const day = workday(21);
    expect((await book(customers[0], [['Haircut', 'Noura Al-Qahtani', at(day, '12:00')]])).status).toBe(201);
    const res = await available({
      date: day,
      service_ids: ids('Blow dry'),
      employee_id: stylists['Noura Al-Qahtani'],
    });
    const noura = res.body.employees.find(
      (e: Starts) => e.employee_id === stylists['Noura Al-Qahtani'],
    ) as Starts;
    // 30 minutes cannot start from 11:45 to 12:30 while she does the haircut 12:00-12:45
    expect(noura.starts).toContain(at(day, '11:30'));
    for (const time of ['11:45', '12:00', '12:30']) expect(noura.starts).not.toContain(at(day, time));
    expect(noura.starts).toContain(at(day, '12:45'));
    // the visit prefers the employee asked for and takes another when she is busy
    const slot = (time: string) =>
      res.body.visit.find((s: { start: string }) => s.start === at(day, time)).lines[0].employee_id;
    expect(slot('10:00')).toBe(stylists['Noura Al-Qahtani']);
    expect(slot('12:00')).toBe(stylists['Reem Abdullah']);
    // the same customer cannot be with Reem while she is with Noura
    const forHer = await available({ date: day, service_ids: ids('Blow dry'), customer_id: customers[0] });
    expect(forHer.body.any_employee).not.toContain(at(day, '12:00'));
    expect(forHer.body.any_employee).toContain(at(day, '12:45'));
  });

  it('keeps each line with the employee chosen for it, for its minutes, and does not count a changed visit as busy', async () => {
    const day = workday(26);
    const noura = stylists['Noura Al-Qahtani'];
    const reem = stylists['Reem Abdullah'];
    const booked = await book(customers[1], [
      ['Haircut', 'Noura Al-Qahtani', at(day, '14:00')],
      ['Manicure', 'Reem Abdullah', at(day, '14:45')],
    ]);
    expect(booked.status).toBe(201);
    // the visit as it stands: the haircut Noura's, the manicure Reem's, whoever is asked for first
    const res = await available({
      date: day,
      service_ids: ids('Haircut', 'Manicure'),
      employee_id: noura,
      employee_ids: JSON.stringify([noura, reem]),
      durations: JSON.stringify([60, 30]),
      customer_id: customers[1],
      appointment_id: booked.body.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.duration).toBe(90);
    type Slot = { start: string; lines: Array<{ employee_id: string; start: string; end: string }> };
    const visit = res.body.visit as Slot[];
    expect(visit.every((v) => v.lines[0].employee_id === noura && v.lines[1].employee_id === reem)).toBe(
      true,
    );
    // its own time is free for it: the haircut at 14:00 for an hour, the manicure after it for 30 minutes
    expect(visit.find((v) => v.start === at(day, '14:00'))?.lines).toEqual([
      { service_id: services.Haircut.id, employee_id: noura, start: at(day, '14:00'), end: at(day, '15:00') },
      { service_id: services.Manicure.id, employee_id: reem, start: at(day, '15:00'), end: at(day, '15:30') },
    ]);
    // without its id the visit's own lines are busy time (the customer's and each stylist's)
    const asNew = await available({
      date: day,
      service_ids: ids('Haircut', 'Manicure'),
      employee_ids: JSON.stringify([noura, reem]),
      customer_id: customers[1],
    });
    expect(asNew.body.visit.map((v: Slot) => v.start)).not.toContain(at(day, '14:00'));
    // a line left to anyone is given someone; a list of the wrong length, or someone not in the book, is refused
    const anyone = await available({
      date: day,
      service_ids: ids('Haircut', 'Manicure'),
      employee_ids: JSON.stringify(['', reem]),
    });
    expect((anyone.body.visit as Slot[]).every((v) => v.lines[1].employee_id === reem)).toBe(true);
    const short = await available({
      date: day,
      service_ids: ids('Haircut', 'Manicure'),
      employee_ids: '[""]',
    });
    expect([short.status, short.body.errors]).toEqual([
      422,
      { employee_ids: 'appointments.one_per_service' },
    ]);
    const minutes = await available({ date: day, service_ids: ids('Haircut'), durations: '[2]' });
    expect(minutes.status).toBe(422);
    expect(Object.keys(minutes.body.errors)).toEqual(['durations.0']);
    const outside = await available({
      date: day,
      service_ids: ids('Haircut', 'Manicure'),
      employee_ids: JSON.stringify([noura, 'someone']),
    });
    expect(outside.body.errors).toEqual({ 'employee_ids.1': 'appointments.employee_not_in_book' });
  });

  it('offers services at once (offsets) only where the salon takes parallel services, and the command books what it offers', async () => {
    const day = workday(27);
    const maniPedi = {
      date: day,
      // a manicure (Reem's trade) and a facial (Noura's too) at once
      service_ids: ids('Manicure', 'Facial'),
      offsets: '[0,0]',
      customer_id: customers[2],
    };
    const settings = (on: boolean) =>
      t.http.put('/api/merchant/settings/invoice').set(bearer(owner)).send({ allow_parallel_services: on });
    const off = await available(maniPedi);
    expect(off.status).toBe(200);
    expect([off.body.visit, off.body.any_employee]).toEqual([[], []]);
    expect((await settings(true)).status).toBe(200);
    try {
      const on = await available(maniPedi);
      type Slot = {
        start: string;
        lines: Array<{ service_id: string; employee_id: string; start: string; end: string }>;
      };
      const slot = (on.body.visit as Slot[]).find((v) => v.start === at(day, '10:00'))!;
      expect(slot.lines.map((l) => [l.start, l.end])).toEqual([
        [at(day, '10:00'), at(day, '10:45')],
        [at(day, '10:00'), at(day, '11:00')],
      ]);
      expect(new Set(slot.lines.map((l) => l.employee_id)).size).toBe(2);
      // one employee cannot do both at once, the visit lasts as long as its longer line
      expect(on.body.any_employee).toEqual([]);
      expect(on.body.duration).toBe(60);
      const booked = await t.http
        .post('/api/merchant/appointments')
        .set(bearer(owner))
        .send({
          customer_id: customers[2],
          lines: slot.lines.map(({ service_id, employee_id, start }) => ({ service_id, employee_id, start })),
        });
      expect(booked.status).toBe(201);
      const after = await available(maniPedi);
      expect(after.body.visit.map((v: Slot) => v.start)).not.toContain(at(day, '10:00'));
    } finally {
      expect((await settings(false)).status).toBe(200);
    }
    const offQuarter = await available({ ...maniPedi, offsets: '[0,20]' });
    expect([offQuarter.status, Object.keys(offQuarter.body.errors)]).toEqual([422, ['offsets.1']]);
  });

  it("gives the booking panel the salon's hours of a date and whether it takes parallel services", async () => {
    const day = workday(28);
    const salonDay = async (query: Record<string, unknown>, token = owner) =>
      t.http
        .get('/api/merchant/salon-day')
        .query(query)
        .set(await fresh(token));
    const res = await salonDay({ date: day });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 'salon-day',
      date: day,
      time_zone: TZ,
      open: [{ from: at(day, '10:00'), to: at(day, '22:00') }],
      parallel_services: false,
    });
    // a Friday opens 16:00-23:00 in the demo
    const friday = addDays(day, (5 - weekdayOf(day) + 7) % 7);
    expect((await salonDay({ date: friday })).body.open).toEqual([
      { from: at(friday, '16:00'), to: at(friday, '23:00') },
    ]);
    // the receptionist reads it too; a bad date is refused on its field
    expect((await salonDay({ date: day }, await t.signIn(RECEPTION))).status).toBe(200);
    const bad = await salonDay({ date: '2026-02-30' });
    expect([bad.status, bad.body.errors]).toEqual([422, { date: 'validation.should_be_a_date' }]);
  });

  it('offers two weeks at once, never a Friday for the stylists (their day off), never before now', async () => {
    const today = businessDate(new Date(), TZ);
    const res = await available({ date: today, service_ids: ids('Facial'), days: 14 });
    expect(res.status).toBe(200);
    const starts = res.body.any_employee as string[];
    expect(starts.length).toBeGreaterThan(100);
    expect(starts.every((s) => weekdayOf(businessDate(s, TZ)) !== 5)).toBe(true);
    expect(starts.every((s) => Date.parse(s) >= Math.floor(Date.now() / 900_000) * 900_000 - 60_000)).toBe(
      true,
    );
    expect(businessDate(starts.at(-1)!, TZ) <= addDays(today, 13)).toBe(true);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const day = workday(20);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ service_ids: ids('Haircut') }, { date: 'validation.is_required' }],
      [{ date: '2026-02-30', service_ids: ids('Haircut') }, { date: 'validation.should_be_a_date' }],
      [{ date: day, service_ids: '[]' }, { service_ids: 'appointments.at_least_one_service' }],
      [{ date: day }, { service_ids: 'validation.is_required' }],
      [
        { date: day, service_ids: ids('Haircut'), days: 15 },
        expect.objectContaining({ days: expect.any(String) }),
      ],
    ];
    for (const [query, errors] of cases) {
      const res = await available(query);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    const unknown = await available({ date: day, service_ids: JSON.stringify(['no-such-service']) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ service_ids: 'not_found.service' });
    const notInBook = await available({ date: day, service_ids: ids('Haircut'), employee_id: 'someone' });
    expect(notInBook.body.errors).toEqual({ employee_id: 'appointments.employee_not_in_book' });
    const week = await calendar({ date: day, days: 3 });
    expect(week.status).toBe(422);
    expect(week.body.errors).toEqual({ days: 'validation.invalid_value' });
    const instant = await calendar({ date: day, as_of: 'yesterday' });
    expect(instant.body.errors).toEqual({ as_of: 'errors.invalid_instant' });
    expect((await calendar({})).body.errors).toEqual({ date: 'validation.is_required' });
  });

  it('draws the demo week: the stylists with their hours and day off, the visits with customers and states', async () => {
    const today = businessDate(new Date(), TZ);
    const res = await calendar({ date: addDays(today, -3), days: 7 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'appointment-calendar', days: 7, time_zone: TZ, as_of: null });
    expect(res.body.employees.map((e: { name_en: string }) => e.name_en)).toEqual([
      'Noura Al-Qahtani',
      'Reem Abdullah',
    ]);
    const days = res.body.employees[0].days as Array<{ date: string; working: unknown[]; day_off: boolean }>;
    expect(days).toHaveLength(7);
    for (const d of days) {
      if (weekdayOf(d.date) === 5) expect(d).toMatchObject({ day_off: true, working: [] });
      else expect(d.working).toEqual([{ from: at(d.date, '10:00'), to: at(d.date, '22:00') }]);
    }
    const states = res.body.lines.map((l: CalendarLine) => l.state);
    for (const state of ['checked_in', 'cancelled', 'no_show']) expect(states).toContain(state);
    expect(res.body.lines[0]).toEqual(
      expect.objectContaining({
        appointment_id: expect.any(String),
        customer_name: expect.any(String),
        service_name_en: expect.any(String),
        service_name_ar: expect.any(String),
        status: expect.any(Number),
      }),
    );
  });

  it('draws custom hours and blocks (a day of each: periods of an employee do not overlap)', async () => {
    const day = workday(22);
    const next = addDays(day, 1);
    const reem = stylists['Reem Abdullah'];
    const period = (body: object) =>
      t.http.post(`/api/merchant/employees/${reem}/periods`).set(bearer(owner)).send(body);
    const custom = await period({
      kind: 'custom_hours',
      from_date: day,
      to_date: day,
      from: '12:00',
      to: '20:00',
    });
    expect(custom.status).toBe(201);
    const block = await period({
      kind: 'block',
      from_date: next,
      to_date: next,
      from: '15:00',
      to: '16:00',
      reason: 'Training',
    });
    expect(block.status).toBe(201);
    const res = await calendar({ date: day, days: 7 });
    const her = res.body.employees.find((e: { employee_id: string }) => e.employee_id === reem);
    expect(her.days[0]).toMatchObject({
      date: day,
      working: [{ from: at(day, '12:00'), to: at(day, '20:00') }],
      custom_hours: { from_date: day, to_date: day, from: '12:00', to: '20:00' },
      blocks: [],
    });
    if (weekdayOf(next) !== 5)
      expect(her.days[1]).toMatchObject({
        date: next,
        custom_hours: null,
        blocks: [
          {
            period_id: expect.any(String),
            from: at(next, '15:00'),
            to: at(next, '16:00'),
            reason: 'Training',
          },
        ],
      });
    const free = await available({ date: day, service_ids: ids('Manicure'), days: 2 });
    const starts = free.body.employees.find((e: Starts) => e.employee_id === reem).starts as string[];
    expect(starts[0]).toBe(at(day, '12:00'));
    expect(starts).toContain(at(day, '19:15'));
    expect(starts).not.toContain(at(day, '19:30'));
    if (weekdayOf(next) !== 5) {
      expect(starts).not.toContain(at(next, '14:30'));
      expect(starts).not.toContain(at(next, '15:45'));
      expect(starts).toContain(at(next, '14:15'));
      expect(starts).toContain(at(next, '16:00'));
    }
  });

  it('shows the day as it was at an instant: before the booking, after it, and before it moved', async () => {
    const day = workday(23);
    const before = new Date().toISOString();
    await sleep(20);
    const booked = await book(customers[1], [['Haircut', 'Noura Al-Qahtani', at(day, '10:00')]]);
    expect(booked.status).toBe(201);
    await sleep(20);
    const booked_at = new Date().toISOString();
    await sleep(20);
    const id = booked.body.id as string;
    const moved = await t.http
      .post(`/api/merchant/appointments/${id}/move`)
      .set(bearer(owner))
      .send({ line_id: booked.body.lines[0].line_id, start: at(day, '15:00') });
    expect(moved.status).toBe(200);
    const mine = (body: { lines: CalendarLine[] }) => body.lines.filter((l) => l.appointment_id === id);
    expect(mine((await calendar({ date: day })).body).map((l) => l.start)).toEqual([at(day, '15:00')]);
    const then = await calendar({ date: day, as_of: booked_at });
    expect(then.status).toBe(200);
    expect(then.body.as_of).toBe(booked_at);
    expect(mine(then.body)).toEqual([
      expect.objectContaining({
        start: at(day, '10:00'),
        status: 1,
        state: 'scheduled',
        customer_name: expect.any(String),
      }),
    ]);
    expect(mine((await calendar({ date: day, as_of: before })).body)).toEqual([]);

    // the stylists' blocks as they were too: one added since is not on the day as it was
    const noura = stylists['Noura Al-Qahtani'];
    const blocked = await t.http
      .post(`/api/merchant/employees/${noura}/periods`)
      .set(bearer(owner))
      .send({ kind: 'block', from_date: day, to_date: day, from: '18:00', to: '19:00', reason: 'Training' });
    expect(blocked.status).toBe(201);
    const blocksOf = (body: {
      employees: Array<{ employee_id: string; days: Array<{ blocks: unknown[] }> }>;
    }) => body.employees.find((e) => e.employee_id === noura)!.days[0].blocks;
    expect(blocksOf((await calendar({ date: day })).body)).toHaveLength(1);
    const earlier = (await calendar({ date: day, as_of: booked_at })).body;
    expect(earlier.employees.map((e: { employee_id: string }) => e.employee_id)).toContain(noura);
    expect(blocksOf(earlier)).toEqual([]);
  });

  it('keeps a user without "view all employees\' appointments" to her own column', async () => {
    const reception = await t.signIn(RECEPTION);
    // her role gives the right; the owner takes it from the role (and she has none of her own)
    const roles = await t.http.get('/api/merchant/roles').set(await fresh());
    const role = roles.body.find((r: { name: string }) => r.name === 'receptionist');
    const taken = await t.http
      .put(`/api/merchant/roles/${role.id}`)
      .set(bearer(owner))
      .send({
        name: role.name,
        permissions: role.permissions.filter((p: number) => p !== Permission.allEmployeesAppointments),
      });
    expect(taken.status).toBe(200);
    const today = businessDate(new Date(), TZ);
    // the receptionist is not in the appointment table herself: she sees no column and no visit
    const res = await calendar({ date: today, days: 7 }, reception);
    expect(res.status).toBe(200);
    expect(res.body.employees).toEqual([]);
    expect(res.body.lines).toEqual([]);
    const free = await available({ date: workday(20), service_ids: ids('Haircut') }, reception);
    expect(free.status).toBe(200);
    expect(free.body.employees).toEqual([]);
    expect(free.body.visit).toEqual([]);
    // the day as it was is an auditor's replay: the receptionist has no such right
    const replay = await calendar({ date: today, as_of: new Date().toISOString() }, reception);
    expect(replay.status).toBe(403);
    expect(replay.body.message).toBe('auth.no_permission');
  });

  it('shows a stylist who signs in without "view all" her own column and her own visits only', async () => {
    // the demo's stylist sign-in is Noura's
    const noura = stylists['Noura Al-Qahtani'];
    const token = await t.signIn({ accountId: 1, username: 'noura', password: 'Demo@12345' });
    const today = businessDate(new Date(), TZ);
    const all = await calendar({ date: addDays(today, -3), days: 7 });
    const res = await calendar({ date: addDays(today, -3), days: 7 }, token);
    expect(res.status).toBe(200);
    expect(res.body.employees.map((e: { employee_id: string }) => e.employee_id)).toEqual([noura]);
    const hers = all.body.lines.filter((l: CalendarLine) => l.employee_id === noura);
    expect(hers.length).toBeGreaterThan(0);
    expect(res.body.lines).toEqual(hers);
    const free = await available({ date: workday(20), service_ids: ids('Haircut') }, token);
    expect(free.body.employees.map((e: Starts) => e.employee_id)).toEqual([noura]);
    expect(
      free.body.visit.every(
        (v: { lines: Array<{ employee_id: string }> }) => v.lines[0].employee_id === noura,
      ),
    ).toBe(true);
  });
});
