/** GET /api/client/account: the signed-in client's orders, reservations, passes and gift cards. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Account } from '#domain/contracts/client.ts';
import { apiClient, inLanguage } from '../../../lib/api-client.ts';

export async function getAccount(language: string): Promise<Account> {
  const { data } = await apiClient.get<Account>('/client/account', inLanguage(language));
  return data;
}

/** Under the `['client']` prefix: signing in or out refetches or drops it with the client. */
export function useAccount(enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['client', 'account', i18n.language], queryFn: () => getAccount(i18n.language), enabled });
}
