/** GET /api/products/{id}/upsells (spec section 7); a failure is tolerated as "no upsells". */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Upsell } from '#domain/contracts/catalogue.ts';
import { readJson } from '../../../lib/api-client.ts';

export async function getUpsells(productId: number, language: string): Promise<Upsell[]> {
  try {
    const data = await readJson<Upsell[]>(`/products/${productId}/upsells`, language);
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

export const upsellsQuery = (productId: number, language: string) =>
  queryOptions({
    queryKey: ['products', 'upsells', productId, language],
    queryFn: () => getUpsells(productId, language),
    staleTime: 60_000,
  });

export function useUpsells(productId: number) {
  const { i18n } = useTranslation();
  return useQuery(upsellsQuery(productId, i18n.language));
}
