/** GET /api/categories/{id}: one category with its listed children and item cards (spec section 7). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Category } from '#domain/contracts/catalogue.ts';
import { apiClient, isApiError } from '../../../lib/api-client.ts';

export async function getCategory(id: number): Promise<Category> {
  const { data } = await apiClient.get<Category>(`/categories/${id}`);
  return data;
}

/** The API does not serve the category (missing, or a draft or archived one): the page sends the visitor home. */
export function isCategoryGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'NOT_FOUND' || error.code === 'INVALID_ID');
}

export const categoryQuery = (id: number, language: string) =>
  queryOptions({
    queryKey: ['categories', 'detail', id, language],
    queryFn: () => getCategory(id),
    staleTime: 60_000,
    // A missing category stays missing; only transient failures are worth another try.
    retry: (failureCount, error) => !isCategoryGone(error) && failureCount < 2,
  });

export function useCategory(id: number) {
  const { i18n } = useTranslation();
  // Keeps the page on screen while a language switch loads the translated category.
  return useQuery({ ...categoryQuery(id, i18n.language), placeholderData: keepPreviousData });
}
