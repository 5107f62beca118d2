import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { png } from './testing/images.test-support';

/**
 * The invoice settings' letterhead (issue 24: the uploaded logo was never shown, the notes never
 * printed): an invoice, in the back office and as the customer's e-invoice, carries the salon's logo
 * while the settings show it, and its notes in both languages.
 */
describe("the salon's logo and notes on its invoices", () => {
  let t: TestApp;
  let owner: string;
  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t.close());

  it('prints the logo while it is shown and the notes, to the salon and to its customer', async () => {
    const logo = await t.http
      .post('/api/merchant/files')
      .query({ purpose: 'logo', name: 'logo.png' })
      .set({ ...bearer(owner), 'Content-Type': 'image/png' })
      .send(png(64, 64));
    const general = await t.http.get('/api/merchant/settings/general').set(await fresh());
    const saved = await t.http
      .put('/api/merchant/settings/general')
      .set(bearer(owner))
      .send({ ...general.body, logo_file_id: logo.body.id });
    expect(saved.status).toBe(200);
    const [first] = (
      await t.http
        .get('/api/merchant/invoices')
        .query({ range: '[0,0]' })
        .set(await fresh())
    ).body as Array<{ id: string; unique_id: string }>;

    const invoice = await t.http.get(`/api/merchant/invoices/${first.id}`).set(await fresh());
    expect(invoice.body.print).toEqual({
      logo_file_id: logo.body.id,
      notes_en: 'Thank you for visiting Demo Salon',
      notes_ar: 'شكرًا لزيارتكم صالون العرض التجريبي',
    });
    const einvoice = await t.http.get(`/api/public/e-invoice/${first.unique_id}`);
    expect(einvoice.body.print).toEqual({
      logo: true,
      notes_en: 'Thank you for visiting Demo Salon',
      notes_ar: 'شكرًا لزيارتكم صالون العرض التجريبي',
    });
    const image = await t.http.get(`/api/public/e-invoice/${first.unique_id}/logo`);
    expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(Buffer.compare(image.body as Buffer, png(64, 64))).toBe(0);

    // the salon hides it: nobody gets it from an invoice's address any more
    const settings = await t.http.get('/api/merchant/settings/invoice').set(await fresh());
    const hidden = await t.http
      .put('/api/merchant/settings/invoice')
      .set(bearer(owner))
      .send({ ...settings.body, show_logo: false });
    expect(hidden.status).toBe(200);
    expect(
      (await t.http.get(`/api/merchant/invoices/${first.id}`).set(await fresh())).body.print.logo_file_id,
    ).toBe(null);
    expect((await t.http.get(`/api/public/e-invoice/${first.unique_id}`)).body.print.logo).toBe(false);
    const gone = await t.http.get(`/api/public/e-invoice/${first.unique_id}/logo`);
    expect([gone.status, gone.body.message]).toEqual([404, 'not_found.record']);
    expect((await t.http.get('/api/public/e-invoice/no-such-invoice-1234/logo')).status).toBe(404);
  });
});
