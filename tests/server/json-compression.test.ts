import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

describe('compressed JSON answers', () => {
  // The storefront's plot list: large enough to be worth compressing.
  const url = '/api/products/1/plots?order[quantity]=1';

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('compresses a large answer for a client accepting %s, to the same JSON', async (accept, encoding, decode) => {
    const plain = await shop.app.inject({ method: 'GET', url });
    const compressed = await shop.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decode(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it.each([
    ['gzip;q=0, br', 'br'],
    ['GZIP, br;q=0.5', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
  ] as const)('answers Accept-Encoding "%s" with %s, and says the answer varies with it', async (accept, encoding) => {
    const response = await shop.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses a product page the same way, asked again (a kept page) or not', async () => {
    const plain = await shop.app.inject({ method: 'GET', url: '/api/products/1' });
    for (let round = 0; round < 2; round += 1) {
      const compressed = await shop.app.inject({ method: 'GET', url: '/api/products/1', headers: { 'accept-encoding': 'gzip, br' } });
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(compressed.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('leaves small answers and errors under 1 KiB as they are', async () => {
    const health = await shop.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ ok: true });
    const missing = await shop.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-encoding': 'br, gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });
});
