/**
 * Which categories the home page shows, and which items sit in none of them (spec section 2, Home:
 * "category cards plus the items that have no category"). Pure view logic, tested on its own.
 */
import { isListedState } from '#domain/catalogue-state.ts';
import type { CategoryListItem, HomeProducts } from '#domain/contracts/catalogue.ts';

const bySort = (a: CategoryListItem, b: CategoryListItem) => a.sort - b.sort || a.title.localeCompare(b.title);

/**
 * Categories a visitor can reach by browsing: listed, with every ancestor listed too. An item in
 * a published child of a draft category is unreachable, so it must not count as categorised.
 */
export function reachableCategories(categories: readonly CategoryListItem[]): CategoryListItem[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const reachable = new Map<number, boolean>();
  const isReachable = (category: CategoryListItem, seen: Set<number>): boolean => {
    const known = reachable.get(category.id);
    if (known !== undefined) return known;
    if (!isListedState(category.state) || seen.has(category.id)) return false;
    seen.add(category.id);
    const parent = category.parent === null ? null : byId.get(category.parent);
    const result = category.parent === null ? true : parent ? isReachable(parent, seen) : false;
    reachable.set(category.id, result);
    return result;
  };
  return categories.filter((category) => isReachable(category, new Set()));
}

/** The listed top-level categories, in the shop's order. */
export function rootCategories(categories: readonly CategoryListItem[]): CategoryListItem[] {
  return categories.filter((category) => category.parent === null && isListedState(category.state)).sort(bySort);
}

/** The items of the home listing that no reachable category holds. */
export function uncategorisedItems(items: HomeProducts, categories: readonly CategoryListItem[]): HomeProducts {
  const reachable = reachableCategories(categories);
  const held = (pick: (category: CategoryListItem) => number[]) => new Set(reachable.flatMap(pick));
  const products = held((category) => category.products);
  const subscriptions = held((category) => category.subscriptions);
  const vouchers = held((category) => category.vouchers);
  return {
    products: items.products.filter((item) => !products.has(item.id)),
    subscriptions: items.subscriptions.filter((item) => !subscriptions.has(item.id)),
    vouchers: items.vouchers.filter((item) => !vouchers.has(item.id)),
  };
}
