import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeProducts, Product, Subscription, Upsell, Voucher } from '#domain/contracts/catalogue.ts';
import { addDays, PLOT_WINDOW_DAYS } from '#domain/plot-query.ts';
import { organisations, plots, productCrossSells, products, subscriptions, vouchers } from '../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ now: '2026-03-04T08:15:00Z' });
});

afterAll(async () => {
  await shop?.close();
});

const PRODUCT_KEYS = [
  'id',
  'slug',
  'title',
  'description',
  'image',
  'label',
  'state',
  'visible',
  'price',
  'full',
  'types',
  'options',
  'settings',
  'min_quantity',
  'max_quantity',
  'allow_reservations',
  'availability',
  'audiences',
  'upsells',
  'cross_sells',
  'plots',
];
const AUDIENCE_KEYS = ['id', 'name', 'description', 'price', 'min_quantity', 'max_quantity', 'fixed_quantity', 'group', 'dependant', 'hidden'];
const UPSELL_KEYS = ['id', 'title', 'description', 'image', 'price', 'max_quantity', 'upsell_type', 'donation_step'];

async function idOf(table: typeof products | typeof subscriptions | typeof vouchers, slug: string): Promise<number> {
  const [row] = await shop.db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  if (!row) throw new Error(`no ${slug} in the seed`);
  return row.id;
}

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await shop.app.inject({ url, headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=60');
  return response.json<T>();
}

async function expectNotFound(url: string): Promise<void> {
  const response = await shop.app.inject({ url });
  expect(response.statusCode, url).toBe(404);
  expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
}

describe('GET /api/products/{id}', () => {
  it('answers aquarium-entry with its audiences, upsells and cross-sell', async () => {
    const id = await idOf(products, 'aquarium-entry');
    const product = await get<Product>(`/api/products/${id}`);
    expect(Object.keys(product).sort()).toEqual([...PRODUCT_KEYS].sort());
    expect(product).toMatchObject({
      id,
      slug: 'aquarium-entry',
      title: 'Aquarium entry',
      label: 'Popular',
      image: '/images/aquarium-entry.svg',
      state: 'PUBLISHED',
      visible: true,
      full: true,
      types: { price: 'AUDIENCE', capacity: 'LIMITED' },
      options: { days: true, timeslots: true, audiences: true },
      settings: { show_end_time: true, show_availability: true },
      min_quantity: 1,
      max_quantity: 20,
      allow_reservations: false,
      availability: 40,
      plots: [],
    });
    expect(product.description).toMatch(/^<p>Step into the blue world/);

    expect(Object.keys(product.audiences[0]!).sort()).toEqual([...AUDIENCE_KEYS].sort());
    expect(product.audiences.map(({ name, price, dependant, hidden }) => ({ name, price, dependant, hidden }))).toEqual([
      { name: 'Adult', price: 18.5, dependant: false, hidden: false },
      { name: 'Child (4-12)', price: 9.5, dependant: true, hidden: false },
      { name: 'Senior (65+)', price: 15, dependant: false, hidden: false },
    ]);

    expect(Object.keys(product.upsells[0]!).sort()).toEqual([...UPSELL_KEYS].sort());
    expect(product.upsells.map(({ title, price, upsell_type, donation_step }) => ({ title, price, upsell_type, donation_step }))).toEqual([
      { title: 'Audio guide', price: 4, upsell_type: 'STANDARD', donation_step: null },
      { title: 'Fish food cup', price: 2.5, upsell_type: 'STANDARD', donation_step: null },
      { title: 'Support our sea turtles', price: 0, upsell_type: 'DONATION', donation_step: 5 },
    ]);

    expect(product.cross_sells.map((target) => [target.slug, target.full])).toEqual([['penguin-feeding', false]]);
  });

  it('answers the school visit with its fixed-quantity teacher and its hidden staff audience', async () => {
    const product = await get<Product>(`/api/products/${await idOf(products, 'school-group-visit')}`);
    expect(product).toMatchObject({ min_quantity: 10, allow_reservations: true, availability: 60, upsells: [], cross_sells: [] });
    expect(
      product.audiences.map(({ name, price, min_quantity, max_quantity, fixed_quantity, hidden }) => ({
        name,
        price,
        min_quantity,
        max_quantity,
        fixed_quantity,
        hidden,
      })),
    ).toEqual([
      { name: 'Pupil', price: 7, min_quantity: 0, max_quantity: 40, fixed_quantity: false, hidden: false },
      { name: 'Teacher', price: 0, min_quantity: 1, max_quantity: 1, fixed_quantity: true, hidden: false },
      { name: 'Staff', price: 0, min_quantity: 0, max_quantity: 20, fixed_quantity: false, hidden: true },
    ]);
  });

  it.each([
    { slug: 'zoo-guidebook', availability: 999, days: false, price: 12.95, types: { price: 'FIXED', capacity: 'NONE' } },
    { slug: 'zoo-day-ticket', availability: 999, days: true, price: 24, types: { price: 'DAY', capacity: 'NONE' } },
    { slug: 'behind-the-scenes', availability: 8, days: true, price: 35, types: { price: 'TIMESLOT', capacity: 'LIMITED' } },
    { slug: 'night-at-the-aquarium', availability: 30, days: true, price: 49, types: { price: 'FIXED', capacity: 'LIMITED' } },
  ])('answers $slug with availability $availability', async ({ slug, availability, days, price, types }) => {
    const product = await get<Product>(`/api/products/${await idOf(products, slug)}`);
    expect(product).toMatchObject({ slug, availability, price, types, options: { days } });
  });

  it('counts in availability only the plots of the 60-day window that one ticket can be booked on', async () => {
    const id = await idOf(products, 'behind-the-scenes');
    const availability = async () => (await get<Product>(`/api/products/${id}`)).availability;
    // The shop's day is 2026-03-04, 09:15 in Amsterdam; the product's own plots have 8 places.
    const extra = (date: string, startTime: string, capacity: number | null) =>
      shop.db.insert(plots).values({ productId: id, date, startTime, endTime: null, capacity }).returning({ id: plots.id });
    const added: number[] = [];
    try {
      added.push(...(await extra(addDays('2026-03-04', PLOT_WINDOW_DAYS + 1), '20:00:00', 500)).map((row) => row.id));
      added.push(...(await extra('2026-03-04', '07:00:00', 600)).map((row) => row.id));
      expect(await availability()).toBe(8);
      const [last] = await extra(addDays('2026-03-04', PLOT_WINDOW_DAYS), '20:00:00', 500);
      added.push(last!.id);
      expect(await availability()).toBe(500);
      await shop.db.update(plots).set({ maxOrders: 0 }).where(eq(plots.id, last!.id));
      expect(await availability()).toBe(8);
      await shop.db.update(plots).set({ maxOrders: null, capacity: null }).where(eq(plots.id, last!.id));
      expect(await availability()).toBe(999);
    } finally {
      await shop.db.delete(plots).where(inArray(plots.id, added));
    }
    expect(await availability()).toBe(8);
  });

  it('answers a product page read again with what changed in the catalogue since: price and cross-sells', async () => {
    const id = await idOf(products, 'penguin-feeding');
    const guidebook = await idOf(products, 'zoo-guidebook');
    const before = await get<Product>(`/api/products/${id}`);
    const [row] = await shop.db.select({ priceCents: products.priceCents }).from(products).where(eq(products.id, id));
    try {
      await shop.db
        .update(products)
        .set({ priceCents: row!.priceCents + 100 })
        .where(eq(products.id, id));
      expect((await get<Product>(`/api/products/${id}`)).price).toBe(before.price + 1);
      await shop.db.insert(productCrossSells).values({ productId: id, targetProductId: guidebook, sort: 99 });
      expect((await get<Product>(`/api/products/${id}`)).cross_sells.map((target) => target.slug)).toEqual([
        ...before.cross_sells.map((target) => target.slug),
        'zoo-guidebook',
      ]);
    } finally {
      await shop.db.delete(productCrossSells).where(and(eq(productCrossSells.productId, id), eq(productCrossSells.targetProductId, guidebook)));
      await shop.db.update(products).set({ priceCents: row!.priceCents }).where(eq(products.id, id));
    }
    expect(await get<Product>(`/api/products/${id}`)).toEqual(before);
  });

  it('translates, with ksh read as German and unknown languages as the default', async () => {
    const id = await idOf(products, 'aquarium-entry');
    expect((await get<Product>(`/api/products/${id}`, { 'accept-language': 'nl' })).title).toBe('Toegang aquarium');
    expect((await get<Product>(`/api/products/${id}?language=fr`)).title).toBe('Entrée de l’aquarium');
    const german = await get<Product>(`/api/products/${id}`, { 'accept-language': 'ksh' });
    expect(german.title).toBe('Eintritt Aquarium');
    expect(german.label).toBe('Beliebt');
    expect((await get<Product>(`/api/products/${id}?language=xx`, { 'accept-language': 'zz' })).title).toBe('Aquarium entry');
  });

  it('answers in the default language when the shop does not offer the asked one', async () => {
    const id = await idOf(products, 'aquarium-entry');
    await shop.db.update(organisations).set({ languages: ['en', 'nl'] });
    try {
      expect((await get<Product>(`/api/products/${id}?language=fr`)).title).toBe('Aquarium entry');
      expect((await get<Product>(`/api/products/${id}?language=nl`)).title).toBe('Toegang aquarium');
    } finally {
      await shop.db.update(organisations).set({ languages: ['en', 'nl', 'es', 'de', 'fr'] });
    }
  });

  it('falls back to the default language, field by field, when a text lacks the asked language', async () => {
    const [row] = await shop.db
      .insert(products)
      .values({
        slug: 'half-translated',
        priceType: 'FIXED',
        capacityType: 'NONE',
        priceCents: 500,
        texts: { en: { title: 'Only in English', description: '<p>English description</p>', label: 'New' }, nl: { title: 'Alleen de titel' } },
      })
      .returning({ id: products.id });
    try {
      const dutch = await get<Product>(`/api/products/${row!.id}`, { 'accept-language': 'nl' });
      expect(dutch).toMatchObject({ title: 'Alleen de titel', description: '<p>English description</p>', label: 'New', price: 5 });
      const french = await get<Product>(`/api/products/${row!.id}?language=fr`);
      expect(french.title).toBe('Only in English');
    } finally {
      await shop.db.delete(products).where(eq(products.id, row!.id));
    }
  });

  it('sanitises the description it serves', async () => {
    const [row] = await shop.db
      .insert(products)
      .values({
        slug: 'hostile-description',
        priceType: 'FIXED',
        capacityType: 'NONE',
        priceCents: 100,
        texts: {
          en: {
            title: 'Hostile',
            description: '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><p>ok</p>',
          },
        },
      })
      .returning({ id: products.id });
    try {
      const product = await get<Product>(`/api/products/${row!.id}`);
      expect(product.description).toContain('<p>ok</p>');
      expect(product.description).not.toMatch(/script|onerror|javascript:|<img/i);
      const home = await get<HomeProducts>('/api/home/products');
      const card = home.products.find((candidate) => candidate.id === row!.id);
      expect(card?.description).toContain('<p>ok</p>');
      expect(card?.description).not.toMatch(/script|onerror|javascript:/i);
    } finally {
      await shop.db.delete(products).where(eq(products.id, row!.id));
    }
  });

  it('serves INVISIBLE and PUBLISHED products only', async () => {
    const [archived] = await shop.db
      .insert(products)
      .values({ slug: 'old-ticket', state: 'ARCHIVED', priceType: 'FIXED', capacityType: 'NONE', texts: { en: { title: 'Old' } } })
      .returning({ id: products.id });
    const [draft] = await shop.db
      .insert(products)
      .values({ slug: 'next-ticket', state: 'DRAFT', priceType: 'FIXED', capacityType: 'NONE', texts: { en: { title: 'Next' } } })
      .returning({ id: products.id });
    try {
      for (const id of [archived!.id, draft!.id]) {
        await expectNotFound(`/api/products/${id}`);
        await expectNotFound(`/api/products/${id}/upsells`);
        await expectNotFound(`/api/products/${id}/plots`);
      }
      const home = await get<HomeProducts>('/api/home/products');
      expect(home.products.map((product) => product.id)).not.toContain(archived!.id);
      expect(home.products.map((product) => product.id)).not.toContain(draft!.id);
    } finally {
      await shop.db.delete(products).where(eq(products.id, archived!.id));
      await shop.db.delete(products).where(eq(products.id, draft!.id));
    }
  });

  it('answers 404 for an unknown product', async () => {
    await expectNotFound('/api/products/2147483647');
  });
});

describe('GET /api/products/{id}/upsells', () => {
  it('answers the upsells of a product, translated', async () => {
    const upsells = await get<Upsell[]>(`/api/products/${await idOf(products, 'penguin-feeding')}/upsells`);
    expect(upsells).toHaveLength(1);
    expect(Object.keys(upsells[0]!).sort()).toEqual([...UPSELL_KEYS].sort());
    expect(upsells[0]).toMatchObject({ title: 'Penguin photo', price: 8, upsell_type: 'STANDARD', donation_step: null, max_quantity: 999 });
  });

  it('answers an empty list for a product without upsells', async () => {
    expect(await get<Upsell[]>(`/api/products/${await idOf(products, 'zoo-guidebook')}/upsells`)).toEqual([]);
  });
});

describe('GET /api/subscriptions/{id}', () => {
  it('answers the family membership', async () => {
    const id = await idOf(subscriptions, 'family-membership');
    const subscription = await get<Subscription>(`/api/subscriptions/${id}`);
    expect(Object.keys(subscription).sort()).toEqual(
      ['id', 'slug', 'title', 'description', 'image', 'label', 'state', 'type', 'price', 'full', 'audiences', 'upsells', 'redemptions', 'products'].sort(),
    );
    expect(subscription).toMatchObject({ id, slug: 'family-membership', type: 'PHYSICAL', state: 'PUBLISHED', full: true, products: [] });
    expect(subscription.audiences).toEqual([
      expect.objectContaining({ name: 'Adult', price: 89 }),
      expect.objectContaining({ name: 'Child (4-12)', price: 45 }),
      expect.objectContaining({ name: 'Senior (65+)', price: 75 }),
    ]);
    expect(Object.keys(subscription.audiences[0]!).sort()).toEqual(['description', 'id', 'name', 'price']);
    expect(subscription.upsells.map(({ title, price }) => ({ title, price }))).toEqual([{ title: 'Parking pass', price: 30 }]);
  });

  it('answers the online pass with its redemptions and the products it is redeemable against', async () => {
    const subscription = await get<Subscription>(`/api/subscriptions/${await idOf(subscriptions, 'online-aquarium-pass')}`);
    const expected = [await idOf(products, 'aquarium-entry'), await idOf(products, 'penguin-feeding')].sort((a, b) => a - b);
    expect(subscription).toMatchObject({ type: 'ONLINE', redemptions: 10, upsells: [] });
    expect([...subscription.products].sort((a, b) => a - b)).toEqual(expected);
    expect(subscription.audiences.map(({ name, price }) => ({ name, price }))).toEqual([{ name: 'Adult', price: 60 }]);
  });

  it('answers its upsells on their own', async () => {
    const upsells = await get<Upsell[]>(`/api/subscriptions/${await idOf(subscriptions, 'family-membership')}/upsells`, { 'accept-language': 'en' });
    expect(upsells.map(({ title, price }) => ({ title, price }))).toEqual([{ title: 'Parking pass', price: 30 }]);
  });

  it('answers 404 for an unserved or unknown subscription', async () => {
    const [draft] = await shop.db
      .insert(subscriptions)
      .values({ slug: 'draft-pass', state: 'DRAFT', type: 'PHYSICAL', texts: { en: { title: 'Draft' } } })
      .returning({ id: subscriptions.id });
    try {
      await expectNotFound(`/api/subscriptions/${draft!.id}`);
      await expectNotFound(`/api/subscriptions/${draft!.id}/upsells`);
      await expectNotFound('/api/subscriptions/2147483647');
    } finally {
      await shop.db.delete(subscriptions).where(eq(subscriptions.id, draft!.id));
    }
  });
});

describe('GET /api/vouchers/{id}', () => {
  it('answers the gift voucher with its values', async () => {
    const id = await idOf(vouchers, 'gift-voucher');
    const voucher = await get<Voucher>(`/api/vouchers/${id}`);
    expect(Object.keys(voucher).sort()).toEqual(
      ['id', 'slug', 'title', 'description', 'image', 'label', 'state', 'price', 'full', 'values', 'min_quantity', 'max_quantity', 'settings'].sort(),
    );
    expect(voucher).toMatchObject({ id, slug: 'gift-voucher', full: true, min_quantity: 1, max_quantity: 10, settings: { show_end_time: false } });
    expect(Object.keys(voucher.values[0]!).sort()).toEqual(['availability', 'description', 'id', 'name', 'price']);
    expect(voucher.values.map(({ price, availability }) => ({ price, availability }))).toEqual([
      { price: 25, availability: null },
      { price: 50, availability: 100 },
      { price: 100, availability: 3 },
    ]);
  });

  it('answers 404 for an archived or unknown voucher', async () => {
    const [archived] = await shop.db
      .insert(vouchers)
      .values({ slug: 'old-voucher', state: 'ARCHIVED', texts: { en: { title: 'Old' } } })
      .returning({ id: vouchers.id });
    try {
      await expectNotFound(`/api/vouchers/${archived!.id}`);
      await expectNotFound('/api/vouchers/2147483647');
    } finally {
      await shop.db.delete(vouchers).where(eq(vouchers.id, archived!.id));
    }
  });
});
