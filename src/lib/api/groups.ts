/**
 * GET /api/groups/{clientId} (spec sections 6 and 7): the signed-in client's customer groups, by
 * name in the visitor's language. Asked only for a signed-in client (groups need one); a failure
 * is tolerated as "no groups". What a group gives: src/domain/customer-groups.ts.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerGroups } from '#domain/contracts/subscription-order.ts';
import { apiClient, inLanguage } from '../api-client.ts';

export async function getClientGroups(clientId: number, language?: string): Promise<CustomerGroups> {
  const { data } = await apiClient.get<CustomerGroups>(`/groups/${clientId}`, inLanguage(language));
  return data;
}

/** Under the `['client']` prefix: sign-in and sign-out ask again. */
export const clientGroupsQuery = (clientId: number, language: string) =>
  queryOptions({ queryKey: ['client', 'groups', clientId, language], queryFn: () => getClientGroups(clientId, language), staleTime: 60_000, retry: 1 });

/** The client's groups; empty for an anonymous visitor, while loading, or when the request failed. */
export function useClientGroups(clientId: number | null): CustomerGroups {
  const { i18n } = useTranslation();
  const query = useQuery({ ...clientGroupsQuery(clientId ?? 0, i18n.language), enabled: clientId !== null });
  return clientId === null ? [] : (query.data ?? []);
}
