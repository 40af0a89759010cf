/**
 * Subscriptions and vouchers are sold on their own (spec section 2, Home: "Subscriptions and
 * vouchers are hidden while the product cart holds items"). One rule for every place that lists or
 * sells them: the home page, the category cards and pages, and the subscription and voucher pages.
 * The product cart lives in the visitor's browser only (each good is its own order on the server),
 * so there is nothing for the server to enforce: the storefront applies it wherever it offers them.
 * "Holds items" means the cart's items; the order being built is not in the cart yet.
 */

export type CatalogueKind = 'product' | 'subscription' | 'voucher';

/** Whether an item of this kind may be listed or ordered beside the product cart. */
export function sellableBesideCart(kind: CatalogueKind, cartHasItems: boolean): boolean {
  return kind === 'product' || !cartHasItems;
}

/** The items of one listing that may be offered now: subscriptions and vouchers drop out while the cart holds items. */
export function offeredBesideCart<T extends { subscriptions: readonly unknown[]; vouchers: readonly unknown[] }>(listing: T, cartHasItems: boolean): T {
  if (!cartHasItems) return listing;
  return { ...listing, subscriptions: [], vouchers: [] };
}

export interface CategoryContents {
  id: number;
  children: readonly number[];
  products: readonly number[];
}

/**
 * Whether a category card leads to anything that may be ordered now: always with an empty cart;
 * while the cart holds items only when it, or a category below it, holds a product (a category of
 * memberships and gifts only is hidden, like its items).
 */
export function categoryOfferedBesideCart(category: CategoryContents, all: readonly CategoryContents[], cartHasItems: boolean): boolean {
  if (!cartHasItems) return true;
  const byId = new Map(all.map((entry) => [entry.id, entry]));
  const seen = new Set<number>();
  const holdsProduct = (entry: CategoryContents): boolean => {
    if (seen.has(entry.id)) return false;
    seen.add(entry.id);
    if (entry.products.length > 0) return true;
    return entry.children.some((childId) => {
      const child = byId.get(childId);
      return child !== undefined && holdsProduct(child);
    });
  };
  return holdsProduct(category);
}
