/** GET /api/orders/{hash}/details: a paid order with its e-tickets. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaidOrder } from '#domain/contracts/paid-order.ts';
import { apiClient, inLanguage } from '../../../lib/api-client.ts';

export async function getPaidOrder(hash: string, language?: string): Promise<PaidOrder> {
  const { data } = await apiClient.get<PaidOrder>(`/orders/${encodeURIComponent(hash)}/details`, inLanguage(language));
  return data;
}

export const paidOrderQuery = (hash: string, language: string) =>
  queryOptions({ queryKey: ['orders', 'details', hash, language], queryFn: () => getPaidOrder(hash, language), staleTime: 60_000, retry: 1 });

export function usePaidOrder(hash: string) {
  const { i18n } = useTranslation();
  return useQuery(paidOrderQuery(hash, i18n.language));
}
