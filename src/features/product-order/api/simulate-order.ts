/**
 * Price simulation: POST /api/orders with `simulate: true` and a placeholder customer (spec
 * section 7). A query, keyed by the order lines, the codes and the language, so every change
 * of the order asks again and an unchanged order is answered from the cache.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderCustomer, OrderLineRequest, OrderResponse, OrderResult } from '#domain/contracts/orders.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { waitlistHoldFor } from '../../../lib/waitlist-hold.ts';

const PLACEHOLDER_CUSTOMER: OrderCustomer = {
  first_name: 'Simulation',
  last_name: 'Simulation',
  email: 'simulation@example.com',
  fields: {},
};

export async function simulateOrder(orders: OrderLineRequest[], codes: string[], language: string): Promise<OrderResult[]> {
  // Places a waiting-list link holds for this visitor count as theirs in the price check too.
  const waitlistHold = waitlistHoldFor(orders.map((order) => order.product.plot));
  const { data } = await apiClient.post<OrderResponse>('/orders', {
    ...(waitlistHold ? { waitlist_hold: waitlistHold } : {}),
    customer: PLACEHOLDER_CUSTOMER,
    coupon: codes,
    language,
    simulate: true,
    orders: orders.map((order) => ({ ...order, simulate: true, language })),
  });
  return data.response.orders;
}

export const orderSimulationQuery = (orders: OrderLineRequest[], codes: string[], language: string) =>
  queryOptions({
    queryKey: ['orders', 'simulation', JSON.stringify(orders), codes, language],
    queryFn: () => simulateOrder(orders, codes, language),
    staleTime: 30_000,
  });

/** `orders` empty: nothing to price yet. */
export function useOrderSimulation(orders: OrderLineRequest[], codes: string[], language: string) {
  return useQuery({
    ...orderSimulationQuery(orders, codes, language),
    enabled: orders.length > 0,
    // The previous prices stay on screen while the new ones load.
    placeholderData: keepPreviousData,
  });
}
