/**
 * The signed-in person's own account: a second factor (TOTP) turned on (begin, confirm with a code: the
 * recovery codes are answered once), replaced or off (a current code or a recovery code), and their
 * sessions listed and ended one by one.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { StaffSessionEntryBody, TotpConfirmed, TotpEnrolment, TotpProof } from '#domain/backoffice/staff.schema.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

/** What a person types as proof: six digits are a code from the app, anything else a recovery code. */
export function totpProof(typed: string): TotpProof {
  const value = typed.trim();
  if (value === '') return {};
  return /^\d{6}$/.test(value) ? { code: value } : { recovery_code: value };
}

export const useBeginTotp = (options?: MutationOptions<TotpEnrolment, TotpProof>) =>
  useMutation({ ...options, mutationFn: (proof: TotpProof) => backofficeApi.post<TotpEnrolment>('/me/totp', proof) });

export const useConfirmTotp = (options?: MutationOptions<TotpConfirmed, string>) =>
  useMutation({ ...options, mutationFn: (code: string) => backofficeApi.post<TotpConfirmed>('/me/totp/confirm', { code }) });

export const useDisableTotp = (options?: MutationOptions<unknown, TotpProof>) =>
  useMutation({ ...options, mutationFn: (proof: TotpProof) => backofficeApi.post('/me/totp/disable', proof) });

export const mySessionKeys = { all: ['backoffice', 'me', 'sessions'] as const };

export const mySessionsQuery = () => queryOptions({ queryKey: mySessionKeys.all, queryFn: () => backofficeApi.get<StaffSessionEntryBody[]>('/me/sessions') });

export const useEndMySession = (options?: MutationOptions<unknown, number>) =>
  useInvalidatingMutation((sessionId: number) => backofficeApi.delete(`/me/sessions/${sessionId}`), [mySessionKeys.all], options);

/** An owner's view of another member's sessions (the staff page). */
export const memberSessionKeys = { of: (staffId: number) => ['backoffice', 'staff', staffId, 'sessions'] as const };

export const memberSessionsQuery = (staffId: number) =>
  queryOptions({ queryKey: memberSessionKeys.of(staffId), queryFn: () => backofficeApi.get<StaffSessionEntryBody[]>(`/staff/${staffId}/sessions`) });

export const useEndMemberSession = (staffId: number, options?: MutationOptions<unknown, number>) =>
  useInvalidatingMutation(
    (sessionId: number) => backofficeApi.delete(`/staff/${staffId}/sessions/${sessionId}`),
    [memberSessionKeys.of(staffId), ['backoffice', 'staff']],
    options,
  );
