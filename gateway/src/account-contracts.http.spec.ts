import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

const OTHER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

/** A signature as the page's canvas gives it: a PNG data URL. */
const drawnSignature = async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M10 90 C 60 10, 120 110, 180 40 S 260 80, 290 30" stroke="#123" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
};

/**
 * Issue 27, contracts over HTTP: the manager writes a template (its placeholders checked), sends a
 * contract made from it to a salon (the owner is mailed the link), the owner opens the public page and
 * signs with a drawn signature; the signed PDF is downloadable by the manager, the owner and from the
 * link. Refusals: a bad signature, "I agree" not ticked, signing twice, signing a cancelled contract,
 * cancelling a signed one; and another salon sees none of it.
 */
describe('contracts: a template, a contract sent, signed on the public page, its PDF', () => {
  let t: TestApp;
  let manager: string;
  let owner: string;
  let other: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    manager = await t.signIn(MANAGER, 'manager');
    owner = await t.signIn(OWNER);
    other = await t.signIn(OTHER);
  }, 120_000);
  afterAll(() => t.close());

  const fresh = async (token: string) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const template = {
    name: 'Yearly subscription',
    title_en: 'Rawnaq subscription contract',
    title_ar: 'عقد اشتراك رونق',
    text_en:
      '{salon_name} (account {account_id}), owned by {owner_name}, subscribes to the {plan} plan for {price} from {start_date} to {end_date}.',
    text_ar:
      'يشترك {salon_name} (الحساب {account_id}) ومالكته {owner_name} في الباقة {plan} بمبلغ {price} من {start_date} إلى {end_date}.',
  };
  let templateId: string;
  let contractId: string;
  let link: string;
  let uniqueId: string;
  const terms = {
    account_id: 1,
    language: 'ar',
    plan: 'advanced',
    price: '1200.50',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
  };
  const pdfOf = (res: { body: unknown }) => Buffer.from(res.body as Buffer);
  const binary = (req: ReturnType<TestApp['http']['get']>) =>
    req.buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });

  it('refuses a template with an unknown placeholder, naming the field and the placeholder', async () => {
    const before = await t.eventCount();
    const res = await t.http
      .post('/api/manager/contract-templates')
      .set(bearer(manager))
      .send({ ...template, text_en: 'For {salon}' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ text_en: 'contract.unknown_placeholder' });
    expect(await t.eventCount()).toBe(before);
  });

  it('saves a template, and sends a contract from it to a salon: filled, frozen and mailed to the owner', async () => {
    const created = await t.http.post('/api/manager/contract-templates').set(bearer(manager)).send(template);
    expect(created.status).toBe(201);
    templateId = created.body.id;
    const bad = await t.http
      .post('/api/manager/contracts')
      .set(bearer(manager))
      .send({ ...terms, template_id: templateId, price: '12.345', end_date: '2025-01-01' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['end_date', 'price']);
    const res = await t.http
      .post('/api/manager/contracts')
      .set(bearer(manager))
      .send({ ...terms, template_id: templateId });
    expect(res.status).toBe(201);
    contractId = res.body.id;
    link = res.body.link;
    uniqueId = res.body.unique_id;
    expect(link).toBe(`/ar/account-contract/${uniqueId}`);
    const row = (await t.http.get(`/api/manager/contracts/${contractId}`).set(await fresh(manager))).body;
    expect(row).toMatchObject({
      state: 'sent',
      account_id: 1,
      price: 120050,
      currency: 'SAR',
      plan: 'advanced',
    });
    expect(row.text).toContain('1200.50 SAR');
    expect(row.text).toContain('2026-12-31');
    expect(row.text).not.toMatch(/\{\w+\}/);
    expect(await t.mailTo(row.owner_email)).toContain(link);
    // a change of the template never reaches a contract already sent
    await t.http
      .put(`/api/manager/contract-templates/${templateId}`)
      .set(bearer(manager))
      .send({ ...template, text_ar: 'نص آخر {salon_name}' });
    const again = (await t.http.get(`/api/manager/contracts/${contractId}`).set(await fresh(manager))).body;
    expect(again.text).toBe(row.text);
  });

  it('shows the contract on its public link, in its language', async () => {
    const res = await t.http.get(`/api/public/contracts/${uniqueId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'sent', language: 'ar', title: template.title_ar });
    expect(res.body.text).toContain('يشترك');
    expect((await t.http.get('/api/public/contracts/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    // no PDF before it is signed
    expect((await t.http.get(`/api/public/contracts/${uniqueId}/pdf`)).status).toBe(404);
  });

  it('refuses a signature that is not a drawn PNG, and "I agree" not ticked, naming the fields', async () => {
    const before = await t.eventCount();
    const sign = (body: object) => t.http.post(`/api/public/contracts/${uniqueId}/sign`).send(body);
    const notPng = await sign({ signer_name: 'Lulu', agree: true, signature: 'data:image/png;base64,AAAA' });
    expect(notPng.status).toBe(422);
    expect(notPng.body.errors).toEqual({ signature: 'contract.signature_invalid' });
    const jpeg = await sign({
      signer_name: 'Lulu',
      agree: true,
      signature: 'data:image/jpeg;base64,/9j/4AAQ',
    });
    expect(jpeg.body.errors).toEqual({ signature: 'contract.signature_invalid' });
    const none = await sign({ signer_name: '', agree: false });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({
      signer_name: 'validation.is_required',
      agree: 'contract.must_agree',
      signature: 'validation.is_required',
    });
    expect(await t.eventCount()).toBe(before);
  });

  it('is signed with a drawn signature; the PDF is downloadable by the link, the manager and the owner', async () => {
    const signature = await drawnSignature();
    const res = await t.http
      .post(`/api/public/contracts/${uniqueId}/sign`)
      .set({ 'User-Agent': 'Mozilla/5.0 (iPhone) test', 'X-Forwarded-For': '203.0.113.9' })
      .send({ signer_name: 'Lulu Owner', agree: true, signature });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'signed', signer_name: 'Lulu Owner' });
    const twice = await t.http
      .post(`/api/public/contracts/${uniqueId}/sign`)
      .send({ signer_name: 'Lulu Owner', agree: true, signature });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('contract.already_signed');

    const row = (await t.http.get(`/api/manager/contracts/${contractId}`).set(await fresh(manager))).body;
    expect(row).toMatchObject({
      state: 'signed',
      signer_name: 'Lulu Owner',
      user_agent: 'Mozilla/5.0 (iPhone) test',
    });
    expect(row.signed_at).toEqual(expect.any(String));

    for (const req of [
      t.http.get(`/api/public/contracts/${uniqueId}/pdf`),
      t.http.get(`/api/manager/contracts/${contractId}/pdf`).set(bearer(manager)),
      t.http.get(`/api/merchant/contracts/${contractId}/pdf`).set(bearer(owner)),
    ]) {
      const pdf = await binary(req);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const bytes = pdfOf(pdf);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const doc = await PDFDocument.load(bytes);
      expect(doc.getAuthor()).toBe('Lulu Owner');
      expect(doc.getTitle()).toBe(template.title_ar);
    }
    const signed = (await t.http.get(`/api/public/contracts/${uniqueId}`)).body;
    expect(signed).toMatchObject({ state: 'signed', signer_name: 'Lulu Owner' });
  });

  it('refuses cancelling a signed contract; a cancelled one cannot be signed, nor mailed again', async () => {
    const signedCancel = await t.http
      .post(`/api/manager/contracts/${contractId}/cancel`)
      .set(bearer(manager))
      .send({ reason: 'late' });
    expect(signedCancel.status).toBe(409);
    expect(signedCancel.body.message).toBe('contract.signed_cannot_be_cancelled');

    const second = await t.http
      .post('/api/manager/contracts')
      .set(bearer(manager))
      .send({ ...terms, language: 'en', template_id: templateId });
    const id = second.body.id;
    await t.http.get(`/api/manager/contracts/${id}`).set(await fresh(manager));
    const resent = await t.http.post(`/api/manager/contracts/${id}/resend`).set(bearer(manager)).send({});
    expect(resent.status).toBe(200);
    expect(
      (await t.http.post(`/api/manager/contracts/${id}/cancel`).set(bearer(manager)).send({})).body.errors,
    ).toEqual({
      reason: 'validation.is_required',
    });
    const cancelled = await t.http
      .post(`/api/manager/contracts/${id}/cancel`)
      .set(bearer(manager))
      .send({ reason: 'Wrong price' });
    expect(cancelled.status).toBe(200);
    await t.http.get(`/api/manager/contracts/${id}`).set(await fresh(manager));
    const sign = await t.http
      .post(`/api/public/contracts/${second.body.unique_id}/sign`)
      .send({ signer_name: 'Lulu', agree: true, signature: await drawnSignature() });
    expect(sign.status).toBe(409);
    expect(sign.body.message).toBe('contract.cancelled');
    expect((await t.http.get(`/api/public/contracts/${second.body.unique_id}`)).body).toEqual({
      state: 'cancelled',
      language: 'en',
      title: template.title_en,
    });
    const again = await t.http.post(`/api/manager/contracts/${id}/resend`).set(bearer(manager)).send({});
    expect(again.status).toBe(409);
  });

  it("lists the salon's own contracts to its owner, none to another salon, and shows the signing in its audit log", async () => {
    const mine = await t.http.get('/api/merchant/contracts').set(await fresh(owner));
    expect(mine.status).toBe(200);
    expect(mine.body.map((c: { id: string }) => c.id)).toContain(contractId);
    const theirs = await t.http.get('/api/merchant/contracts').set(await fresh(other));
    expect(theirs.body).toEqual([]);
    expect((await t.http.get(`/api/merchant/contracts/${contractId}`).set(bearer(other))).status).toBe(404);
    expect((await t.http.get(`/api/merchant/contracts/${contractId}/pdf`).set(bearer(other))).status).toBe(
      404,
    );
    const log = await t.http
      .get(
        `/api/merchant/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity_type: 'contract' }))}`,
      )
      .set(await fresh(owner));
    const types = (log.body as Array<{ type: string; actor_kind: string; actor_id: string }>).map(
      (e) => e.type,
    );
    expect(types).toEqual(expect.arrayContaining(['ContractSent', 'ContractSigned']));
    const signing = (log.body as Array<{ type: string; actor_kind: string; actor_id: string }>).find(
      (e) => e.type === 'ContractSigned',
    );
    expect(signing).toMatchObject({ actor_kind: 'customer', actor_id: 'Lulu Owner' });
  });
});
