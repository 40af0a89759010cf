/** FAQ and contact details. Its failure is tolerated (spec section 8): callers treat an error as "no FAQ". */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Faq } from '#domain/contracts/faq.ts';
import { readJson } from '../api-client.ts';

export async function getFaq(language?: string): Promise<Faq> {
  return readJson<Faq>('/faq', language);
}

export const faqQuery = (language: string) => queryOptions({ queryKey: ['faq', language], queryFn: () => getFaq(language), staleTime: 5 * 60_000, retry: 1 });

/** The FAQ, or undefined while loading or when it failed (tolerated). */
export function useFaq(): { faq: Faq | undefined; isPending: boolean } {
  const { i18n } = useTranslation();
  const query = useQuery(faqQuery(i18n.language));
  return { faq: query.data, isPending: query.isPending };
}
