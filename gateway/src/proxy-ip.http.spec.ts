import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * Behind the proxy (TRUST_PROXY=1, the test app's mode) only the proxy's own hop of X-Forwarded-For
 * is believed: the entries a client writes before it are not, so forging them gets round nothing.
 */
describe('behind a proxy a forged X-Forwarded-For does not get round the IP block', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  // what nginx forwards when a client sends its own X-Forwarded-For and nginx appends the real address
  const viaProxy = (forged: string, real: string) => `${forged}, ${real}`;

  it('blocks the real address after 20 wrong passwords sent with rotating forged addresses', async () => {
    const real = '10.77.0.1';
    for (let i = 0; i < 20; i++) {
      const res = await t.http
        .post('/api/merchant/login')
        .set('X-Forwarded-For', viaProxy(`203.0.113.${i}`, real))
        .send({ accountId: 1, username: `guess${i}`, password: `wrong-${i}` });
      expect(res.status).toBe(i < 19 ? 401 : 403);
    }
    const right = await t.http
      .post('/api/merchant/login')
      .set('X-Forwarded-For', viaProxy('198.51.100.7', real))
      .send({ ...OWNER, force: true });
    expect(right.status).toBe(403);
    // and the forged addresses were not blocked in the real one's stead
    const other = await t.http
      .post('/api/merchant/login')
      .set('X-Forwarded-For', '203.0.113.5')
      .send({ ...OWNER, force: true });
    expect(other.status).toBe(200);
  });

  it("has nginx overwrite the client's X-Forwarded-For rather than append to it", () => {
    const conf = readFileSync(join(__dirname, '..', '..', 'deploy', 'nginx.conf'), 'utf8');
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;/);
    expect(conf).not.toMatch(/\$proxy_add_x_forwarded_for/);
  });
});
