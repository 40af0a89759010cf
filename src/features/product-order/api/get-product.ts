/** GET /api/products/{id}: the product with its audiences, upsells and cross-sells (spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Product } from '#domain/contracts/catalogue.ts';
import { isApiError, readJson } from '../../../lib/api-client.ts';

export async function getProduct(id: number): Promise<Product> {
  return readJson<Product>(`/products/${id}`);
}

const isGone = (error: unknown) => isApiError(error) && error.status !== null && error.status < 500;

export const productQuery = (id: number, language: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id, language],
    queryFn: () => getProduct(id),
    staleTime: 60_000,
    retry: (failureCount, error) => !isGone(error) && failureCount < 2,
  });

/** null: the address holds no valid id, so there is nothing to ask. */
export function useProduct(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({ ...productQuery(id ?? 0, i18n.language), enabled: id !== null });
}
