/** The organisation's languages and its default (GET /catalogue/languages), for the settings editors' texts. */
import { useQuery } from '@tanstack/react-query';
import type { Language } from '#domain/languages.ts';
import { boApi } from '../../api.ts';

export interface ShopLanguages {
  languages: Language[];
  default_language: Language;
}

export function useShopLanguages() {
  return useQuery({ queryKey: ['backoffice', 'catalogue', 'languages'], queryFn: () => boApi.get<ShopLanguages>('/catalogue/languages') });
}
