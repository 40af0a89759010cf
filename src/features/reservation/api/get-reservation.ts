/** GET /api/reservation/{hash}: a reserved order with the other items of its checkout (spec section 7). */
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReservationReference, ReservationResponse } from '#domain/contracts/reservation.ts';
import { apiClient, inLanguage, isApiError } from '../../../lib/api-client.ts';

export async function getReservation(hash: string, language?: string): Promise<ReservationResponse> {
  const { data } = await apiClient.get<ReservationResponse>(`/reservation/${encodeURIComponent(hash)}`, inLanguage(language));
  return data;
}

// A refusal (unknown hash, not a reservation) stays a refusal; only server trouble is worth another try.
const isRefused = (error: unknown) => isApiError(error) && error.status !== null && error.status < 500;

export const reservationQuery = (hash: string, language: string) =>
  queryOptions({
    queryKey: ['reservations', 'detail', hash, language],
    queryFn: () => getReservation(hash, language),
    staleTime: 30_000,
    retry: (failureCount, error) => !isRefused(error) && failureCount < 2,
  });

export function useReservation(hash: string) {
  const { i18n } = useTranslation();
  return useQuery(reservationQuery(hash, i18n.language));
}

/** The other reservations of the checkout, each under its own hash (so visiting one later is cached). */
export function useAdditionalReservations(references: readonly ReservationReference[]) {
  const { i18n } = useTranslation();
  return useQueries({ queries: references.map((reference) => reservationQuery(reference.hash, i18n.language)) });
}
