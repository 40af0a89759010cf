import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, subscriptions, vouchers } from '../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;
let ids: { category: number; product: number; subscription: number; voucher: number };

beforeAll(async () => {
  shop = await createTestShop({ now: '2026-03-04T08:15:00Z' });
  const [category] = await shop.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'day-tickets'));
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'aquarium-entry'));
  const [subscription] = await shop.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.slug, 'family-membership'));
  const [voucher] = await shop.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.slug, 'gift-voucher'));
  ids = { category: category!.id, product: product!.id, subscription: subscription!.id, voucher: voucher!.id };
});

afterAll(async () => {
  await shop?.close();
});

/** Every catalogue route with an id, as a function of that id. */
const ID_ROUTES: { name: string; path: (id: string) => string; kind: keyof typeof ids }[] = [
  { name: 'category', path: (id) => `/api/categories/${id}`, kind: 'category' },
  { name: 'product', path: (id) => `/api/products/${id}`, kind: 'product' },
  { name: 'product upsells', path: (id) => `/api/products/${id}/upsells`, kind: 'product' },
  { name: 'product plots', path: (id) => `/api/products/${id}/plots`, kind: 'product' },
  { name: 'subscription', path: (id) => `/api/subscriptions/${id}`, kind: 'subscription' },
  { name: 'subscription upsells', path: (id) => `/api/subscriptions/${id}/upsells`, kind: 'subscription' },
  { name: 'voucher', path: (id) => `/api/vouchers/${id}`, kind: 'voucher' },
];

const MALFORMED_IDS = ['abc', '0', '-1', '1.5', '99999999999', '2147483648', '1e3', '%20'];

describe('ids in paths', () => {
  for (const route of ID_ROUTES) {
    it.each(MALFORMED_IDS)(`${route.name}: "%s" is 400 INVALID_ID`, async (id) => {
      const response = await shop.app.inject({ url: route.path(id) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: 'INVALID_ID' });
    });

    it(`${route.name}: an unknown id is 404 NOT_FOUND, the largest id included`, async () => {
      const response = await shop.app.inject({ url: route.path('2147483647') });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
    });

    it(`${route.name}: a known id is 200 JSON`, async () => {
      const response = await shop.app.inject({ url: route.path(String(ids[route.kind])) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });
  }

  it('checks the id before the query', async () => {
    const response = await shop.app.inject({ url: '/api/products/abc/plots?filterFrom=nonsense' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_ID' });
  });
});

describe('cache headers', () => {
  it('lets the catalogue and the FAQ be cached for a minute, per language', async () => {
    const paths = [
      '/api/organisation',
      '/api/categories',
      `/api/categories/${ids.category}`,
      '/api/home/products',
      `/api/products/${ids.product}`,
      `/api/products/${ids.product}/upsells`,
      `/api/subscriptions/${ids.subscription}`,
      `/api/subscriptions/${ids.subscription}/upsells`,
      `/api/vouchers/${ids.voucher}`,
      '/api/faq',
    ];
    for (const path of paths) {
      const response = await shop.app.inject({ url: path });
      expect(response.headers['cache-control'], path).toBe('public, max-age=60');
      expect(response.headers.vary, path).toMatch(/Accept-Language/);
    }
  });

  it('never lets plots be cached', async () => {
    const response = await shop.app.inject({ url: `/api/products/${ids.product}/plots` });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('does not mark refusals as cacheable', async () => {
    const response = await shop.app.inject({ url: '/api/products/2147483647' });
    expect(response.headers['cache-control']).not.toBe('public, max-age=60');
  });
});

describe('unknown routes and broken bodies', () => {
  it('answers an unknown API path with a 404 JSON NOT_FOUND', async () => {
    const response = await shop.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });

  it('answers a write to a read-only catalogue path with a JSON refusal', async () => {
    const response = await shop.app.inject({ method: 'DELETE', url: `/api/products/${ids.product}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });

  it('answers malformed JSON on a POST route with 400 and a code', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/client/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "demo@tidewater.example", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'BAD_REQUEST' });
  });
});
