/**
 * Embedding the shop (docs/embedding.md): FRAME_ANCESTORS is the one setting — the CSP frame-ancestors
 * and, from the same list, the postMessage allow-list at GET /api/embed — and the refusal page is the
 * only one any site may frame.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { embedOrigins } from '../../server/security/embed-origins.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

const PARTNER = 'https://www.zoo.example';
let shop: TestShop;
beforeAll(async () => {
  const base = loadConfig({ PUBLIC_URL: 'https://shop.example', FRAME_ANCESTORS: `'self' ${PARTNER}` });
  shop = await createTestShop({ seedDemo: false, config: { publicUrl: base.publicUrl, frameAncestors: base.frameAncestors } });
});
afterAll(async () => shop?.close());

const frameAncestors = (policy: unknown) => /frame-ancestors ([^;]*)/.exec(String(policy))?.[1];

describe('embedding', () => {
  it('answers the allowed origins from FRAME_ANCESTORS, to any site', async () => {
    const response = await shop.app.inject({ url: '/api/embed', headers: { origin: 'https://elsewhere.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ origins: ['https://shop.example', PARTNER] });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    // The same list the browser enforces.
    expect(frameAncestors(response.headers['content-security-policy'])).toBe(`'self' ${PARTNER}`);
  });

  it('lets no page be framed outside the allow-list, the former refusal page included (issue 37)', async () => {
    // embed.js says "cannot be shown here" in the site's own page: no page of the shop is framable by anyone.
    for (const url of ['/embed/refused?embed=1&host=https%3A%2F%2Fevil.example', '/embed/refused', '/embed/refused/x', '/embed/pay/abc', '/api/embed', '/']) {
      const response = await shop.app.inject({ url });
      expect(frameAncestors(response.headers['content-security-policy']), url).toBe(`'self' ${PARTNER}`);
    }
  });

  it('leaves keywords and wildcards out of the postMessage allow-list', () => {
    expect(embedOrigins(loadConfig({ FRAME_ANCESTORS: 'none' }))).toEqual([]);
    expect(embedOrigins(loadConfig({ PUBLIC_URL: 'https://shop.example/', FRAME_ANCESTORS: "'self' https://*.zoo.example http://a.example:8080" }))).toEqual([
      'https://shop.example',
      'http://a.example:8080',
    ]);
  });
});
