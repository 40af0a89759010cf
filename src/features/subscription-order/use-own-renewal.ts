/**
 * The renewal this subscription's flow orders (spec section 4, Renewal): the one /renew/{hash}
 * started in this tab (src/lib/renewal-store.ts, kept over a reload until ordered), for this
 * subscription, while a client is signed in (renewal needs one, spec section 6).
 */
import type { SubscriptionRenewal } from '#domain/contracts/subscription-order.ts';
import { useActiveRenewal } from '../../lib/renewal-store.ts';

export function useOwnRenewal(subscriptionId: number): SubscriptionRenewal | null {
  const renewal = useActiveRenewal();
  return renewal && renewal.subscription.id === subscriptionId ? renewal : null;
}
