/** What the visitor chose, as POST /api/subscriptions reads it (spec sections 3 and 7). Pure; no price is decided here. */
import type { Subscription } from '#domain/contracts/catalogue.ts';
import type { PassRequest, SubscriptionOrderRequest, SubscriptionRenewal } from '#domain/contracts/subscription-order.ts';
import { wholeQuantity, type AudienceQuantities } from '#domain/order/quantities.ts';
import type { SubscriptionChoice } from './api/simulate-subscription.ts';
import type { PassHolder } from './store.ts';

/** Other types than PHYSICAL are quantity 1 (spec section 4): one pass of the first audience. */
export function effectiveQuantities(subscription: Subscription, quantities: AudienceQuantities): AudienceQuantities {
  if (subscription.type === 'PHYSICAL') return quantities;
  const first = subscription.audiences[0];
  return first ? { [first.id]: 1 } : {};
}

export function subscriptionChoice(
  subscription: Subscription,
  quantities: AudienceQuantities,
  upsells: Record<number, number>,
  coupon: string | null,
  renewal: SubscriptionRenewal | null,
  language: string,
): SubscriptionChoice {
  const chosen = effectiveQuantities(subscription, quantities);
  const audiences: Record<string, { quantity: number }> = {};
  for (const [id, quantity] of Object.entries(chosen)) if (wholeQuantity(quantity) > 0) audiences[id] = { quantity: wholeQuantity(quantity) };
  const upsellMap: Record<string, { quantity: number }> = {};
  for (const [id, quantity] of Object.entries(upsells)) if (quantity > 0) upsellMap[id] = { quantity };
  const total = Object.values(audiences).reduce((sum, entry) => sum + entry.quantity, 0);
  return {
    subscription: { id: subscription.id, quantity: total },
    audiences,
    upsells: upsellMap,
    coupon,
    renewal: renewal?.hash ?? null,
    language,
  };
}

/**
 * One pass per pass bought (PHYSICAL): a renewal's existing passes of that audience first (their
 * ids), then new ones (null), each with its holder.
 */
export function passRequests(
  subscription: Subscription,
  quantities: AudienceQuantities,
  holders: Record<number, PassHolder[]>,
  renewal: SubscriptionRenewal | null,
): PassRequest[] {
  if (subscription.type !== 'PHYSICAL') return [];
  return subscription.audiences.flatMap((audience) => {
    const existing = renewal?.passes.filter((pass) => pass.audience.id === audience.id) ?? [];
    return Array.from({ length: wholeQuantity(quantities[audience.id] ?? 0) }, (_, index) => {
      const holder = holders[audience.id]?.[index];
      return {
        pass: existing[index]?.id ?? null,
        audience: audience.id,
        profile: { name: holder?.name.trim() ?? '', birthday: holder?.birthday ? holder.birthday : null },
      };
    });
  });
}

/** Every pass has a holder's name. */
export function holdersComplete(passes: readonly PassRequest[]): boolean {
  return passes.every((pass) => (pass.profile?.name ?? '').trim() !== '');
}

export type { SubscriptionOrderRequest };
