/**
 * Subscription auto-apply (spec sections 4, 5 and 9): when the signed-in client has an ONLINE
 * subscription that can pay for the current order (src/domain/subscription/redemption.ts), the
 * first one is applied after 100 ms; one that no longer fits (more tickets, another audience) is
 * taken off again. A subscription the visitor removed is not applied again to this order.
 */
import { useEffect } from 'react';
import type { ClientSubscription } from '#domain/contracts/client.ts';
import { dayInTimeZone } from '#domain/plot-query.ts';
import { firstRedeemable, redemptionRefusal, type RedeemableSubscription } from '#domain/subscription/redemption.ts';
import { useClient } from '../../lib/api/client.ts';
import { useOrganisation } from '../../lib/api/organisation.ts';
import { useCartStore, type ProductOrderDraft } from '../../lib/cart-store.ts';
import { orderedAmount } from './order-lines.ts';

export const SUBSCRIPTION_AUTO_APPLY_MS = 100;

export function asRedeemable(subscription: ClientSubscription): RedeemableSubscription & { source: ClientSubscription } {
  return {
    type: subscription.type,
    token: subscription.token,
    products: subscription.subscription.products,
    audiences: subscription.subscription.audiences.map((audience) => audience.id),
    availableRedemptions: subscription.available_redemptions,
    expiration: subscription.subscription.expiration.date,
    source: subscription,
  };
}

export function redeemedOrder(order: ProductOrderDraft) {
  const audiences = Object.entries(order.audiences)
    .filter(([, quantity]) => quantity > 0)
    .map(([id]) => Number(id));
  return { productId: order.productId, quantity: orderedAmount(order), audiences };
}

/** The client subscription paying for the order, if one is applied. */
export function useAppliedSubscription(order: ProductOrderDraft | null): ClientSubscription | null {
  const client = useClient();
  if (!order?.subscription || !client) return null;
  return client.subscriptions.find((subscription) => subscription.token === order.subscription) ?? null;
}

export function useSubscriptionAutoApply(order: ProductOrderDraft | null): void {
  const client = useClient();
  const { timezone } = useOrganisation();
  const subscriptionApplied = useCartStore((state) => state.subscriptionApplied);

  useEffect(() => {
    if (!order || !client) return;
    const today = dayInTimeZone(new Date(), timezone);
    const cards = client.subscriptions.map(asRedeemable);
    const wanted = redeemedOrder(order);
    if (order.subscription) {
      const applied = cards.find((card) => card.token === order.subscription);
      if (!applied || redemptionRefusal(applied, wanted, today)) subscriptionApplied(null);
      return;
    }
    if (order.subscriptionDeclined) return;
    const first = firstRedeemable(cards, wanted, today);
    if (!first) return;
    const timer = setTimeout(() => subscriptionApplied(first.token), SUBSCRIPTION_AUTO_APPLY_MS);
    return () => clearTimeout(timer);
  }, [order, client, timezone, subscriptionApplied]);
}
