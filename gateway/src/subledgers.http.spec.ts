import { accountCode, PaymentMethod, type SystemAccountKey } from '@rawnaq/contracts';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

type Doc = Record<string, unknown>;

/**
 * Every sub-ledger of the demo salon ties to its control account in the books (issue 25): the gift
 * cards' balances are the gift card liability, the customers' wallets the wallet liability, the deposits
 * not yet used the advance payments, the offers' and packages' sessions not yet used their liability,
 * the stock on hand at its average cost the inventory, what the invoices still owe the receivables and
 * what the bills still owe the payables. The books are read through HTTP; each sub-ledger from the read
 * model its own screens read.
 */
describe('the sub-ledgers tie to their control accounts (issue 25)', () => {
  let t: TestApp;
  let owner: string;
  let tenantId: string;
  let balance: (key: SystemAccountKey) => number;

  /** the books' accounts as they stand now */
  const readBooks = async () => {
    const chart = (
      await t.http
        .get('/api/merchant/advanced-accounting/chart-of-accounts')
        .query({ range: '[0,999]' })
        .set({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) })
    ).body as Array<{ id: string; balance: number }>;
    balance = (key) => chart.find((a) => a.id === accountCode(key))!.balance;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    await readBooks();
    tenantId = (await t.allEvents()).find((e) => e.type === 'InvoiceIssued')!.metadata.tenantId;
  }, 120_000);
  afterAll(async () => t?.close());

  const all = (collection: string) =>
    t.app.readModels.find(collection, { filter: { tenantId }, limit: 100_000 }) as Promise<Doc[]>;
  const sum = (docs: Doc[], field: string) => docs.reduce((s, d) => s + ((d[field] as number) ?? 0), 0);

  it('has every sub-ledger in use in the demo, so the ties below say something', async () => {
    // two deposits on one of the demo's visits still to come, one of them given back
    const visits = (
      await t.http.get('/api/merchant/appointments').query({ range: '[0,199]' }).set(bearer(owner))
    ).body as Array<{ id: string; status: number }>;
    let taken: { deposit_id: string } | undefined;
    for (const v of visits.filter((x) => x.status === 1)) {
      const res = await t.http
        .post(`/api/merchant/appointments/${v.id}/deposits`)
        .set(bearer(owner))
        .send({ method: PaymentMethod.cash, amount: '40.00' });
      if (res.status !== 201) continue;
      await t.http
        .post(`/api/merchant/appointments/${v.id}/deposits`)
        .set(bearer(owner))
        .send({ method: PaymentMethod.cash, amount: '15.00' });
      const cancel = await t.http
        .post(`/api/merchant/appointments/${v.id}/deposits/${res.body.deposit_id}/cancel`)
        .set(bearer(owner))
        .send({});
      expect(cancel.status).toBeLessThan(300);
      taken = res.body;
      break;
    }
    expect(taken).toBeDefined();
    await readBooks();
    for (const collection of ['gift_cards', 'wallet_movements', 'deposits', 'customer_offers', 'products'])
      expect([collection, (await all(collection)).length > 0]).toEqual([collection, true]);
  });

  it('gift cards: what is left on them is the gift card liability', async () => {
    expect(balance('active_gift_cards')).toBeGreaterThan(0);
    // a card expired with something left is owed no more (its breakage is income)
    const owed = (await all('gift_cards')).filter((c) => !c.expired_on);
    expect(balance('active_gift_cards')).toBe(sum(owed, 'remaining'));
  });

  it('wallets: each customer’s last balance, added up, is the wallet liability', async () => {
    const last = new Map<string, Doc>();
    for (const m of (await all('wallet_movements')).sort((a, b) => String(a.at).localeCompare(String(b.at))))
      last.set(m.customer_id as string, m);
    expect(balance('customer_wallets')).toBe(sum([...last.values()], 'balance'));
  });

  it('deposits: those taken and not yet used nor given back are the advance payments', async () => {
    const active = (await all('deposits')).filter((d) => d.status === 'active');
    expect(active.length).toBeGreaterThan(0);
    expect(balance('advance_payments')).toBe(sum(active, 'amount'));
  });

  it('offers and packages: the value of the sessions not yet used is their liability', async () => {
    expect(balance('unused_offer_services')).toBeGreaterThan(0);
    const owed = (await all('customer_offers')).filter((o) => !o.expired_on);
    expect(balance('unused_offer_services')).toBe(sum(owed, 'value_left'));
  });

  it('stock: what is on the shelves at its average cost is the inventory', async () => {
    const products = await all('products');
    expect(balance('inventory')).toBe(
      products.reduce((s, p) => s + (p.quantity as number) * (p.average_cost as number), 0),
    );
  });

  it('receivables and payables: what the invoices and the suppliers’ bills still owe', async () => {
    expect(balance('unpaid_invoices')).toBe(sum(await all('receivables'), 'owed'));
    expect(balance('suppliers')).toBe(sum(await all('suppliers'), 'owed'));
  });
});
