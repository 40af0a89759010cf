/** PATCH /api/reservation/{hash}: the customer's details; the answer is the reservation reloaded (spec section 7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReservationCustomer, ReservationResponse } from '#domain/contracts/reservation.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function updateReservation(hash: string, customer: ReservationCustomer): Promise<ReservationResponse> {
  const { data } = await apiClient.patch<ReservationResponse>(`/reservation/${encodeURIComponent(hash)}`, { customer });
  return data;
}

export function useUpdateReservation(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (customer: ReservationCustomer) => updateReservation(hash, customer),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reservations', 'detail', hash] }),
  });
}
