/** The organisation's languages and its default (GET /catalogue/languages): every editor's texts are asked in these. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '#domain/languages.ts';
import { backofficeApi } from './client.ts';

export interface ShopLanguages {
  languages: Language[];
  default_language: Language;
}

export const languagesKeys = { all: ['backoffice', 'languages'] as const };

export const shopLanguagesQuery = () =>
  queryOptions({ queryKey: languagesKeys.all, queryFn: () => backofficeApi.get<ShopLanguages>('/catalogue/languages'), staleTime: 5 * 60_000 });

export const useShopLanguages = () => useQuery(shopLanguagesQuery());
