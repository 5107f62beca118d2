import type request from 'supertest';
import ExcelJS from 'exceljs';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook as a person would save it: a header row, then one row per record. */
const workbook = async (rows: unknown[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** supertest's parser for a binary answer (the response is a readable stream of Buffers). */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('Excel imports over HTTP', () => {
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

  const send = (path: string, bytes: Buffer, token = owner) =>
    t.http
      .post(`/api/merchant/imports/${path}`)
      .set({ ...bearer(token), 'Content-Type': XLSX })
      .send(bytes);

  /** Waits for a background import to finish, keeping every progress seen on the way. */
  const finish = async (id: string) => {
    const seen: Array<{ status: string; done: number }> = [];
    for (let i = 0; i < 200; i++) {
      const res = await t.http.get(`/api/merchant/imports/${id}`).set(await fresh());
      if (res.status === 200) {
        seen.push({ status: res.body.status, done: res.body.done });
        if (res.body.status !== 'running') return { last: res.body, seen };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`import ${id} did not finish: ${JSON.stringify(seen.slice(-3))}`);
  };

  it('previews a file row by row, with every error by row and field in the user language, writing nothing', async () => {
    const before = await t.eventCount();
    const file = await workbook([
      ['Name', 'Mobile', 'Gender', 'E-mail'],
      ['Noura Al-Qahtani', '0551234567', 'female', 'noura@example.com'],
      ['', '0551234568', 'female', 'not-an-email'],
      ['Reem', '0551234567', 'أنثى', ''],
    ]);
    const res = await send('customers/preview', file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    expect(res.body.rows[0]).toEqual({
      row: 2,
      values: {
        name: 'Noura Al-Qahtani',
        mobile: '0551234567',
        gender: 'female',
        email: 'noura@example.com',
      },
    });
    const byRow = res.body.errors.map((e: { row: number; field: string; key: string }) => [
      e.row,
      e.field,
      e.key,
    ]);
    expect(byRow).toEqual(
      expect.arrayContaining([
        [3, 'name', expect.stringMatching(/^validation\./)],
        [3, 'email', expect.stringMatching(/^validation\./)],
        [4, 'mobile', 'imports.repeated_in_file'],
      ]),
    );
    // the owner reads Arabic: the message names the column in Arabic
    const repeated = res.body.errors.find((e: { row: number }) => e.row === 4);
    expect(repeated.message).toMatch(/[\u0600-\u06FF]/);
    expect(repeated.params).toEqual({ row: 2 });
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses the whole file when one row is bad (422, every error), and writes nothing', async () => {
    const before = await t.eventCount();
    const file = await workbook([
      ['name', 'mobile', 'gender'],
      ['Lamees Unwritten', '0559000001', 'female'],
      ['Huda', '12', 'female'],
    ]);
    const res = await send('customers', file);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: 'imports.rows_invalid', total: 2, valid: 1, invalid: 1 });
    expect(res.body.errors).toEqual([expect.objectContaining({ row: 3, field: 'mobile' })]);
    expect(await t.eventCount()).toBe(before);
    const list = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: 'Lamees Unwritten' }) })
      .set(await fresh());
    expect(list.body).toEqual([]);
  });

  it('imports services (and the groups they name) at once, priced in the country decimals', async () => {
    const file = await workbook([
      ['الاسم بالإنجليزية', 'الاسم بالعربية', 'المجموعة', 'السعر قبل الضريبة', 'مدة الخدمة (دقائق)'],
      ['Hair wash', 'غسيل الشعر', 'Imported hair', 20, 15],
      ['Scalp massage', 'تدليك فروة الرأس', 'Imported hair', '35.5', 30],
    ]);
    const res = await send('services', file);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'completed', total: 2, created: 2 });
    const services = await t.http
      .get('/api/merchant/services')
      .query({ filter: JSON.stringify({ q: 'Scalp massage' }) })
      .set(await fresh());
    expect(services.body).toEqual([
      expect.objectContaining({ name_ar: 'تدليك فروة الرأس', price: '35.50', job_time: 30 }),
    ]);
    const again = await send('services', file);
    expect(again.status).toBe(422);
    expect(again.body.errors.map((e: { row: number; key: string }) => [e.row, e.key])).toEqual([
      [2, 'catalog.duplicate_name'],
      [3, 'catalog.duplicate_name'],
    ]);
  });

  it('imports a large customers file in the background, with progress until completed', async () => {
    const rows: unknown[][] = [['Name', 'Mobile', 'Gender']];
    for (let i = 0; i < 60; i++) rows.push([`Imported ${i}`, `05580${String(i).padStart(5, '0')}`, 'female']);
    const res = await send('customers', await workbook(rows));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'running', total: 60, done: 0 });
    const { last } = await finish(res.body.id);
    expect(last).toMatchObject({ entity: 'customers', status: 'completed', total: 60, done: 60 });
    const count = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: 'Imported' }), range: '[0,0]' })
      .set(await fresh());
    expect(count.headers['content-range']).toMatch(/\/60$/);
    // kept in the form the customer form keeps (the list no longer mixes 966… and +966…)
    const first = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: '0558000000' }) })
      .set(await fresh());
    expect(first.body.map((c: { name: string; mobile: string }) => [c.name, c.mobile])).toEqual([
      ['Imported 0', '+966558000000'],
    ]);
  });

  it('imports products with their initial stock', async () => {
    const file = await workbook([
      [
        'Name (English)',
        'Name (Arabic)',
        'Barcode',
        'Price before VAT',
        'Cost price',
        'Quantity',
        'Warning level',
      ],
      ['Imported serum', 'سيروم مستورد', '6281000099001', 80, 40, 12, 2],
    ]);
    const res = await send('products', file);
    expect(res.status).toBe(202);
    expect((await finish(res.body.id)).last).toMatchObject({ status: 'completed', done: 1 });
    const list = await t.http
      .get('/api/merchant/products')
      .query({ filter: JSON.stringify({ q: '6281000099001' }) })
      .set(await fresh());
    expect(list.body).toEqual([expect.objectContaining({ price_with_vat: '92.00', quantity: 12 })]);
    const twice = await send('products/preview', file);
    expect(twice.body.errors).toEqual([
      expect.objectContaining({ row: 2, field: 'barcode', key: 'products.duplicate_barcode' }),
    ]);
  });

  it('names an unknown column and what is not a workbook', async () => {
    const unknown = await send(
      'customers/preview',
      await workbook([
        ['Name', 'Shoe size'],
        ['Amal', 38],
      ]),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      message: 'imports.unknown_column',
      errors: { file: 'imports.unknown_column' },
      params: { column: 'Shoe size' },
    });
    const text = await send('customers/preview', Buffer.from('name,mobile\nAmal,0551111111\n'));
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual({ file: 'imports.not_a_workbook' });
    expect((await send('invoices/preview', await workbook([['x']]))).status).toBe(404);
  });

  it('gives a template in either language, with the columns the importer reads back', async () => {
    const res = await t.http
      .get('/api/merchant/imports/template/products')
      .query({ locale: 'ar' })
      .set(bearer(owner))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
    expect(sheet.getRow(1).getCell(1).value).toBe('الاسم بالإنجليزية');
    sheet.addRow(['Template serum', 'سيروم القالب', '', 10]);
    const back = await send('products/preview', Buffer.from(await book.xlsx.writeBuffer()));
    expect(back.body).toMatchObject({ total: 1, valid: 1, errors: [] });
  });

  it('needs the right to create what is imported: a receptionist gets 403 and nothing is written', async () => {
    const reception = await t.signIn(RECEPTION);
    const before = await t.eventCount();
    const file = await workbook([
      ['name_en', 'name_ar', 'group', 'price', 'job_time'],
      ['Nails', 'أظافر', 'Hands', 50, 30],
    ]);
    expect((await send('services', file, reception)).status).toBe(403);
    expect((await send('services/preview', file, reception)).status).toBe(403);
    expect((await t.http.get('/api/merchant/imports/template/services').set(bearer(reception))).status).toBe(
      403,
    );
    expect(await t.eventCount()).toBe(before);
  });
});
