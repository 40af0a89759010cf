/** Category queries: the served tree, and which items sit in which category. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CatalogueState } from '#domain/catalogue-state.ts';
import type { Executor } from '../../../db/client.ts';
import { categories, categoryProducts, categorySubscriptions, categoryVouchers, products, subscriptions, vouchers } from '../../../db/schema/index.ts';
import { SERVED_STATES } from '../served-states.ts';

export type CategoryRow = typeof categories.$inferSelect;

/** Item ids per kind of one or every category, in the order the shop set within each category. */
export interface CategoryItemLink {
  categoryId: number;
  itemId: number;
}

export interface CategoryItemLinks {
  products: CategoryItemLink[];
  subscriptions: CategoryItemLink[];
  vouchers: CategoryItemLink[];
}

export function listServedCategories(db: Executor): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(inArray(categories.state, [...SERVED_STATES]))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** Links to items in `states`; `categoryId` narrows them to one category. */
export async function listCategoryItemLinks(db: Executor, filter: { states: readonly CatalogueState[]; categoryId?: number }): Promise<CategoryItemLinks> {
  const states = [...filter.states];
  const [productLinks, subscriptionLinks, voucherLinks] = await Promise.all([
    db
      .select({ categoryId: categoryProducts.categoryId, itemId: products.id })
      .from(categoryProducts)
      .innerJoin(products, eq(products.id, categoryProducts.productId))
      .where(and(inArray(products.state, states), filter.categoryId === undefined ? undefined : eq(categoryProducts.categoryId, filter.categoryId)))
      .orderBy(asc(categoryProducts.sort), asc(products.sort), asc(products.id)),
    db
      .select({ categoryId: categorySubscriptions.categoryId, itemId: subscriptions.id })
      .from(categorySubscriptions)
      .innerJoin(subscriptions, eq(subscriptions.id, categorySubscriptions.subscriptionId))
      .where(and(inArray(subscriptions.state, states), filter.categoryId === undefined ? undefined : eq(categorySubscriptions.categoryId, filter.categoryId)))
      .orderBy(asc(categorySubscriptions.sort), asc(subscriptions.sort), asc(subscriptions.id)),
    db
      .select({ categoryId: categoryVouchers.categoryId, itemId: vouchers.id })
      .from(categoryVouchers)
      .innerJoin(vouchers, eq(vouchers.id, categoryVouchers.voucherId))
      .where(and(inArray(vouchers.state, states), filter.categoryId === undefined ? undefined : eq(categoryVouchers.categoryId, filter.categoryId)))
      .orderBy(asc(categoryVouchers.sort), asc(vouchers.sort), asc(vouchers.id)),
  ]);
  return { products: productLinks, subscriptions: subscriptionLinks, vouchers: voucherLinks };
}
