import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { deflateSync } from 'node:zlib';
import { contentEntryId, type RecordedEvent } from '@rawnaq/contracts';
import { allRoutes, type Route } from './testing/routes.test-support';
import { gunzipSync } from 'node:zlib';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * Two salons: A (the demo salon, plus a record of every kind added over HTTP, named with a marker) and
 * B. Every route of both APIs, read from the controllers (so a route added later is covered), is
 * called with B's token and A's ids in its parameters (and in its body and query): no answer may hold
 * any of A's ids or names, and A's event streams must stay as they were.
 */
const MARK = 'AlphaOnlyMarker';
const B = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

/** A real 1x1 PNG (signature, IHDR, IDAT, IEND), which any image check accepts. */
const png = (): Buffer => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0xc8, 0x50, 0x60]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const workbook = async (rows: unknown[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The fields whose values identify a record or a person: what must never cross to another salon. */
const IDENTIFYING = /(^|_)(id|ids|name|name_en|name_ar|email|mobile|username|notes|reason|barcode|alias)$/;

/** Identifying values anywhere in an answer: ids (uuids), names, e-mails, mobiles. */
const identifying = (value: unknown, key = '', out = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const v of value) identifying(v, key, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) identifying(v, k, out);
  else if (typeof value === 'string' && (UUID.test(value) || (IDENTIFYING.test(key) && value.length >= 5)))
    out.add(value);
  return out;
};

/**
 * Parameters that are not a record of the salon: what to send for each. A parameter named here, or
 * an `:id` after a segment listed in `ID_SOURCE`, is covered; any other makes the test fail, so a new
 * route's parameter is given its meaning here rather than skipped.
 */
const FIXED_PARAMS: Record<string, string> = {
  section: 'general',
  name: 'general',
  step: 'pause',
  entity: 'customers',
  token: 'not-a-real-token',
  ip: '127.0.0.1',
  list: 'accounts',
  alias: 'demosalon',
  // the e-invoice's public link: an unguessable capability, so B is given one that is not A's
  uniqueId: 'not-a-real-link-12345',
  // a picture of salon A's menu, asked for under A's own address: public only when a shown service has it
  fileId: 'not-a-real-file',
  // a phone of salon A's customer on the WhatsApp simulator: B's simulated number has its own phones
  phone: '966559876543',
  // the bank gateway's callback address names the salon whose key must decipher it: A's own id here
  tenantId: 'not-a-salon',
  // an instance gateway's webhook address: A's account with a key that is not the platform's
  account: '1',
  key: 'not-the-platforms-key-0123456789',
  // a salon account named by the manager's routes (B's merchant token is refused there)
  accountId: '1',
  // salon A's own account of its chart (added below): B's chart has no such account
  code: '6177',
  // a plan of the platform's catalogue (the manager's: B's merchant token is refused there)
  plan: 'basic',
  // one of the platform's one-record settings (manager routes: B's merchant token is refused there)
  record: 'email-setting',
};
/** Routes whose answer is A's public data by design (the salon's public page), checked for writes only. */
const PUBLIC_BY_DESIGN = new Set([
  'GET /api/public/salons/:alias',
  // the salon's online pages: its menu, its appointment table's employees and free times
  'GET /api/public/salons/:alias/services',
  'GET /api/public/salons/:alias/employees',
  'GET /api/public/salons/:alias/availability',
  'GET /api/public/salons/:alias/policies',
  // its shop: the offers and packages it sells, and its gift cards' limits
  'GET /api/public/salons/:alias/offers',
]);
/** Routes that end the caller's session: called last, so they do not make the other checks vacuous. */
const ENDS_SESSION = new Set(['POST /api/merchant/logout', 'POST /api/manager/logout']);

describe('tenant isolation: salon B reaches none of salon A’s data through any route', () => {
  let t: TestApp;
  let a: string;
  let b: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    a = await t.signIn(OWNER);
    b = await t.signIn(B);
  }, 60_000);
  afterAll(() => t.close());

  const fresh = async (token: string) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const created = async (res: { status: number; body: { id?: string } }, what: string) => {
    if (res.status >= 300) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };

  /** Salon A gets a record of every kind the demo lacks, each named with the marker. */
  const fillSalonA = async () => {
    const post = (path: string, body: object) =>
      t.http.post(`/api/merchant/${path}`).set(bearer(a)).send(body);
    const services = (await t.http.get('/api/merchant/services').set(await fresh(a))).body as Array<{
      id: string;
    }>;
    const employees = (await t.http.get('/api/merchant/employees').set(await fresh(a))).body as Array<{
      id: string;
      is_owner: boolean;
    }>;
    const extra: Record<string, string> = {};
    extra.customers = await created(
      await post('customers', {
        name: `${MARK} Customer`,
        mobile: '+966500000999',
        email: 'alpha-only@example.com',
        gender: 2,
      }),
      'customer',
    );
    extra.categories = await created(
      await post('categories', { name_en: `${MARK} Category`, name_ar: 'فئة ألفا' }),
      'category',
    );
    extra.offers = await created(
      await post('offers', {
        name_en: `${MARK} Offer`,
        name_ar: 'عرض ألفا',
        type: 'fixed',
        use_type: 1,
        service_ids: services.slice(0, 2).map((s) => s.id),
        price: '1',
        expiry_date: '2099-12-31',
      }),
      'offer',
    );
    extra.packages = await created(
      await post('packages', {
        name_en: `${MARK} Package`,
        name_ar: 'باقة ألفا',
        items: [{ service_id: services[0].id, sessions: 10 }],
        price: '1',
        validity_days: 90,
      }),
      'package',
    );
    extra['custom-business-hours'] = await created(
      await post('custom-business-hours', {
        name: `${MARK} Hours`,
        from_date: '2099-02-08',
        to_date: '2099-03-09',
        is_open: true,
        from: '20:00',
        to: '23:00',
      }),
      'custom hours',
    );
    const stylist = employees.find((e) => !e.is_owner)!;
    extra.periods = await created(
      await post(`employees/${stylist.id}/periods`, {
        kind: 'block',
        reason: `${MARK} leave`,
        from_date: '2099-12-01',
        to_date: '2099-12-20',
      }),
      'employee period',
    );
    extra.roles = await created(await post('roles', { name: `${MARK} Role`, permissions: [1, 20] }), 'role');
    extra['cancellation-reasons'] = await created(
      await post('cancellation-reasons', { name_en: `${MARK} Reason`, name_ar: 'سبب ألفا' }),
      'cancellation reason',
    );
    const product = await created(
      await post('products', {
        name_en: `${MARK} Product`,
        name_ar: 'منتج ألفا',
        price: '12',
        initial_quantity: 3,
        warning_level: 2,
      }),
      'product',
    );
    extra.products = product;
    await post(`products/${product}/stock`, { operation: 'internal_use', quantity: 1 });
    extra.invoices = await created(
      await post('invoices', {
        lines: [{ kind: 'product', item_id: product }],
        payments: [{ method: 1, amount: '13.80' }],
        notes: `${MARK} sale`,
      }),
      'invoice',
    );
    // a gift card sold to A's customer, and money in that customer's wallet (the reminder list)
    const cardSale = await post('invoices', {
      customer_id: extra.customers,
      lines: [{ kind: 'gift_card', price: '50', message: `${MARK} card` }],
      payments: [{ method: 1, amount: '50' }],
    });
    await created(cardSale, 'gift card sale');
    extra['gift-cards'] = cardSale.body.lines[0].item_id;
    await created(
      await post(`customers/${extra.customers}/wallet/top-ups`, {
        method: 1,
        amount: '20',
        notes: `${MARK} top-up`,
      }),
      'wallet top-up',
    );
    // the package sold to A's customer: her purchase, with a session of it used
    const packageSale = await post('invoices', {
      customer_id: extra.customers,
      lines: [{ kind: 'package', item_id: extra.packages }],
      payments: [{ method: 1, amount: '1.15' }],
    });
    await created(packageSale, 'package sale');
    extra['customer-offers'] = packageSale.body.lines[0].customer_offer_id;
    await created(
      await post('invoices', {
        customer_id: extra.customers,
        lines: [{ kind: 'service', item_id: services[0].id, customer_offer_id: extra['customer-offers'] }],
        payments: [],
        notes: `${MARK} session`,
      }),
      'session used',
    );
    extra['discount-codes'] = await created(
      await post('discount-codes', {
        code: 'ALPHAONLY',
        name: `${MARK} code`,
        category: 1,
        kind: 'percent',
        value: '5',
        valid_from: '2026-01-01',
        valid_to: '2099-12-31',
      }),
      'discount code',
    );
    // a deposit on one of A's visits still to be paid
    const visits = (
      await t.http
        .get('/api/merchant/appointments')
        .query({ range: '[0,99]' })
        .set(await fresh(a))
    ).body as Array<{ id: string }>;
    for (const v of visits) {
      const res = await post(`appointments/${v.id}/deposits`, { method: 1, amount: '10' });
      if (res.status === 201) {
        extra.deposits = res.body.id;
        break;
      }
    }
    if (!extra.deposits) throw new Error('fixture deposit: no visit of A takes a deposit');
    // a Saudi invoice has no credit note until it is reported (the e-invoicing issue): another of A's
    // records stands in for one, which B must not reach through that route either
    extra['credit-notes'] = extra.invoices;
    extra['debit-notes'] = extra.invoices;
    extra['held-invoices'] = await created(
      await post('held-invoices', { lines: [{ kind: 'product', item_id: product }], notes: `${MARK} held` }),
      'held invoice',
    );
    // the customer's rating of A's invoice (its id is the invoice's)
    const sold = await t.http.get(`/api/merchant/invoices/${extra.invoices}`).set(await fresh(a));
    await created(
      await t.http
        .post(`/api/public/e-survey/${sold.body.unique_id}`)
        .send({ rating: 5, comment: `${MARK} rating` })
        .then((r) => ({ status: r.status, body: { id: 'rated' } })),
      'rating',
    );
    extra['invoice-ratings'] = extra.invoices;
    // an online payment of A's: its offer bought on its online pages, the gateway's page still open
    const online = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(a))
      .send({ alias: 'demosalon', online_booking: true, deposit_type: 'none' });
    if (online.status !== 200) throw new Error(`fixture online settings: ${online.status}`);
    const bought = await t.http.post('/api/public/salons/demosalon/offer-purchases').send({
      kind: 'offer',
      item_id: extra.offers,
      name: `${MARK} Buyer`,
      mobile: '0551239777',
      language: 'en',
    });
    if (bought.status !== 202)
      throw new Error(`fixture online purchase: ${bought.status} ${JSON.stringify(bought.body)}`);
    const payments = (await t.http.get('/api/merchant/reports/payment-gateway-payments').set(await fresh(a)))
      .body as { rows: Array<{ id: string; unique_id: string }> };
    extra['online-payments'] =
      payments.rows.find((p) => p.unique_id === bought.body.payment.unique_id)?.id ?? '';
    if (!extra['online-payments']) throw new Error('fixture online payment: not in A’s report');
    extra.files = await created(
      await t.http
        .post('/api/merchant/files')
        .query({ purpose: 'image', name: `${MARK}.png` })
        .set({ ...bearer(a), 'Content-Type': 'image/png' })
        .send(png()),
      'file',
    );
    extra.imports = await created(
      await t.http
        .post('/api/merchant/imports/customers')
        .set({
          ...bearer(a),
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        })
        .send(
          await workbook([
            ['Name', 'Mobile', 'Gender'],
            [`${MARK} Imported`, '0558000999', 'female'],
          ]),
        ),
      'import',
    );
    await created(
      await post('advanced-accounting/chart-of-accounts', {
        code: '6177',
        parent: '6',
        name_en: `${MARK} Account`,
        name_ar: 'حساب ألفا',
        main_type: 6,
        subtype: 'expenses',
        kind: 'normal',
      }),
      'chart account',
    );
    const notes = await t.http
      .get('/api/merchant/notifications/get_records')
      .query({ type: 'stocks' })
      .set(await fresh(a));
    extra.notifications = notes.body.records[0]?.id;
    return extra;
  };

  it('checks every route of both APIs with salon B’s token and salon A’s ids', async () => {
    const extra = await fillSalonA();
    const routes = allRoutes();
    const gets = routes.filter((r) => r.method === 'GET' && !r.path.includes(':') && r.realm !== 'manager');

    // what each salon's own reads show: A's identifying values, less whatever B sees of its own
    // (shared reference data, role names both salons have)
    const seen = async (token: string) => {
      const values = new Set<string>();
      for (const r of gets) {
        const res = await t.http.get(r.path).set(await fresh(token));
        identifying(res.body, '', values);
      }
      return values;
    };
    const listOf = async (segment: string) =>
      (await t.http.get(`/api/merchant/${segment}`).set(await fresh(a))).body as Array<{ id: string }>;

    // A's id for an `:id` after each segment: its own list's, or the record made above
    const idSource: Record<string, string | undefined> = { ...extra, 'employee-periods': extra.periods };
    for (const r of gets) {
      const segment = r.path.split('/').at(-1)!;
      if (idSource[segment]) continue;
      const list = await listOf(segment);
      if (Array.isArray(list) && list[0]?.id && typeof list[0].id === 'string' && UUID.test(list[0].id))
        idSource[segment] = list.find((x) => JSON.stringify(x).includes(MARK))?.id ?? list[0].id;
    }
    // shared reference data, the same for every salon
    idSource.nationalities = '682';
    // the platform's one settings record (manager routes: B's merchant token is refused there)
    idSource['platform-settings'] = 'platform';
    // a salon account, changed by the platform's manager only (B's merchant token is refused there)
    idSource.accounts = '1';
    // a platform payment gateway package: the manager's only (B's merchant token is refused there)
    idSource['payment-gateway-packages'] = '0193a000-0000-7000-8000-0000000000aa';
    // a platform update: the manager's to publish; a salon's user only says she saw it (for herself)
    idSource['platform-updates'] = '0193a000-0000-7000-8000-0000000000ab';
    // the manager's WhatsApp: a platform package, salon A's WhatsApp (its account id), the platform's
    // WhatsApp settings (B's merchant token is refused on all of them)
    idSource['whatsapp-packages'] = '0193a000-0000-7000-8000-0000000000ac';
    idSource['whatsapp-accounts'] = '1';
    idSource['whatsapp-settings'] = 'platform';
    // a free-trial request: the platform's, decided by its manager only (B's merchant token is refused there)
    idSource['trial-requests'] = '0193a000-0000-7000-8000-0000000000ad';
    // the public website's settings: a section and a page's SEO, the platform's, its manager's only
    idSource.settings = 'texts';
    idSource['seo-pages'] = 'landing';
    // the platform's invoices and payment requests to salons: the manager's only (the salon reads its
    // own by their link, which B is given one of its own for)
    idSource['account-invoices'] = '0193a000-0000-7000-8000-0000000000ae';
    idSource['payment-requests'] = '0193a000-0000-7000-8000-0000000000af';
    idSource.plans = 'basic';
    // an entry of one of the platform's lists (`:list/:id`): the manager's to change (B's merchant
    // token is refused there; the salons read only the enabled entries, the same for every salon)
    idSource[':list'] = '0193a000-0000-7000-8000-0000000000ae';
    // a member of the platform's staff (platform-setting/employees): the manager's only
    idSource['platform-staff'] = '0193a000-0000-7000-8000-0000000000af';
    // salon A's owner's signed-in session (its token's hash), ended by the platform's manager only
    idSource['system-connections'] = createHash('sha256').update(a).digest('hex');
    // A's e-invoicing device (the demo salon is connected to ZATCA), for its own and the manager's routes
    const devices = (await t.http.get('/api/merchant/einvoicing/devices').set(await fresh(a))).body as Array<{
      id: string;
    }>;
    idSource.devices = devices[0]?.id;
    idSource['zatca-setting'] = devices[0]?.id;
    // one of A's journal entries (`<source kind>:<source id>`, not a bare uuid)
    const entries = (
      await t.http.get('/api/merchant/advanced-accounting/journal-entries').set(await fresh(a))
    ).body as Array<{ id: string }>;
    idSource['journal-entries'] = entries[0]?.id;
    const journals = (
      await t.http.get('/api/merchant/advanced-accounting/general-journals').set(await fresh(a))
    ).body as Array<{ id: string }>;
    idSource['general-journals'] = journals[0]?.id;
    // one of A's payroll months (its list is under `accounting/`)
    const payrolls = (await t.http.get('/api/merchant/accounting/payrolls').set(await fresh(a)))
      .body as Array<{ id: string }>;
    idSource.payrolls = payrolls[0]?.id;
    // one of A's complaints (the front desk's, about A's marked customer)
    const complaint = await t.http
      .post('/api/merchant/complaints')
      .set(bearer(a))
      .send({ description: `${MARK} complaint`, customer_id: idSource.customers });
    expect(complaint.status).toBe(201);
    idSource.complaints = complaint.body.id;
    // one of A's suggestions to the platform (its own list, and the manager's answer)
    const suggestion = await t.http
      .post('/api/merchant/development-suggestions')
      .set(bearer(a))
      .send({ title: `${MARK} suggestion`, details: `${MARK} details` });
    expect(suggestion.status).toBe(201);
    idSource['development-suggestions'] = suggestion.body.id;
    // one of A's entries in the platform's check lists (manager routes: B's merchant token is refused there)
    const serviceAdded = (await t.allEvents()).find((e) => e.type === 'ServiceAdded');
    idSource['check-entries'] = serviceAdded && contentEntryId(serviceAdded.id, 'added-services');
    // one of A's WhatsApp messages (the demo reminds tomorrow's visits): B's "send again" finds none
    idSource.messages = (await t.allEvents()).find((e) => e.type === 'MessageQueued')?.data.message_id as
      string | undefined;
    // one of A's campaigns (a draft, named with the marker)
    const campaign = await t.http
      .post('/api/merchant/campaigns')
      .set(bearer(a))
      .send({ name: `${MARK} campaign`, message: 'Hello {name}' });
    expect(campaign.status).toBe(201);
    idSource.campaigns = campaign.body.id;
    // one of A's contracts (the platform's manager sends it, its text naming the marker): B sees none
    const managerToken = await t.signIn(MANAGER, 'manager');
    const contractTemplate = await t.http
      .post('/api/manager/contract-templates')
      .set(bearer(managerToken))
      .send({
        name: `${MARK} template`,
        title_en: `${MARK} contract`,
        title_ar: 'عقد ألفا',
        text_en: `${MARK} {salon_name}`,
        text_ar: 'عقد {salon_name}',
      });
    const contract = await t.http.post('/api/manager/contracts').set(bearer(managerToken)).send({
      account_id: 1,
      template_id: contractTemplate.body.id,
      language: 'en',
      plan: 'basic',
      price: '100',
      start_date: '2099-01-01',
      end_date: '2099-12-31',
    });
    expect(contract.status).toBe(201);
    idSource.contracts = contract.body.id;
    // a contract template: the platform's, written by its manager only (B's merchant token is refused there)
    idSource['contract-templates'] = contractTemplate.body.id;
    // one of A's signed documents (its "report now")
    const einvoice = (await t.allEvents()).find((e) => e.type === 'EInvoiceSigned');
    const einvoiceUuid = (einvoice?.data as { uuid?: string } | undefined)?.uuid;

    const aValues = await seen(a);
    for (const v of Object.values(extra)) if (v) aValues.add(v);
    for (const v of await seen(b)) aValues.delete(v);
    const secrets = [...aValues, MARK];
    expect(secrets.length).toBeGreaterThan(50);

    const aTenant = (await t.allEvents()).find(
      (e) => e.type === 'CustomerRegistered' && JSON.stringify(e.data).includes(MARK),
    )!.metadata.tenantId;
    const aStreams = async () =>
      (await t.allEvents())
        .filter((e: RecordedEvent) => e.metadata.tenantId === aTenant)
        .map((e) => `${e.stream}@${e.revision}`);
    const before = await aStreams();

    // a body naming A's records in every field a command refers to records by, and A's owner's address
    const aIds = Object.values(idSource).filter((v): v is string => typeof v === 'string' && UUID.test(v));
    const attackBody = {
      name: 'Bravo attempt',
      name_en: 'Bravo attempt',
      name_ar: 'ب',
      email: 'owner@demosalon.example',
      locale: 'en',
      ids: aIds,
      id: idSource.customers,
      customer_id: idSource.customers,
      employee_id: idSource.employees,
      service_id: idSource.services,
      service_ids: [idSource.services],
      product_id: idSource.products,
      role_id: idSource.roles,
      group_id: idSource['service-groups'],
      category_id: idSource.categories,
      picture_file_id: extra.files,
      logo_file_id: extra.files,
      file_id: extra.files,
      reason_id: idSource['cancellation-reasons'],
      preferred_artist_ids: [idSource.employees],
      items: [{ service_id: idSource.services, sessions: 1 }],
      lines: [
        {
          service_id: idSource.services,
          employee_id: idSource.employees,
          start: '2099-01-05T10:00:00Z',
          kind: 'service',
          item_id: idSource.services,
        },
      ],
      appointment_id: idSource.appointments,
      payments: [{ method: 1, amount: '1.00' }],
      order: aIds,
      operation: 'add_quantity',
      quantity: 1,
      password: 'Guess12345',
      current_password: 'Guess12345',
      password_confirmation: 'Guess12345',
      token: 'not-a-real-token',
    };
    const attackQuery = {
      filter: JSON.stringify({
        id: aIds,
        q: MARK,
        customer_id: idSource.customers,
        employee_id: idSource.employees,
        product_id: idSource.products,
      }),
      customer_id: idSource.customers,
      employee_id: idSource.employees,
      service_ids: idSource.services,
      date: new Date().toISOString().slice(0, 10),
      range: '[0,999]',
    };

    const unmapped: string[] = [];
    const urlOf = (r: Route) =>
      r.path.replace(/:(\w+)/g, (_, param: string) => {
        const segment = r.path.split('/')[r.path.split('/').indexOf(`:${param}`) - 1];
        const value =
          param === 'id'
            ? idSource[segment]
            : param === 'periodId'
              ? extra.periods
              : // an employee's report (employees-commissions-report/:employeeId): A's employee
                param === 'employeeId'
                ? idSource.employees
                : // a customer's birthday wish (pos/birthday-congratulations/:customerId/send): A's customer
                  param === 'customerId'
                  ? idSource.customers
                  : param === 'depositId'
                    ? extra.deposits
                    : param === 'uuid'
                      ? einvoiceUuid
                      : FIXED_PARAMS[param];
        if (value === undefined)
          unmapped.push(`${r.method} ${r.path}: ${param === 'id' ? `${segment}/:id` : `:${param}`}`);
        return encodeURIComponent(value ?? 'unmapped');
      });

    type Attempt = { route: Route; label: string; status: number; text: string };
    const attempts: Attempt[] = [];
    const attempt = async (route: Route, withQuery: boolean) => {
      const url = urlOf(route);
      let req = t.http[route.method.toLowerCase() as 'get'](url)
        .set({ ...bearer(b), 'X-Forwarded-For': '10.66.0.1' })
        .timeout(10_000);
      if (withQuery) req = req.query(attackQuery);
      // a salon's backup is a gzip of JSON lines: looked into whole, like any other answer
      if (/backups\/download$|download-accounts-backups/.test(route.path))
        req = req.buffer(true).parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            done(
              null,
              res.headers['content-type'] === 'application/gzip'
                ? gunzipSync(bytes).toString()
                : bytes.toString(),
            );
          });
        });
      const multipart = route.method === 'POST' && /\/(files|imports)(\/|$)/.test(route.path);
      const res = await (
        route.method === 'GET'
          ? req
          : multipart
            ? req.set('Content-Type', 'application/octet-stream').send(png())
            : req.send(attackBody)
      ).catch((error: Error) => ({ status: 0, text: `no answer: ${error.message}` }));
      attempts.push({
        route,
        label: `${route.method} ${url}${withQuery ? ' (A ids in the query)' : ''}`,
        status: res.status,
        text: 'body' in res && typeof res.body === 'string' ? res.body : (res.text ?? ''),
      });
    };

    // the routes for callers not signed in (sign-in, forgot password...) act on whoever the body
    // names, by design: a reset asked for A's owner's address is hers. They are called last, after A's
    // streams are compared; their answers are checked like the others'
    const key = (r: Route) => `${r.method} ${r.path}`;
    const signedIn = routes.filter((r) => !r.isPublic && !ENDS_SESSION.has(key(r)));
    for (const route of [...signedIn, ...routes.filter((r) => ENDS_SESSION.has(key(r)))]) {
      await attempt(route, false);
      if (route.method === 'GET') await attempt(route, true);
    }
    // and nothing of A's changed
    expect(await aStreams()).toEqual(before);
    for (const route of routes.filter((r) => r.isPublic)) {
      await attempt(route, false);
      if (route.method === 'GET') await attempt(route, true);
    }
    expect([...new Set(unmapped)]).toEqual([]);

    // ids and the marker anywhere in the text; names as whole values (B's "receptionist" role is not
    // A's user "reception")
    const strings = (text: string) => {
      const out = new Set<string>();
      const walk = (v: unknown) => {
        if (typeof v === 'string') out.add(v);
        else if (v && typeof v === 'object') Object.values(v).forEach(walk);
      };
      try {
        walk(JSON.parse(text));
      } catch {
        out.add(text);
      }
      return out;
    };
    const leaks = attempts
      .filter((x) => !PUBLIC_BY_DESIGN.has(`${x.route.method} ${x.route.path}`))
      .flatMap((x) => {
        const values = strings(x.text);
        return secrets
          .filter((s) => (UUID.test(s) || s === MARK ? x.text.includes(s) : values.has(s)))
          .map((s) => `${x.label} -> ${x.status} shows ${s}`);
      });
    expect(leaks).toEqual([]);
    // B's own backup was looked into (not an opaque gzip, not refused)
    expect(
      attempts.find((x) => x.route.path === '/api/merchant/backups/download' && x.status === 200)?.text,
    ).toMatch(/^\{"format":"rawnaq-backup"/);
    // B's token must have been taken by every merchant route (a 401 would make its check vacuous)
    const refused = attempts.filter(
      (x) =>
        x.route.realm === 'merchant' &&
        !x.route.isPublic &&
        !ENDS_SESSION.has(`${x.route.method} ${x.route.path}`) &&
        x.status === 401,
    );
    expect(refused.map((x) => `${x.label} -> ${x.text}`)).toEqual([]);
    expect(attempts.filter((x) => x.status === 0).map((x) => `${x.label}: ${x.text}`)).toEqual([]);
    console.log(
      `tenant isolation: ${routes.length} routes (${routes.filter((r) => r.method === 'GET').length} reads, ${
        routes.filter((r) => r.method !== 'GET').length
      } writes), ${attempts.length} attempts with salon B's token, ${secrets.length} of salon A's ids and names looked for in every answer`,
    );
  }, 120_000);
});
