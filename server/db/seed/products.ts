/**
 * The demo products with their audiences, upsells and cross-sells (docs/demo-shop.md, Products).
 * Plots are generated separately (plots.ts) because they are topped up after the first seed.
 */
import type { Executor } from '../client.ts';
import { productAudiences, productCrossSells, products, productUpsells } from '../schema/index.ts';
import { PRODUCT_SLUGS, type AudienceIds, type AudienceKey, type ProductIds, type ProductSlug, type UpsellIds, type UpsellKey } from './demo-keys.ts';
import { idsByKey } from './keyed-rows.ts';
import { PRODUCT_TEXTS } from './texts/products.ts';

type ProductRow = Omit<typeof products.$inferInsert, 'id' | 'slug' | 'texts' | 'image' | 'sort'>;

/** priceCents of an AUDIENCE product is the "from" price on its card: its lowest paid audience price. */
const PRODUCTS: Record<ProductSlug, ProductRow> = {
  'aquarium-entry': {
    priceType: 'AUDIENCE',
    capacityType: 'LIMITED',
    priceCents: 950,
    hasDays: true,
    hasTimeslots: true,
    hasAudiences: true,
    showEndTime: true,
    showAvailability: true,
    minQuantity: 1,
    maxQuantity: 20,
  },
  'zoo-day-ticket': { priceType: 'DAY', capacityType: 'NONE', priceCents: 2400, hasDays: true, minQuantity: 1, maxQuantity: 10 },
  'zoo-guidebook': { priceType: 'FIXED', capacityType: 'NONE', priceCents: 1295, minQuantity: 1, maxQuantity: 5 },
  'behind-the-scenes': {
    priceType: 'TIMESLOT',
    capacityType: 'LIMITED',
    priceCents: 3500,
    hasDays: true,
    hasTimeslots: true,
    showEndTime: true,
    allowReservations: true,
    minQuantity: 1,
    maxQuantity: 8,
  },
  'school-group-visit': {
    priceType: 'AUDIENCE',
    capacityType: 'LIMITED',
    priceCents: 700,
    hasDays: true,
    hasTimeslots: true,
    hasAudiences: true,
    allowReservations: true,
    minQuantity: 10,
    maxQuantity: 60,
  },
  'penguin-feeding': {
    priceType: 'AUDIENCE',
    capacityType: 'LIMITED',
    priceCents: 400,
    hasDays: true,
    hasTimeslots: true,
    hasAudiences: true,
    minQuantity: 1,
    maxQuantity: 20,
  },
  'night-at-the-aquarium': {
    // Reachable only by its link, and kept out of search engines.
    state: 'INVISIBLE',
    visible: false,
    priceType: 'FIXED',
    capacityType: 'LIMITED',
    priceCents: 4900,
    hasDays: true,
    hasTimeslots: true,
    minQuantity: 1,
    maxQuantity: 10,
  },
};

interface AudienceOffer {
  audience: AudienceKey;
  priceCents: number;
  minQuantity?: number;
  maxQuantity?: number;
  fixedQuantity?: boolean;
  dependant?: boolean;
  hidden?: boolean;
}

const AUDIENCE_OFFERS: Partial<Record<ProductSlug, AudienceOffer[]>> = {
  'aquarium-entry': [
    { audience: 'adult', priceCents: 1850 },
    { audience: 'child', priceCents: 950, dependant: true },
    { audience: 'senior', priceCents: 1500 },
  ],
  'school-group-visit': [
    { audience: 'pupil', priceCents: 700, maxQuantity: 40 },
    { audience: 'teacher', priceCents: 0, minQuantity: 1, maxQuantity: 1, fixedQuantity: true },
    { audience: 'staff', priceCents: 0, hidden: true },
  ],
  'penguin-feeding': [
    { audience: 'adult', priceCents: 600 },
    { audience: 'child', priceCents: 400, dependant: true },
  ],
};

const UPSELLS: Partial<Record<ProductSlug, UpsellKey[]>> = {
  'aquarium-entry': ['audio-guide', 'fish-food', 'sea-turtles'],
  'penguin-feeding': ['penguin-photo'],
};

const CROSS_SELLS: Partial<Record<ProductSlug, ProductSlug[]>> = {
  'aquarium-entry': ['penguin-feeding'],
  'penguin-feeding': ['aquarium-entry'],
};

export async function seedProducts(db: Executor, ids: { audiences: AudienceIds; upsells: UpsellIds }): Promise<ProductIds> {
  const rows = await db
    .insert(products)
    .values(
      PRODUCT_SLUGS.map((slug, index) => ({
        ...PRODUCTS[slug],
        slug,
        sort: (index + 1) * 10,
        image: `/images/${slug}.svg`,
        texts: PRODUCT_TEXTS[slug],
      })),
    )
    .returning({ id: products.id, key: products.slug });
  const productIds = idsByKey(PRODUCT_SLUGS, rows);

  await db.insert(productAudiences).values(
    PRODUCT_SLUGS.flatMap((slug) =>
      (AUDIENCE_OFFERS[slug] ?? []).map(({ audience, ...offer }, index) => ({
        ...offer,
        productId: productIds[slug],
        audienceId: ids.audiences[audience],
        sort: index + 1,
      })),
    ),
  );
  await db
    .insert(productUpsells)
    .values(
      PRODUCT_SLUGS.flatMap((slug) =>
        (UPSELLS[slug] ?? []).map((upsell, index) => ({ productId: productIds[slug], upsellId: ids.upsells[upsell], sort: index + 1 })),
      ),
    );
  await db
    .insert(productCrossSells)
    .values(
      PRODUCT_SLUGS.flatMap((slug) =>
        (CROSS_SELLS[slug] ?? []).map((target, index) => ({ productId: productIds[slug], targetProductId: productIds[target], sort: index + 1 })),
      ),
    );
  return productIds;
}
