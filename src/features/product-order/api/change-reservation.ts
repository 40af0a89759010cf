/**
 * POST /api/reservation/{hash}/change: the reservation moved to another slot (and quantities);
 * the server gives the old places back and takes the new ones in one transaction. The reservation
 * page's query of it is refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReservationChangeRequest } from '#domain/contracts/reservation-actions.schema.ts';
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function changeReservation(hash: string, change: ReservationChangeRequest): Promise<ReservationResponse> {
  const { data } = await apiClient.post<ReservationResponse>(`/reservation/${encodeURIComponent(hash)}/change`, change);
  return data;
}

export function useChangeReservation(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ReservationChangeRequest) => changeReservation(hash, change),
    // The reservation page's key (src/features/reservation/api/get-reservation.ts), in every language.
    onSuccess: () => client.invalidateQueries({ queryKey: ['reservations', 'detail', hash] }),
  });
}
