/**
 * POST /api/reservation/{hash}/change/simulate: what the reservation would cost after the change
 * (its coupons and the organisation's additions applied by the server), nothing moved. Keyed by
 * the change, so every new choice asks again and an unchanged one is answered from the cache.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReservationChangeRequest, ReservationChangeSimulation } from '#domain/contracts/reservation-actions.schema.ts';
import type { OrderPrices } from '#domain/contracts/orders.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function simulateChange(hash: string, change: ReservationChangeRequest): Promise<OrderPrices> {
  const { data } = await apiClient.post<ReservationChangeSimulation>(`/reservation/${encodeURIComponent(hash)}/change/simulate`, change);
  return data.prices;
}

export const changeSimulationQuery = (hash: string, change: ReservationChangeRequest) =>
  queryOptions({
    queryKey: ['reservations', 'change-simulation', hash, JSON.stringify(change)],
    queryFn: () => simulateChange(hash, change),
    staleTime: 30_000,
  });

/** `change` null: nothing to price yet (or not a reservation change). */
export function useChangeSimulation(hash: string | null, change: ReservationChangeRequest | null) {
  return useQuery({
    ...changeSimulationQuery(hash ?? '', change ?? { plot: 1 }),
    enabled: hash !== null && change !== null,
    placeholderData: keepPreviousData,
  });
}
