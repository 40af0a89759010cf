import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryListItem, HomeProducts } from '#domain/contracts/catalogue.ts';
import { categories, categoryProducts, products, subscriptions, vouchers } from '../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ now: '2026-03-04T08:15:00Z' });
});

afterAll(async () => {
  await shop?.close();
});

const SUMMARY_KEYS = ['id', 'slug', 'title', 'description', 'image', 'label', 'state', 'price', 'full'];
const LIST_ITEM_KEYS = ['id', 'slug', 'title', 'description', 'image', 'parent', 'children', 'sort', 'state', 'full', 'products', 'subscriptions', 'vouchers'];

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await shop.app.inject({ url, headers });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=60');
  return response.json<T>();
}

async function ids(table: typeof products | typeof subscriptions | typeof vouchers | typeof categories, ...slugs: string[]): Promise<number[]> {
  const rows = await shop.db.select({ id: table.id, slug: table.slug }).from(table);
  return slugs.map((slug) => {
    const row = rows.find((candidate) => candidate.slug === slug);
    if (!row) throw new Error(`no ${slug} in the seed`);
    return row.id;
  });
}

describe('GET /api/home/products', () => {
  it('lists every published item in shop order, with exactly the summary fields', async () => {
    const home = await get<HomeProducts>('/api/home/products');
    expect(Object.keys(home).sort()).toEqual(['products', 'subscriptions', 'vouchers']);
    expect(home.products.map((product) => product.slug)).toEqual([
      'aquarium-entry',
      'zoo-day-ticket',
      'zoo-guidebook',
      'behind-the-scenes',
      'school-group-visit',
      'penguin-feeding',
    ]);
    expect(home.subscriptions.map((subscription) => subscription.slug)).toEqual(['family-membership', 'online-aquarium-pass']);
    expect(home.vouchers.map((voucher) => voucher.slug)).toEqual(['gift-voucher']);

    expect(Object.keys(home.products[0]!).sort()).toEqual([...SUMMARY_KEYS, 'visible'].sort());
    expect(Object.keys(home.subscriptions[0]!).sort()).toEqual([...SUMMARY_KEYS, 'type'].sort());
    expect(Object.keys(home.vouchers[0]!).sort()).toEqual([...SUMMARY_KEYS].sort());
  });

  it('answers card prices as 2-decimal amounts', async () => {
    const home = await get<HomeProducts>('/api/home/products');
    const guidebook = home.products.find((product) => product.slug === 'zoo-guidebook');
    expect(guidebook).toMatchObject({ title: 'Zoo guidebook', price: 12.95, state: 'PUBLISHED', visible: true, full: false });
    expect(home.products.find((product) => product.slug === 'zoo-day-ticket')?.price).toBe(24);
    // Subscriptions and vouchers show their cheapest audience or value.
    expect(home.subscriptions.find((subscription) => subscription.slug === 'online-aquarium-pass')).toMatchObject({ type: 'ONLINE', price: 60 });
    expect(home.subscriptions.find((subscription) => subscription.slug === 'family-membership')).toMatchObject({ type: 'PHYSICAL', price: 45 });
    expect(home.vouchers[0]).toMatchObject({ slug: 'gift-voucher', price: 25, state: 'PUBLISHED' });
  });

  it('leaves out INVISIBLE items, which are served only by link', async () => {
    const home = await get<HomeProducts>('/api/home/products');
    expect(home.products.some((product) => product.slug === 'night-at-the-aquarium')).toBe(false);
    const [nightId] = await ids(products, 'night-at-the-aquarium');
    const response = await shop.app.inject({ url: `/api/products/${nightId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: 'night-at-the-aquarium', state: 'INVISIBLE', visible: false });
  });

  it('reads the requested language', async () => {
    const cases: { headers: Record<string, string>; url: string; title: string }[] = [
      { headers: {}, url: '/api/home/products', title: 'Aquarium entry' },
      { headers: { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5' }, url: '/api/home/products', title: 'Toegang aquarium' },
      { headers: { 'accept-language': 'nl' }, url: '/api/home/products?language=fr', title: 'Entrée de l’aquarium' },
      { headers: { 'accept-language': 'ksh' }, url: '/api/home/products', title: 'Eintritt Aquarium' },
      { headers: {}, url: '/api/home/products?language=es', title: 'Entrada al acuario' },
      { headers: { 'accept-language': 'ja' }, url: '/api/home/products', title: 'Aquarium entry' },
    ];
    for (const { headers, url, title } of cases) {
      const home = await get<HomeProducts>(url, headers);
      expect(home.products[0]!.title, JSON.stringify({ headers, url })).toBe(title);
    }
  });
});

describe('GET /api/categories', () => {
  it('lists the served categories with their children and served items', async () => {
    const list = await get<CategoryListItem[]>('/api/categories');
    expect(list.map((category) => category.slug)).toEqual(['day-tickets', 'guided-tours', 'memberships-and-gifts']);
    expect(Object.keys(list[0]!).sort()).toEqual([...LIST_ITEM_KEYS].sort());

    const [dayTickets, guidedTours, memberships] = await ids(categories, 'day-tickets', 'guided-tours', 'memberships-and-gifts');
    const [aquarium, zooDay, behind, school, penguins] = await ids(
      products,
      'aquarium-entry',
      'zoo-day-ticket',
      'behind-the-scenes',
      'school-group-visit',
      'penguin-feeding',
    );
    const [family, online] = await ids(subscriptions, 'family-membership', 'online-aquarium-pass');
    const [gift] = await ids(vouchers, 'gift-voucher');

    expect(list[0]).toMatchObject({
      id: dayTickets,
      title: 'Day tickets',
      parent: null,
      children: [guidedTours],
      state: 'PUBLISHED',
      full: false,
      products: [aquarium, zooDay],
      subscriptions: [],
      vouchers: [],
    });
    expect(list[1]).toMatchObject({ id: guidedTours, parent: dayTickets, children: [], products: [behind, school, penguins] });
    expect(list[2]).toMatchObject({ id: memberships, parent: null, products: [], subscriptions: [family, online], vouchers: [gift] });
  });

  it('leaves out the DRAFT category and answers 404 for it', async () => {
    const list = await get<CategoryListItem[]>('/api/categories');
    expect(list.some((category) => category.slug === 'winter-lights')).toBe(false);
    const [winter] = await ids(categories, 'winter-lights');
    const response = await shop.app.inject({ url: `/api/categories/${winter}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });

  it('translates titles', async () => {
    const list = await get<CategoryListItem[]>('/api/categories', { 'accept-language': 'de' });
    expect(list.map((category) => category.title)).toEqual(['Tagestickets', 'Führungen', 'Jahreskarten & Geschenke']);
  });
});

describe('GET /api/categories/{id}', () => {
  it('answers a category with its children as list items and its items as cards', async () => {
    const [dayTickets, guidedTours] = await ids(categories, 'day-tickets', 'guided-tours');
    const category = await get<Category>(`/api/categories/${dayTickets}`);
    expect(Object.keys(category).sort()).toEqual([...LIST_ITEM_KEYS].sort());
    expect(category).toMatchObject({ id: dayTickets, slug: 'day-tickets', full: true, parent: null, subscriptions: [], vouchers: [] });
    expect(category.description).toBe('<p>Tickets for the aquarium and the zoo, for a morning or a whole day out.</p>');
    expect(category.children).toHaveLength(1);
    expect(category.children[0]).toMatchObject({ id: guidedTours, slug: 'guided-tours', full: false, parent: dayTickets });
    expect(Object.keys(category.children[0]!).sort()).toEqual([...LIST_ITEM_KEYS].sort());
    expect(category.products.map((product) => product.slug)).toEqual(['aquarium-entry', 'zoo-day-ticket']);
    expect(category.products[0]).toMatchObject({ full: false, price: 9.5, label: 'Popular' });
    expect(Object.keys(category.products[0]!).sort()).toEqual([...SUMMARY_KEYS, 'visible'].sort());
  });

  it('answers subscriptions and vouchers of a category as cards', async () => {
    const [memberships] = await ids(categories, 'memberships-and-gifts');
    const category = await get<Category>(`/api/categories/${memberships}`, { 'accept-language': 'nl' });
    expect(category.title).toBe('Abonnementen & cadeaus');
    expect(category.products).toEqual([]);
    expect(category.subscriptions.map((subscription) => [subscription.slug, subscription.type, subscription.price])).toEqual([
      ['family-membership', 'PHYSICAL', 45],
      ['online-aquarium-pass', 'ONLINE', 60],
    ]);
    expect(category.vouchers.map((voucher) => [voucher.slug, voucher.price, voucher.full])).toEqual([['gift-voucher', 25, false]]);
  });

  it('shows only listed items on the page but every served item id in the tree', async () => {
    const [guidedTours] = await ids(categories, 'guided-tours');
    const [night, behind] = await ids(products, 'night-at-the-aquarium', 'behind-the-scenes');
    await shop.db.insert(categoryProducts).values({ categoryId: guidedTours!, productId: night!, sort: 999 });
    await shop.db.update(products).set({ state: 'ARCHIVED' }).where(eq(products.id, behind!));
    try {
      const page = await get<Category>(`/api/categories/${guidedTours}`);
      expect(page.products.map((product) => product.slug)).toEqual(['school-group-visit', 'penguin-feeding']);
      const tree = await get<CategoryListItem[]>('/api/categories');
      const listItem = tree.find((category) => category.id === guidedTours);
      expect(listItem?.products).toContain(night);
      expect(listItem?.products).not.toContain(behind);
    } finally {
      await shop.db.delete(categoryProducts).where(eq(categoryProducts.productId, night!));
      await shop.db.update(products).set({ state: 'PUBLISHED' }).where(eq(products.id, behind!));
    }
  });

  it('leaves a DRAFT child category out of its parent', async () => {
    const [dayTickets, guidedTours] = await ids(categories, 'day-tickets', 'guided-tours');
    await shop.db.update(categories).set({ state: 'DRAFT' }).where(eq(categories.id, guidedTours!));
    try {
      const category = await get<Category>(`/api/categories/${dayTickets}`);
      expect(category.children).toEqual([]);
      const tree = await get<CategoryListItem[]>('/api/categories');
      expect(tree.find((item) => item.id === dayTickets)?.children).toEqual([]);
      expect((await shop.app.inject({ url: `/api/categories/${guidedTours}` })).statusCode).toBe(404);
    } finally {
      await shop.db.update(categories).set({ state: 'PUBLISHED' }).where(eq(categories.id, guidedTours!));
    }
  });

  it('answers 404 for an unknown category', async () => {
    const response = await shop.app.inject({ url: '/api/categories/2147483647' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });
});
