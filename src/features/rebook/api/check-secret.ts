/** GET /api/rebook/secret/{secret}/{orderId}: whether the rebook link is the shop's (spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export async function checkRebookSecret(secret: string, orderId: string): Promise<true> {
  await apiClient.get(`/rebook/secret/${encodeURIComponent(secret)}/${encodeURIComponent(orderId || '0')}`);
  return true;
}

export const rebookSecretQuery = (secret: string, orderId: string) =>
  queryOptions({ queryKey: ['rebook', 'secret', secret, orderId], queryFn: () => checkRebookSecret(secret, orderId), retry: false, staleTime: 60_000 });

export function useRebookSecret(secret: string, orderId: string) {
  return useQuery(rebookSecretQuery(secret, orderId));
}
