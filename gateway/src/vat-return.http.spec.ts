import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

const ACCOUNTANT = { accountId: 1, username: 'accountant', password: 'Demo@12345' };

type Box = {
  number: number | null;
  key: string;
  amount: number | null;
  adjustment: number | null;
  vat: number | null;
};
type Doc = { business_date: string; vat: number; net: number };

/**
 * The VAT return and closing the books over HTTP (issue 25): the demo's Saudi return in the authority's
 * sixteen boxes, its output VAT the VAT of the salon's e-invoicing documents, each box opening the
 * documents behind it; a lock date refusing the accountant's entries dated in the closed period and
 * moving a sale dated there to the first open day, opened again only with a reason.
 */
describe('the VAT return and closing the books over HTTP (issue 25)', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 120_000);
  afterAll(async () => t?.close());

  const get = async (path: string, query: Record<string, string> = {}, token = owner) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  const ok = async (path: string, query: Record<string, string> = {}) => {
    const res = await get(path, query);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const today = async () => (await ok('advanced-accounting/trial-balance')).as_of as string;
  const daysBefore = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const setLock = (body: object, token = owner) =>
    t.http.put('/api/merchant/advanced-accounting/lock-date').set(bearer(token)).send(body);

  it('fills the Saudi return’s boxes from the period’s documents: output VAT equals their VAT, and ties to the books', async () => {
    const to = await today();
    const from = daysBefore(to, 60);
    const vat = await ok('advanced-accounting/vat-return', { from, to });
    expect(vat.form).toBe('zatca');
    expect((vat.boxes as Box[]).map((b) => b.number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    ]);
    const inPeriod = (docs: Doc[]) => docs.filter((d) => d.business_date >= from && d.business_date <= to);
    const sum = (docs: Doc[], f: 'vat' | 'net') => inPeriod(docs).reduce((s, d) => s + d[f], 0);
    const invoices = (await ok('invoices', { range: '[0,9999]' })) as Doc[];
    const credits = (await ok('credit-notes', { range: '[0,9999]' })) as Doc[];
    const debits = (await ok('debit-notes', { range: '[0,9999]' })) as Doc[];
    const documentsVat = sum(invoices, 'vat') + sum(debits, 'vat') - sum(credits, 'vat');
    expect(documentsVat).toBeGreaterThan(0);
    expect(vat.sales.vat).toBe(documentsVat);
    const box = (n: number) => (vat.boxes as Box[]).find((b) => b.number === n)!;
    expect(box(6).vat).toBe(documentsVat);
    // the demo's bills with VAT from its VAT-registered supplier are standard-rated purchases
    expect(box(7).vat).toBeGreaterThan(0);
    expect(box(13).vat).toBe(box(6).vat! - box(12).vat!);
    expect(box(16).vat).toBe(box(13).vat);
    expect(box(14).vat).toBeNull();
    expect(vat.books).toEqual({ output_vat: documentsVat, input_vat: box(12).vat, ties: true });
    // box 1 opens the entries behind it, which add up to it
    const lines = (await ok('advanced-accounting/vat-return/lines', {
      filter: JSON.stringify({ box: 'sales_standard', from, to }),
      range: '[0,9999]',
    })) as Array<{ amount: number; adjustment: number; vat: number; source_kind: string }>;
    expect(lines.reduce((s, l) => s + l.vat, 0)).toBe(box(1).vat);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(box(1).amount);
    expect(new Set(lines.map((l) => l.source_kind))).toContain('invoice');
    // the accountant reads it, the receptionist does not
    expect((await get('advanced-accounting/vat-return', {}, await t.signIn(ACCOUNTANT))).status).toBe(200);
    expect((await get('advanced-accounting/vat-return', {}, await t.signIn(RECEPTION))).status).toBe(403);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const reception = await t.signIn(RECEPTION);
    const before = await t.eventCount();
    for (const [query, field] of [
      [{ from: '2026-13-01' }, 'from'],
      [{ from: '2026-11-10', to: '2026-11-01' }, 'to'],
      [{ known_at: 'yesterday' }, 'known_at'],
    ] as const) {
      const res = await get('advanced-accounting/vat-return', query);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    }
    const noBox = await get('advanced-accounting/vat-return/lines', {
      filter: JSON.stringify({ box: 'nope' }),
    });
    expect(noBox.status).toBe(422);
    expect(noBox.body.errors).toEqual({ box: 'errors.invalid_input' });
    for (const [body, field] of [
      [{}, 'lock_date'],
      [{ lock_date: '30/11/2026' }, 'lock_date'],
      [{ lock_date: '2999-01-01' }, 'lock_date'],
      [{ lock_date: '2026-11-01', reason: 'x'.repeat(501) }, 'reason'],
    ] as const) {
      const res = await setLock(body);
      expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual([422, [field]]);
    }
    expect((await setLock({ lock_date: '2026-11-01' }, reception)).status).toBe(403);
    expect(await t.eventCount()).toBe(before);
  });

  it('closes the books: the accountant’s entries dated there are refused, a sale dated there posts on the first open day; opened again with a reason', async () => {
    const day = await today();
    const yesterday = daysBefore(day, 1);
    const accountant = await t.signIn(ACCOUNTANT);
    expect((await setLock({ lock_date: yesterday }, accountant)).status).toBe(200);
    const journal = {
      date: yesterday,
      memo: 'Late accrual',
      lines: [
        { account: '6101', debit: '10.00' },
        { account: '1101', credit: '10.00' },
      ],
    };
    const [rentAccount] = ((await ok('expense-types', { range: '[0,0]' })) as Array<{ id: string }>) ?? [];
    const before = await t.eventCount();
    const refusedJournal = await t.http
      .post('/api/merchant/advanced-accounting/general-journals')
      .set(bearer(accountant))
      .send(journal);
    expect(refusedJournal.status).toBe(422);
    expect(refusedJournal.body).toMatchObject({
      message: 'accounting.period_closed',
      errors: { date: 'accounting.period_closed' },
      params: { lock_date: yesterday },
    });
    const refusedExpense = await t.http
      .post('/api/merchant/expenses')
      .set(bearer(accountant))
      .send({
        vendor_name: 'Corner shop',
        expense_type_id: rentAccount.id,
        date: yesterday,
        items: [{ description: 'Milk', amount: '5.00' }],
      });
    expect([refusedExpense.status, refusedExpense.body.errors]).toEqual([
      422,
      { date: 'accounting.period_closed' },
    ]);
    expect(await t.eventCount()).toBe(before);
    // dated today, the journal goes through
    expect(
      (
        await t.http
          .post('/api/merchant/advanced-accounting/general-journals')
          .set(bearer(accountant))
          .send({ ...journal, date: day })
      ).status,
    ).toBe(201);

    // closed up to today: a sale of today posts on tomorrow, saying which day it was dated
    expect((await setLock({ lock_date: day }, accountant)).status).toBe(200);
    const create = async (path: string, body: object) =>
      (await t.http.post(`/api/merchant/${path}`).set(bearer(owner)).send(body)).body as { id: string };
    const group = await create('service-groups', { name_en: 'Lock test', name_ar: 'اختبار الإقفال' });
    const service = await create('services', {
      name_en: 'Late trim',
      name_ar: 'قص متأخر',
      group_id: group.id,
      price: '100.00',
      job_time: '30',
    });
    // 100.00 and 15 % VAT, paid in cash
    const sold = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        lines: [{ kind: 'service', item_id: service.id }],
        payments: [{ method: 1, amount: '115.00' }],
      });
    expect(sold.status).toBe(201);
    const [entry] = (await ok('advanced-accounting/journal-entries', {
      filter: JSON.stringify({ invoice_id: sold.body.id, source_kind: 'invoice' }),
    })) as Array<{ date: string; moved_from?: string }>;
    expect(entry).toMatchObject({ date: daysBefore(day, -1), moved_from: day });

    // opening the period again needs a reason; the history keeps every change
    const noReason = await setLock({ lock_date: null }, accountant);
    expect([noReason.status, noReason.body.errors]).toEqual([
      422,
      { reason: 'accounting.reopen_reason_required' },
    ]);
    expect((await setLock({ lock_date: day }, accountant)).status).toBe(409);
    expect((await setLock({ lock_date: null, reason: 'A supplier bill came late' }, accountant)).status).toBe(
      200,
    );
    const lock = await ok('advanced-accounting/lock-date');
    expect(lock.lock_date).toBeNull();
    expect(lock.history.map((h: { lock_date: string | null }) => h.lock_date)).toEqual([
      null,
      day,
      yesterday,
    ]);
    expect(lock.history[0]).toMatchObject({ previous: day, reason: 'A supplier bill came late' });
    const trial = await ok('advanced-accounting/trial-balance', { as_of: daysBefore(day, -1) });
    expect(trial.totals.difference).toBe(0);
  });
});
