import { accountCode, addDays, PaymentMethod, type SystemAccountKey } from '@rawnaq/contracts';
import { bearer, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon: in the UAE (5 % VAT). */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

/**
 * Breakage (issue 25): a gift card or a package past its last day with something left is owed to no one
 * any more. The expiry worker writes its "expired" event once; the books take what was left as income
 * on the day after its last day; the sub-ledgers leave it out. Only `Date` is faked, to reach a year on.
 */
describe('gift cards and packages expired with something left (breakage, issue 25)', () => {
  let t: TestApp;
  let owner: string;
  let card: { id: string; code: string; expires_on: string };
  let purchase: { id: string; expires_on: string };

  beforeAll(async () => {
    jest.useFakeTimers({
      now: Date.parse('2026-11-02T07:00:00.000Z'),
      advanceTimers: true,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    t = await startTestApp();
    await t.openOtherSalon();
    owner = await t.signIn(UAE_OWNER);
    // what the demo salon has past its last day already
    await t.app.expiries.run(new Date());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    jest.useRealTimers();
  });

  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const post = async (path: string, body: object) => {
    const res = await t.http.post(`/api/merchant/${path}`).set(bearer(owner)).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const get = async (path: string, query: Record<string, string> = {}) =>
    (
      await t.http
        .get(`/api/merchant/${path}`)
        .query(query)
        .set(await fresh())
    ).body;
  const books = async (asOf: string) => {
    const chart = (await get('advanced-accounting/chart-of-accounts', {
      filter: JSON.stringify({ as_of: asOf }),
      range: '[0,999]',
    })) as Array<{ id: string; balance: number }>;
    return (key: SystemAccountKey) => chart.find((a) => a.id === accountCode(key))?.balance ?? 0;
  };

  it('sells a card of 80.00 spent for 30.00, and a package of 2 sessions for 150.00 used once', async () => {
    const group = (await post('service-groups', { name_en: 'Hair', name_ar: 'الشعر' })).id;
    const cut = (
      await post('services', {
        name_en: 'Cut',
        name_ar: 'قص',
        group_id: group,
        price: '100.00',
        job_time: '30',
      })
    ).id;
    const customer = (await post('customers', { name: 'Mariam Ali', mobile: '+971501234567' })).id;
    const pkg = (
      await post('packages', {
        name_en: 'Two cuts',
        name_ar: 'قصتان',
        items: [{ service_id: cut, sessions: 2 }],
        price: '150.00',
        validity_days: 1,
      })
    ).id;
    const sold = await post('invoices', {
      customer_id: customer,
      lines: [{ kind: 'gift_card', price: '80.00', beneficiary_id: customer }],
      payments: [{ method: PaymentMethod.cash, amount: '80.00' }],
    });
    card = await get(`gift-cards/${sold.lines[0].item_id}`);
    const bought = await post('invoices', {
      customer_id: customer,
      lines: [{ kind: 'package', item_id: pkg }],
      payments: [{ method: PaymentMethod.cash, amount: '157.50' }],
    });
    purchase = await get(`customer-offers/${bought.lines[0].customer_offer_id}`);
    // a cut (105.00) paid 30.00 by the card, with a session of the package on the same invoice
    await post('invoices', {
      customer_id: customer,
      lines: [
        { kind: 'service', item_id: cut },
        { kind: 'service', item_id: cut, customer_offer_id: purchase.id },
      ],
      gift_cards: [{ code: card.code, amount: '30.00' }],
      payments: [{ method: PaymentMethod.cash, amount: '75.00' }],
    });
    const balance = await books(purchase.expires_on);
    expect(balance('active_gift_cards')).toBe(5000);
    expect(balance('unused_offer_services')).toBe(7500);
    // nothing is due yet: their last days have not passed
    expect(await t.app.expiries.run(new Date())).toBe(0);
  });

  it('expires each once when its last day has passed, and the books take what was left as income that next day', async () => {
    // past the package's last day: it expires, the card does not
    jest.setSystemTime(Date.now() + 2 * 24 * 3_600_000);
    owner = await t.signIn(UAE_OWNER);
    expect(await t.app.expiries.run(new Date())).toBe(1);
    expect(await t.app.expiries.run(new Date())).toBe(0);
    const dayAfter = addDays(purchase.expires_on as never, 1);
    let balance = await books(dayAfter);
    expect([balance('unused_offer_services'), balance('breakage')]).toEqual([0, 7500]);
    const entries = (await get('advanced-accounting/general-ledger', {
      account: accountCode('breakage'),
      from: dayAfter,
      to: dayAfter,
    })) as { rows?: Array<{ source_kind: string; date: string }> };
    expect(JSON.stringify(entries)).toContain('offer_expired');
    const offer = await get(`customer-offers/${purchase.id}`);
    expect(offer).toMatchObject({
      status: 'expired',
      sessions_left: 1,
      breakage: 7500,
      expired_on: dayAfter,
    });

    // a year on, past the card's last day
    jest.setSystemTime(Date.now() + 366 * 24 * 3_600_000);
    owner = await t.signIn(UAE_OWNER);
    expect(await t.app.expiries.run(new Date())).toBeGreaterThanOrEqual(1);
    expect(await t.app.expiries.run(new Date())).toBe(0);
    const cardDay = addDays(card.expires_on as never, 1);
    balance = await books(cardDay);
    expect([balance('active_gift_cards'), balance('breakage')]).toEqual([
      // the demo salon's cards are another salon's
      0,
      7500 + 5000,
    ]);
    expect(await get(`gift-cards/${card.id}`)).toMatchObject({
      status: 'expired',
      remaining: 5000,
      breakage: 5000,
      expired_on: cardDay,
    });
    // the day before, the card was still owed
    expect((await books(card.expires_on))('active_gift_cards')).toBe(5000);
    const trial = await get('advanced-accounting/trial-balance', { as_of: cardDay });
    expect(trial.totals.difference).toBe(0);
  });

  it('each expiry is one fact of its own in the history, with what was left', async () => {
    const ours = (await t.allEvents()).filter((e) => {
      const d = e.data as { customer_offer_id?: string; gift_card_id?: string };
      return d.customer_offer_id === purchase.id || d.gift_card_id === card.id;
    });
    expect(ours.filter((e) => e.type.endsWith('Expired')).map((e) => [e.type, e.data])).toEqual([
      [
        'CustomerOfferExpired',
        expect.objectContaining({ sessions_left: 1, value_left: 7500, expires_on: purchase.expires_on }),
      ],
      ['GiftCardExpired', expect.objectContaining({ remaining: 5000, expires_on: card.expires_on })],
    ]);
  });
});
