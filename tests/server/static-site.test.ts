import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

// A stand-in for `vite build` output: the server must treat it exactly like dist/.
const site = mkdtempSync(join(tmpdir(), 'shop-site-'));
mkdirSync(join(site, 'assets'));
mkdirSync(join(site, 'images'));
writeFileSync(join(site, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
writeFileSync(join(site, 'assets', 'index-AbC123.js'), 'console.log("shop")');
writeFileSync(join(site, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seedDemo: false, config: { staticDir: site } });
});
afterAll(async () => {
  await shop.close();
  rmSync(site, { recursive: true, force: true });
});

describe('serving the built storefront', () => {
  it.each(['/', '/category/3/day-tickets', '/faq', '/client/login', '/no/such/page'])(
    'answers index.html, never cached, for the page %s',
    async (url) => {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

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

  it('keeps the API working beside the site', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
