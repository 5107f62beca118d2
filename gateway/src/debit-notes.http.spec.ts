import { PaymentMethod, Permission } from '@rawnaq/contracts';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon: in the UAE (5 % VAT, no reporting step), where notes need no report first. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

describe('debit notes over HTTP (issue 11)', () => {
  let t: TestApp;
  let uae: string;
  let invoice: { id: string; number: number };

  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    uae = await t.signIn(UAE_OWNER);
    const post = async (path: string, body: object) => {
      const res = await t.http.post(`/api/merchant/${path}`).set(bearer(uae)).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const group = await post('service-groups', { name_en: 'Hair', name_ar: 'الشعر' });
    const service = await post('services', {
      name_en: 'Colour',
      name_ar: 'صبغة',
      group_id: group.id,
      price: '200.00',
      job_time: '90',
    });
    invoice = await post('invoices', {
      lines: [{ kind: 'service', item_id: service.id }],
      payments: [{ method: PaymentMethod.cash, amount: '210.00' }],
    });
  }, 60_000);
  afterAll(async () => t?.close());

  const debit = (id: string, body: object, token = uae, key?: string) =>
    t.http
      .post(`/api/merchant/invoices/${id}/debit-notes`)
      .set({ ...bearer(token), ...(key && { 'Idempotency-Key': key }) })
      .send(body);
  const fresh = async (token = uae) => ({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  const charge = {
    reason: 'Longer hair: more colour',
    lines: [
      { description: 'Extra colour', amount: '33.33', vat_type: 1 },
      { description: 'Exempt fee', amount: '10.00', vat_type: 3, vat_exemption_code: 'VATEX-SA-29' },
    ],
    payments: [{ method: PaymentMethod.credit_card, amount: '20.00', authorization_code: 'D1' }],
  };

  it('charges extra on an invoice, numbered in its own sequence, paid in part (source 2), the rest owed', async () => {
    const first = await debit(invoice.id, charge);
    expect(first.status).toBe(201);
    // 33.33 at 5 % = 35.00; 10.00 exempt: 45.00
    expect(first.body).toMatchObject({
      number: 1,
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      net: 4333,
      vat: 167,
      total: 4500,
      paid: 2000,
      owed: 2500,
      einvoicing: 'not_applicable',
    });
    const second = await debit(invoice.id, { reason: 'Mask', lines: [{ description: 'Mask', amount: '5' }] });
    expect(second.body).toMatchObject({ number: 2, total: 525, paid: 0, owed: 525 });

    const headers = await fresh();
    const list = await t.http.get('/api/merchant/debit-notes').set(headers);
    expect(list.body.map((n: { number: number }) => n.number)).toEqual([2, 1]);
    const one = await t.http.get(`/api/merchant/debit-notes/${first.body.id}`).set(headers);
    expect(one.body).toMatchObject({ number: 1, reason: 'Longer hair: more colour', total: 4500 });
    const shown = await t.http.get(`/api/merchant/invoices/${invoice.id}`).set(headers);
    expect(shown.body.debited).toBe(5025);
    const payments = await t.http
      .get('/api/merchant/payments')
      .query({ filter: JSON.stringify({ invoice_id: invoice.id }) })
      .set(headers);
    expect(payments.body.find((p: { source: number }) => p.source === 2)).toMatchObject({
      amount: 2000,
      method: PaymentMethod.credit_card,
      debit_note_id: first.body.id,
    });
    const day = await t.http.get('/api/merchant/reports/daily-general-summary').set(headers);
    expect(day.body.rows.at(-1)).toMatchObject({
      debit_notes: 2,
      debited: 5025,
      debit_payments_by_method: { '2': 2000 },
    });
  });

  it('refuses each problem on its field, takes no number and writes nothing', async () => {
    const before = await t.eventCount();
    const empty = await debit(invoice.id, { reason: '', lines: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ reason: 'validation.is_required', lines: 'sales.at_least_one_line' });
    const zero = await debit(invoice.id, { reason: 'x', lines: [{ description: 'Nothing', amount: '0' }] });
    expect(zero.body.errors).toEqual({ 'lines.0.amount': 'sales.debit_line_not_positive' });
    const tooMuch = await debit(invoice.id, {
      reason: 'x',
      lines: [{ description: 'Fee', amount: '10' }],
      payments: [{ method: PaymentMethod.cash, amount: '11.00' }],
    });
    expect(tooMuch.body.errors).toEqual({ payments: 'sales.payments_above_total' });
    const noCode = await debit(invoice.id, {
      reason: 'x',
      lines: [{ description: 'Fee', amount: '10' }],
      payments: [{ method: PaymentMethod.credit_card, amount: '10.50' }],
    });
    expect(noCode.body.errors).toEqual({
      'payments.0.authorization_code': 'sales.authorization_code_required',
    });
    expect(await t.eventCount()).toBe(before);
    const next = await debit(invoice.id, { reason: 'Fee', lines: [{ description: 'Fee', amount: '1' }] });
    expect(next.body.number).toBe(3);
  });

  it('is refused on a Saudi invoice not yet reported to ZATCA, with the message of doc2 §8.2', async () => {
    const owner = await t.signIn(OWNER);
    const [saudi] = (await t.http.get('/api/merchant/invoices').set(bearer(owner))).body;
    const res = await debit(saudi.id, charge, owner);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('sales.not_reported_no_note');
    // and another salon's invoice is not found
    expect((await debit(saudi.id, charge)).status).toBe(404);
  });

  it('keeps debit notes to those who sell (403), and their list to those who see invoices', async () => {
    const role = await t.http
      .post('/api/merchant/roles')
      .set(bearer(uae))
      .send({ name: 'invoice reader', permissions: [Permission.viewInvoices] });
    const employee = await t.http
      .post('/api/merchant/employees')
      .set(bearer(uae))
      .send({ name_en: 'Dana', name_ar: 'دانة', joining_date: '2026-11-01' });
    await t.http.post(`/api/merchant/employees/${employee.body.id}/login`).set(bearer(uae)).send({
      username: 'dana',
      email: 'dana@other.example',
      password: 'Dana12345',
      role_id: role.body.id,
    });
    const auditor = await t.signIn({ accountId: 2, username: 'dana', password: 'Dana12345' });
    expect((await debit(invoice.id, charge, auditor)).status).toBe(403);
    expect((await t.http.get('/api/merchant/debit-notes').set(await fresh(auditor))).status).toBe(200);
  });

  it('lets what a debit note left owed be paid later, like an invoice: listed with the receivables until settled', async () => {
    // 23.00 (exempt), 10.00 paid now: 13.00 owed
    const note = await debit(invoice.id, {
      reason: 'Extra products',
      lines: [{ description: 'Hair mask', amount: '23.00', vat_type: 3 }],
      payments: [{ method: PaymentMethod.cash, amount: '10.00' }],
    });
    expect(note.body).toMatchObject({ total: 2300, paid: 1000, owed: 1300 });
    const owed = async () =>
      (
        await t.http
          .get('/api/merchant/receivables')
          .query({ filter: JSON.stringify({ owed: true }) })
          .set(await fresh())
      ).body as Array<{ id: string; document: string; owed: number; invoice_number: number }>;
    expect((await owed()).find((r) => r.id === note.body.id)).toMatchObject({
      document: 'debit_note',
      number: note.body.number,
      invoice_number: invoice.number,
      total: 2300,
      owed: 1300,
    });
    const pay = (body: object, token = uae) =>
      t.http.post(`/api/merchant/debit-notes/${note.body.id}/payments`).set(bearer(token)).send(body);
    const above = await pay({ method: PaymentMethod.cash, amount: '13.01' });
    expect([above.status, above.body.errors]).toEqual([422, { amount: 'receivables.above_owed' }]);
    const part = await pay({ method: PaymentMethod.credit_card, amount: '3.00', authorization_code: 'P1' });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ debit_note_id: note.body.id, paid: 1300, owed: 1000 });
    const rest = await pay({ method: PaymentMethod.cash, amount: '10.00' });
    expect(rest.body).toMatchObject({ paid: 2300, owed: 0 });
    expect((await pay({ method: PaymentMethod.cash, amount: '1.00' })).body.message).toBe(
      'receivables.nothing_owed',
    );
    // settled: out of the receivables, the note paid in full, both payments listed as of the debit note
    expect((await owed()).find((r) => r.id === note.body.id)).toBeUndefined();
    const headers = await fresh();
    const shown = await t.http.get(`/api/merchant/debit-notes/${note.body.id}`).set(headers);
    expect(shown.body).toMatchObject({ paid: 2300, owed: 0 });
    const payments = await t.http
      .get('/api/merchant/payments')
      .query({ filter: JSON.stringify({ invoice_id: invoice.id }) })
      .set(headers);
    const ofNote = (payments.body as Array<{ debit_note_id?: string; amount: number; source: number }>)
      .filter((p) => p.debit_note_id === note.body.id)
      .map((p) => [p.source, p.amount])
      .sort();
    expect(ofNote).toEqual([
      [2, 1000],
      [2, 1000],
      [2, 300],
    ]);
    // another salon's debit note is not found there
    const owner = await t.signIn(OWNER);
    expect((await pay({ method: PaymentMethod.cash, amount: '1.00' }, owner)).status).toBe(404);
  });

  it('answers a retried debit note (same Idempotency-Key) with the first reply, numbering once', async () => {
    const key = `debit-${Date.now()}`;
    const first = await debit(invoice.id, charge, uae, key);
    const count = await t.eventCount();
    const again = await debit(invoice.id, charge, uae, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await t.eventCount()).toBe(count);
  });

  it('lists the credit and debit notes together at accounting-notes, newest first, by kind on asking', async () => {
    const fresh = async () => ({ ...bearer(uae), 'X-Min-Position': String(await t.eventCount()) });
    // a debit note (beside those the tests above issued) and a credit note refunding the service line
    const charged = await debit(invoice.id, {
      reason: 'Towel',
      lines: [{ description: 'Towel', amount: '2' }],
    });
    expect(charged.status).toBe(201);
    const full = await t.http.get(`/api/merchant/invoices/${invoice.id}`).set(await fresh());
    const line = full.body.lines[0] as { line_id: string };
    const credited = await t.http
      .post(`/api/merchant/invoices/${invoice.id}/credit-notes`)
      .set(bearer(uae))
      .send({
        reason: 'Returned',
        lines: [{ line_id: line.line_id, quantity: 1 }],
        payments: [{ method: PaymentMethod.cash, amount: '210.00' }],
      });
    expect([credited.status, credited.body.errors]).toEqual([201, undefined]);
    const range = (res: { headers: Record<string, string> }) =>
      Number(res.headers['content-range'].split('/')[1]);
    const credits = await t.http
      .get('/api/merchant/credit-notes')
      .query({ range: '[0,99]' })
      .set(await fresh());
    const debits = await t.http
      .get('/api/merchant/debit-notes')
      .query({ range: '[0,99]' })
      .set(await fresh());
    const all = await t.http
      .get('/api/merchant/accounting-notes')
      .query({ range: '[0,99]' })
      .set(await fresh());
    expect(all.status).toBe(200);
    expect(range(all)).toBe(range(credits) + range(debits));
    expect(
      all.body
        .filter((n: { kind: string }) => n.kind === 'credit')
        .map((n: { id: string }) => n.id)
        .sort(),
    ).toEqual(credits.body.map((n: { id: string }) => n.id).sort());
    expect(all.body.filter((n: { kind: string }) => n.kind === 'debit')).toHaveLength(debits.body.length);
    const times = all.body.map((n: { issued_at: string }) => n.issued_at);
    expect(times).toEqual([...times].sort().reverse());
    // a page of one, then the next: the two together are the first two of the whole list
    const first = await t.http
      .get('/api/merchant/accounting-notes')
      .query({ range: '[0,0]' })
      .set(await fresh());
    const second = await t.http
      .get('/api/merchant/accounting-notes')
      .query({ range: '[1,1]' })
      .set(await fresh());
    expect([first.body[0].id, second.body[0].id]).toEqual([all.body[0].id, all.body[1].id]);
    const onlyDebits = await t.http
      .get('/api/merchant/accounting-notes')
      .query({ filter: JSON.stringify({ kind: 'debit' }), range: '[0,99]' })
      .set(await fresh());
    expect(onlyDebits.body.map((n: { kind: string }) => n.kind)).toEqual(debits.body.map(() => 'debit'));
    const bad = await t.http
      .get('/api/merchant/accounting-notes')
      .query({ filter: JSON.stringify({ kind: 'refund' }) })
      .set(await fresh());
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['kind']]);
  });
});
