/**
 * The demo shop seed (docs/demo-shop.md), checked by what must hold of ANY shop the seed writes rather
 * than by a copy of its data: every text in all five languages, prices and quantities that make sense,
 * plots ahead for every served dated product, ids that point at rows that exist, the documented demo
 * client, coupons and gift cards working through the API; and seeding again, or topping the plots up,
 * changes only what it should.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc, eq, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServedState } from '#domain/catalogue-state.ts';
import { isEmail } from '#domain/validation/field-rules.ts';
import type { Database } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema/index.ts';
import { addDays, daysBetween, weekdayOf } from '../../server/db/seed/calendar-days.ts';
import { PLOT_SCHEDULES, PLOTTED_PRODUCT_SLUGS } from '../../server/db/seed/plot-schedules.ts';
import { PLOT_HORIZON_DAYS } from '../../server/db/seed/plots.ts';
import { extendDemoPlots, seedDemoShop } from '../../server/db/seed/seed-demo-shop.ts';
import { todayIn } from '../../server/db/seed/today.ts';
import { LANGUAGES, type Language } from '#domain/languages.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

const {
  additions,
  audiences,
  categories,
  categoryProducts,
  categorySubscriptions,
  categoryVouchers,
  clientFieldValues,
  clients,
  clientSubscriptions,
  coupons,
  customerFields,
  faqQuestions,
  giftCards,
  organisations,
  plots,
  productAudiences,
  products,
  productUpsells,
  subscriptionAudiences,
  subscriptionProducts,
  subscriptions,
  upsells,
  voucherValues,
  vouchers,
} = schema;

// The real today, so "expired" and "valid for a year" mean what they say against the clock.
const TODAY = todayIn('Europe/Amsterdam');
/** How far ahead the storefront's calendar looks (spec: 60 days of plots). */
const CALENDAR_DAYS = 60;
/** The codes README.md and docs/demo-shop.md give to visitors. */
const DEMO_COUPONS = ['SUMMER10', 'FIVEOFF', 'FAMILY25'];
const DEMO_GIFT_CARDS = ['GIFT-DEMO-2500', 'GIFT-DEMO-FOREVER'];
const DEMO_CLIENT = { email: 'demo@tidewater.example', password: 'tidewater-demo' };

let shop: TestShop;
let db: Database;

beforeAll(async () => {
  // Migrated and seeded on a real database (PGlite, or PostgreSQL in server:postgres), as a start would.
  shop = await createTestShop({ now: new Date().toISOString() });
  db = shop.db;
});

afterAll(async () => {
  await shop?.close();
});

const ids = async (rows: Promise<{ id: number }[]>) => new Set((await rows).map((row) => row.id));

async function signIn(): Promise<string> {
  const response = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: DEMO_CLIENT });
  expect(response.statusCode, response.body).toBe(200);
  const raw = response.headers['set-cookie'];
  return ((Array.isArray(raw) ? raw : [raw ?? '']).find((line) => line.startsWith('shop_session=')) ?? '').split(';')[0] ?? '';
}

/** Every plotted demo product has, on every day in [from, until], exactly its schedule's slots, places and weekly sales. */
async function expectFollowsSchedules(from: string, until: string): Promise<void> {
  for (const slug of PLOTTED_PRODUCT_SLUGS) {
    const schedule = PLOT_SCHEDULES[slug];
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
    const rows = await db
      .select()
      .from(plots)
      .where(eq(plots.productId, product?.id ?? -1))
      .orderBy(asc(plots.date), asc(plots.startTime));
    const byDay = new Map<string, typeof rows>();
    for (const row of rows) byDay.set(row.date, [...(byDay.get(row.date) ?? []), row]);
    expect(rows.at(-1)?.date, slug).toBe([...byDay.keys()].filter((day) => day <= until).at(-1));
    for (const day of daysBetween(from, until)) {
      const onDay = byDay.get(day) ?? [];
      const slots = schedule.slotsOn(weekdayOf(day));
      expect(
        onDay.map((plot) => [plot.startTime, plot.endTime]),
        `${slug} ${day}`,
      ).toEqual(slots.map((slot) => [slot.start, slot.end]));
      for (const plot of onDay) {
        expect(plot.capacity, `${slug} ${day}`).toBe(schedule.capacity);
        const weekly = schedule.weekly?.find((rule) => rule.weekday === weekdayOf(day) && rule.start === plot.startTime);
        if (weekly && plot.capacity !== null) expect(plot.capacity - plot.sold, `${slug} ${day} ${plot.startTime}`).toBe(weekly.placesLeft);
      }
    }
  }
}

