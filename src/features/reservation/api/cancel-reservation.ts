/** POST /api/reservation/{hash}/cancel: the reservation is cancelled and its places come back at once. */
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export async function cancelReservation(hash: string): Promise<void> {
  await apiClient.post(`/reservation/${encodeURIComponent(hash)}/cancel`);
}

export function useCancelReservation(hash: string) {
  return useMutation({ mutationFn: () => cancelReservation(hash) });
}
