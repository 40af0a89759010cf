/** The signed-in client, or null for an anonymous visitor. */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClientResponse } from '#domain/contracts/client.ts';
import { readJson } from '../api-client.ts';

export async function getClient(language?: string): Promise<ClientResponse> {
  return readJson<ClientResponse>('/client', language).then((data) => data ?? null);
}

/** Sign-in and sign-out invalidate the `['client']` prefix, whatever the language. */
export const clientQuery = (language: string) => queryOptions({ queryKey: ['client', language], queryFn: () => getClient(language), staleTime: 60_000 });

/** Loaded before the app shows (app/bootstrap), so this never suspends in practice. */
export function useClient(): ClientResponse {
  const { i18n } = useTranslation();
  return useSuspenseQuery(clientQuery(i18n.language)).data;
}