describe('organisation', () => {
  it('is one shop whose languages, currency, timezone and addresses are usable', async () => {
    const rows = await db.select().from(organisations);
    expect(rows).toHaveLength(1);
    const [organisation] = rows;
    expect([...(organisation?.languages ?? [])].sort()).toEqual([...LANGUAGES].sort());
    expect(organisation?.languages).toContain(organisation?.defaultLanguage);
    expect(organisation?.currency).toMatch(/^[A-Z]{3}$/);
    expect(() => new Intl.DateTimeFormat('en', { timeZone: organisation?.timezone })).not.toThrow();
    expect(organisation?.themeColour).toMatch(/^[0-9a-f]{6}$/i);
    for (const email of [organisation?.email, organisation?.notificationEmail]) if (email) expect(isEmail(email), email).toBe(true);
    expect(organisation?.holdMinutes).toBeGreaterThan(0);
  });

  it('has additions that cost something and a FAQ', async () => {
    const fees = await db.select().from(additions);
    expect(fees.length).toBeGreaterThan(0);
    for (const fee of fees) expect(fee.amountCents, fee.texts.en?.name).toBeGreaterThan(0);
    expect(await db.$count(faqQuestions)).toBeGreaterThan(0);
  });
});

describe('catalogue', () => {
  it('has served products, each sold at a positive price', async () => {
    const rows = await db.select().from(products);
    const served = rows.filter((product) => isServedState(product.state));
    expect(served.length).toBeGreaterThan(0);
    const offers = await db.select().from(productAudiences);
    for (const product of served) {
      if (product.priceType === 'AUDIENCE') {
        // Priced per audience: some audience a visitor can choose costs something.
        const visible = offers.filter((offer) => offer.productId === product.id && !offer.hidden);
        expect(
          visible.some((offer) => offer.priceCents > 0),
          product.slug,
        ).toBe(true);
      } else {
        expect(product.priceCents, product.slug).toBeGreaterThan(0);
      }
    }
  });

  it('has quantities that allow an order: min ≤ max, a fixed quantity is one number', async () => {
    for (const product of await db.select().from(products)) {
      expect(product.minQuantity, product.slug).toBeLessThanOrEqual(product.maxQuantity);
      expect(product.maxQuantity, product.slug).toBeGreaterThan(0);
    }
    for (const offer of await db.select().from(productAudiences)) {
      expect(offer.minQuantity, `audience ${offer.audienceId} of ${offer.productId}`).toBeLessThanOrEqual(offer.maxQuantity);
      if (offer.fixedQuantity) expect(offer.minQuantity).toBe(offer.maxQuantity);
    }
    for (const voucher of await db.select().from(vouchers)) expect(voucher.minQuantity, voucher.slug).toBeLessThanOrEqual(voucher.maxQuantity);
  });

  it('prices extras, subscriptions and voucher values above zero', async () => {
    for (const upsell of await db.select().from(upsells)) {
      if (upsell.upsellType === 'DONATION') expect(upsell.donationStepCents, upsell.texts.en?.title).toBeGreaterThan(0);
      else expect(upsell.priceCents, upsell.texts.en?.title).toBeGreaterThan(0);
    }
    const subscriptionPrices = await db.select().from(subscriptionAudiences);
    for (const subscription of await db.select().from(subscriptions)) {
      const own = subscriptionPrices.filter((row) => row.subscriptionId === subscription.id);
      expect(own.length, subscription.slug).toBeGreaterThan(0);
      for (const row of own) expect(row.priceCents, subscription.slug).toBeGreaterThan(0);
    }
    for (const value of await db.select().from(voucherValues)) expect(value.priceCents).toBeGreaterThan(0);
  });

  it('lists every published category with something in it, and every id points at a row that exists', async () => {
    const productIds = await ids(db.select({ id: products.id }).from(products));
    const subscriptionIds = await ids(db.select({ id: subscriptions.id }).from(subscriptions));
    const voucherIds = await ids(db.select({ id: vouchers.id }).from(vouchers));
    const categoryRows = await db.select().from(categories);
    const categoryIds = new Set(categoryRows.map((row) => row.id));
    for (const category of categoryRows) if (category.parentId !== null) expect(categoryIds.has(category.parentId), category.slug).toBe(true);

    const filled = new Set([
      ...(await db.select({ id: categoryProducts.categoryId }).from(categoryProducts)).map((row) => row.id),
      ...(await db.select({ id: categorySubscriptions.categoryId }).from(categorySubscriptions)).map((row) => row.id),
      ...(await db.select({ id: categoryVouchers.categoryId }).from(categoryVouchers)).map((row) => row.id),
    ]);
    for (const category of categoryRows.filter((row) => row.state === 'PUBLISHED')) expect(filled.has(category.id), category.slug).toBe(true);

    // Ids kept in JSON columns have no foreign key to guard them.
    for (const field of await db.select().from(customerFields)) {
      for (const id of field.products) expect(productIds.has(id), `${field.name} → product ${id}`).toBe(true);
      for (const id of field.subscriptions) expect(subscriptionIds.has(id), `${field.name} → subscription ${id}`).toBe(true);
      for (const id of field.vouchers) expect(voucherIds.has(id), `${field.name} → voucher ${id}`).toBe(true);
    }
    for (const coupon of await db.select().from(coupons)) {
      for (const id of coupon.products) expect(productIds.has(id), `${coupon.code} → product ${id}`).toBe(true);
      for (const id of coupon.subscriptions) expect(subscriptionIds.has(id), `${coupon.code} → subscription ${id}`).toBe(true);
    }
    // A subscription redeems products that exist and are served.
    const redeemable = await db
      .select({ state: products.state })
      .from(subscriptionProducts)
      .innerJoin(products, eq(products.id, subscriptionProducts.productId));
    for (const row of redeemable) expect(isServedState(row.state)).toBe(true);
    // Every product's upsells and audiences are there (foreign keys), and an audience product offers some.
    for (const product of await db.select().from(products).where(eq(products.hasAudiences, true))) {
      expect(await db.$count(productAudiences, eq(productAudiences.productId, product.id)), product.slug).toBeGreaterThan(0);
    }
    expect(await db.$count(productUpsells)).toBeGreaterThan(0);
    expect(await db.$count(audiences)).toBeGreaterThan(0);
  });

  it('has customer fields with unique names, the three every order needs, and labelled options', async () => {
    const fields = await db.select().from(customerFields).orderBy(asc(customerFields.sort));
    expect(new Set(fields.map((field) => field.name)).size).toBe(fields.length);
    const required = new Map(fields.filter((field) => field.required).map((field) => [field.type, field]));
    for (const type of ['FIRST_NAME', 'LAST_NAME', 'EMAIL'] as const) expect(required.has(type), type).toBe(true);
    for (const field of fields.filter((row) => row.type === 'DROPDOWN')) {
      expect(field.options.length, field.name).toBeGreaterThan(0);
      for (const option of field.options)
        for (const language of LANGUAGES) expect(option.labels[language], `${field.name}.${option.value}.${language}`).toMatch(/\S/);
    }
  });
});

