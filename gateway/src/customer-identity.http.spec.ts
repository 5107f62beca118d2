import { PaymentMethod } from '@rawnaq/contracts';
import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { workday } from './testing/dates.test-support';

/** The second salon: in the UAE (5 % VAT, no reporting step), so a credit note can refund into a wallet. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

type Card = { id: string; name: string; mobile: string };

describe('who a customer is, online and at the desk: likely duplicates and merging (issue 24)', () => {
  let t: TestApp;
  let owner: string;
  let reception: string;
  let uae: string;
  let service: string;
  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const get = async (path: string, token = owner) =>
    t.http.get(`/api/merchant/${path}`).set(await fresh(token));
  const post = (path: string, body: object, token = owner) =>
    t.http.post(`/api/merchant/${path}`).set(bearer(token)).send(body);
  const created = async (path: string, body: object, token = owner) => {
    const res = await post(path, body, token);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const book = (name: string, mobile: string, start: string) =>
    t.http
      .post('/api/public/salons/demosalon/bookings')
      .send({ service_ids: [service], start, name, mobile, language: 'en' });
  let day = 2;
  /** a free start on the next working day not used yet, so each booking has its own */
  const freeStart = async () => {
    day += 1;
    const res = await t.http
      .get('/api/public/salons/demosalon/availability')
      .query({ service_ids: JSON.stringify([service]), date: workday(day) })
      .set(await fresh());
    return (res.body.visit as Array<{ start: string }>)[0].start;
  };
  const customerOf = async (visitId: string) =>
    (await get(`appointments/${visitId}`)).body.customer_id as string;
  const list = async (filter: object, token = owner) =>
    (
      await t.http
        .get('/api/merchant/customers')
        .query({ filter: JSON.stringify(filter), range: '[0,99]' })
        .set(await fresh(token))
    ).body as Array<{ id: string; name: string; likely_duplicate?: boolean }>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    reception = await t.signIn(RECEPTION);
    await t.openOtherSalon();
    uae = await t.signIn(UAE_OWNER);
    const online = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(owner))
      .send({ alias: 'demosalon', online_booking: true, require_email: false, deposit_type: 'none' });
    expect(online.status).toBe(200);
    const menu = await t.http.get('/api/public/salons/demosalon/services').set(await fresh());
    service = menu.body.groups[0].services[0].id;
  }, 60_000);
  afterAll(async () => t?.close());

  describe('online bookings', () => {
    let fatima: string;
    let reem: string;
    beforeAll(async () => {
      fatima = await created('customers', { name: 'Fatima Al-Harbi', mobile: '0551230001' });
    });

    it('books a visit with a known mobile and another name for a new customer, flagged as a likely duplicate, and answers nothing of the one on file', async () => {
      const before = await t.eventCount();
      const res = await book('Reem Al-Harbi', '0551230001', await freeStart());
      expect(res.status).toBe(201);
      expect(JSON.stringify(res.body)).not.toMatch(/Fatima/);
      expect(JSON.stringify(res.body)).not.toContain(fatima);
      reem = await customerOf(res.body.id);
      expect(reem).not.toBe(fatima);
      const events = (await t.allEvents()).slice(before);
      expect(events.map((e) => e.type)).toEqual(
        expect.arrayContaining([
          'CustomerRegistered',
          'CustomerFlaggedAsLikelyDuplicate',
          'AppointmentBooked',
        ]),
      );
      // the number stays Fatima's: her claim on it is not taken over
      expect(events.filter((e) => e.type === 'UniqueValueClaimed' && e.data.owner === reem)).toEqual([]);
      const card = (await get(`customers/${reem}`)).body;
      expect(card).toMatchObject({
        name: 'Reem Al-Harbi',
        mobile: '+966551230001',
        type: 'new',
        likely_duplicate: true,
        likely_duplicates: [{ id: fatima, name: 'Fatima Al-Harbi', mobile: '+966551230001' }],
      });
      // the desk sees it from either card, and in the list of likely duplicates
      expect((await get(`customers/${fatima}`)).body.likely_duplicates).toEqual([
        expect.objectContaining({ id: reem, name: 'Reem Al-Harbi' }),
      ]);
      const flagged = await list({ likely_duplicate: true });
      expect(flagged.map((c) => c.id)).toContain(reem);
      expect(flagged.map((c) => c.id)).not.toContain(fatima);
      // the desk's own entry of that mobile is still refused, and offers to open the customer on file
      const desk = await post('customers', { name: 'Someone Else', mobile: '+966551230001' });
      expect(desk.status).toBe(409);
      expect(desk.body).toMatchObject({
        errors: { mobile: 'customers.duplicate_mobile' },
        params: { existing_id: fatima },
      });
    });

    it('books her under the customer on file when the mobile and the name agree, however the name is spelled', async () => {
      const before = await t.eventCount();
      const res = await book('  fatima al harbi', '+966551230001', await freeStart());
      expect(res.status).toBe(201);
      expect(await customerOf(res.body.id)).toBe(fatima);
      const arabic = await created('customers', { name: 'آمنة الحربي', mobile: '0551230002' });
      const again = await book('امنه الحربى', '0551230002', await freeStart());
      expect(again.status).toBe(201);
      expect(await customerOf(again.body.id)).toBe(arabic);
      const registered = (await t.allEvents()).slice(before).filter((e) => e.type === 'CustomerRegistered');
      expect(registered.map((e) => e.data.name)).toEqual(['آمنة الحربي']);
    });

    it('lets a receptionist say "not the same person", and merge a likely duplicate into the customer on file', async () => {
      // another online customer with Fatima's number: not her
      const other = await customerOf((await book('Mona Guest', '0551230001', await freeStart())).body.id);
      expect((await get(`customers/${other}`)).body.likely_duplicates.map((c: Card) => c.id).sort()).toEqual(
        [fatima, reem].sort(),
      );
      const bad = await post(`customers/${other}/not-duplicate`, { customer_id: 'x' }, reception);
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ customer_id: 'not_found.customer' });
      // said from the card of the customer on file, or from hers: the flag is the online one's
      const dismissed = await post(`customers/${fatima}/not-duplicate`, { customer_id: other }, reception);
      expect(dismissed.status).toBe(200);
      expect((await post(`customers/${other}/not-duplicate`, { customer_id: reem }, reception)).status).toBe(
        200,
      );
      expect((await get(`customers/${other}`)).body).toMatchObject({
        likely_duplicate: false,
        likely_duplicates: [],
      });
      expect((await post(`customers/${other}/not-duplicate`, { customer_id: fatima })).status).toBe(409);

      // Reem is Fatima after all (her nickname): the receptionist sees what moves, then merges
      const preview = await get(`customers/${reem}/merge-preview?into=${fatima}`, reception);
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        customer: { id: reem, name: 'Reem Al-Harbi' },
        into: { id: fatima, name: 'Fatima Al-Harbi' },
        moves: { visits: 1, upcoming_visits: 1, invoices: 0, wallet_balance: 0, loyalty_points: 0 },
      });
      const merged = await post(`customers/${reem}/merge`, { into_customer_id: fatima }, reception);
      expect(merged.status).toBe(200);
      expect(merged.body).toMatchObject({ id: fatima, merged_customer_id: reem, wallet_moved: 0 });
      // Reem's visit is in Fatima's appointments; Reem leaves the lists, her card stays readable
      const visits = (
        await get(`appointments?filter=${encodeURIComponent(JSON.stringify({ customer_id: fatima }))}`)
      ).body as Array<{ customer_id: string; customer_name: string }>;
      expect(visits.map((v) => v.customer_id)).toContain(reem);
      expect(visits.every((v) => v.customer_name === 'Fatima Al-Harbi')).toBe(true);
      expect((await list({ q: '551230001' })).map((c) => c.id)).not.toContain(reem);
      expect((await get(`customers/${reem}`)).body).toMatchObject({
        merged_into: fatima,
        merged_into_customer: { id: fatima, name: 'Fatima Al-Harbi' },
      });
      expect((await get(`customers/${fatima}`)).body).toMatchObject({
        merged_ids: [reem],
        likely_duplicates: [],
      });
      // who and when: the merge is an event of the receptionist's
      const event = (await t.allEvents()).find((e) => e.type === 'CustomerMerged');
      expect(event?.data).toEqual({
        customer_id: reem,
        into_customer_id: fatima,
        into_customer_name: 'Fatima Al-Harbi',
      });
      expect(event?.metadata.actor.kind).toBe('user');
      // a merged customer is read only, and cannot be merged again
      expect((await post(`customers/${reem}/merge`, { into_customer_id: fatima })).status).toBe(409);
      const edit = await t.http
        .put(`/api/merchant/customers/${reem}`)
        .set(bearer(owner))
        .send({ name: 'Reem', mobile: '+966551230001' });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe('customers.merged');
      // a later online booking by "Reem" with that number: a new likely duplicate again, never attached blindly
      const back = await customerOf((await book('Reem Al-Harbi', '0551230001', await freeStart())).body.id);
      expect(back).not.toBe(fatima);
      expect((await get(`customers/${back}`)).body.likely_duplicates).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: fatima, name: 'Fatima Al-Harbi' })]),
      );
    });

    it('refuses a merge into herself or into nobody, naming the field, and writes nothing', async () => {
      const before = await t.eventCount();
      const self = await post(`customers/${fatima}/merge`, { into_customer_id: fatima });
      expect(self.status).toBe(422);
      expect(self.body.errors).toEqual({ into_customer_id: 'customers.merge_into_itself' });
      const nobody = await post(`customers/${fatima}/merge`, {
        into_customer_id: '8b6f9b4e-7c1a-4a57-9d1e-2f6c2b1f0a11',
      });
      expect(nobody.status).toBe(422);
      expect(nobody.body.errors).toEqual({ into_customer_id: 'not_found.customer' });
      const empty = await post(`customers/${fatima}/merge`, {});
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.errors)).toEqual(['into_customer_id']);
      expect(await t.eventCount()).toBe(before);
    });

    it('names the customer on file in a refused duplicate only to a user who may see customers', async () => {
      const roles = await get('roles');
      const role = roles.body.find((r: { name: string }) => r.name === 'receptionist') as {
        id: string;
        name: string;
        permissions: number[];
      };
      const withRights = async (permissions: number[]) => {
        const res = await t.http
          .put(`/api/merchant/roles/${role.id}`)
          .set(bearer(owner))
          .send({ name: role.name, permissions });
        expect(res.status).toBe(200);
      };
      const duplicate = async () =>
        t.http
          .post('/api/merchant/customers')
          .set(await fresh(reception))
          .send({ name: 'Typed Again', mobile: '0551230001', email: 'typed@example.com' });
      await withRights([...new Set([...role.permissions, 20, 21])]);
      expect((await duplicate()).body.params).toEqual({ existing_id: fatima });
      // may add customers, may not see them: the refusal says what, not who
      await withRights([...role.permissions.filter((p) => p !== 20), 21]);
      const blind = await duplicate();
      expect(blind.status).toBe(409);
      expect(blind.body).toEqual({
        message: 'customers.duplicate_mobile',
        errors: { mobile: 'customers.duplicate_mobile' },
      });
      await withRights(role.permissions);
    });

    it('keeps salons apart: another salon can neither see, preview, merge nor dismiss these customers', async () => {
      const theirs = await created('customers', { name: 'Other Customer', mobile: '+971501230001' }, uae);
      expect((await get(`customers/${fatima}/merge-preview?into=${theirs}`, uae)).status).toBe(404);
      expect((await get(`customers/${theirs}/merge-preview?into=${fatima}`, uae)).body.errors).toEqual({
        into: 'not_found.customer',
      });
      const before = await t.eventCount();
      expect((await post(`customers/${fatima}/merge`, { into_customer_id: theirs }, uae)).status).toBe(404);
      expect((await post(`customers/${theirs}/merge`, { into_customer_id: fatima }, uae)).status).toBe(422);
      expect((await post(`customers/${fatima}/not-duplicate`, { customer_id: theirs }, uae)).status).toBe(
        404,
      );
      expect(await t.eventCount()).toBe(before);
    });
  });

  describe('a merge moves everything, money exactly (UAE salon)', () => {
    let kept: string;
    let merged: string;
    let massage: string;
    let pkg: string;
    const wallet = async (id: string) =>
      (await get(`customers/${id}/wallet`, uae)).body as {
        balance: number;
        movements: Array<{ kind: string; amount: number; balance: number }>;
      };
    const filtered = async (path: string, filter: object) =>
      (await get(`${path}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`, uae))
        .body as Array<{
        id: string;
        customer_id: string;
      }>;

    beforeAll(async () => {
      const group = await created('service-groups', { name_en: 'Spa', name_ar: 'سبا' }, uae);
      // 190.48 + 5 % VAT = 200.00
      massage = await created(
        'services',
        { name_en: 'Massage', name_ar: 'مساج', group_id: group, price: '190.48', job_time: '60' },
        uae,
      );
      pkg = await created(
        'packages',
        {
          name_en: 'Three massages',
          name_ar: 'ثلاث جلسات مساج',
          items: [{ service_id: massage, sessions: 3 }],
          price: '476.19',
          validity_days: 60,
        },
        uae,
      );
      const settings = await t.http.get('/api/merchant/settings/invoice').set(bearer(uae));
      const on = await t.http
        .put('/api/merchant/settings/invoice')
        .set(bearer(uae))
        .send({ ...settings.body, loyalty_enabled: true });
      expect(on.status).toBe(200);
      kept = await created('customers', { name: 'Mariam Ali', mobile: '+971501230010' }, uae);
      merged = await created('customers', { name: 'Mariam A.', mobile: '+971501230011' }, uae);
    });

    it('moves her wallet, points, cards, packages, invoices and penalties to the kept customer, and the till takes them', async () => {
      const cash = (amount: string) => [{ method: PaymentMethod.cash, amount }];
      // what the merged customer has: money in her wallet, a paid massage (points), a package, a gift
      // card given to her, a penalty; the kept one has money in hers
      expect(
        (await post(`customers/${merged}/wallet/top-ups`, { method: 1, amount: '150.25' }, uae)).status,
      ).toBe(201);
      expect(
        (await post(`customers/${kept}/wallet/top-ups`, { method: 1, amount: '50.00' }, uae)).status,
      ).toBe(201);
      const sale = await created(
        'invoices',
        { customer_id: merged, lines: [{ kind: 'service', item_id: massage }], payments: cash('200.00') },
        uae,
      );
      const bought = await post(
        'invoices',
        { customer_id: merged, lines: [{ kind: 'package', item_id: pkg }], payments: cash('500.00') },
        uae,
      );
      expect(bought.status).toBe(201);
      const purchase = bought.body.lines[0].customer_offer_id as string;
      const gift = await post(
        'invoices',
        {
          customer_id: kept,
          lines: [{ kind: 'gift_card', price: '100.00', beneficiary_id: merged }],
          payments: cash('100.00'),
        },
        uae,
      );
      expect(gift.status).toBe(201);
      const code = gift.body.gift_cards_sold[0].code as string;
      expect((await post(`customers/${merged}/penalties`, { notes: 'Late twice' }, uae)).status).toBe(201);
      const points = (await get(`customers/${merged}`, uae)).body.loyalty_points as number;
      const keptPoints = (await get(`customers/${kept}`, uae)).body.loyalty_points as number;
      expect(points).toBe(700);

      const preview = await get(`customers/${merged}/merge-preview?into=${kept}`, uae);
      expect(preview.body.moves).toEqual({
        visits: 0,
        upcoming_visits: 0,
        invoices: 2,
        gift_cards: 1,
        offers: 1,
        wallet_balance: 15025,
        loyalty_points: 700,
        penalties: 1,
      });
      const before = await t.eventCount();
      const res = await post(`customers/${merged}/merge`, { into_customer_id: kept }, uae);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ wallet_moved: 15025, loyalty_points_moved: 700 });
      const types = (await t.allEvents()).slice(before).map((e) => e.type);
      expect(types).toEqual(
        expect.arrayContaining([
          'CustomerMerged',
          'WalletMovedOut',
          'WalletMovedIn',
          'LoyaltyPointsMovedOut',
          'LoyaltyPointsMovedIn',
          'DuplicateCustomerMergedIn',
        ]),
      );

      // money by events, to the halala: nothing made, nothing lost
      const k = await wallet(kept);
      expect(k.balance).toBe(5000 + 15025);
      expect(k.movements[0]).toMatchObject({ kind: 'moved_in', amount: 15025, balance: 20025 });
      const m = await wallet(merged);
      expect(m.balance).toBe(0);
      expect(m.movements[0]).toMatchObject({ kind: 'moved_out', amount: -15025, balance: 0 });
      const card = (await get(`customers/${kept}`, uae)).body;
      expect(card).toMatchObject({
        loyalty_points: keptPoints + 700,
        wallet_balance: 20025,
        invoices_count: 3,
        penalties: 1,
        merged_ids: [merged],
      });
      // her history under the kept customer's screens
      expect((await filtered('invoices', { customer_id: kept })).map((i) => i.id)).toContain(sale);
      expect((await filtered('gift-cards', { customer_id: kept })).map((c) => c.customer_id)).toContain(
        merged,
      );
      expect((await filtered('customers-penalties', { customer_id: kept })).length).toBe(1);
      const offers = (await get(`customers/${kept}/offers`, uae)).body.offers as Array<{ id: string }>;
      expect(offers.map((o) => o.id)).toContain(purchase);

      // the till: the kept customer uses her package's session and her card
      const till = await post(
        'invoices',
        {
          customer_id: kept,
          lines: [
            { kind: 'service', item_id: massage, customer_offer_id: purchase },
            { kind: 'service', item_id: massage },
          ],
          gift_cards: [{ code, amount: '100.00' }],
          payments: cash('100.00'),
        },
        uae,
      );
      expect(till.status).toBe(201);
      // the merged customer's id still leads to the kept one (an old link to her at the till)
      const byOldId = await post(
        'invoices',
        { customer_id: merged, lines: [{ kind: 'service', item_id: massage }], payments: cash('200.00') },
        uae,
      );
      expect(byOldId.status).toBe(201);
      expect(byOldId.body.customer_id).toBe(kept);
      // a refund of her old invoice into the wallet goes to the kept customer's wallet
      const note = await post(
        `invoices/${sale}/credit-notes`,
        { reason: 'Redo', payments: [{ method: PaymentMethod.wallet, amount: '200.00' }] },
        uae,
      );
      expect(note.status).toBe(201);
      expect((await wallet(kept)).movements[0]).toMatchObject({ kind: 'refund', amount: 20000 });
      expect((await wallet(merged)).balance).toBe(0);
      // money for a merged customer is refused, never put in a wallet nobody sees
      const topUp = await post(`customers/${merged}/wallet/top-ups`, { method: 1, amount: '5.00' }, uae);
      expect(topUp.status).toBe(409);
      expect(topUp.body).toMatchObject({ message: 'customers.merged', params: { customer_id: kept } });
    });
  });
});
