/**
 * What the home page lists (spec section 2, Home), given the catalogue and the visitor's session.
 * The session is the seam for the cart and renewal issues: until they land, the route passes
 * `NO_SESSION`; later it passes what their stores say. The rules here stay the same.
 */
import { categoryOfferedBesideCart, offeredBesideCart } from '#domain/cart-exclusive.ts';
import { isListedState } from '#domain/catalogue-state.ts';
import type { CategoryListItem, HomeProducts } from '#domain/contracts/catalogue.ts';
import { rootCategories, uncategorisedItems } from './uncategorised-items.ts';

export interface HomeSession {
  /** The product cart holds items: subscriptions and vouchers are hidden. */
  cartHasItems: boolean;
  /** The subscription being renewed, or null: while renewing, products and categories are hidden. */
  renewalSubscriptionId: number | null;
}

export const NO_SESSION: HomeSession = { cartHasItems: false, renewalSubscriptionId: null };

export interface HomeListing extends HomeProducts {
  /** Root category cards; empty when the items are listed flat. */
  categories: CategoryListItem[];
  /** The subscription to mark as current (renewal), or null. */
  currentSubscriptionId: number | null;
}

export function homeListing(catalogue: HomeProducts, categories: readonly CategoryListItem[], session: HomeSession): HomeListing {
  const listed: HomeProducts = {
    products: catalogue.products.filter((item) => isListedState(item.state)),
    subscriptions: catalogue.subscriptions.filter((item) => isListedState(item.state)),
    vouchers: catalogue.vouchers.filter((item) => isListedState(item.state)),
  };
  const renewing = session.renewalSubscriptionId !== null;
  const roots = renewing ? [] : rootCategories(categories);
  const items = offeredBesideCart(roots.length > 0 ? uncategorisedItems(listed, categories) : listed, session.cartHasItems);
  return {
    categories: roots.filter((category) => categoryOfferedBesideCart(category, categories, session.cartHasItems)),
    products: renewing ? [] : items.products,
    subscriptions: items.subscriptions,
    vouchers: items.vouchers,
    currentSubscriptionId: session.renewalSubscriptionId,
  };
}