describe('plots', () => {
  it('every served product with days has plots on the coming days, for the whole calendar ahead', async () => {
    const dated = (await db.select().from(products).where(eq(products.hasDays, true))).filter((product) => isServedState(product.state));
    expect(dated.length).toBeGreaterThan(0);
    const lastCalendarDay = addDays(TODAY, CALENDAR_DAYS);
    for (const product of dated) {
      const days = new Set(
        (
          await db
            .select({ date: plots.date })
            .from(plots)
            .where(sql`${plots.productId} = ${product.id} and ${plots.date} >= ${TODAY}`)
        ).map((row) => row.date),
      );
      // The last plot lies beyond the calendar, and no week of it is without one (weekly schedules).
      expect([...days].sort().at(-1)! >= lastCalendarDay, product.slug).toBe(true);
      const calendar = daysBetween(TODAY, lastCalendarDay);
      for (let week = 0; week + 7 <= calendar.length; week += 7) {
        expect(
          calendar.slice(week, week + 7).some((day) => days.has(day)),
          `${product.slug} in the week of ${calendar[week]}`,
        ).toBe(true);
      }
    }
  });

  it('gives a product without days no plots, and every plot a sensible slot', async () => {
    const productRows = await db.select().from(products);
    const byId = new Map(productRows.map((product) => [product.id, product]));
    for (const product of productRows.filter((row) => !row.hasDays)) expect(await db.$count(plots, eq(plots.productId, product.id)), product.slug).toBe(0);
    for (const plot of await db.select().from(plots)) {
      const product = byId.get(plot.productId)!;
      const what = `${product.slug} ${plot.date} ${plot.startTime}`;
      if (product.hasTimeslots) expect(plot.startTime !== null && plot.endTime !== null && plot.startTime < plot.endTime, what).toBe(true);
      else expect(plot.startTime, what).toBeNull();
      if (product.capacityType === 'LIMITED') expect(plot.capacity, what).toBeGreaterThan(0);
      if (plot.capacity !== null) expect(plot.sold, what).toBeLessThanOrEqual(plot.capacity);
      if (plot.priceCents !== null) expect(plot.priceCents, what).toBeGreaterThan(0);
      if (plot.maxOrders !== null) expect(plot.maxOrders, what).toBeGreaterThan(0);
    }
  });

  it('shows sold-out and nearly full slots next to free ones (what the demo is for)', async () => {
    const limited = await db
      .select()
      .from(plots)
      .where(sql`${plots.capacity} is not null and ${plots.date} >= ${TODAY}`);
    expect(limited.filter((plot) => plot.sold === plot.capacity).length).toBeGreaterThan(0);
    expect(limited.filter((plot) => plot.sold < (plot.capacity ?? 0) && (plot.capacity ?? 0) - plot.sold <= 3).length).toBeGreaterThan(0);
    expect(limited.filter((plot) => plot.sold === 0).length).toBeGreaterThan(limited.length / 2);
  });
});

