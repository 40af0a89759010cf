/** A client's passes (subscriptions) found by e-mail, and extending one. */
import { queryOptions } from '@tanstack/react-query';
import { passExtendBodySchema, type ClientPasses } from '#domain/contracts/backoffice-orders.schema.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

export const passKeys = {
  all: ['backoffice', 'passes'] as const,
  byEmail: (email: string) => [...passKeys.all, email] as const,
};

/** Asked once at least three characters are typed. */
export const passesQuery = (email: string) =>
  queryOptions({
    queryKey: passKeys.byEmail(email),
    enabled: email.length >= 3,
    queryFn: () => backofficeApi.get<ClientPasses>(`/passes?email=${encodeURIComponent(email)}`),
  });

export const useExtendPass = (id: number, options?: MutationOptions<{ id: number; expires_on: string | null }, string>) =>
  useInvalidatingMutation(
    (date: string) => backofficeApi.post<{ id: number; expires_on: string | null }>(`/passes/${id}/extend`, passExtendBodySchema.parse({ expires_on: date })),
    [passKeys.all],
    options,
  );
