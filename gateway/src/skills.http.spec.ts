import { instantAt } from '@rawnaq/contracts';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { TZ, workday } from './testing/dates.test-support';

const at = (date: string, time: string) => instantAt(date, `${time}:00`, TZ);

type Service = { id: string; name_en: string; name_ar: string; group_id: string; job_time: number };

/**
 * Which employees do which service (issue 24 §6): one fact, edited from the service's record and from
 * the employee's, as events on the employee; the availability engine and the booking command follow it.
 */
describe('the services each employee does, over HTTP', () => {
  let t: TestApp;
  let owner: string;
  let services: Record<string, Service>;
  let staff: Record<string, string>;
  let customer: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const menu = await t.http.get('/api/merchant/services').query({ range: '[0,99]' }).set(bearer(owner));
    services = Object.fromEntries(menu.body.map((s: Service) => [s.name_en, s]));
    const list = await t.http.get('/api/merchant/employees').query({ range: '[0,99]' }).set(bearer(owner));
    staff = Object.fromEntries(list.body.map((e: { name_en: string; id: string }) => [e.name_en, e.id]));
    const customers = await t.http
      .get('/api/merchant/customers')
      .query({ range: '[0,9]' })
      .set(bearer(owner));
    customer = customers.body[0].id;
  }, 60_000);
  afterAll(async () => t?.close());

  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const doers = async (service: string) =>
    (
      (await t.http.get(`/api/merchant/services/${services[service].id}`).set(await fresh())).body
        .employee_ids as string[]
    ).sort();
  const names = (...ns: string[]) => ns.map((n) => staff[n]).sort();
  const saveService = (service: string, employeeIds?: string[]) => {
    const s = services[service];
    return t.http
      .put(`/api/merchant/services/${s.id}`)
      .set(bearer(owner))
      .send({
        name_en: s.name_en,
        name_ar: s.name_ar,
        group_id: s.group_id,
        price: service === 'Haircut' ? '100.00' : '80.00',
        job_time: s.job_time,
        ...(employeeIds && { employee_ids: employeeIds }),
      });
  };
  const book = (service: string, employee: string, start: string) =>
    t.http
      .post('/api/merchant/appointments')
      .set(bearer(owner))
      .send({
        customer_id: customer,
        lines: [{ service_id: services[service].id, employee_id: staff[employee], start }],
      });

  it('gives the demo stylists their trades; an employee with no skills recorded does every service', async () => {
    // the owner and the receptionist have none recorded: they do all (nothing breaks for older salons)
    expect(await doers('Haircut')).toEqual(names('Sara Al-Otaibi', 'Maha Al-Harbi', 'Noura Al-Qahtani'));
    expect(await doers('Manicure')).toEqual(names('Sara Al-Otaibi', 'Maha Al-Harbi', 'Reem Abdullah'));
    const reem = await t.http.get(`/api/merchant/employees/${staff['Reem Abdullah']}`).set(await fresh());
    expect([...reem.body.service_ids].sort()).toEqual(
      [services.Manicure.id, services.Pedicure.id, services.Facial.id, services['Blow dry'].id].sort(),
    );
  });

  it('never offers "any employee" for a haircut to the nail technician, and refuses to book her for one', async () => {
    const day = workday(24);
    const free = await t.http
      .get('/api/merchant/availability')
      .query({ date: day, service_ids: JSON.stringify([services.Haircut.id]) })
      .set(await fresh());
    expect(free.status).toBe(200);
    const starts = (name: string) =>
      free.body.employees.find((e: { employee_id: string }) => e.employee_id === staff[name])?.starts ?? [];
    expect(starts('Noura Al-Qahtani').length).toBeGreaterThan(0);
    expect(starts('Reem Abdullah')).toEqual([]);
    expect(
      new Set(free.body.visit.map((v: { lines: Array<{ employee_id: string }> }) => v.lines[0].employee_id)),
    ).toEqual(new Set([staff['Noura Al-Qahtani']]));
    // asked for her by name: no time at all
    const forReem = await t.http
      .get('/api/merchant/availability')
      .query({
        date: day,
        service_ids: JSON.stringify([services.Haircut.id]),
        employee_ids: JSON.stringify([staff['Reem Abdullah']]),
      })
      .set(await fresh());
    expect(forReem.body.visit).toEqual([]);

    const before = await t.eventCount();
    const refused = await book('Haircut', 'Reem Abdullah', at(day, '11:00'));
    expect([refused.status, refused.body.errors]).toEqual([
      422,
      { 'lines.0.employee_id': 'appointments.employee_not_qualified' },
    ]);
    expect(await t.eventCount()).toBe(before);
    // a manicure she does; handing it to the hair stylist is refused, at a change of employee too
    const booked = await book('Manicure', 'Reem Abdullah', at(day, '11:00'));
    expect(booked.status).toBe(201);
    const handed = await t.http
      .post(`/api/merchant/appointments/${booked.body.id}/change-employee`)
      .set(bearer(owner))
      .send({ line_id: booked.body.lines[0].line_id, employee_id: staff['Noura Al-Qahtani'] });
    expect([handed.status, handed.body.errors]).toEqual([
      422,
      { 'lines.0.employee_id': 'appointments.employee_not_qualified' },
    ]);
  });

  it('names at the till only one who does the service, and writes nothing when it names another', async () => {
    const before = await t.eventCount();
    const sell = (employee: string) =>
      t.http
        .post('/api/merchant/invoices')
        .set(bearer(owner))
        .send({
          customer_id: customer,
          lines: [{ kind: 'service', item_id: services.Haircut.id, employee_id: staff[employee] }],
          payments: [{ method: 1, amount: '0.01' }],
        });
    const nailTechnician = await sell('Reem Abdullah');
    expect(nailTechnician.status).toBe(422);
    expect(nailTechnician.body.errors['lines.0.employee_id']).toBe('appointments.employee_not_qualified');
    // the hair stylist is no problem (the payment that does not add up still is)
    const stylist = await sell('Noura Al-Qahtani');
    expect(stylist.status).toBe(422);
    expect(stylist.body.errors['lines.0.employee_id']).toBeUndefined();
    expect(await t.eventCount()).toBe(before);
  });

  it("edits the same fact from the service's record and from the employee's, as events on the employee", async () => {
    const day = workday(25);
    // the service says Reem cuts hair too
    const both = names('Noura Al-Qahtani', 'Reem Abdullah');
    const saved = await saveService('Haircut', both);
    expect(saved.status).toBe(200);
    expect(await doers('Haircut')).toEqual(both);
    const reem = await t.http.get(`/api/merchant/employees/${staff['Reem Abdullah']}`).set(await fresh());
    expect(reem.body.service_ids).toContain(services.Haircut.id);
    // the owner and the receptionist, not listed, no longer do it: they do every other service
    const sara = await t.http.get(`/api/merchant/employees/${staff['Sara Al-Otaibi']}`).set(await fresh());
    expect(sara.body.service_ids).toHaveLength(Object.keys(services).length - 1);
    expect(sara.body.service_ids).not.toContain(services.Haircut.id);
    expect((await book('Haircut', 'Reem Abdullah', at(day, '12:00'))).status).toBe(201);
    // a save of the service without the list leaves who does it as it was
    expect((await saveService('Haircut')).status).toBe(200);
    expect(await doers('Haircut')).toEqual(both);

    // her own record: she stops doing haircuts; her other fields as they were
    const own = await t.http
      .put(`/api/merchant/employees/${staff['Reem Abdullah']}`)
      .set(bearer(owner))
      .send({
        ...reem.body,
        service_ids: reem.body.service_ids.filter((id: string) => id !== services.Haircut.id),
      });
    expect(own.status).toBe(200);
    expect(await doers('Haircut')).toEqual(names('Noura Al-Qahtani'));
    // a save of her record without the list keeps it
    const { service_ids: _kept, ...withoutSkills } = own.body;
    expect(
      (
        await t.http
          .put(`/api/merchant/employees/${staff['Reem Abdullah']}`)
          .set(bearer(owner))
          .send(withoutSkills)
      ).status,
    ).toBe(200);
    expect(await doers('Haircut')).toEqual(names('Noura Al-Qahtani'));
  });

  it('refuses skills that are not services or employees of the salon, naming the field, and writes nothing', async () => {
    const before = await t.eventCount();
    const unknownService = await t.http
      .put(`/api/merchant/employees/${staff['Noura Al-Qahtani']}`)
      .set(bearer(owner))
      .send({ name_en: 'Noura Al-Qahtani', name_ar: 'نورة القحطاني', service_ids: [staff['Reem Abdullah']] });
    expect([unknownService.status, unknownService.body.errors]).toEqual([
      422,
      { service_ids: 'staff.service_not_found' },
    ]);
    const twice = await t.http
      .put(`/api/merchant/employees/${staff['Noura Al-Qahtani']}`)
      .set(bearer(owner))
      .send({
        name_en: 'Noura Al-Qahtani',
        name_ar: 'نورة القحطاني',
        service_ids: [services.Haircut.id, services.Haircut.id],
      });
    expect([twice.status, twice.body.errors]).toEqual([422, { service_ids: 'staff.service_twice' }]);
    const unknownEmployee = await saveService('Manicure', [services.Haircut.id]);
    expect([unknownEmployee.status, unknownEmployee.body.errors]).toEqual([
      422,
      { employee_ids: 'catalog.employee_not_found' },
    ]);
    const notAList = await saveService('Manicure', 'all' as unknown as string[]);
    expect(notAList.status).toBe(422);
    expect(Object.keys(notAList.body.errors)).toEqual(['employee_ids']);
    expect(await t.eventCount()).toBe(before);
  });

  it('lets a new employee, added without skills, do every service', async () => {
    const added = await t.http
      .post('/api/merchant/employees')
      .set(bearer(owner))
      .send({ name_en: 'Lama', name_ar: 'لمى' });
    expect(added.status).toBe(201);
    expect(await doers('Pedicure')).toContain(added.body.id);
    expect(await doers('Hair colour')).toContain(added.body.id);
  });
});
