/** Every listed product, subscription and voucher, for the home page. */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HomeProducts } from '#domain/contracts/catalogue.ts';
import { readJson } from '../api-client.ts';

export async function getHomeProducts(language?: string): Promise<HomeProducts> {
  return readJson<HomeProducts>('/home/products', language);
}

export const homeProductsQuery = (language: string) =>
  queryOptions({ queryKey: ['home-products', language], queryFn: () => getHomeProducts(language), staleTime: 60_000 });

/** Loaded before the app shows (app/bootstrap), so this never suspends in practice. */
export function useHomeProducts(): HomeProducts {
  const { i18n } = useTranslation();
  return useSuspenseQuery(homeProductsQuery(i18n.language)).data;
}
