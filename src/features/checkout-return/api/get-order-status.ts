/** GET /api/orders/{hash}: the state of an order after the payment provider sent the visitor back. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatusView } from '#domain/contracts/orders.ts';
import { apiClient, isApiError } from '../../../lib/api-client.ts';

/** How often a pending payment is asked about again. */
export const ORDER_STATUS_POLL_MS = 2_000;

export async function getOrderStatus(hash: string): Promise<OrderStatusView> {
  const { data } = await apiClient.get<OrderStatusView>(`/orders/${encodeURIComponent(hash)}`);
  return data;
}

/** The server does not know the hash: asking again will not help. */
export function isUnknownOrder(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'NOT_FOUND' || error.code === 'INVALID_ID');
}

export const orderStatusQuery = (hash: string) =>
  queryOptions({
    queryKey: ['orders', 'status', hash],
    queryFn: () => getOrderStatus(hash),
    // While the provider has not confirmed the payment, ask again; a final status stops the polling.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? ORDER_STATUS_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: (failureCount, error) => !isUnknownOrder(error) && failureCount < 2,
  });

export function useOrderStatus(hash: string) {
  return useQuery(orderStatusQuery(hash));
}
