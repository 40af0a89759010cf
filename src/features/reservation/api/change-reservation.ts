/** POST /api/reservation/{hash}/change: another slot (and quantity); the old places are given back as the new ones are taken. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReservationResponse } from '../../../domain/contracts/reservation.ts';
import { apiClient } from '../../../lib/api-client.ts';

export interface ReservationChange {
  plot: number;
  quantity?: number;
}

export async function changeReservation(hash: string, change: ReservationChange): Promise<ReservationResponse> {
  const { data } = await apiClient.post<ReservationResponse>(`/reservation/${encodeURIComponent(hash)}/change`, change);
  return data;
}

export function useChangeReservation(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ReservationChange) => changeReservation(hash, change),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reservations', 'detail', hash] }),
  });
}
