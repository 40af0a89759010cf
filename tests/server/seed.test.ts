/**
 * The demo shop seed (docs/demo-shop.md): the documented facts other tests rely on, complete
 * translations, idempotence, and the plot top-up.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { verify } from '@node-rs/argon2';
import { asc, eq, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldApplies } from '../../src/domain/field-applicability.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema/index.ts';
import { addDays, daysBetween, weekdayOf } from '../../server/db/seed/calendar-days.ts';
import { PLOT_SCHEDULES, PLOTTED_PRODUCT_SLUGS } from '../../server/db/seed/plot-schedules.ts';
import { PLOT_HORIZON_DAYS } from '../../server/db/seed/plots.ts';
import { extendDemoPlots, seedDemoShop } from '../../server/db/seed/seed-demo-shop.ts';
import { todayIn } from '../../server/db/seed/today.ts';
import { LANGUAGES, type Language } from '../../src/domain/languages.ts';

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
  productCrossSells,
  products,
  productUpsells,
  subscriptionAudiences,
  subscriptionProducts,
  subscriptions,
  subscriptionUpsells,
  upsells,
  voucherValues,
  vouchers,
} = schema;

// The real today, so "expired" and "expires in a year" mean what they say against the clock.
const TODAY = todayIn('Europe/Amsterdam');
const SATURDAY = 6;
const SUNDAY = 0;

let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  db = database.db;
  const started = performance.now();
  const result = await seedDemoShop(db, { today: TODAY });
  console.log(`seedDemoShop took ${Math.round(performance.now() - started)} ms`);
  expect(result).toEqual({ seeded: true });
});

afterAll(async () => {
  await database?.close();
});

async function productBySlug(slug: string) {
  const [product] = await db.select().from(products).where(eq(products.slug, slug));
  if (!product) throw new Error(`no product ${slug}`);
  return product;
}

async function audienceIdByName(name: string): Promise<number> {
  const [audience] = await db
    .select({ id: audiences.id })
    .from(audiences)
    .where(sql`${audiences.texts}->'en'->>'name' = ${name}`);
  if (!audience) throw new Error(`no audience ${name}`);
  return audience.id;
}

async function plotsOf(slug: string) {
  const product = await productBySlug(slug);
  return db.select().from(plots).where(eq(plots.productId, product.id)).orderBy(asc(plots.date), asc(plots.startTime));
}

function nextDay(weekday: number, from = TODAY): string {
  let day = from;
  while (weekdayOf(day) !== weekday) day = addDays(day, 1);
  return day;
}

describe('organisation', () => {
  it('is Tidewater with the documented settings, fees and FAQ', async () => {
    const rows = await db.select().from(organisations);
    expect(rows).toHaveLength(1);
    const [organisation] = rows;
    expect(organisation).toMatchObject({
      currency: 'EUR',
      timezone: 'Europe/Amsterdam',
      defaultLanguage: 'en',
      languages: ['en', 'nl', 'es', 'de', 'fr'],
      themeColour: '1abc9c',
      logo: '/images/logo.svg',
      allowShoppingCart: true,
      allowBusiness: true,
      securityEnabled: false,
      captchaSiteKey: null,
      faqEnabled: true,
      phoneNumber: '+31 20 123 4567',
      email: 'hello@tidewater.example',
      whatsappUrl: 'https://wa.me/31201234567',
      openingHoursUrl: 'https://tidewater.example/opening-hours',
      rebookingAllowed: true,
      rebookingSecret: 'tidewater-rebook',
      holdMinutes: 15,
      notificationEmail: 'office@tidewater.example',
    });
    expect(organisation?.texts.en?.name).toBe('Tidewater Zoo & Aquarium');
    expect(organisation?.businessFields).toEqual(
      expect.arrayContaining([
        { type: 'COMPANY', invoice: true },
        { type: 'VAT_ID', invoice: true },
        { type: 'ADDRESS', invoice: false },
        { type: 'ZIPCODE', invoice: false },
        { type: 'CITY', invoice: false },
      ]),
    );

    const fees = await db.select().from(additions).orderBy(asc(additions.type));
    expect(fees.map(({ amountCents, type, texts }) => ({ amountCents, type, name: texts.en?.name }))).toEqual([
      { amountCents: 100, type: 0, name: 'Booking fee' },
      { amountCents: 250, type: 1, name: 'Rebooking fee' },
    ]);
    expect(await db.$count(faqQuestions)).toBeGreaterThanOrEqual(5);
  });
});

describe('catalogue', () => {
  it('has the categories, their states, parent and items', async () => {
    const rows = await db.select().from(categories);
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    expect([...bySlug.keys()].sort()).toEqual(['day-tickets', 'guided-tours', 'memberships-and-gifts', 'winter-lights']);
    expect(bySlug.get('winter-lights')?.state).toBe('DRAFT');
    expect(bySlug.get('guided-tours')?.parentId).toBe(bySlug.get('day-tickets')?.id);
    expect(bySlug.get('day-tickets')?.parentId).toBeNull();

    const productSlugsIn = async (slug: string) =>
      (
        await db
          .select({ slug: products.slug })
          .from(categoryProducts)
          .innerJoin(products, eq(products.id, categoryProducts.productId))
          .where(eq(categoryProducts.categoryId, bySlug.get(slug)?.id ?? -1))
      )
        .map((row) => row.slug)
        .sort();
    expect(await productSlugsIn('day-tickets')).toEqual(['aquarium-entry', 'zoo-day-ticket']);
    expect(await productSlugsIn('guided-tours')).toEqual(['behind-the-scenes', 'penguin-feeding', 'school-group-visit']);

    const gifts = bySlug.get('memberships-and-gifts')?.id ?? -1;
    const subscriptionSlugs = await db
      .select({ slug: subscriptions.slug })
      .from(categorySubscriptions)
      .innerJoin(subscriptions, eq(subscriptions.id, categorySubscriptions.subscriptionId))
      .where(eq(categorySubscriptions.categoryId, gifts));
    expect(subscriptionSlugs.map((row) => row.slug).sort()).toEqual(['family-membership', 'online-aquarium-pass']);
    const voucherSlugs = await db
      .select({ slug: vouchers.slug })
      .from(categoryVouchers)
      .innerJoin(vouchers, eq(vouchers.id, categoryVouchers.voucherId))
      .where(eq(categoryVouchers.categoryId, gifts));
    expect(voucherSlugs.map((row) => row.slug)).toEqual(['gift-voucher']);

    const guidebook = await productBySlug('zoo-guidebook');
    expect(await db.$count(categoryProducts, eq(categoryProducts.productId, guidebook.id))).toBe(0);
  });

  it('has aquarium-entry with its audiences, upsells and cross-sell', async () => {
    const aquarium = await productBySlug('aquarium-entry');
    expect(aquarium).toMatchObject({
      state: 'PUBLISHED',
      visible: true,
      priceType: 'AUDIENCE',
      capacityType: 'LIMITED',
      hasDays: true,
      hasTimeslots: true,
      hasAudiences: true,
      showEndTime: true,
      showAvailability: true,
      minQuantity: 1,
      maxQuantity: 20,
      image: '/images/aquarium-entry.svg',
    });
    // Long enough for the storefront's "read more" toggle, in every language.
    for (const language of LANGUAGES) expect(aquarium.texts[language]?.description?.length).toBeGreaterThan(100);

    const offers = await db.select().from(productAudiences).where(eq(productAudiences.productId, aquarium.id));
    const byAudience = new Map(offers.map((offer) => [offer.audienceId, offer]));
    expect(byAudience.get(await audienceIdByName('Adult'))).toMatchObject({ priceCents: 1850, dependant: false });
    expect(byAudience.get(await audienceIdByName('Child (4-12)'))).toMatchObject({ priceCents: 950, dependant: true });
    expect(byAudience.get(await audienceIdByName('Senior (65+)'))).toMatchObject({ priceCents: 1500, dependant: false });
    expect(offers).toHaveLength(3);

    const extras = await db
      .select({ upsell: upsells })
      .from(productUpsells)
      .innerJoin(upsells, eq(upsells.id, productUpsells.upsellId))
      .where(eq(productUpsells.productId, aquarium.id))
      .orderBy(asc(productUpsells.sort));
    expect(extras.map(({ upsell }) => [upsell.texts.en?.title, upsell.upsellType, upsell.priceCents, upsell.donationStepCents])).toEqual([
      ['Audio guide', 'STANDARD', 400, null],
      ['Fish food cup', 'STANDARD', 250, null],
      ['Support our sea turtles', 'DONATION', 0, 500],
    ]);

    const penguins = await productBySlug('penguin-feeding');
    expect(await db.select({ target: productCrossSells.targetProductId }).from(productCrossSells).where(eq(productCrossSells.productId, aquarium.id))).toEqual([
      { target: penguins.id },
    ]);
    expect(await db.select({ target: productCrossSells.targetProductId }).from(productCrossSells).where(eq(productCrossSells.productId, penguins.id))).toEqual([
      { target: aquarium.id },
    ]);
  });

  it('has the other products as documented', async () => {
    expect(await productBySlug('zoo-day-ticket')).toMatchObject({ priceType: 'DAY', capacityType: 'NONE', priceCents: 2400, hasDays: true, hasTimeslots: false, hasAudiences: false, minQuantity: 1, maxQuantity: 10 });
    expect(await productBySlug('zoo-guidebook')).toMatchObject({ state: 'PUBLISHED', priceType: 'FIXED', capacityType: 'NONE', priceCents: 1295, hasDays: false, minQuantity: 1, maxQuantity: 5 });
    expect(await productBySlug('behind-the-scenes')).toMatchObject({ priceType: 'TIMESLOT', capacityType: 'LIMITED', priceCents: 3500, allowReservations: true, showEndTime: true, hasAudiences: false });
    expect(await productBySlug('night-at-the-aquarium')).toMatchObject({ state: 'INVISIBLE', visible: false, priceType: 'FIXED', capacityType: 'LIMITED', priceCents: 4900 });

    const school = await productBySlug('school-group-visit');
    expect(school).toMatchObject({ priceType: 'AUDIENCE', capacityType: 'LIMITED', allowReservations: true, minQuantity: 10 });
    const offers = await db.select().from(productAudiences).where(eq(productAudiences.productId, school.id));
    const byAudience = new Map(offers.map((offer) => [offer.audienceId, offer]));
    expect(byAudience.get(await audienceIdByName('Pupil'))).toMatchObject({ priceCents: 700, maxQuantity: 40, hidden: false });
    expect(byAudience.get(await audienceIdByName('Teacher'))).toMatchObject({ priceCents: 0, fixedQuantity: true, minQuantity: 1, maxQuantity: 1 });
    expect(byAudience.get(await audienceIdByName('Staff'))).toMatchObject({ priceCents: 0, hidden: true });

    const penguins = await productBySlug('penguin-feeding');
    const penguinOffers = await db.select().from(productAudiences).where(eq(productAudiences.productId, penguins.id));
    const penguinByAudience = new Map(penguinOffers.map((offer) => [offer.audienceId, offer]));
    expect(penguinByAudience.get(await audienceIdByName('Adult'))).toMatchObject({ priceCents: 600 });
    expect(penguinByAudience.get(await audienceIdByName('Child (4-12)'))).toMatchObject({ priceCents: 400, dependant: true });
    const photo = await db
      .select({ price: upsells.priceCents })
      .from(productUpsells)
      .innerJoin(upsells, eq(upsells.id, productUpsells.upsellId))
      .where(eq(productUpsells.productId, penguins.id));
    expect(photo).toEqual([{ price: 800 }]);
  });

  it('has the subscriptions with their audiences, upsell and redeemable products', async () => {
    const [family] = await db.select().from(subscriptions).where(eq(subscriptions.slug, 'family-membership'));
    const [online] = await db.select().from(subscriptions).where(eq(subscriptions.slug, 'online-aquarium-pass'));
    expect(family).toMatchObject({ type: 'PHYSICAL', validityDays: 365 });
    expect(online).toMatchObject({ type: 'ONLINE', redemptions: 10 });

    const prices = async (subscriptionId: number) =>
      new Map(
        (await db.select().from(subscriptionAudiences).where(eq(subscriptionAudiences.subscriptionId, subscriptionId))).map((row) => [
          row.audienceId,
          row.priceCents,
        ]),
      );
    const familyPrices = await prices(family?.id ?? -1);
    expect(familyPrices.get(await audienceIdByName('Adult'))).toBe(8900);
    expect(familyPrices.get(await audienceIdByName('Child (4-12)'))).toBe(4500);
    expect(familyPrices.get(await audienceIdByName('Senior (65+)'))).toBe(7500);
    expect([...(await prices(online?.id ?? -1)).entries()]).toEqual([[await audienceIdByName('Adult'), 6000]]);

    const parking = await db
      .select({ upsell: upsells })
      .from(subscriptionUpsells)
      .innerJoin(upsells, eq(upsells.id, subscriptionUpsells.upsellId))
      .where(eq(subscriptionUpsells.subscriptionId, family?.id ?? -1));
    expect(parking.map(({ upsell }) => [upsell.texts.en?.title, upsell.priceCents])).toEqual([['Parking pass', 3000]]);

    const redeemable = await db
      .select({ slug: products.slug })
      .from(subscriptionProducts)
      .innerJoin(products, eq(products.id, subscriptionProducts.productId))
      .where(eq(subscriptionProducts.subscriptionId, online?.id ?? -1));
    expect(redeemable.map((row) => row.slug).sort()).toEqual(['aquarium-entry', 'penguin-feeding']);
  });

  it('has the gift voucher, its values and the two issued gift cards', async () => {
    const [voucher] = await db.select().from(vouchers).where(eq(vouchers.slug, 'gift-voucher'));
    expect(voucher).toMatchObject({ state: 'PUBLISHED', minQuantity: 1, maxQuantity: 10, validityDays: 365 });
    const values = await db.select().from(voucherValues).where(eq(voucherValues.voucherId, voucher?.id ?? -1)).orderBy(asc(voucherValues.sort));
    expect(values.map(({ priceCents, availability }) => [priceCents, availability])).toEqual([
      [2500, null],
      [5000, 100],
      [10000, 3],
    ]);

    const cards = new Map((await db.select().from(giftCards)).map((card) => [card.code, card]));
    expect(cards.get('GIFT-DEMO-2500')).toMatchObject({ creditCents: 2500, expiresOn: addDays(TODAY, 365) });
    expect(cards.get('GIFT-DEMO-FOREVER')).toMatchObject({ creditCents: 4000, expiresOn: null });
  });

  it('has the coupons', async () => {
    const byCode = new Map((await db.select().from(coupons)).map((coupon) => [coupon.code, coupon]));
    expect([...byCode.keys()].sort()).toEqual(['EXPIRED', 'FAMILY25', 'FIVEOFF', 'SUMMER10', 'USEDUP']);
    expect(byCode.get('SUMMER10')).toMatchObject({ discountType: 'PERCENTAGE', value: 1000, maxTicketAmount: null, usageLimit: null, validUntil: null });
    expect(byCode.get('FIVEOFF')).toMatchObject({ discountType: 'FIXED', value: 500 });
    expect(byCode.get('FAMILY25')).toMatchObject({ discountType: 'PERCENTAGE', value: 2500, maxTicketAmount: 2 });
    expect(byCode.get('EXPIRED')).toMatchObject({ discountType: 'PERCENTAGE', value: 1500 });
    expect(byCode.get('EXPIRED')?.validUntil?.getTime()).toBeLessThan(Date.now());
    expect(byCode.get('USEDUP')).toMatchObject({ discountType: 'PERCENTAGE', value: 2000, usageLimit: 1, usedCount: 1 });
  });

  it('has the customer fields in order, with their flags and applicability', async () => {
    const fields = await db.select().from(customerFields).orderBy(asc(customerFields.sort));
    expect(fields.map((field) => `${field.type}:${field.name}`)).toEqual([
      'FIRST_NAME:first_name',
      'LAST_NAME:last_name',
      'EMAIL:email',
      'EMAIL_CONFIRM:email_confirm',
      'PHONE:phone',
      'COMPANY:company',
      'ADDRESS:address',
      'ZIPCODE:zipcode',
      'CITY:city',
      'VAT_ID:vat_id',
      'DATE:date_of_birth',
      'NUMBER:group_size',
      'TEXT:dietary_needs',
      'DROPDOWN:heard_about_us',
      'CHECKBOX:safety_rules',
      'CHECKBOX:newsletter',
    ]);
    const byName = new Map(fields.map((field) => [field.name, field]));
    expect(fields.filter((field) => field.isDefault).map((field) => field.name)).toEqual(['first_name', 'last_name', 'email']);
    expect(fields.filter((field) => field.business).map((field) => field.type).sort()).toEqual(['ADDRESS', 'CITY', 'COMPANY', 'VAT_ID', 'ZIPCODE']);
    expect(fields.filter((field) => field.required).map((field) => field.name)).toEqual([
      'first_name',
      'last_name',
      'email',
      'email_confirm',
      'date_of_birth',
      'group_size',
      'heard_about_us',
      'safety_rules',
    ]);

    const tour = await productBySlug('behind-the-scenes');
    const school = await productBySlug('school-group-visit');
    expect(byName.get('date_of_birth')?.products).toEqual([tour.id]);
    expect(byName.get('safety_rules')?.products).toEqual([tour.id]);
    expect(byName.get('group_size')?.products).toEqual([school.id]);
    expect(byName.get('dietary_needs')?.products).toEqual([school.id]);
    // A product-only field applies to its product and to no subscription or voucher.
    const dateOfBirth = byName.get('date_of_birth')!;
    expect(fieldApplies(dateOfBirth, { products: [tour.id], subscriptions: [], vouchers: [] })).toBe(true);
    expect(fieldApplies(dateOfBirth, { products: [school.id], subscriptions: [1, 2], vouchers: [1] })).toBe(false);
    expect(byName.get('phone')).toMatchObject({ products: [], subscriptions: [], vouchers: [] });

    const options = byName.get('heard_about_us')?.options ?? [];
    expect(options.map((option) => option.value)).toEqual(['friends', 'social', 'newspaper', 'other']);
    for (const option of options) for (const language of LANGUAGES) expect(option.labels[language]).toBeTruthy();
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

describe('demo client', () => {
  it('signs in with the documented password and has saved details and an online pass', async () => {
    const [client] = await db.select().from(clients).where(eq(clients.email, 'demo@tidewater.example'));
    expect(client).toMatchObject({ firstName: 'Dana', lastName: 'de Vries', address: 'Havenstraat 12', zipcode: '1011 AB', city: 'Amsterdam' });
    expect(client?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verify(client?.passwordHash ?? '', 'tidewater-demo')).toBe(true);
    expect(await verify(client?.passwordHash ?? '', 'wrong-password')).toBe(false);
    expect(client?.token.length).toBeGreaterThanOrEqual(20);

    const values = await db
      .select({ name: customerFields.name, value: clientFieldValues.value })
      .from(clientFieldValues)
      .innerJoin(customerFields, eq(customerFields.id, clientFieldValues.fieldId))
      .where(eq(clientFieldValues.clientId, client?.id ?? -1));
    expect(Object.fromEntries(values.map(({ name, value }) => [name, value]))).toEqual({
      phone: '+31 6 1234 5678',
      heard_about_us: 'friends',
      newsletter: true,
    });

    const passes = await db
      .select({ pass: clientSubscriptions, slug: subscriptions.slug })
      .from(clientSubscriptions)
      .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
      .where(eq(clientSubscriptions.clientId, client?.id ?? -1));
    expect(passes).toHaveLength(1);
    expect(passes[0]?.slug).toBe('online-aquarium-pass');
    expect(passes[0]?.pass).toMatchObject({ type: 'ONLINE', availableRedemptions: 8, expiresOn: addDays(TODAY, 200) });
    expect(passes[0]?.pass.token).not.toBe(passes[0]?.pass.hash);
  });
});

describe('plots', () => {
  const horizon = addDays(TODAY, PLOT_HORIZON_DAYS);

  it('aquarium-entry has seven hourly slots of 40 places every day up to the horizon', async () => {
    const rows = await plotsOf('aquarium-entry');
    expect(rows).toHaveLength((PLOT_HORIZON_DAYS + 1) * 7);
    expect(rows[0]?.date).toBe(TODAY);
    expect(rows.at(-1)?.date).toBe(horizon);
    expect(new Set(rows.map((row) => `${row.startTime}-${row.endTime}`))).toEqual(
      new Set([10, 11, 12, 13, 14, 15, 16].map((hour) => `${hour}:00:00-${hour + 1}:00:00`)),
    );
    expect(rows.every((row) => row.capacity === 40)).toBe(true);
  });

  it('realises the sold-out and nearly-full aquarium slots', async () => {
    const rows = await plotsOf('aquarium-entry');
    const left = (date: string, start: string) => {
      const plot = rows.find((row) => row.date === date && row.startTime === start);
      if (!plot || plot.capacity === null) throw new Error(`no plot ${date} ${start}`);
      return plot.capacity - plot.sold;
    };
    for (const day of daysBetween(TODAY, horizon)) {
      if (weekdayOf(day) === SATURDAY) expect(left(day, '11:00:00'), day).toBe(0);
      if (weekdayOf(day) === SUNDAY) expect(left(day, '15:00:00'), day).toBeLessThanOrEqual(3);
      if (weekdayOf(day) === SUNDAY) expect(left(day, '15:00:00'), day).toBeGreaterThan(0);
    }
    expect(left(addDays(TODAY, 2), '14:00:00')).toBe(0);
    expect(left(addDays(TODAY, 1), '13:00:00')).toBeGreaterThan(0);
    expect(left(addDays(TODAY, 1), '13:00:00')).toBeLessThanOrEqual(3);
    // Ordinary slots start empty.
    expect(left(nextDay(3), '10:00:00')).toBe(40);
  });

  it('sold-out plots have sold equal to capacity, and none is oversold', async () => {
    const soldOut = await db.select().from(plots).where(sql`${plots.sold} = ${plots.capacity}`);
    expect(soldOut.length).toBeGreaterThan(10);
    for (const plot of soldOut) expect(plot.sold).toBe(plot.capacity);
    expect(await db.$count(plots, sql`${plots.sold} > ${plots.capacity}`)).toBe(0);
  });

  it('the other products follow their documented schedules', async () => {
    const zoo = await plotsOf('zoo-day-ticket');
    expect(zoo).toHaveLength(PLOT_HORIZON_DAYS + 1);
    expect(zoo.every((plot) => plot.startTime === null && plot.endTime === null && plot.capacity === null)).toBe(true);

    const tours = await plotsOf('behind-the-scenes');
    expect(tours.some((plot) => weekdayOf(plot.date) === SUNDAY)).toBe(false);
    const saturday = tours.filter((plot) => plot.date === nextDay(SATURDAY));
    expect(saturday.map((plot) => [plot.startTime, plot.endTime])).toEqual([['11:00:00', '12:30:00']]);
    const monday = tours.filter((plot) => plot.date === nextDay(1));
    expect(monday.map((plot) => [plot.startTime, plot.endTime])).toEqual([
      ['09:00:00', '10:30:00'],
      ['15:00:00', '16:30:00'],
    ]);
    expect(tours.every((plot) => plot.capacity === 8 && plot.priceCents === 3500)).toBe(true);
    expect(tours).toHaveLength(13 * (5 * 2 + 1));

    const school = await plotsOf('school-group-visit');
    expect(school).toHaveLength(13 * 5);
    expect(school.every((plot) => weekdayOf(plot.date) >= 1 && weekdayOf(plot.date) <= 5)).toBe(true);
    expect(school.every((plot) => plot.startTime === '09:30:00' && plot.endTime === '12:00:00' && plot.capacity === 60 && plot.maxOrders === 2)).toBe(true);

    const penguins = await plotsOf('penguin-feeding');
    expect(penguins).toHaveLength((PLOT_HORIZON_DAYS + 1) * 2);
    expect(penguins.every((plot) => plot.capacity === 25)).toBe(true);

    const night = await plotsOf('night-at-the-aquarium');
    // today … today + 90 is exactly 13 weeks, so every weekday occurs 13 times.
    expect(night).toHaveLength(13);
    expect(night.every((plot) => weekdayOf(plot.date) === 5 && plot.startTime === '19:00:00' && plot.endTime === '23:00:00' && plot.capacity === 30)).toBe(true);

    expect(await plotsOf('zoo-guidebook')).toHaveLength(0);
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

  it('extendDemoPlots tops plots up to the new horizon, once', async () => {
    const later = addDays(TODAY, 10);
    const newDays = daysBetween(addDays(TODAY, PLOT_HORIZON_DAYS + 1), addDays(later, PLOT_HORIZON_DAYS));
    const expected = PLOTTED_PRODUCT_SLUGS.reduce(
      (sum, slug) => sum + newDays.reduce((daySum, day) => daySum + PLOT_SCHEDULES[slug].slotsOn(weekdayOf(day)).length, 0),
      0,
    );

    expect(await extendDemoPlots(db, { today: later })).toEqual({ inserted: expected });
    const aquarium = await plotsOf('aquarium-entry');
    expect(aquarium.at(-1)?.date).toBe(addDays(later, PLOT_HORIZON_DAYS));
    expect(aquarium).toHaveLength((PLOT_HORIZON_DAYS + 11) * 7);
    // The weekly rules hold for the top-up too.
    const toppedUpSaturday = newDays.find((day) => weekdayOf(day) === SATURDAY) ?? '';
    const [saturdayEleven] = aquarium.filter((plot) => plot.date === toppedUpSaturday && plot.startTime === '11:00:00');
    expect(saturdayEleven?.sold).toBe(40);

    expect(await extendDemoPlots(db, { today: later })).toEqual({ inserted: 0 });
  });

  it('extendDemoPlots ignores demo slugs that no longer exist', async () => {
    const night = await productBySlug('night-at-the-aquarium');
    await db.transaction(async (tx) => {
      await tx.update(products).set({ slug: 'renamed-night' }).where(eq(products.id, night.id));
      const before = await tx.$count(plots, eq(plots.productId, night.id));
      const { inserted } = await extendDemoPlots(tx, { today: addDays(TODAY, 30) });
      expect(await tx.$count(plots, eq(plots.productId, night.id))).toBe(before);
      expect(inserted).toBeGreaterThan(0);
      tx.rollback();
    }).catch((error: unknown) => {
      // rollback() rejects the transaction on purpose; anything else is a real failure.
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
    expect((await productBySlug('night-at-the-aquarium')).id).toBe(night.id);
  });
});

describe('todayIn', () => {
  it('gives the calendar day in the timezone, not in UTC', () => {
    expect(todayIn('Europe/Amsterdam', new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(todayIn('UTC', new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-01');
  });
});
