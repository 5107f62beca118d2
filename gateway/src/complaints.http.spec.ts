import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

/** Issue 26: the surveys report (ratings by employee and service) and the complaints a low rating opens. */
describe('surveys report and complaints over HTTP (issue 26)', () => {
  let t: TestApp;
  let owner: string;
  let invoices: Array<{
    id: string;
    number: number;
    unique_id: string;
    business_date: string;
    customer_name: string | null;
    lines: Array<{ kind: string; item_id: string; employee_id: string | null; name_en: string }>;
  }>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    invoices = (await t.http.get('/api/merchant/invoices').query({ range: '[0,9]' }).set(bearer(owner))).body;
  }, 60_000);
  afterAll(async () => t?.close());

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const rate = (uniqueId: string, body: object) =>
    t.http.post(`/api/public/e-survey/${uniqueId}`).set('X-Forwarded-For', '10.1.1.1').send(body);
  const report = async (query: Record<string, string> = {}) => {
    const res = await t.http
      .get('/api/merchant/reports/surveys-report')
      .query({ from: day(-200), to: day(1), ...query })
      .set(await fresh());
    expect(res.status).toBe(200);
    return res.body;
  };

  it('the demo salon shows two ratings of its visits and the complaint the low one opened', async () => {
    const demo = await report({ from: day(-7), to: day(1) });
    expect(demo.totals.ratings).toBeGreaterThanOrEqual(2);
    expect(demo.comments.map((c: { comment: string }) => c.comment)).toEqual(
      expect.arrayContaining(['Loved my new look, thank you!', 'I waited 30 minutes past my booking time']),
    );
    const open = (await t.http.get('/api/merchant/complaints').set(await fresh())).body;
    expect(open).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'rating',
          rating: 2,
          state: 'new',
          description: 'I waited 30 minutes past my booking time',
          // the salon's own count of its complaints: its first
          number: 1,
        }),
      ]),
    );
  });

  it('a one-star rating opens a complaint with the visit; it is taken up, noted and resolved, each step with who and when', async () => {
    const invoice = invoices[0];
    const before = (await report()).totals.ratings;
    expect((await rate(invoice.unique_id, { rating: 1, comment: 'Waited forty minutes' })).status).toBe(201);
    const list = await t.http
      .get('/api/merchant/complaints')
      .query({ filter: JSON.stringify({ state: 'new' }) })
      .set(await fresh());
    expect(list.status).toBe(200);
    const complaint = list.body.find((c: { invoice_id: string }) => c.invoice_id === invoice.id);
    expect(complaint).toMatchObject({
      state: 'new',
      source: 'rating',
      rating: 1,
      description: 'Waited forty minutes',
      invoice_number: invoice.number,
      customer_name: invoice.customer_name,
      number: 2,
    });
    expect(complaint.tenantId).toBeUndefined();
    expect((await report()).totals.ratings).toBe(before + 1);

    // a resolution must say what was done
    const silent = await t.http
      .post(`/api/merchant/complaints/${complaint.id}/resolve`)
      .set(bearer(owner))
      .send({});
    expect(silent.status).toBe(422);
    expect(silent.body.errors).toEqual({ note: 'validation.is_required' });

    const taken = await t.http
      .post(`/api/merchant/complaints/${complaint.id}/take-up`)
      .set(bearer(owner))
      .send({ note: 'Called her back' });
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual({ id: complaint.id, state: 'in_progress' });
    expect(
      (await t.http.post(`/api/merchant/complaints/${complaint.id}/take-up`).set(bearer(owner)).send({}))
        .status,
    ).toBe(409);
    expect(
      (
        await t.http
          .post(`/api/merchant/complaints/${complaint.id}/notes`)
          .set(bearer(owner))
          .send({ note: 'Offered a free blow dry' })
      ).status,
    ).toBe(201);
    const resolved = await t.http
      .post(`/api/merchant/complaints/${complaint.id}/resolve`)
      .set(bearer(owner))
      .send({ note: 'She came back and was happy' });
    expect(resolved.body).toEqual({ id: complaint.id, state: 'resolved' });
    const again = await t.http
      .post(`/api/merchant/complaints/${complaint.id}/notes`)
      .set(bearer(owner))
      .send({ note: 'late' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('complaint.already_resolved');

    const shown = await t.http.get(`/api/merchant/complaints/${complaint.id}`).set(await fresh());
    expect(shown.body).toMatchObject({ state: 'resolved', resolution: 'She came back and was happy' });
    expect(shown.body.history.map((s: { type: string }) => s.type)).toEqual([
      'opened',
      'taken_up',
      'noted',
      'resolved',
    ]);
    expect(shown.body.history[0]).toMatchObject({ by_kind: 'customer' });
    expect(shown.body.history[1]).toMatchObject({
      by_kind: 'user',
      note: 'Called her back',
      by_name: expect.any(String),
    });
  });

  it('a good rating opens none; the report counts each visit for its employees and services, with the comments', async () => {
    const invoice = invoices
      .slice(1)
      .find((i) => i.lines.some((l) => l.employee_id && l.kind === 'service'))!;
    expect(invoice).toBeDefined();
    const total = async () => (await t.http.get('/api/merchant/complaints').set(await fresh())).body.length;
    const complaints = await total();
    expect((await rate(invoice.unique_id, { rating: 4, comment: 'Lovely colour' })).status).toBe(201);
    expect(await total()).toBe(complaints);

    const line = invoice.lines.find((l) => l.employee_id && l.kind === 'service')!;
    const byEmployee = await report({ employee_id: line.employee_id! });
    const row = byEmployee.rows.find((r: { id: string }) => r.id === line.employee_id);
    expect(row).toMatchObject({ name_en: expect.any(String) });
    expect(row.ratings).toBeGreaterThanOrEqual(1);
    expect(row.stars.reduce((s: number, n: number) => s + n, 0)).toBe(row.ratings);
    const service = (await report({ service_id: line.item_id })).services.find(
      (s: { id: string }) => s.id === line.item_id,
    );
    expect(service).toMatchObject({ name_en: line.name_en });
    const all = await report();
    expect(all.totals.stars.reduce((s: number, n: number) => s + n, 0)).toBe(all.totals.ratings);
    expect(all.comments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ invoice_number: invoice.number, rating: 4, comment: 'Lovely colour' }),
      ]),
    );
    // the average is the ratings' own
    const sum = all.totals.stars.reduce((s: number, n: number, i: number) => s + n * (i + 1), 0);
    expect(all.totals.average).toBeCloseTo(sum / all.totals.ratings, 2);
  });

  it('the front desk opens a complaint of a customer; bad input is refused on its field', async () => {
    const customers = (
      await t.http.get('/api/merchant/customers').query({ range: '[0,0]' }).set(bearer(owner))
    ).body;
    const opened = await t.http
      .post('/api/merchant/complaints')
      .set(bearer(owner))
      .send({ description: 'Her nails chipped the next day', customer_id: customers[0].id });
    expect(opened.status).toBe(201);
    // the next number of the salon's, whoever opened the ones before (a rating, the desk)
    expect(opened.body).toEqual({ id: expect.any(String), number: 3, state: 'new' });
    const doc = (await t.http.get(`/api/merchant/complaints/${opened.body.id}`).set(await fresh())).body;
    expect(doc).toMatchObject({
      number: 3,
      source: 'staff',
      state: 'new',
      customer_id: customers[0].id,
      customer_name: customers[0].name,
    });

    const empty = await t.http.post('/api/merchant/complaints').set(bearer(owner)).send({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ description: 'validation.is_required' });
    const stranger = await t.http
      .post('/api/merchant/complaints')
      .set(bearer(owner))
      .send({ description: 'x', customer_id: '0193b000-0000-7000-8000-00000000dead' });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual({ customer_id: 'not_found.customer' });
    // a refused opening took no number: the next is 4, no gap
    const next = await t.http
      .post('/api/merchant/complaints')
      .set(bearer(owner))
      .send({ description: 'The dryer was too hot' });
    expect(next.body).toMatchObject({ number: 4 });
    expect(
      (
        await t.http
          .post('/api/merchant/complaints/0193b000-0000-7000-8000-00000000dead/resolve')
          .set(bearer(owner))
          .send({ note: 'x' })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.http
          .get('/api/merchant/complaints')
          .query({ filter: JSON.stringify({ state: 'closed' }) })
          .set(bearer(owner))
      ).body.errors,
    ).toEqual({ state: 'errors.invalid_input' });
    expect(
      (
        await t.http
          .get('/api/merchant/reports/surveys-report')
          .query({ from: '2026-02-01', to: '2026-01-01' })
          .set(bearer(owner))
      ).status,
    ).toBe(422);
  });

  it('keeps both away from a receptionist without the marketing permissions', async () => {
    const reception = await t.signIn(RECEPTION);
    expect((await t.http.get('/api/merchant/complaints').set(bearer(reception))).status).toBe(403);
    expect((await t.http.get('/api/merchant/reports/surveys-report').set(bearer(reception))).status).toBe(
      403,
    );
    expect(
      (await t.http.post('/api/merchant/complaints').set(bearer(reception)).send({ description: 'x' }))
        .status,
    ).toBe(403);
  });
});
