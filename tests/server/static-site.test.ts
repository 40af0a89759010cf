import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

// A stand-in for `vite build` output: the server must treat it exactly like dist/.
const site = mkdtempSync(join(tmpdir(), 'shop-site-'));
mkdirSync(join(site, 'assets'));
mkdirSync(join(site, 'images'));
writeFileSync(join(site, 'assets', 'index-AbC123.js'), 'console.log("shop")');
writeFileSync(join(site, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// What scripts/vite-precompress.ts writes beside a built file.
const script = `console.log(${JSON.stringify('shop '.repeat(400))})`;
writeFileSync(join(site, 'assets', 'framework-XyZ789.js'), script);
writeFileSync(join(site, 'assets', 'framework-XyZ789.js.br'), brotliCompressSync(script));
writeFileSync(join(site, 'assets', 'framework-XyZ789.js.gz'), gzipSync(script));
const page = `<!doctype html><title>shop</title><div id="root"></div><!--${'x'.repeat(2000)}-->`;
writeFileSync(join(site, 'index.html'), page);
writeFileSync(join(site, 'index.html.br'), brotliCompressSync(page));
writeFileSync(join(site, 'index.html.gz'), gzipSync(page));

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seedDemo: false, config: { staticDir: site } });
});
afterAll(async () => {
  await shop.close();
  rmSync(site, { recursive: true, force: true });
});

describe('serving the built storefront', () => {
  it.each(['/', '/category/3/day-tickets', '/faq', '/client/login', '/no/such/page'])('answers index.html, never cached, for the page %s', async (url) => {
    const response = await shop.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other public files with a short cache', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/images/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each([
    ['GET', '/assets/missing-123.js'],
    ['GET', '/images/missing.svg'],
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['POST', '/category/3/day-tickets'],
    ['DELETE', '/'],
  ])('answers %s %s with a 404 JSON body', async (method, url) => {
    const response = await shop.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });

  describe('precompressed files', () => {
    it.each([
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
    ] as const)('sends the twin Accept-Encoding "%s" prefers (%s), as the original type and cache', async (accept, encoding, decode) => {
      const response = await shop.app.inject({ method: 'GET', url: '/assets/framework-XyZ789.js', headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toBe(script);
    });

    it('sends the plain file, still varying on Accept-Encoding, to a client that accepts no compression', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
        const response = await shop.app.inject({ method: 'GET', url: '/assets/framework-XyZ789.js', headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.body).toBe(script);
      }
    });

    it('compresses the page fallback too, and keeps it uncached', async () => {
      const response = await shop.app.inject({ method: 'GET', url: '/product/1/aquarium-entry', headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    });
  });

  it('keeps the API working beside the site', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
