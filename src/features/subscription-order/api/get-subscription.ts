/** GET /api/subscriptions/{id} and /upsells: the subscription with its audiences, and its upsells (spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '#domain/contracts/catalogue.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function getSubscription(id: number): Promise<Subscription> {
  const { data } = await apiClient.get<Subscription>(`/subscriptions/${id}`);
  return data;
}

export const subscriptionQuery = (id: number, language: string) =>
  queryOptions({ queryKey: ['subscriptions', 'detail', id, language], queryFn: () => getSubscription(id), staleTime: 60_000, retry: 1 });

export function useSubscription(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({ ...subscriptionQuery(id ?? 0, i18n.language), enabled: id !== null });
}
