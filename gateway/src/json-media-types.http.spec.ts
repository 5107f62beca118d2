import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * A JSON body is read whatever JSON media type names it: `application/json` and the types with the
 * `+json` suffix (RFC 6839: `application/vnd.api+json`, `application/merge-patch+json`, …), as API
 * clients and their libraries send them. Read as nothing, such a body was refused for fields it held.
 */
describe('JSON bodies under every JSON media type', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t.close());

  const register = (name: string, mobile: string, type: string) =>
    t.http
      .post('/api/merchant/customers')
      .set({ ...bearer(owner), 'Content-Type': type })
      .send(JSON.stringify({ name, mobile }));

  it.each([
    ['application/vnd.api+json', 'Suffix One', '+966500000711'],
    ['application/merge-patch+json; charset=utf-8', 'Suffix Two', '+966500000712'],
    ['Application/JSON; charset=UTF-8', 'Suffix Three', '+966500000713'],
  ])('%s: the command reads it and the list shows what it saved', async (type, name, mobile) => {
    const res = await register(name, mobile, type);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), name });
    const list = await t.http
      .get('/api/merchant/customers')
      .query({ filter: JSON.stringify({ q: name }) })
      .set({ ...bearer(owner), 'X-Min-Position': res.headers['x-position'] });
    expect(list.body).toEqual([expect.objectContaining({ id: res.body.id, name })]);
  });

  it('a +json body that is not JSON is the same 400 as under application/json, nothing written', async () => {
    const before = await t.http.get('/api/merchant/customers').set(bearer(owner));
    const broken = (type: string) =>
      t.http
        .post('/api/merchant/customers')
        .set({ ...bearer(owner), 'Content-Type': type })
        .send('{"name": "Broken", "mobile": ');
    const res = await broken('application/vnd.api+json');
    expect(res.status).toBe(400);
    const plain = await broken('application/json');
    expect(plain.status).toBe(400);
    expect(res.body).toEqual(plain.body);
    const after = await t.http.get('/api/merchant/customers').set(bearer(owner));
    expect(after.headers['content-range']).toBe(before.headers['content-range']);
  });
});
