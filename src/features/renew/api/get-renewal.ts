/** GET /api/client/subscription/{hash}: the signed-in client's renewal (renewable, subscription.id, expiration, passes; spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionRenewal } from '#domain/contracts/subscription-order.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function getRenewal(hash: string): Promise<SubscriptionRenewal> {
  const { data } = await apiClient.get<SubscriptionRenewal>(`/client/subscription/${encodeURIComponent(hash)}`);
  return data;
}

export const renewalQuery = (hash: string) =>
  queryOptions({ queryKey: ['client', 'renewal', hash], queryFn: () => getRenewal(hash), retry: false, staleTime: 0 });

export function useRenewal(hash: string, enabled: boolean) {
  return useQuery({ ...renewalQuery(hash), enabled });
}
