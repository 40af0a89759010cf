/**
 * Price simulation: POST /api/subscriptions with `simulate: true` and a placeholder customer (spec
 * section 7), keyed by what was chosen, so every change asks again and the summary never prices itself.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionOrderRequest, SubscriptionOrderResponse } from '#domain/contracts/subscription-order.ts';
import { apiClient } from '../../../lib/api-client.ts';

const PLACEHOLDER_CUSTOMER = { first_name: 'Simulation', last_name: 'Simulation', email: 'simulation@example.com', fields: {} };

export type SubscriptionChoice = Omit<SubscriptionOrderRequest, 'customer' | 'simulate' | 'captcha'>;

export async function simulateSubscription(choice: SubscriptionChoice): Promise<SubscriptionOrderResponse['response']> {
  const { data } = await apiClient.post<SubscriptionOrderResponse>('/subscriptions', { ...choice, customer: PLACEHOLDER_CUSTOMER, passes: [], simulate: true });
  return data.response;
}

export const subscriptionSimulationQuery = (choice: SubscriptionChoice) =>
  queryOptions({
    queryKey: ['subscriptions', 'simulation', JSON.stringify(choice)],
    queryFn: () => simulateSubscription(choice),
    staleTime: 30_000,
    retry: false,
  });

export function useSubscriptionSimulation(choice: SubscriptionChoice, enabled: boolean) {
  return useQuery({ ...subscriptionSimulationQuery(choice), enabled, placeholderData: keepPreviousData });
}
