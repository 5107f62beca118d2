import { newId } from '@rawnaq/contracts';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * A request's Idempotency-Key, with the event log as the tests open it (NORMAL, on the request thread)
 * and as the gateway opens it (the writer thread's, whose filter of stored replies tells a new key
 * without a read, `CategoryFilter`). A retried or doubled request gets the first reply, and nothing is
 * written twice.
 */
describe.each([
  { log: 'as the tests open it', durable: false },
  { log: 'as the gateway opens it', durable: true },
])('idempotent replies over HTTP (the log $log)', ({ durable }) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp({ durable });
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t.close());

  const create = (body: object, key: string) =>
    t.http
      .post('/api/merchant/customers')
      .set({ ...bearer(owner), 'Idempotency-Key': key })
      .send(body);

  it(
    durable
      ? 'keeps a filter of the stored replies: a new key is told without a read'
      : 'keeps no filter of the stored replies: every key is read',
    () => {
      const store = t.platform.eventStore;
      expect(store.surelyEmpty?.('reply-1.0123456789abcdef0123456789abcdef') ?? false).toBe(durable);
    },
  );

  it('answers a retried command with the first reply, writing nothing more', async () => {
    const key = '0c9b7f52-3f7a-4c1e-9d55-6a1f4b2e8d01';
    const first = await create({ name: 'Kept Once', mobile: '+966500000601' }, key);
    expect(first.status).toBe(201);
    const count = await t.eventCount();
    const retry = await create({ name: 'Kept Once', mobile: '+966500000601' }, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['x-position']).toBe(first.headers['x-position']);
    expect(await t.eventCount()).toBe(count);
  });

  it('answers the same request sent several times at once with one reply, writing it once', async () => {
    const key = '7e21d0a4-58c3-4b9f-a0e6-13c5d7f9b2a4';
    const count = await t.eventCount();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => create({ name: 'Sent Four Times', mobile: '+966500000602' }, key)),
    );
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    for (const r of replies) {
      expect(r.body).toEqual(replies[0].body);
      expect(r.headers['x-position']).toBe(replies[0].headers['x-position']);
    }
    const written = await t.eventCount();
    expect(written).toBeGreaterThan(count);
    const later = await create({ name: 'Sent Four Times', mobile: '+966500000602' }, key);
    expect(later.body).toEqual(replies[0].body);
    expect(await t.eventCount()).toBe(written);
  });

  it("makes the record's id from a time-ordered key (the back office's) with the key's millisecond first", async () => {
    const key = newId();
    const first = await create({ name: 'Ordered Key', mobile: '+966500000603' }, key);
    expect(first.status).toBe(201);
    expect(first.body.id.slice(0, 13)).toBe(key.slice(0, 13));
    const count = await t.eventCount();
    const retry = await create({ name: 'Ordered Key', mobile: '+966500000603' }, key);
    expect(retry.body).toEqual(first.body);
    expect(await t.eventCount()).toBe(count);
  });

  it('runs a command afresh for a new key, and refuses what it refuses (nothing written)', async () => {
    const count = await t.eventCount();
    const res = await create({ name: 'Kept Once', mobile: '+966500000601' }, 'a-new-key-for-the-same-mobile');
    expect(res.status).toBe(409);
    expect(await t.eventCount()).toBe(count);
  });
});
