/** The category tree and which items each category lists (docs/demo-shop.md, Categories). */
import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import type { StateColumn } from '../schema/columns.ts';
import { categories, categoryProducts, categorySubscriptions, categoryVouchers } from '../schema/index.ts';
import {
  CATEGORY_SLUGS,
  type CategorySlug,
  type ProductIds,
  type ProductSlug,
  type SubscriptionIds,
  type SubscriptionSlug,
  type VoucherIds,
  type VoucherSlug,
} from './demo-keys.ts';
import { idsByKey } from './keyed-rows.ts';
import { CATEGORY_TEXTS } from './texts/categories.ts';

interface CategoryPlan {
  state: StateColumn;
  parent: CategorySlug | null;
  products: ProductSlug[];
  subscriptions: SubscriptionSlug[];
  vouchers: VoucherSlug[];
}

// zoo-guidebook is deliberately in no category (listed on home only); night-at-the-aquarium is in none either.
const CATEGORIES: Record<CategorySlug, CategoryPlan> = {
  'day-tickets': { state: 'PUBLISHED', parent: null, products: ['aquarium-entry', 'zoo-day-ticket'], subscriptions: [], vouchers: [] },
  'guided-tours': {
    state: 'PUBLISHED',
    parent: 'day-tickets',
    products: ['behind-the-scenes', 'school-group-visit', 'penguin-feeding'],
    subscriptions: [],
    vouchers: [],
  },
  'memberships-and-gifts': {
    state: 'PUBLISHED',
    parent: null,
    products: [],
    subscriptions: ['family-membership', 'online-aquarium-pass'],
    vouchers: ['gift-voucher'],
  },
  'winter-lights': { state: 'DRAFT', parent: null, products: [], subscriptions: [], vouchers: [] },
};

export async function seedCategories(db: Executor, ids: { products: ProductIds; subscriptions: SubscriptionIds; vouchers: VoucherIds }): Promise<void> {
  const rows = await db
    .insert(categories)
    .values(
      CATEGORY_SLUGS.map((slug, index) => ({
        slug,
        state: CATEGORIES[slug].state,
        sort: (index + 1) * 10,
        image: `/images/${slug}.svg`,
        texts: CATEGORY_TEXTS[slug],
      })),
    )
    .returning({ id: categories.id, key: categories.slug });
  const categoryIds = idsByKey(CATEGORY_SLUGS, rows);

  for (const slug of CATEGORY_SLUGS) {
    const parent = CATEGORIES[slug].parent;
    if (parent) await db.update(categories).set({ parentId: categoryIds[parent] }).where(eq(categories.id, categoryIds[slug]));
  }

  const links = <K extends string>(pick: (plan: CategoryPlan) => K[], itemIds: Record<K, number>) =>
    CATEGORY_SLUGS.flatMap((slug) => pick(CATEGORIES[slug]).map((item, index) => ({ categoryId: categoryIds[slug], itemId: itemIds[item], sort: index + 1 })));

  await db.insert(categoryProducts).values(links((plan) => plan.products, ids.products).map(({ itemId, ...link }) => ({ ...link, productId: itemId })));
  await db
    .insert(categorySubscriptions)
    .values(links((plan) => plan.subscriptions, ids.subscriptions).map(({ itemId, ...link }) => ({ ...link, subscriptionId: itemId })));
  await db.insert(categoryVouchers).values(links((plan) => plan.vouchers, ids.vouchers).map(({ itemId, ...link }) => ({ ...link, voucherId: itemId })));
}
