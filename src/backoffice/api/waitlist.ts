/** The waiting list of one sold-out slot (read only here: the shop offers freed places itself). */
import { queryOptions } from '@tanstack/react-query';
import type { WaitlistStaffView } from '#domain/backoffice/waitlist-view.ts';
import { backofficeApi } from './client.ts';

export const waitlistKeys = { slot: (productId: string, slotId: string) => ['backoffice', 'waitlist', productId, slotId] as const };

export const slotWaitlistQuery = (productId: string, slotId: string, enabled: boolean) =>
  queryOptions({
    queryKey: waitlistKeys.slot(productId, slotId),
    enabled,
    queryFn: () => backofficeApi.get<WaitlistStaffView>(`/products/${productId}/slots/${slotId}/waitlist`),
  });
