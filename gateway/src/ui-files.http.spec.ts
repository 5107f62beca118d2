/**
 * The built UIs as a browser gets them: hashed assets compressed (brotli first, gzip else) and cached
 * for a year, screen paths answered with a fresh index.html.
 */
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { uiFiles } from './app';

describe('the UIs’ files', () => {
  const root = mkdtempSync(join(tmpdir(), 'rawnaq-ui-'));
  const admin = join(root, 'admin');
  const booking = join(root, 'booking');
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(() => {
    for (const dist of [admin, booking]) {
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
      writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), script);
      writeFileSync(join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(script));
      writeFileSync(join(dist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(script));
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const app = () => express().use(uiFiles(admin, booking));

  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await request(app())
      .get('/admin/assets/app-1a2b3c.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 10);
  });

  it('sends gzip to a browser without brotli, and the file itself to one without either', async () => {
    const gz = await request(app()).get('/booking/assets/app-1a2b3c.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(script);
    const plain = await request(app()).get('/admin/assets/app-1a2b3c.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
  });

  it('answers a screen path with index.html, never cached stale', async () => {
    const res = await request(app()).get('/ar/merchant/customers');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<title>t</title>');
    expect((await request(app()).get('/admin/assets/missing.js')).status).toBe(404);
  });

  it('answers the public report-to-zatca page with the booking site, in either language', async () => {
    writeFileSync(join(booking, 'index.html'), '<!doctype html><title>booking</title>');
    for (const path of ['/report-to-zatca', '/ar/report-to-zatca', '/en/report-to-zatca?invoice=abc']) {
      const res = await request(app()).get(path);
      expect([path, res.status, res.text]).toEqual([path, 200, '<!doctype html><title>booking</title>']);
    }
    // the admin app keeps every other path
    expect((await request(app()).get('/en/e-invoice/abc')).text).toContain('<title>t</title>');
  });

  it("answers the platform's account-invoice link with the booking site, in either language", async () => {
    writeFileSync(join(booking, 'index.html'), '<!doctype html><title>booking</title>');
    for (const path of [
      '/account-invoice/XpiR57Xsn0DbMjszVtCCdw',
      '/en/account-invoice/XpiR57Xsn0DbMjszVtCCdw',
    ]) {
      const res = await request(app()).get(path);
      expect([path, res.status, res.text]).toEqual([path, 200, '<!doctype html><title>booking</title>']);
    }
    // the salon's own page of it is the back office's
    expect(
      (
        await request(app()).get(
          '/ar/merchant/setting/general-setting/account-invoice/XpiR57Xsn0DbMjszVtCCdw',
        )
      ).text,
    ).toContain('<title>t</title>');
  });
});
