/** Publication states of categories, products, subscriptions and vouchers. */
export const CATALOGUE_STATES = ['DRAFT', 'INVISIBLE', 'PUBLISHED', 'ARCHIVED'] as const;
export type CatalogueState = (typeof CATALOGUE_STATES)[number];

/**
 * Only INVISIBLE (reachable by link, not listed) and PUBLISHED items are served (spec section 4);
 * anything else is treated as if it did not exist.
 */
export function isServedState(state: string): boolean {
  return state === 'INVISIBLE' || state === 'PUBLISHED';
}

/** INVISIBLE items are served by id but not listed on the home or category pages. */
export function isListedState(state: string): boolean {
  return state === 'PUBLISHED';
}
