import { PaymentMethod } from '@rawnaq/contracts';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** A Saudi salon's exempt and zero-rated products say why they carry no VAT; the signed XML says it too. */
describe('ZATCA exemption reasons of products over HTTP', () => {
  let t: TestApp;
  let owner: string;
  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const define = (body: object) => t.http.post('/api/merchant/products').set(bearer(owner)).send(body);
  const text = async (url: string) =>
    t.http
      .get(url)
      .set(await fresh())
      .buffer(true)
      .parse((res, done) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => done(null, body));
      });

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 120_000);
  afterAll(() => t.close());

  it('refuses a zero-rated product without its reason, naming vat_exemption_code, and writes nothing', async () => {
    const before = await t.eventCount();
    const res = await define({ name_en: 'Plaster', name_ar: 'لاصق طبي', price: '8', vat_type: 4 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ vat_exemption_code: 'products.exemption_reason_required' });
    const wrong = await define({
      name_en: 'Plaster',
      name_ar: 'لاصق طبي',
      price: '8',
      vat_type: 4,
      vat_exemption_code: 'VATEX-SA-29',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ vat_exemption_code: 'products.exemption_reason_not_for_vat_type' });
    expect(await t.eventCount()).toBe(before);
  });

  it('sells a zero-rated (VATEX-SA-35) and an exempt (VATEX-SA-29) product: the signed XML carries both reasons', async () => {
    const medicine = await define({
      name_en: 'Medicated shampoo',
      name_ar: 'شامبو طبي',
      price: '30',
      vat_type: 4,
      vat_exemption_code: 'VATEX-SA-35',
      initial_quantity: 5,
    });
    expect(medicine.status).toBe(201);
    expect(medicine.body.vat_exemption_code).toBe('VATEX-SA-35');
    const voucher = await define({
      name_en: 'Instalment fee',
      name_ar: 'رسوم التقسيط',
      price: '10',
      vat_type: 3,
      vat_exemption_code: 'VATEX-SA-29',
      initial_quantity: 5,
    });
    expect(voucher.status).toBe(201);
    const shown = await t.http.get(`/api/merchant/products/${medicine.body.id}`).set(await fresh());
    expect(shown.body).toMatchObject({ vat_exemption_code: 'VATEX-SA-35', price_with_vat: '30.00' });

    const sale = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        lines: [
          { kind: 'product', item_id: medicine.body.id },
          { kind: 'product', item_id: voucher.body.id },
        ],
        payments: [{ method: PaymentMethod.cash, amount: '40.00' }],
      });
    expect(sale.status).toBe(201);
    // money unchanged: no VAT on either line
    expect(sale.body.total).toBe(4000);
    expect(sale.body.lines.map((l: { vat_exemption_code?: string }) => l.vat_exemption_code)).toEqual([
      'VATEX-SA-35',
      'VATEX-SA-29',
    ]);
    const uuid = sale.body.einvoice.uuid as string;
    const xml = await text(`/api/merchant/einvoicing/documents/${uuid}/xml`);
    expect(xml.status).toBe(200);
    const codes = [...(xml.body as string).matchAll(/<cbc:TaxExemptionReasonCode>([^<]+)</g)].map(
      (m) => m[1],
    );
    expect(codes).toEqual(['VATEX-SA-35', 'VATEX-SA-29']);
    expect(xml.body).toContain(
      '<cbc:TaxExemptionReason>Medicines and medical equipment</cbc:TaxExemptionReason>',
    );

    // a debit note on it (once reported) gives its own line's reason; a credit note keeps the invoice's
    while ((await t.app.einvoicing.runOnce()) > 0);
    const reasonCodes = (xmlText: string) =>
      [...xmlText.matchAll(/<cbc:TaxExemptionReasonCode>([^<]+)</g)].map((m) => m[1]);
    const debitNote = (lines: object[]) =>
      t.http
        .post(`/api/merchant/invoices/${sale.body.id}/debit-notes`)
        .set(bearer(owner))
        .send({ reason: 'Rent of the chair', lines });
    const missing = await debitNote([{ description: 'Chair rent', amount: '50', vat_type: 3 }]);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      'lines.0.vat_exemption_code': 'products.exemption_reason_required',
    });
    const debit = await debitNote([
      { description: 'Chair rent', amount: '50', vat_type: 3, vat_exemption_code: 'VATEX-SA-30' },
    ]);
    expect(debit.status).toBe(201);
    expect(debit.body.total).toBe(5000);
    const debitXml = await text(`/api/merchant/einvoicing/documents/${debit.body.einvoice.uuid}/xml`);
    expect(reasonCodes(debitXml.body as string)).toEqual(['VATEX-SA-30']);
    const credit = await t.http
      .post(`/api/merchant/invoices/${sale.body.id}/credit-notes`)
      .set(bearer(owner))
      .send({
        reason: 'Returned',
        lines: [{ line_id: sale.body.lines[0].line_id, quantity: 1 }],
        payments: [{ method: PaymentMethod.cash, amount: '30.00' }],
      });
    expect(credit.status).toBe(201);
    expect(credit.body.lines[0].vat_exemption_code).toBe('VATEX-SA-35');
    const creditXml = await text(`/api/merchant/einvoicing/documents/${credit.body.einvoice.uuid}/xml`);
    expect(reasonCodes(creditXml.body as string)).toEqual(['VATEX-SA-35']);
  });

  it('keeps the reason when the product changes, and drops it when the product becomes standard-rated', async () => {
    const p = await define({
      name_en: 'Gauze',
      name_ar: 'شاش',
      price: '4',
      vat_type: 4,
      vat_exemption_code: 'VATEX-SA-35',
    });
    const put = (body: object) =>
      t.http
        .put(`/api/merchant/products/${p.body.id}`)
        .set(bearer(owner))
        .send({ name_en: 'Gauze', name_ar: 'شاش', price: '4', ...body });
    expect((await put({ vat_type: 3 })).status).toBe(422);
    expect((await put({ vat_type: 3, vat_exemption_code: 'VATEX-SA-30' })).body.vat_exemption_code).toBe(
      'VATEX-SA-30',
    );
    const standard = await put({ vat_type: 1, vat_exemption_code: 'VATEX-SA-30' });
    expect(standard.status).toBe(200);
    expect(standard.body.vat_exemption_code).toBeUndefined();
    expect((await put({ vat_type: 2 })).body.vat_exemption_code).toBe('VATEX-SA-OOS');
  });
});
