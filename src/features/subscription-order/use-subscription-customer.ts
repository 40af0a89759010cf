/**
 * The subscription flow's customer: the order customer (src/components/customer-form/
 * use-order-customer.ts) over the flow's own stored values, no password asked of a signed-in client
 * (spec section 6); whether the form, the pass holders and (for a new anonymous customer) the
 * password are complete.
 */
import { useMemo } from 'react';
import { useOrderCustomer } from '../../components/customer-form/use-order-customer.ts';
import type { Subscription } from '#domain/contracts/catalogue.ts';
import { passwordProblem } from '#domain/subscription/password.ts';
import { useSubscriptionOrderStore } from './store.ts';
import { effectiveQuantities, holdersComplete, passRequests } from './subscription-request.ts';
import { useOwnRenewal } from './use-own-renewal.ts';

export function useSubscriptionCustomer(subscription: Subscription) {
  const state = useSubscriptionOrderStore();
  const cart = useMemo(() => ({ products: [], subscriptions: [subscription.id], vouchers: [] }), [subscription.id]);
  const customer = useOrderCustomer(cart, state.customer, state.companyTicked);
  const ownRenewal = useOwnRenewal(subscription.id);
  const passes = passRequests(subscription, effectiveQuantities(subscription, state.quantities), state.holders, ownRenewal);
  const password = customer.client ? null : passwordProblem(state.password, state.confirmation);
  return {
    ...customer,
    passes,
    renewal: ownRenewal,
    passwordProblem: password,
    ready: customer.complete && holdersComplete(passes) && password === null,
  };
}
