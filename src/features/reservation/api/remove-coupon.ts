/**
 * DELETE /api/reservation/{hash}/coupons/{code}: the coupon taken off the reservation, which the
 * server prices again (total and payment amount); the answer is the reservation reloaded.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function removeReservationCoupon(hash: string, code: string): Promise<ReservationResponse> {
  const { data } = await apiClient.delete<ReservationResponse>(`/reservation/${encodeURIComponent(hash)}/coupons/${encodeURIComponent(code)}`);
  return data;
}

export function useRemoveReservationCoupon(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => removeReservationCoupon(hash, code),
    // The coupon comes off every item of the checkout (each loaded under its own hash), in every language's copy.
    onSuccess: () => client.invalidateQueries({ queryKey: ['reservations', 'detail'] }),
  });
}
