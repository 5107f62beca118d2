import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

describe('the e-survey over HTTP (issue 11)', () => {
  let t: TestApp;
  let owner: string;
  let invoices: Array<{ id: string; number: number; unique_id: string }>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    invoices = (await t.http.get('/api/merchant/invoices').query({ range: '[0,9]' }).set(bearer(owner))).body;
  }, 60_000);
  afterAll(async () => t?.close());

  const rate = (uniqueId: string, body: object, ip = '10.0.0.1') =>
    t.http.post(`/api/public/e-survey/${uniqueId}`).set('X-Forwarded-For', ip).send(body);

  it('rates an invoice from its link without signing in, once; the invoice page shows the rating', async () => {
    const [invoice] = invoices;
    const page = await t.http.get(`/api/public/e-survey/${invoice.unique_id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      number: invoice.number,
      rated: false,
      salon: { name_en: 'Demo Salon' },
    });
    expect(page.body.id).toBeUndefined();
    expect(page.body.tenantId).toBeUndefined();

    const res = await rate(invoice.unique_id, { rating: 5, comment: 'Wonderful haircut' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ unique_id: invoice.unique_id, rating: 5, label: 'excellent' });
    const before = await t.eventCount();
    const again = await rate(invoice.unique_id, { rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('survey.already_rated');
    expect(await t.eventCount()).toBe(before);

    const headers = { ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) };
    const shown = await t.http.get(`/api/merchant/invoice-ratings/${invoice.id}`).set(headers);
    expect(shown.body).toMatchObject({
      rating: 5,
      comment: 'Wonderful haircut',
      invoice_number: invoice.number,
    });
    expect((await t.http.get(`/api/public/e-survey/${invoice.unique_id}`).set(headers)).body).toMatchObject({
      rated: true,
      rating: { rating: 5 },
    });
  });

  it('refuses a rating outside 1 to 5 and a comment too long, on their fields', async () => {
    const [, invoice] = invoices;
    expect((await rate(invoice.unique_id, { rating: 6 })).body.errors).toEqual({
      rating: 'validation.should_be_less_than_or_equal_to',
    });
    expect((await rate(invoice.unique_id, {})).body.errors).toEqual({ rating: 'validation.is_required' });
    expect(
      (await rate(invoice.unique_id, { rating: 3, comment: 'x'.repeat(1001) })).body.errors,
    ).toMatchObject({
      comment: expect.stringMatching(/^validation\./),
    });
  });

  it('answers 404 for a link that opens no invoice, and 404 for an unrated invoice on the merchant side', async () => {
    expect((await rate('not-a-real-link-123', { rating: 4 })).status).toBe(404);
    expect((await t.http.get('/api/public/e-survey/not-a-real-link-123')).status).toBe(404);
    const [, , third] = invoices;
    expect((await t.http.get(`/api/merchant/invoice-ratings/${third.id}`).set(bearer(owner))).status).toBe(
      404,
    );
  });

  it('tells a client that posts too often to wait (429)', async () => {
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await rate('not-a-real-link-123', { rating: 4 }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // another address is not held back
    expect((await rate('not-a-real-link-123', { rating: 4 }, '10.9.9.8')).status).toBe(404);
  });
});
