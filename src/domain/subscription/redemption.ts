/**
 * Whether a client subscription can pay for a product order (spec section 5, Subscription
 * redemption): ONLINE, with a token, the product included, not expired, and the quantity within
 * the redemptions left — with unlimited redemptions (-1) only a quantity of 1. The storefront offers
 * it with this rule and the server redeems with it.
 */
import { isExpired } from './renewal.ts';

export const UNLIMITED_REDEMPTIONS = -1;

export interface RedeemableSubscription {
  type: string;
  token: string | null;
  products: readonly number[];
  /** The audiences it covers (an order with audiences may use only these). */
  audiences: readonly number[];
  availableRedemptions: number;
  expiration: string | null;
}

export type RedemptionRefusal = 'NOT_ONLINE' | 'PRODUCT_NOT_COVERED' | 'AUDIENCE_NOT_COVERED' | 'EXPIRED' | 'NO_REDEMPTIONS_LEFT';

/** The order to pay: its product, ticket count and the audiences it books (empty without audiences). */
export interface RedeemedOrder {
  productId: number;
  quantity: number;
  audiences: readonly number[];
}

export function redemptionRefusal(subscription: RedeemableSubscription, order: RedeemedOrder, today: string): RedemptionRefusal | null {
  const { quantity } = order;
  if (subscription.type !== 'ONLINE' || !subscription.token) return 'NOT_ONLINE';
  if (!subscription.products.includes(order.productId)) return 'PRODUCT_NOT_COVERED';
  if (order.audiences.some((audience) => !subscription.audiences.includes(audience))) return 'AUDIENCE_NOT_COVERED';
  if (isExpired(subscription.expiration, today)) return 'EXPIRED';
  return redemptionsCover(subscription.availableRedemptions, quantity) ? null : 'NO_REDEMPTIONS_LEFT';
}

/** Whether the redemptions left pay for `quantity` tickets (unlimited: one at a time). */
export function redemptionsCover(availableRedemptions: number, quantity: number): boolean {
  if (quantity < 1) return false;
  if (availableRedemptions === UNLIMITED_REDEMPTIONS) return quantity === 1;
  return quantity <= availableRedemptions;
}

/** The first client subscription that can pay for the order (what the storefront applies on its own), or null. */
export function firstRedeemable<T extends RedeemableSubscription>(subscriptions: readonly T[], order: RedeemedOrder, today: string): T | null {
  return subscriptions.find((subscription) => redemptionRefusal(subscription, order, today) === null) ?? null;
}
