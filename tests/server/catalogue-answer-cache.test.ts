/**
 * CATALOGUE_CACHE_MS: one process reuses a catalogue answer for at most that long on the app's
 * clock, per resource, query and language; failures are never reused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation } from '#domain/contracts/organisation.ts';
import type { HomeProducts, Plot, Product } from '#domain/contracts/catalogue.ts';
import { organisations, plots, products } from '../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

const NOW = '2026-03-04T08:15:00Z';
const TTL_MS = 2000;
const at = (ms: number) => new Date(Date.parse(NOW) + ms);

let shop: TestShop;
let elapsed = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestShop({ now: NOW, config: { catalogueCacheMs: TTL_MS } });
  for (const row of await shop.db.select({ id: products.id, slug: products.slug }).from(products)) ids[row.slug] = row.id;
});

afterAll(async () => {
  await shop?.close();
});

/** Moves the clock past every answer cached so far, so each test starts with none. */
function nextTest() {
  elapsed += 10 * TTL_MS;
  shop.clock.set(at(elapsed));
}

async function get<T>(url: string, language = 'en'): Promise<T> {
  const response = await shop.app.inject({ url, headers: { 'accept-language': language } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<T>();
}

describe('the catalogue answer cache', () => {
  it('shows availability at most CATALOGUE_CACHE_MS stale: product and plots', async () => {
    nextTest();
    const productId = ids['night-at-the-aquarium']!;
    const plotsUrl = `/api/products/${productId}/plots?order%5Bquantity%5D=1`;
    expect((await get<Product>(`/api/products/${productId}`)).availability).toBe(30);
    expect((await get<Plot[]>(plotsUrl)).every((plot) => plot.availability.amount === 30)).toBe(true);

    await shop.db.update(plots).set({ sold: 30 }).where(eq(plots.productId, productId));
    try {
      shop.clock.set(at(elapsed + TTL_MS - 1));
      expect((await get<Product>(`/api/products/${productId}`)).availability).toBe(30);
      expect((await get<Plot[]>(plotsUrl))[0]!.availability.amount).toBe(30);

      shop.clock.set(at(elapsed + TTL_MS));
      expect((await get<Product>(`/api/products/${productId}`)).availability).toBe(0);
      const fresh = await get<Plot[]>(plotsUrl);
      expect(fresh.every((plot) => plot.availability.amount === 0 && !plot.selectable)).toBe(true);
    } finally {
      await shop.db.update(plots).set({ sold: 0 }).where(eq(plots.productId, productId));
    }
  });

  it('keeps one answer per language and per plot query', async () => {
    nextTest();
    const productId = ids['aquarium-entry']!;
    const english = await get<Product>(`/api/products/${productId}`, 'en');
    const dutch = await get<Product>(`/api/products/${productId}`, 'nl');
    expect(dutch.title).not.toBe(english.title);
    expect((await get<Product>(`/api/products/${productId}`, 'en')).title).toBe(english.title);
    expect((await get<Organisation>('/api/organisation', 'nl')).name).toBe((await get<Organisation>('/api/organisation', 'nl')).name);

    const one = await get<Plot[]>(`/api/products/${productId}/plots?order%5Bquantity%5D=1&filterUntil=2026-03-05`);
    const four = await get<Plot[]>(`/api/products/${productId}/plots?order%5Bquantity%5D=4&filterUntil=2026-03-05`);
    // Tomorrow 13:00 has 3 places left (the seed): enough for one ticket, not for four.
    const nearlyFull = (list: Plot[]) => list.find((plot) => plot.date === '2026-03-05' && plot.time.start === '13:00')!;
    expect(nearlyFull(one).selectable).toBe(true);
    expect(nearlyFull(four).selectable).toBe(false);
  });

  it('shows organisation and home changes once the entry is older than CATALOGUE_CACHE_MS', async () => {
    nextTest();
    const [organisation] = await shop.db.select().from(organisations).limit(1);
    const before = await get<Organisation>('/api/organisation');
    const home = await get<HomeProducts>('/api/home/products');
    await shop.db.update(organisations).set({ themeColour: '123456' }).where(eq(organisations.id, organisation!.id));
    await shop.db.update(products).set({ state: 'INVISIBLE' }).where(eq(products.id, ids['aquarium-entry']!));
    try {
      expect((await get<Organisation>('/api/organisation')).theme_colour).toBe(before.theme_colour);
      expect((await get<HomeProducts>('/api/home/products')).products).toEqual(home.products);
      shop.clock.set(at(elapsed + TTL_MS));
      expect((await get<Organisation>('/api/organisation')).theme_colour).toBe('123456');
      expect((await get<HomeProducts>('/api/home/products')).products.map((product) => product.id)).not.toContain(ids['aquarium-entry']);
    } finally {
      await shop.db.update(organisations).set({ themeColour: organisation!.themeColour }).where(eq(organisations.id, organisation!.id));
      await shop.db.update(products).set({ state: 'PUBLISHED' }).where(eq(products.id, ids['aquarium-entry']!));
    }
  });

  it('never reuses a failure: a product published after a 404 is served at once', async () => {
    nextTest();
    const productId = ids['penguin-feeding']!;
    await shop.db.update(products).set({ state: 'DRAFT' }).where(eq(products.id, productId));
    try {
      expect((await shop.app.inject({ url: `/api/products/${productId}` })).statusCode).toBe(404);
      expect((await shop.app.inject({ url: `/api/products/${productId}/plots` })).statusCode).toBe(404);
    } finally {
      await shop.db.update(products).set({ state: 'PUBLISHED' }).where(eq(products.id, productId));
    }
    expect((await get<Product>(`/api/products/${productId}`)).id).toBe(productId);
    expect((await get<Plot[]>(`/api/products/${productId}/plots`)).length).toBeGreaterThan(0);
  });

  it('keeps the cache headers: the plots answer is not for browsers or proxies to store', async () => {
    nextTest();
    const productId = ids['aquarium-entry']!;
    for (let round = 0; round < 2; round += 1) {
      expect((await shop.app.inject({ url: `/api/products/${productId}/plots` })).headers['cache-control']).toBe('no-store');
      expect((await shop.app.inject({ url: `/api/products/${productId}` })).headers['cache-control']).toBe('public, max-age=60');
    }
  });
});
