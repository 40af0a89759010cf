/**
 * The subscription flow's customer: the stored values, or a signed-in client's saved details
 * (read-only, no password asked, spec section 6), or a blank form; whether the form, the pass
 * holders and (for a new anonymous customer) the password are complete.
 */
import { useMemo } from 'react';
import { EMPTY_CUSTOMER, prefillFromClient } from '../../components/customer-form/prefill-from-client.ts';
import type { Subscription } from '../../domain/contracts/catalogue.ts';
import { validateCustomer } from '../../domain/order/customer-form.ts';
import { passwordProblem } from '../../domain/subscription/password.ts';
import { useClient } from '../../lib/api/client.ts';
import { useOrganisation } from '../../lib/api/organisation.ts';
import { useRenewalStore } from '../../lib/renewal-store.ts';
import { useSubscriptionOrderStore } from './store.ts';
import { effectiveQuantities, holdersComplete, passRequests } from './subscription-request.ts';

export function useSubscriptionCustomer(subscription: Subscription) {
  const organisation = useOrganisation();
  const client = useClient();
  const state = useSubscriptionOrderStore();
  const renewal = useRenewalStore((store) => store.renewal);
  const fields = organisation.fields;
  const cart = useMemo(() => ({ products: [], subscriptions: [subscription.id], vouchers: [] }), [subscription.id]);
  const values = useMemo(() => state.customer ?? (client ? prefillFromClient(client, fields) : EMPTY_CUSTOMER), [state.customer, client, fields]);
  const allowBusiness = organisation.shop.allow_business;
  const problems = validateCustomer(values, fields, cart, { allowBusiness, companyTicked: state.companyTicked });
  const ownRenewal = renewal && renewal.subscription.id === subscription.id ? renewal : null;
  const passes = passRequests(subscription, effectiveQuantities(subscription, state.quantities), state.holders, ownRenewal);
  const password = client ? null : passwordProblem(state.password, state.confirmation);
  return {
    fields,
    cart,
    values,
    client,
    allowBusiness,
    companyTicked: state.companyTicked,
    passes,
    renewal: ownRenewal,
    passwordProblem: password,
    ready: Object.keys(problems).length === 0 && holdersComplete(passes) && password === null,
  };
}