describe('demo client, coupons and gift cards', () => {
  it('the documented demo client signs in, with saved details and a pass that can still be used', async () => {
    const cookie = await signIn();
    const me = await shop.app.inject({ method: 'GET', url: '/api/client', headers: { cookie } });
    expect(me.statusCode, me.body).toBe(200);
    const wrong = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { ...DEMO_CLIENT, password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);

    const [client] = await db.select().from(clients).where(eq(clients.email, DEMO_CLIENT.email));
    expect(await db.$count(clientFieldValues, eq(clientFieldValues.clientId, client?.id ?? -1))).toBeGreaterThan(0);
    const passes = await db
      .select()
      .from(clientSubscriptions)
      .where(eq(clientSubscriptions.clientId, client?.id ?? -1));
    expect(passes.length).toBeGreaterThan(0);
    for (const pass of passes) {
      expect(pass.expiresOn === null || pass.expiresOn > TODAY).toBe(true);
      // -1: unlimited (the family membership); a counted card has visits left.
      expect(pass.availableRedemptions === -1 || pass.availableRedemptions > 0).toBe(true);
      expect(pass.token).not.toBe(pass.hash);
    }
  });

  it('accepts every documented coupon and gift card through the API', async () => {
    const cookie = await signIn();
    const served = (await db.select().from(products)).filter((product) => isServedState(product.state)).map((product) => product.id);
    for (const code of [...DEMO_COUPONS, ...DEMO_GIFT_CARDS]) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/coupon',
        headers: { cookie },
        payload: { type: 'PRODUCT', products: served, coupon: code },
      });
      expect(response.statusCode, `${code}: ${response.body}`).toBe(200);
      expect(response.json().type).toBe(DEMO_GIFT_CARDS.includes(code) ? 'VOUCHER' : 'COUPON');
    }
  });

  it('keeps every coupon and gift card well-formed: upper-case unique codes, real discounts, credit', async () => {
    const couponRows = await db.select().from(coupons);
    const cardRows = await db.select().from(giftCards);
    const codes = [...couponRows.map((row) => row.code), ...cardRows.map((row) => row.code)];
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toBe(code.trim().toUpperCase());
    for (const coupon of couponRows) {
      expect(coupon.value, coupon.code).toBeGreaterThan(0);
      if (coupon.discountType === 'PERCENTAGE') expect(coupon.value, coupon.code).toBeLessThanOrEqual(10_000);
      if (coupon.usageLimit !== null) expect(coupon.usedCount, coupon.code).toBeLessThanOrEqual(coupon.usageLimit);
    }
    for (const card of cardRows) expect(card.creditCents, card.code).toBeGreaterThan(0);
  });
});

