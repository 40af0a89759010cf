/** The category tree with the ids of the items in each category. */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CategoryListItem } from '#domain/contracts/catalogue.ts';
import { readJson } from '../api-client.ts';

export async function getCategories(language?: string): Promise<CategoryListItem[]> {
  return readJson<CategoryListItem[]>('/categories', language);
}

export const categoriesQuery = (language: string) =>
  queryOptions({ queryKey: ['categories', 'list', language], queryFn: () => getCategories(language), staleTime: 60_000 });

/** Loaded before the app shows (app/bootstrap), so this never suspends in practice. */
export function useCategories(): CategoryListItem[] {
  const { i18n } = useTranslation();
  return useSuspenseQuery(categoriesQuery(i18n.language)).data;
}
