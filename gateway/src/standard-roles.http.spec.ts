import { addDays, businessDate, Permission, STANDARD_ROLES } from '@rawnaq/contracts';
import {
  bearer,
  MANAGER,
  OWNER,
  RECEPTION,
  startTestApp,
  type TestApp,
} from './testing/test-app.test-support';
import { TZ } from './testing/dates.test-support';

/** The demo's sign-ins for the standard roles other than the owner and the receptionist. */
const DEMO_USER = (username: string) => ({ accountId: 1, username, password: 'Demo@12345' });

type Role = { id: string; name: string; is_admin: boolean; permissions: number[] };
type CalendarLine = { appointment_id: string; employee_id: string };

describe('the standard roles: each job can do its day out of the box, and no more', () => {
  let t: TestApp;
  let owner: string;
  let stylists: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const staff = await t.http.get('/api/merchant/employees').query({ range: '[0,99]' }).set(bearer(owner));
    stylists = Object.fromEntries(staff.body.map((e: { name_en: string; id: string }) => [e.name_en, e.id]));
  }, 60_000);
  afterAll(async () => t?.close());

  const fresh = async (token: string) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const get = async (token: string, path: string, query: Record<string, unknown> = {}) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set(await fresh(token));
  const week = () => ({ date: addDays(businessDate(new Date(), TZ), -3), days: 7 });

  it('opens every new salon with the six roles, each with its job’s permissions', async () => {
    const manager = await t.signIn(MANAGER, 'manager');
    const opened = await t.http.post('/api/manager/accounts').set(bearer(manager)).send({
      name_en: 'Lamsa Spa',
      name_ar: 'لمسة سبا',
      alias: 'lamsaroles',
      country_id: 1,
      salon_type: 1,
      max_employees: 5,
      owner_name: 'Hessa',
      owner_username: 'hessa',
      owner_email: 'hessa@lamsa.example',
      owner_password: 'Lamsa12345',
    });
    expect(opened.status).toBe(201);
    const hessa = await t.signIn({
      accountId: opened.body.account_id,
      username: 'hessa',
      password: 'Lamsa12345',
    });
    const roles = (await get(hessa, 'roles', { range: '[0,99]' })).body as Role[];
    expect(roles.map((r) => r.name).sort()).toEqual(
      ['accountant', 'auditor', 'cashier', 'manager', 'owner', 'receptionist', 'stylist'].sort(),
    );
    for (const role of roles) {
      const standard = STANDARD_ROLES[role.name as keyof typeof STANDARD_ROLES];
      expect([role.name, role.is_admin, role.permissions]).toEqual([
        role.name,
        standard.is_admin,
        [...standard.permissions],
      ]);
    }
    // the demo salon has them too, its owner and receptionist as before
    const demo = (await get(owner, 'roles', { range: '[0,99]' })).body as Role[];
    expect(demo.map((r) => r.name).sort()).toEqual(roles.map((r) => r.name).sort());
  });

  it("shows the receptionist every employee's appointments, as the owner sees them", async () => {
    const reception = await t.signIn(RECEPTION);
    const all = await get(owner, 'appointment-calendar', week());
    const hers = await get(reception, 'appointment-calendar', week());
    expect(hers.status).toBe(200);
    const columns = (body: { employees: Array<{ employee_id: string }> }) =>
      body.employees.map((e) => e.employee_id).sort();
    expect(columns(hers.body)).toEqual(columns(all.body));
    expect(columns(hers.body)).toEqual([stylists['Noura Al-Qahtani'], stylists['Reem Abdullah']].sort());
    expect(hers.body.lines.length).toBeGreaterThan(0);
    expect(hers.body.lines.map((l: CalendarLine) => l.appointment_id).sort()).toEqual(
      all.body.lines.map((l: CalendarLine) => l.appointment_id).sort(),
    );
    // and she may hold an invoice at the till, a right her role gives
    const info = await t.http.post('/api/merchant/get_global_informations').set(bearer(reception));
    expect(info.body.auth.rights).toEqual(
      expect.arrayContaining(['view_all_appointments', 'hold_invoice', 'change_quantity']),
    );
  });

  it('lets the front desk open an invoice with its e-invoice, to print the receipt again', async () => {
    const reception = await t.signIn(RECEPTION);
    const invoices = await get(reception, 'invoices', { range: '[0,9]' });
    expect(invoices.status).toBe(200);
    const invoice = invoices.body[0];
    expect((await get(reception, `invoices/${invoice.id}`)).status).toBe(200);
    // the invoice page asks for the state of its e-invoice and offers its PDF
    const documents = await get(reception, 'einvoicing/documents', {
      filter: JSON.stringify({ document_id: invoice.id }),
    });
    expect(documents.status).toBe(200);
    expect(documents.body).toEqual([expect.objectContaining({ document_id: invoice.id })]);
    const xml = await get(reception, `einvoicing/documents/${documents.body[0].id}/xml`);
    expect(xml.status).toBe(200);
    // the salon's e-invoicing devices stay the settings' business
    expect((await get(reception, 'einvoicing/devices')).status).toBe(403);
  });

  it('keeps the stylist to her own column and her own visits', async () => {
    const noura = await t.signIn(DEMO_USER('noura'));
    const all = await get(owner, 'appointment-calendar', week());
    const hers = await get(noura, 'appointment-calendar', week());
    expect(hers.status).toBe(200);
    const id = stylists['Noura Al-Qahtani'];
    expect(hers.body.employees.map((e: { employee_id: string }) => e.employee_id)).toEqual([id]);
    const expected = all.body.lines.filter((l: CalendarLine) => l.employee_id === id);
    expect(expected.length).toBeGreaterThan(0);
    expect(hers.body.lines).toEqual(expected);
    // she books nothing, sells nothing, sees no invoice and no other employee
    expect((await get(noura, 'invoices')).status).toBe(403);
    expect((await get(noura, 'employees')).status).toBe(403);
    expect(
      (await t.http.post('/api/merchant/appointments').set(bearer(noura)).send({ lines: [] })).status,
    ).toBe(403);
  });

  it('gives the cashier the till and the book to read, not the booking of appointments', async () => {
    const cashier = await t.signIn(DEMO_USER('cashier'));
    expect((await get(cashier, 'billing/context')).status).toBe(200);
    expect((await get(cashier, 'invoices')).status).toBe(200);
    expect((await get(cashier, 'pos/current-cashier-employee')).status).toBe(200);
    const book = await get(cashier, 'appointment-calendar', week());
    expect(book.body.employees).toHaveLength(2);
    expect(
      (await t.http.post('/api/merchant/appointments').set(bearer(cashier)).send({ lines: [] })).status,
    ).toBe(403);
    expect((await get(cashier, 'reports/vat-report')).status).toBe(403);
  });

  it('gives the accountant the invoices, payments and reports to read, and nothing to change', async () => {
    const accountant = await t.signIn(DEMO_USER('accountant'));
    for (const path of [
      'invoices',
      'payments',
      'credit-notes',
      'reports/daily-general-summary',
      'reports/vat-report',
      'reports/daily-payments-summary',
      'dashboard',
    ])
      expect([path, (await get(accountant, path)).status]).toEqual([path, 200]);
    for (const path of ['billing/context', 'customers', 'appointment-calendar', 'employees'])
      expect([path, (await get(accountant, path)).status]).toEqual([path, 403]);
    const sale = await t.http.post('/api/merchant/invoices').set(bearer(accountant)).send({ lines: [] });
    expect(sale.status).toBe(403);
  });

  it('lets the auditor read the books, as they stood at an instant, the audit log and the reports, and change nothing', async () => {
    const auditor = await t.signIn(DEMO_USER('auditor'));
    for (const path of [
      'invoices',
      'reports/vat-report',
      'advanced-accounting/trial-balance?known_at=2026-01-01T00:00:00Z',
      'advanced-accounting/vat-return',
      'advanced-accounting/journal-entries',
      'advanced-accounting/lock-date',
      'expenses',
      'audit-log',
    ])
      expect([path, (await get(auditor, path)).status]).toEqual([path, 200]);
    for (const path of ['billing/context', 'customers', 'employees', 'appointment-calendar'])
      expect([path, (await get(auditor, path)).status]).toEqual([path, 403]);
    for (const [method, path] of [
      ['post', 'invoices'],
      ['post', 'advanced-accounting/general-journals'],
      ['put', 'advanced-accounting/lock-date'],
      ['post', 'expenses'],
      ['post', 'suppliers'],
    ] as const)
      expect([
        path,
        (await t.http[method](`/api/merchant/${path}`).set(bearer(auditor)).send({})).status,
      ]).toEqual([path, 403]);
  });

  it('lets the manager run the salon but not decide who may do what', async () => {
    const manager = await t.signIn(DEMO_USER('manager'));
    expect((await get(manager, 'employees')).status).toBe(200);
    expect((await get(manager, 'reports/vat-report')).status).toBe(200);
    expect((await get(manager, 'audit-log')).status).toBe(200);
    const roles = (await get(owner, 'roles', { range: '[0,99]' })).body as Role[];
    const changed = await t.http
      .put(`/api/merchant/roles/${roles.find((r) => r.name === 'cashier')!.id}`)
      .set(bearer(manager))
      .send({ name: 'cashier', permissions: [Permission.sell] });
    expect(changed.status).toBe(403);
  });
});
