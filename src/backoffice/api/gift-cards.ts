/** Gift cards: the list (with a search), one card with its history, issuing one, and adjusting or voiding one. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeskGiftCard, giftCardIssueBodySchema, GiftCardLookup } from '#domain/contracts/backoffice-orders.schema.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

export const giftCardKeys = {
  all: ['backoffice', 'gift-cards'] as const,
  list: (q: string) => [...giftCardKeys.all, 'list', q] as const,
  card: (code: string) => [...giftCardKeys.all, 'card', code] as const,
};

export const giftCardsQuery = (q: string) =>
  queryOptions({
    queryKey: giftCardKeys.list(q),
    queryFn: () => backofficeApi.get<{ gift_cards: DeskGiftCard[] }>(`/gift-cards?limit=50${q ? `&q=${encodeURIComponent(q)}` : ''}`),
  });

export const giftCardQuery = (code: string) =>
  queryOptions({ queryKey: giftCardKeys.card(code), queryFn: () => backofficeApi.get<GiftCardLookup>(`/gift-cards/${encodeURIComponent(code)}`) });

export const useIssueGiftCard = (options?: MutationOptions<DeskGiftCard, z.output<typeof giftCardIssueBodySchema>>) =>
  useInvalidatingMutation(
    (values: z.output<typeof giftCardIssueBodySchema>) => backofficeApi.post<DeskGiftCard>('/gift-cards', values),
    [giftCardKeys.all],
    options,
  );

/** `adjust` (a change of balance with a reason) or `void` (with a reason). */
export const useChangeGiftCard = <Body>(code: string, what: 'adjust' | 'void', options?: MutationOptions<DeskGiftCard, Body>) =>
  useInvalidatingMutation(
    (body: Body) => backofficeApi.post<DeskGiftCard>(`/gift-cards/${encodeURIComponent(code)}/${what}`, body),
    [giftCardKeys.all],
    options,
  );