describe('translations', () => {
  type AnyTexts = Partial<Record<Language, Partial<Record<string, string>>>>;
  const translated: [string, () => Promise<{ texts: AnyTexts }[]>, string[]][] = [
    ['organisations', () => db.select({ texts: organisations.texts }).from(organisations), ['name']],
    ['categories', () => db.select({ texts: categories.texts }).from(categories), ['title', 'description']],
    ['products', () => db.select({ texts: products.texts }).from(products), ['title', 'description', 'label']],
    ['audiences', () => db.select({ texts: audiences.texts }).from(audiences), ['name']],
    ['upsells', () => db.select({ texts: upsells.texts }).from(upsells), ['title', 'description']],
    ['subscriptions', () => db.select({ texts: subscriptions.texts }).from(subscriptions), ['title', 'description', 'label']],
    ['vouchers', () => db.select({ texts: vouchers.texts }).from(vouchers), ['title', 'description', 'label']],
    ['voucher_values', () => db.select({ texts: voucherValues.texts }).from(voucherValues), ['name']],
    ['customer_fields', () => db.select({ texts: customerFields.texts }).from(customerFields), ['label']],
    ['additions', () => db.select({ texts: additions.texts }).from(additions), ['name']],
    ['faq_questions', () => db.select({ texts: faqQuestions.texts }).from(faqQuestions), ['question', 'answer']],
  ];

  it.each(translated)('%s have every text in all five languages', async (_name, load, keys) => {
    const rows = await load();
    expect(rows.length).toBeGreaterThan(0);
    for (const { texts } of rows) {
      for (const language of LANGUAGES) {
        const inLanguage = texts[language] ?? {};
        for (const key of keys) expect(inLanguage[key], `${language}.${key} of ${JSON.stringify(texts.en)}`).toMatch(/\S/);
      }
    }
  });
});

describe('images', () => {
  it('every image path points at a file in public/', async () => {
    const paths = [
      ...(await db.select({ image: products.image }).from(products)),
      ...(await db.select({ image: categories.image }).from(categories)),
      ...(await db.select({ image: subscriptions.image }).from(subscriptions)),
      ...(await db.select({ image: vouchers.image }).from(vouchers)),
      ...(await db.select({ image: upsells.image }).from(upsells)),
      ...(await db.select({ image: organisations.logo }).from(organisations)),
    ].flatMap((row) => (row.image ? [row.image] : []));
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) expect(existsSync(fileURLToPath(new URL(`../../public${path}`, import.meta.url))), path).toBe(true);
  });
});

describe('the plot schedules', () => {
  it('the seeded plots follow their weekly schedules up to the horizon', async () => {
    await expectFollowsSchedules(TODAY, addDays(TODAY, PLOT_HORIZON_DAYS));
  });
});

describe('running again', () => {
  const everyTable = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

  async function rowCounts(): Promise<number[]> {
    return Promise.all(everyTable.map((table) => db.$count(table)));
  }

  it('seeding twice changes nothing', async () => {
    expect(everyTable.length).toBeGreaterThan(20);
    const before = await rowCounts();
    expect(await seedDemoShop(db, { today: TODAY })).toEqual({ seeded: false });
    expect(await rowCounts()).toEqual(before);
  });

  it('extendDemoPlots on the same day adds nothing', async () => {
    expect(await extendDemoPlots(db, { today: TODAY })).toEqual({ inserted: 0 });
  });

  it('extendDemoPlots tops plots up to the new horizon by the same schedules, once', async () => {
    const later = addDays(TODAY, 10);
    const newDays = daysBetween(addDays(TODAY, PLOT_HORIZON_DAYS + 1), addDays(later, PLOT_HORIZON_DAYS));
    const expected = PLOTTED_PRODUCT_SLUGS.reduce(
      (sum, slug) => sum + newDays.reduce((daySum, day) => daySum + PLOT_SCHEDULES[slug].slotsOn(weekdayOf(day)).length, 0),
      0,
    );

    expect(await extendDemoPlots(db, { today: later })).toEqual({ inserted: expected });
    await expectFollowsSchedules(TODAY, addDays(later, PLOT_HORIZON_DAYS));
    expect(await extendDemoPlots(db, { today: later })).toEqual({ inserted: 0 });
  });

  it('extendDemoPlots ignores demo slugs that no longer exist', async () => {
    const [night] = await db.select().from(products).where(eq(products.slug, 'night-at-the-aquarium'));
    if (!night) throw new Error('no night-at-the-aquarium');
    await db
      .transaction(async (tx) => {
        await tx.update(products).set({ slug: 'renamed-night' }).where(eq(products.id, night.id));
        const before = await tx.$count(plots, eq(plots.productId, night.id));
        const { inserted } = await extendDemoPlots(tx, { today: addDays(TODAY, 30) });
        expect(await tx.$count(plots, eq(plots.productId, night.id))).toBe(before);
        expect(inserted).toBeGreaterThan(0);
        tx.rollback();
      })
      .catch((error: unknown) => {
        // rollback() rejects the transaction on purpose; anything else is a real failure.
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect((await db.select({ id: products.id }).from(products).where(eq(products.slug, 'night-at-the-aquarium')))[0]?.id).toBe(night.id);
  });
});

describe('todayIn', () => {
  it('gives the calendar day in the timezone, not in UTC', () => {
    expect(todayIn('Europe/Amsterdam', new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(todayIn('UTC', new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-01');
  });
});
