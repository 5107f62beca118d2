import { DEMO_EINVOICING } from '@rawnaq/command-api';
import { PaymentMethod } from '@rawnaq/contracts';
import { attachedFiles, SIMULATOR_ALTERED_BUYER_VAT, ValidationThread, zatca } from '@rawnaq/platform';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { BUSINESS_BUYER } from './testing/buyer.test-support';

type Issued = {
  id: string;
  number: number;
  total: number;
  einvoice: { uuid: string; icv: number; hash: string; qr: string } | null;
};
type Device = { id: string; status: number; active: boolean; compliance_passed: string[] };

/** The demo salon's details, as its seed connected it (the OTP given per request). */
const { otp: _otp, ...DEVICE } = DEMO_EINVOICING;

describe('ZATCA phase 2 through the API (issue 13): signed at issue, chained, reported, verified', () => {
  let t: TestApp;
  let owner: string;
  let service: { id: string; price_with_vat_minor: number };
  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const issue = (key?: string) =>
    t.http
      .post('/api/merchant/invoices')
      .set({ ...bearer(owner), ...(key && { 'Idempotency-Key': key }) })
      .send({
        lines: [{ kind: 'service', item_id: service.id }],
        payments: [{ method: PaymentMethod.cash, amount: (service.price_with_vat_minor / 100).toFixed(2) }],
      });

  /** A document's file as the screen downloads it: the XML as text, the PDF as bytes. */
  const download = async (uuid: string, format: 'xml' | 'pdf') =>
    t.http
      .get(`/api/merchant/einvoicing/documents/${uuid}/${format}`)
      .set(await fresh())
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          done(null, format === 'xml' ? bytes.toString('utf8') : bytes);
        });
      });

  beforeAll(async () => {
    // the simulator checks hash, signature, certificate and QR here (its XSD and Schematron checks,
    // most of a second a document, are tested on their own in platform/src/fatoora)
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const services = (await t.http.get('/api/merchant/services').set(await fresh())).body as Array<{
      id: string;
      name_en: string;
      price_with_vat_minor: number;
    }>;
    service = services.find((s) => s.name_en === 'Haircut')!;
  }, 120_000);
  afterAll(() => t.close());

  it('shows the demo salon connected: the six compliance checks passed, status 2', async () => {
    const devices = (await t.http.get('/api/merchant/einvoicing/devices').set(await fresh()))
      .body as Device[];
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ status: 2, active: true });
    expect(devices[0].compliance_passed).toHaveLength(6);
  });

  it('signs an invoice as it is issued: its QR names the salon, its VAT number and its total to the halala', async () => {
    const res = await issue();
    expect(res.status).toBe(201);
    const invoice = res.body as Issued;
    expect(invoice.einvoice).not.toBeNull();
    const qr = zatca.decodeQr(invoice.einvoice!.qr);
    expect(qr.tags).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(qr).toMatchObject({
      sellerName: 'Demo Salon',
      vatNumber: '300000000000003',
      total: (invoice.total / 100).toFixed(2),
      invoiceHash: invoice.einvoice!.hash,
    });
  });

  it('reports it with the worker; the XML downloads with its ZATCA file name and verifies, the PDF with the same name and that XML inside', async () => {
    const invoice = (await issue()).body as Issued;
    // the worker takes the documents due, oldest first (the demo's own history before this one)
    while ((await t.app.einvoicing.runOnce()) > 0);
    const list = await t.http
      .get('/api/merchant/einvoicing/documents')
      .query({ filter: JSON.stringify({ document_id: invoice.id }) })
      .set(await fresh());
    expect(list.body).toMatchObject([
      { id: invoice.einvoice!.uuid, state: 'reported', attempts: 1, errors: [] },
    ]);
    const xml = await download(invoice.einvoice!.uuid, 'xml');
    expect(xml.status).toBe(200);
    expect(xml.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="300000000000003_\\d{8}T\\d{6}_${invoice.number}\\.xml"`),
    );
    const text = xml.body as string;
    expect(text).toContain(`<cbc:UUID>${invoice.einvoice!.uuid}</cbc:UUID>`);
    expect(zatca.verifyDocument(text)).toEqual([]);
    // the same document as a PDF/A-3 to print, that XML attached inside it under the same name
    const pdf = await download(invoice.einvoice!.uuid, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const xmlName = /filename="([^"]+)\.xml"/.exec(xml.headers['content-disposition'])![1];
    // named by the date and time the document states (Riyadh's), not the UTC instant
    const [, day, time] = /<cbc:IssueDate>([^<]+)<\/cbc:IssueDate>\s*<cbc:IssueTime>([^<]+)</.exec(text)!;
    expect(xmlName).toBe(
      `300000000000003_${day.replace(/-/g, '')}T${time.replace(/:/g, '')}_${invoice.number}`,
    );
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${xmlName}.pdf"`);
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await attachedFiles(bytes)).toEqual([
      {
        name: `${xmlName}.xml`,
        mimeType: 'text/xml',
        relationship: 'Data',
        bytes: Buffer.from(text, 'utf8'),
      },
    ]);
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const none = await t.http.get(`/api/merchant/einvoicing/documents/${missing}/pdf`).set(await fresh());
      expect([none.status, none.body.message]).toEqual([404, 'einvoicing.there_is_no_xml_for_this_record']);
    }
    // an accepted document is not sent again
    const again = await t.http
      .post(`/api/merchant/einvoicing/documents/${invoice.einvoice!.uuid}/report`)
      .set(bearer(owner));
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('einvoicing.already_accepted');
  });

  it('allows a credit note only once the invoice is reported, and signs it into the chain referencing the invoice', async () => {
    const invoice = (await issue()).body as Issued;
    const credit = () =>
      t.http
        .post(`/api/merchant/invoices/${invoice.id}/credit-notes`)
        .set(bearer(owner))
        .send({
          reason: 'Service not delivered',
          payments: [{ method: PaymentMethod.cash, amount: (invoice.total / 100).toFixed(2) }],
        });
    const early = await credit();
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('sales.not_reported_no_note');
    while ((await t.app.einvoicing.runOnce()) > 0);
    const note = await credit();
    expect(note.status).toBe(201);
    expect(note.body.einvoice.icv).toBe(invoice.einvoice!.icv + 1);
    const xml = (
      (await t.allEvents()).find(
        (e) =>
          e.type === 'EInvoiceSigned' && (e.data as { document_id: string }).document_id === note.body.id,
      )!.data as { xml: string }
    ).xml;
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(zatca.verifyDocument(xml)).toEqual([]);
  });

  it("keeps an invoice's and a note's e-invoicing in step with its document: the list, its filter and the notes' eligibility (issue 24)", async () => {
    const invoice = (await issue()).body as Issued;
    type Listed = { id: string; number: number; einvoicing: string };
    const listed = async (resource: string, filter: Record<string, unknown>) =>
      (
        await t.http
          .get(`/api/merchant/${resource}`)
          .query({ filter: JSON.stringify(filter), range: '[0,999]' })
          .set(await fresh())
      ).body as Listed[];
    const eligibility = async () =>
      (await t.http.get(`/api/merchant/invoices/${invoice.id}/note-eligibility`).set(await fresh())).body;
    // signed with the sale: on its way to the authority, and no note yet (the command says the same)
    expect(await listed('invoices', { number: invoice.number })).toMatchObject([{ einvoicing: 'pending' }]);
    expect(await listed('invoices', { number: invoice.number, einvoicing: 'reported' })).toEqual([]);
    const early = {
      allowed: false,
      key: 'sales.not_reported_no_note',
      params: {},
    };
    expect(await eligibility()).toEqual({ credit_note: early, debit_note: early });

    while ((await t.app.einvoicing.runOnce()) > 0);
    expect(await listed('invoices', { number: invoice.number })).toMatchObject([{ einvoicing: 'reported' }]);
    expect(await listed('invoices', { number: invoice.number, einvoicing: 'pending' })).toEqual([]);
    expect(
      (await t.http.get(`/api/merchant/invoices/${invoice.id}`).set(await fresh())).body.einvoicing,
    ).toBe('reported');
    // every invoice of the salon says what its document says; only those issued before the salon was
    // connected (the demo's sale of last year) were never signed
    const documents = (
      await t.http
        .get('/api/merchant/einvoicing/documents')
        .query({ range: '[0,999]' })
        .set(await fresh())
    ).body as Array<{ document_id: string; state: string }>;
    const stateOf = new Map(documents.map((d) => [d.document_id, d.state]));
    const all = await listed('invoices', {});
    expect(all.filter((i) => stateOf.has(i.id)).length).toBeGreaterThan(50);
    expect(all.map((i) => [i.number, i.einvoicing])).toEqual(
      all.map((i) => [i.number, stateOf.get(i.id) ?? 'not_reported']),
    );
    expect(await listed('invoices', { einvoicing: 'pending' })).toEqual([]);
    const reported = await listed('invoices', { einvoicing: 'reported' });
    expect(reported.map((i) => i.id)).toContain(invoice.id);
    expect(await eligibility()).toEqual({ credit_note: { allowed: true }, debit_note: { allowed: true } });

    // its credit note, likewise: pending once signed, reported once sent
    const note = await t.http
      .post(`/api/merchant/invoices/${invoice.id}/credit-notes`)
      .set(bearer(owner))
      .send({
        reason: 'Service not delivered',
        payments: [{ method: PaymentMethod.cash, amount: (invoice.total / 100).toFixed(2) }],
      });
    expect(note.status).toBe(201);
    expect(await listed('credit-notes', { invoice_id: invoice.id })).toMatchObject([
      { id: note.body.id, einvoicing: 'pending' },
    ]);
    while ((await t.app.einvoicing.runOnce()) > 0);
    expect(await listed('credit-notes', { invoice_id: invoice.id, einvoicing: 'reported' })).toMatchObject([
      { id: note.body.id },
    ]);
  }, 60_000);

  it('clears a sale to a business before it is shown: a standard tax invoice to its buyer, valid to the XSD and both Schematrons, its credit note standard too', async () => {
    const buyer = BUSINESS_BUYER;
    const send = () =>
      t.http
        .post('/api/merchant/invoices')
        .set({ ...bearer(owner), 'Idempotency-Key': 'b2b-sale-1' })
        .send({
          buyer,
          lines: [{ kind: 'service', item_id: service.id }],
          payments: [{ method: PaymentMethod.cash, amount: (service.price_with_vat_minor / 100).toFixed(2) }],
        });
    const res = await send();
    expect([res.status, res.body.errors]).toEqual([201, undefined]);
    const invoice = res.body as Issued & { einvoice: { standard: boolean; state: string } };
    // the reply comes once ZATCA answered, and waits for it to be readable
    expect(invoice.einvoice).toMatchObject({ standard: true, state: 'cleared' });
    const position = Number(res.headers['x-position']);
    const docs = await t.http
      .get('/api/merchant/einvoicing/documents')
      .query({ filter: JSON.stringify({ document_id: invoice.id }) })
      .set({ ...bearer(owner), 'X-Min-Position': String(position) });
    expect(docs.body).toMatchObject([
      { id: invoice.einvoice!.uuid, state: 'cleared', standard: true, attempts: 1 },
    ]);
    // a retry with the same key is the same invoice, not a second one
    expect((await send()).body.id).toBe(invoice.id);

    // the customer's page shows it now, made out to the buyer
    const shown = await t.http.get(`/api/merchant/invoices/${invoice.id}`).set(await fresh());
    const page = await t.http.get(`/api/public/e-invoice/${shown.body.unique_id as string}`);
    expect(page.body).toMatchObject({ standard: true, einvoice_state: 'cleared', buyer });
    expect(zatca.decodeQr(page.body.qr as string)).toMatchObject({ vatNumber: '300000000000003' });

    // the cleared XML is a standard invoice (0100000) to the buyer, valid as the authority checks it
    const xml = await download(invoice.einvoice!.uuid, 'xml');
    const text = xml.body as string;
    expect(text).toContain('name="0100000"');
    expect(text).toContain('<cbc:CompanyID>310122393500003</cbc:CompanyID>');
    expect(zatca.verifyDocument(text)).toEqual([]);
    // the authority's rules on the authority's clock: "issued no later than today" is today in Riyadh
    const validator = new ValidationThread();
    const validation = await validator.validate(text).finally(() => validator.close());
    expect(validation.errors).toEqual([]);
    // the standard invoice's PDF/A-3, its cleared XML inside it
    const pdf = await download(invoice.einvoice!.uuid, 'pdf');
    expect(pdf.status).toBe(200);
    const [attached] = await attachedFiles(pdf.body as Buffer);
    expect(attached.bytes.toString('utf8')).toBe(text);

    // its credit note is standard too, to the same buyer, and cleared at once
    const note = await t.http
      .post(`/api/merchant/invoices/${invoice.id}/credit-notes`)
      .set(bearer(owner))
      .send({
        reason: 'Service not delivered',
        payments: [{ method: PaymentMethod.cash, amount: (invoice.total / 100).toFixed(2) }],
      });
    expect(note.status).toBe(201);
    expect(note.body.einvoice).toMatchObject({ standard: true, state: 'cleared' });
  }, 120_000);

  it('refuses a business buyer with missing or malformed details on each field, writing nothing', async () => {
    const before = await t.eventCount();
    const res = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        buyer: { name: ' ', vat_number: '123456789012345', building_number: '12', postal_code: 'abcde' },
        lines: [{ kind: 'service', item_id: service.id }],
        payments: [{ method: PaymentMethod.cash, amount: (service.price_with_vat_minor / 100).toFixed(2) }],
      });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors as object).sort()).toEqual(
      [
        'buyer.building_number',
        'buyer.city',
        'buyer.district',
        'buyer.name',
        'buyer.postal_code',
        'buyer.street',
        'buyer.vat_number',
      ].sort(),
    );
    expect(await t.eventCount()).toBe(before);
  });

  it('keeps one unbroken chain under 50 simultaneous issues, retried with their keys: ICVs gap-free, verified from the events', async () => {
    const before = (await t.http.get('/api/merchant/einvoicing/devices').set(await fresh())).body as Device[];
    const keys = Array.from({ length: 50 }, (_, i) => `chain-race-${i}`);
    const answers = await Promise.all(keys.flatMap((k) => [issue(k), issue(k)]));
    expect(answers.map((a) => a.status).every((s) => s === 201)).toBe(true);
    // a retried request answers the first reply: the same document, signed once
    for (let i = 0; i < keys.length; i++)
      expect((answers[2 * i].body as Issued).einvoice).toEqual((answers[2 * i + 1].body as Issued).einvoice);
    const icvs = answers.filter((_, i) => i % 2 === 0).map((a) => (a.body as Issued).einvoice!.icv);
    expect(new Set(icvs).size).toBe(50);
    const signed = (await t.allEvents()).filter((e) => e.type === 'EInvoiceSigned');
    expect(signed.map((e) => (e.data as { icv: number }).icv)).toEqual(signed.map((_, i) => i + 1));
    const verified = await t.http
      .get(`/api/merchant/einvoicing/devices/${before[0].id}/verify-chain`)
      .set(await fresh());
    expect(verified.body).toMatchObject({ verified: true, count: signed.length });
  }, 120_000);

  it('lets the manager connect a new device for a salon: a wrong OTP names the field, a good one replaces the old device', async () => {
    const manager = await t.signIn(MANAGER, 'manager');
    const listed = (await t.http.get('/api/manager/zatca-setting').set(await fresh(manager))).body as Array<
      Device & { salon_name_en: string; account_id: number }
    >;
    expect(listed[0]).toMatchObject({ account_id: 1, salon_name_en: 'Demo Salon', status: 2 });
    const wrong = await t.http
      .post('/api/manager/zatca-setting')
      .set(bearer(manager))
      .send({ ...DEVICE, account_id: 1, cloned_from: listed[0].id, otp: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ otp: 'einvoicing.otp_refused' });
    const bad = await t.http
      .post('/api/manager/zatca-setting')
      .set(bearer(manager))
      .send({ ...DEVICE, account_id: 1, otp: '12', seller_name: 'صالون', postal_code: '1' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['otp', 'postal_code', 'seller_name']);
    const connected = await t.http
      .post('/api/manager/zatca-setting')
      .set(bearer(manager))
      .send({ ...DEVICE, account_id: 1, cloned_from: listed[0].id, otp: '654321' });
    expect(connected.status).toBe(201);
    expect(connected.body).toMatchObject({ status: 2, active: true, cloned_from: listed[0].id });
    const after = (await t.http.get('/api/manager/zatca-setting').set(await fresh(manager))).body as Device[];
    expect(after.find((d) => d.id === listed[0].id)).toMatchObject({ status: 0, active: false });
    // the new device starts its own chain at ICV 1
    const next = (await issue()).body as Issued;
    expect(next.einvoice!.icv).toBe(1);
  }, 120_000);

  it('gives the manager the refused and warned documents of every salon: none here, every document accepted clean (reported or cleared)', async () => {
    // the browser test reads the warnings the full rules give on the demo's back-dated invoices
    while ((await t.app.einvoicing.runOnce()) > 0);
    const manager = await t.signIn(MANAGER, 'manager');
    for (const list of ['zatca-failed-transactions', 'zatca-warning-transactions']) {
      const res = await t.http.get(`/api/manager/dashboard/${list}`).set(await fresh(manager));
      expect([list, res.status, res.body, res.headers['content-range']]).toEqual([
        list,
        200,
        [],
        `dashboard/${list} 0-0/0`,
      ]);
    }
    const states = await t.http
      .get('/api/merchant/einvoicing/documents')
      .query({ range: '[0,999]' })
      .set(await fresh());
    expect(new Set((states.body as Array<{ state: string }>).map((d) => d.state))).toEqual(
      new Set(['reported', 'cleared']),
    );
  });

  it('explains a tax invoice the authority refused, to the salon and the manager, and keeps it from being shown or credited', async () => {
    // the simulator's test buyer: its documents arrive altered, so the authority's own checks refuse them
    const res = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        buyer: {
          name: 'Altered Trading Co',
          vat_number: SIMULATOR_ALTERED_BUYER_VAT,
          street: 'King Fahd Road',
          building_number: '1234',
          district: 'Al Olaya',
          city: 'Riyadh',
          postal_code: '12211',
        },
        lines: [{ kind: 'service', item_id: service.id }],
        payments: [{ method: PaymentMethod.cash, amount: (service.price_with_vat_minor / 100).toFixed(2) }],
      });
    expect(res.status).toBe(201);
    const invoice = res.body as Issued & { unique_id: string; einvoice: { state: string } };
    expect(invoice.einvoice.state).toBe('rejected');
    const seen = { ...bearer(owner), 'X-Min-Position': String(res.headers['x-position']) };
    const [doc] = (
      await t.http
        .get('/api/merchant/einvoicing/documents')
        .query({ filter: JSON.stringify({ document_id: invoice.id }) })
        .set(seen)
    ).body as Array<{
      state: string;
      errors: Array<{ code: string; en: string; ar: string; fix_en: string }>;
    }>;
    expect(doc.state).toBe('rejected');
    const hash = doc.errors.find((e) => e.code === 'invalid-invoice-hash');
    expect(hash).toBeDefined();
    expect(hash!.en).toMatch(/hash/i);
    expect(hash!.ar).toMatch(/[\u0600-\u06FF]/);
    expect(hash!.ar).not.toMatch(/[A-Za-z]{3}/);
    // the customer's page does not show a tax invoice the authority did not clear
    const page = await t.http.get(`/api/public/e-invoice/${invoice.unique_id}`);
    expect(page.body).toMatchObject({ awaiting_clearance: true, einvoice_state: 'rejected' });
    expect(page.body.lines).toBeUndefined();
    // nor is it printed: its PDF waits for the clearance (its XML still downloads, to see what was sent)
    const pdf = await t.http
      .get(`/api/merchant/einvoicing/documents/${invoice.einvoice!.uuid}/pdf`)
      .set(seen);
    expect([pdf.status, pdf.body.message]).toEqual([409, 'einvoicing.not_cleared_yet']);
    // nor can it be credited: a note follows a document the authority accepted
    const credit = await t.http
      .post(`/api/merchant/invoices/${invoice.id}/credit-notes`)
      .set(bearer(owner))
      .send({
        reason: 'Refused',
        payments: [{ method: PaymentMethod.cash, amount: (invoice.total / 100).toFixed(2) }],
      });
    expect(credit.body.message).toBe('sales.einvoice_rejected_no_note');
    // and the note pages are told the same
    const eligibility = await t.http.get(`/api/merchant/invoices/${invoice.id}/note-eligibility`).set(seen);
    expect(eligibility.body.credit_note).toEqual({
      allowed: false,
      key: 'sales.einvoice_rejected_no_note',
      params: {},
    });
    // the manager sees it among the failed documents of every salon, explained, and may send it again
    const manager = await t.signIn(MANAGER, 'manager');
    const failed = (
      await t.http
        .get('/api/manager/dashboard/zatca-failed-transactions')
        .set({ ...bearer(manager), 'X-Min-Position': String(res.headers['x-position']) })
    ).body as Array<{ id: string; errors: Array<{ code: string; ar: string }> }>;
    expect(failed.map((f) => f.id)).toEqual([invoice.einvoice!.uuid]);
    expect(failed[0].errors.map((e) => e.code)).toContain('invalid-invoice-hash');
    const retry = await t.http
      .post(`/api/manager/einvoices/${invoice.einvoice!.uuid}/report`)
      .set(bearer(manager));
    expect(retry.status).toBe(200);
    expect(retry.body.outcome).toBe('EInvoiceRejected');
  });
});
