import { renderEInvoicePdf } from '@rawnaq/platform';
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

  /** A signed document's file as the back office downloads it, as bytes, and its name. */
  const download = async (uuid: string, format: 'xml' | 'pdf') => {
    const res = await t.http
      .get(`/api/merchant/einvoicing/documents/${uuid}/${format}`)
      .set(await fresh())
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    return {
      bytes: res.body as Buffer,
      name: /filename="([^"]+)"/.exec(res.headers['content-disposition'])![1],
    };
  };

  it('prints them on the PDF of an e-invoice: the logo while it is shown, the notes in both languages', async () => {
    const settings = await t.http.get('/api/merchant/settings/invoice').set(await fresh());
    expect(
      (
        await t.http
          .put('/api/merchant/settings/invoice')
          .set(bearer(owner))
          .send({ ...settings.body, show_logo: true })
      ).status,
    ).toBe(200);
    const logo = await t.http
      .post('/api/merchant/files')
      .query({ purpose: 'logo', name: 'logo.png' })
      .set({ ...bearer(owner), 'Content-Type': 'image/png' })
      .send(png(48, 48));
    const general = await t.http.get('/api/merchant/settings/general').set(await fresh());
    expect(
      (
        await t.http
          .put('/api/merchant/settings/general')
          .set(bearer(owner))
          .send({ ...general.body, logo_file_id: logo.body.id })
      ).status,
    ).toBe(200);
    const documents = (
      await t.http
        .get('/api/merchant/einvoicing/documents')
        .query({ range: '[0,49]' })
        .set(await fresh())
    ).body as Array<{ id: string; reference_type: number; standard?: boolean }>;
    const invoice = documents.find((d) => d.reference_type === 1 && !d.standard)!;
    const xml = await download(invoice.id, 'xml');
    const notes = { en: 'Thank you for visiting Demo Salon', ar: 'شكرًا لزيارتكم صالون العرض التجريبي' };
    const drawn = async (letterhead: Parameters<typeof renderEInvoicePdf>[1]['letterhead']) =>
      Buffer.from(await renderEInvoicePdf(xml.bytes.toString('utf8'), { xmlFileName: xml.name, letterhead }));

    const pdf = await download(invoice.id, 'pdf');
    expect(pdf.bytes.toString('latin1')).toContain('/Subtype /Image');
    expect(pdf.bytes.equals(await drawn({ logo: png(48, 48), notes }))).toBe(true);

    // hidden: the notes stay, the logo goes
    const hidden = await t.http
      .put('/api/merchant/settings/invoice')
      .set(bearer(owner))
      .send({ ...settings.body, show_logo: false });
    expect(hidden.status).toBe(200);
    const plain = await download(invoice.id, 'pdf');
    expect(plain.bytes.toString('latin1')).not.toContain('/Subtype /Image');
    expect(plain.bytes.equals(await drawn({ notes }))).toBe(true);
    expect(plain.bytes.equals(await drawn(undefined))).toBe(false);
    await t.http.put('/api/merchant/settings/invoice').set(bearer(owner)).send(settings.body);
  });

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
