/** GET /api/gift-cards/{hash}: the printable gift card's data, by the secret link of the buyer's mail. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GiftCardPage } from '#domain/contracts/vouchers.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function getGiftCard(hash: string): Promise<GiftCardPage> {
  const { data } = await apiClient.get<GiftCardPage>(`/gift-cards/${encodeURIComponent(hash)}`);
  return data;
}

export function useGiftCard(hash: string) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['gift-cards', hash, i18n.language], queryFn: () => getGiftCard(hash), retry: false, staleTime: 30_000 });
}
