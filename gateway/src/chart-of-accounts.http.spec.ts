import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';

const B = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

type Account = {
  id: string;
  code: string;
  name_en: string;
  balance: number;
  group: boolean;
  system: boolean;
  disabled: boolean;
  has_postings: boolean;
  depth: number;
};

/**
 * The salon's own chart of accounts over HTTP (issue 25): accounts added under the default chart's
 * groups, refused with the field named, posted to by journals and added up into their groups in the
 * statements, disabled (then refused on new journals) or deleted while never posted to, and seen by
 * their salon only.
 */
describe('the salon’s chart of accounts over HTTP (issue 25)', () => {
  let t: TestApp;
  let owner: string;
  let today: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    owner = await t.signIn(OWNER);
    today = (await ok('advanced-accounting/trial-balance')).as_of;
  }, 120_000);
  afterAll(async () => t?.close());

  const get = async (path: string, query: Record<string, string> = {}, token = owner) =>
    t.http
      .get(`/api/merchant/${path}`)
      .query(query)
      .set({ ...bearer(token), 'X-Min-Position': String(await t.eventCount()) });
  async function ok(path: string, query: Record<string, string> = {}) {
    const res = await get(path, query);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const chart = async (token = owner): Promise<Account[]> =>
    (await get('advanced-accounting/chart-of-accounts', { range: '[0,999]' }, token)).body;
  const send = (
    method: 'post' | 'put' | 'delete',
    path: string,
    body?: object,
    token = owner,
    key?: string,
  ) =>
    t.http[method](`/api/merchant/advanced-accounting/chart-of-accounts${path}`)
      .set({ ...bearer(token), ...(key && { 'Idempotency-Key': key }) })
      .send(body);
  const journal = (account: string, amount: string) =>
    t.http
      .post('/api/merchant/advanced-accounting/general-journals')
      .set(bearer(owner))
      .send({
        date: today,
        memo: 'Flyers',
        lines: [
          { account, debit: amount },
          { account: '1101', credit: amount },
        ],
      });
  const marketing = {
    code: '6150',
    parent: '6',
    name_en: 'Marketing',
    name_ar: 'التسويق',
    main_type: 6,
    subtype: 'expenses',
    kind: 'expense_type',
  };

  it('adds an account under a group (once for a retry with its key), listed as the salon’s own', async () => {
    const first = await send('post', '', marketing, owner, 'chart-marketing-1');
    expect([first.status, first.body]).toEqual([
      201,
      expect.objectContaining({ id: '6150', system: false, disabled: false, group: false }),
    ]);
    const again = await send('post', '', marketing, owner, 'chart-marketing-1');
    expect([again.status, again.body]).toEqual([201, first.body]);
    const listed = (await chart()).find((a) => a.code === '6150');
    expect(listed).toMatchObject({
      name_en: 'Marketing',
      system: false,
      has_postings: false,
      balance: 0,
      depth: 1,
    });
    expect(await ok('advanced-accounting/chart-of-accounts/6150')).toMatchObject({ name_ar: 'التسويق' });
  });

  it('refuses bad accounts naming the field, writing nothing', async () => {
    const events = await t.eventCount();
    const cases: Array<[object, number, string]> = [
      [marketing, 409, 'code'],
      [{ ...marketing, code: '6151', parent: '6102' }, 422, 'parent'],
      [{ ...marketing, code: '1151', parent: '11' }, 422, 'parent'],
      [{ ...marketing, code: '7151' }, 422, 'code'],
      [{ ...marketing, code: '61x' }, 422, 'code'],
      [{ ...marketing, code: '6152', subtype: 'banks' }, 422, 'subtype'],
      [{ ...marketing, code: '6153', kind: 'nonsense' }, 422, 'kind'],
      [{ ...marketing, code: '6154', name_ar: '' }, 422, 'name_ar'],
    ];
    for (const [body, status, field] of cases) {
      const res = await send('post', '', body);
      expect([body, res.status, Object.keys(res.body.errors ?? {})]).toEqual([body, status, [field]]);
    }
    expect(await t.eventCount()).toBe(events);
  });

  it('keeps the system accounts: renamed only, never deleted nor disabled', async () => {
    const renamed = await send('put', '/6102', { name_en: 'Shop rent', name_ar: 'إيجار المحل', parent: '1' });
    expect([renamed.status, renamed.body]).toEqual([
      200,
      expect.objectContaining({ name_en: 'Shop rent', parent: '6', system: true }),
    ]);
    expect((await chart()).find((a) => a.code === '6102')?.name_en).toBe('Shop rent');
    for (const [method, path] of [
      ['delete', '/1101'],
      ['delete', '/6'],
      ['post', '/1101/disable'],
    ] as const) {
      const res = await send(method, path);
      expect([path, res.status, res.body.errors]).toEqual([
        path,
        409,
        { code: 'accounting.system_account_kept' },
      ]);
    }
    expect((await send('delete', '/9999')).status).toBe(404);
  });

  it('posts a journal to an own account: in the trial balance, added up into its group, never deleted after', async () => {
    const before = await chart();
    const posted = await journal('6150', '250.00');
    expect(posted.status).toBe(201);
    const trial = await ok('advanced-accounting/trial-balance');
    expect(trial.rows.find((r: { code: string }) => r.code === '6150')).toMatchObject({ debit: 25000 });
    expect(trial.totals.difference).toBe(0);
    const after = await chart();
    const of = (accounts: Account[], code: string) => accounts.find((a) => a.code === code)!;
    expect(of(after, '6150')).toMatchObject({ balance: 25000, has_postings: true });
    expect(of(after, '6').balance - of(before, '6').balance).toBe(25000);
    const pl = await ok('advanced-accounting/profit-and-loss', { from: today, to: today });
    expect(pl.rows.find((r: { code: string }) => r.code === '6150')).toMatchObject({
      amount: 25000,
      depth: 1,
    });
    const ledger = await ok('advanced-accounting/general-ledger', {
      account: '6150',
      from: today,
      to: today,
    });
    expect(ledger.totals.closing).toBe(25000);

    const refused = await send('delete', '/6150');
    expect([refused.status, refused.body.errors]).toEqual([409, { code: 'accounting.account_has_postings' }]);
  });

  it('disables an account: new journals on it are refused naming the line, its history stays; activated again', async () => {
    expect((await send('post', '/6150/disable')).status).toBe(200);
    expect((await chart()).find((a) => a.code === '6150')).toMatchObject({ disabled: true, balance: 25000 });
    const events = await t.eventCount();
    const refused = await journal('6150', '10.00');
    expect([refused.status, refused.body.errors]).toEqual([
      422,
      { 'lines.0.account': 'accounting.account_disabled' },
    ]);
    const type = await t.http
      .post('/api/merchant/expense-types')
      .set(bearer(owner))
      .send({ name_en: 'Flyers', name_ar: 'منشورات', account: '6150' });
    expect([type.status, type.body.errors]).toEqual([422, { account: 'accounting.account_disabled' }]);
    expect(await t.eventCount()).toBe(events);
    expect((await send('post', '/6150/activate')).status).toBe(200);
    expect((await journal('6150', '10.00')).status).toBe(201);
  });

  it('deletes an account never posted to; a group with accounts under it is kept', async () => {
    const group = await send('post', '', {
      ...marketing,
      code: '65',
      name_en: 'Marketing costs',
      name_ar: 'تكاليف التسويق',
      kind: 'master',
      group: true,
    });
    expect(group.status).toBe(201);
    expect((await send('post', '', { ...marketing, code: '6501', parent: '65' })).status).toBe(201);
    expect((await chart()).find((a) => a.code === '6501')?.depth).toBe(2);
    const kept = await send('delete', '/65');
    expect([kept.status, kept.body.errors]).toEqual([409, { code: 'accounting.group_has_accounts' }]);
    expect((await send('delete', '/6501')).status).toBe(200);
    expect((await send('delete', '/65')).status).toBe(200);
    const codes = (await chart()).map((a) => a.code);
    expect(codes).not.toContain('6501');
    expect(codes).not.toContain('65');
  });

  it('lets the accountant keep the chart and not the receptionist; another salon sees none of it', async () => {
    const reception = await t.signIn(RECEPTION);
    expect((await send('post', '', { ...marketing, code: '6160' }, reception)).status).toBe(403);
    const other = await t.signIn(B);
    const theirs = await chart(other);
    expect(theirs.find((a) => a.code === '6150')).toBeUndefined();
    expect(theirs.find((a) => a.code === '6102')?.name_en).toBe('Rent');
    expect((await get('advanced-accounting/chart-of-accounts/6150', {}, other)).status).toBe(404);
    expect((await send('post', '/6150/disable', undefined, other)).status).toBe(404);
    // the same code is free in another salon's chart
    expect((await send('post', '', marketing, other)).status).toBe(201);
  });
});
