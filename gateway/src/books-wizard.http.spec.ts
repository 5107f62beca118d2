import { accountCode, PaymentMethod } from '@rawnaq/contracts';
import { bearer, MANAGER, startTestApp, type TestApp } from './testing/test-app.test-support';

const OTHER_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

/**
 * The advanced accounting add-on over HTTP (issue 25): off for a new salon, switched on by the
 * platform, its wizard (the books' start date, opening balances, where each payment method's money
 * goes) done once by the salon, after which the books open with balanced opening balances and a sale
 * paid by mada lands in the account chosen for it.
 */
describe('the advanced accounting add-on and its wizard over HTTP (issue 25)', () => {
  let t: TestApp;
  let owner: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    owner = await t.signIn(OTHER_OWNER);
    manager = await t.signIn(MANAGER, 'manager');
  }, 120_000);
  afterAll(async () => t?.close());

  const status = async () =>
    (
      await t.http
        .post('/api/merchant/get_global_informations')
        .set({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) })
        .send({})
    ).body.global_informations.account.advanced_accounting_status as number;
  const get = async (path: string, query: Record<string, string> = {}) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const wizard = (body: object) =>
    t.http.post('/api/merchant/advanced-accounting/wizard').set(bearer(owner)).send(body);
  const switchTo = (s: number, token = manager) =>
    t.http.put('/api/manager/accounts/2/advanced-accounting').set(bearer(token)).send({ status: s });

  it('is off for a new salon, and its wizard refused until the platform switches it on', async () => {
    expect(await status()).toBe(0);
    const refused = await wizard({ start_date: '2026-11-01' });
    expect([refused.status, refused.body.message]).toEqual([409, 'accounting.addon_disabled']);
    // only the platform switches it: the salon's owner cannot
    expect((await switchTo(1, owner)).status).toBe(401);
    const on = await switchTo(1);
    expect([on.status, on.body.status, on.body.previous_status]).toEqual([200, 1, 0]);
    expect(await status()).toBe(1);
    expect((await switchTo(1)).status).toBe(409);
  });

  it('refuses a bad wizard naming the field, writing nothing', async () => {
    const before = await t.eventCount();
    for (const [body, field] of [
      [{}, 'start_date'],
      [{ start_date: '2999-01-01' }, 'start_date'],
      [
        { start_date: '2026-11-01', opening: [{ account: accountCode('service_sales'), amount: '10' }] },
        'opening.0.account',
      ],
      [
        { start_date: '2026-11-01', opening: [{ account: accountCode('cash'), amount: 'x' }] },
        'opening.0.amount',
      ],
      [
        {
          start_date: '2026-11-01',
          opening: [
            { account: accountCode('cash'), amount: '1' },
            { account: accountCode('cash'), amount: '2' },
          ],
        },
        'opening',
      ],
      [{ start_date: '2026-11-01', method_accounts: { '3': accountCode('rent') } }, 'method_accounts.3'],
    ] as const) {
      const res = await wizard(body);
      expect([field, res.status, Object.keys(res.body.errors ?? {})]).toEqual([field, 422, [field]]);
    }
    expect(await t.eventCount()).toBe(before);
  });

  const own = (code: string, parent: string, name: string, main_type: number, subtype: string) => ({
    code,
    parent,
    name_en: name,
    name_ar: name,
    main_type,
    subtype,
    kind: 'normal',
  });
  const addOwn = async (account: object) => {
    const res = await t.http
      .post('/api/merchant/advanced-accounting/chart-of-accounts')
      .set(bearer(owner))
      .send(account);
    expect([res.status, res.body.id]).toEqual([201, (account as { code: string }).code]);
  };

  it('takes opening balances on the salon’s own accounts of the balance sheet only, naming the line’s field', async () => {
    await addOwn(own('1150', '11', 'Second cash box', 1, 'banks'));
    await addOwn(own('2250', '22', 'Owner’s loan', 2, 'current_liabilities'));
    await addOwn(own('4250', '42', 'Training fees', 4, 'other_income'));
    await addOwn(own('1151', '11', 'Old safe', 1, 'banks'));
    const disabled = await t.http
      .post('/api/merchant/advanced-accounting/chart-of-accounts/1151/disable')
      .set(bearer(owner))
      .send({});
    expect(disabled.status).toBeLessThan(300);
    const before = await t.eventCount();
    for (const [account, key] of [
      // not in its chart, an income account of its own, disabled, not even a code
      ['1199', 'accounting.account_not_found'],
      ['4250', 'accounting.not_an_opening_account'],
      ['1151', 'accounting.account_disabled'],
      ['cash', 'accounting.not_an_opening_account'],
    ] as const) {
      const res = await wizard({
        start_date: '2026-11-01',
        opening: [
          { account: accountCode('cash'), amount: '10.00' },
          { account, amount: '5.00' },
        ],
      });
      expect([account, res.status, res.body.errors]).toEqual([account, 422, { 'opening.1.account': key }]);
    }
    expect(await t.eventCount()).toBe(before);
  });

  it('opens the books: balanced opening balances, and mada money in the account chosen for it', async () => {
    const opened = await wizard({
      start_date: '2026-11-01',
      opening: [
        { account: accountCode('cash'), amount: '500.00' },
        { account: accountCode('transfer'), amount: '2000.00' },
        { account: accountCode('suppliers'), amount: '300.00' },
        // the salon's own: an asset on the debit side, a liability on the credit side
        { account: '1150', amount: '1000.00' },
        { account: '2250', amount: '400.00' },
      ],
      method_accounts: { [PaymentMethod.debit_card]: accountCode('transfer') },
    });
    expect(opened.status).toBe(201);
    expect(opened.body.lines).toContainEqual({
      account: accountCode('opening_balance_equity'),
      debit: 0,
      credit: 280000,
    });
    expect(opened.body.lines).toEqual(
      expect.arrayContaining([
        { account: '1150', debit: 100000, credit: 0 },
        { account: '2250', debit: 0, credit: 40000 },
      ]),
    );
    expect(await status()).toBe(2);
    expect((await wizard({ start_date: '2026-11-01' })).body.message).toBe('accounting.books_already_opened');
    const sheet = (await get('advanced-accounting/balance-sheet')).body;
    expect(sheet.totals.difference).toBe(0);
    expect(sheet.totals.assets).toBe(350000);

    // a sale paid by mada: its money in bank transfers, none in the mada account
    const create = async (path: string, body: object) =>
      (await t.http.post(`/api/merchant/${path}`).set(bearer(owner)).send(body)).body as { id: string };
    const group = await create('service-groups', { name_en: 'Nails', name_ar: 'أظافر' });
    const service = await create('services', {
      name_en: 'Manicure',
      name_ar: 'مناكير',
      group_id: group.id,
      price: '100.00',
      job_time: '30',
    });
    const sale = await t.http
      .post('/api/merchant/invoices')
      .set(bearer(owner))
      .send({
        lines: [{ kind: 'service', item_id: service.id }],
        payments: [{ method: PaymentMethod.debit_card, amount: '105.00', authorization_code: '123456' }],
      });
    expect(sale.status).toBe(201);
    const [entry] = (
      await get('advanced-accounting/journal-entries', {
        filter: JSON.stringify({ invoice_id: sale.body.id, source_kind: 'invoice' }),
      })
    ).body as Array<{ lines: Array<{ account: string; debit: number }> }>;
    expect(entry.lines).toContainEqual({ account: accountCode('transfer'), debit: 10500, credit: 0 });
    expect(entry.lines.some((l) => l.account === accountCode('debit_card'))).toBe(false);
    expect((await get('advanced-accounting/trial-balance')).body.totals.difference).toBe(0);

    // switched off and on again: the books come back as they were
    expect((await switchTo(0)).body.status).toBe(0);
    expect(await status()).toBe(0);
    expect((await switchTo(1)).body.status).toBe(2);
  });
});
