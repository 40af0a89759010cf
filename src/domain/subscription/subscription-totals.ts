/**
 * Subscription (and voucher) order total (spec section 9): product + upsells - discount, and the
 * organisation's additions of a new booking only while that is above 0 (a pass paid in full by a
 * gift card costs nothing, not the booking fee).
 */
import { additionsCents, type OrderTotals } from '../order/pricing.ts';

export interface SubscriptionTotalsInput {
  productCents: number;
  upsellCents: number;
  discountCents: number;
  additions: readonly { amountCents: number; type: 0 | 1 }[];
}

export function subscriptionTotals(input: SubscriptionTotalsInput): OrderTotals {
  const subtotal = input.productCents + input.upsellCents;
  const discount = Math.min(Math.max(0, input.discountCents), Math.max(0, subtotal));
  const additions = subtotal - discount > 0 ? additionsCents(input.additions, false) : 0;
  return { product: input.productCents, upsell: input.upsellCents, subtotal, discount, additions, total: subtotal - discount + additions };
}
