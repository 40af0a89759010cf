/** The signed-in person's own account: a second factor (TOTP) turned on (begin, confirm with a code) or off. */
import { useMutation } from '@tanstack/react-query';
import type { TotpEnrolment } from '#domain/backoffice/staff.schema.ts';
import { backofficeApi } from './client.ts';
import type { MutationOptions } from './invalidating-mutation.ts';

export const useBeginTotp = (options?: MutationOptions<TotpEnrolment, void>) =>
  useMutation({ ...options, mutationFn: () => backofficeApi.post<TotpEnrolment>('/me/totp') });

export const useConfirmTotp = (options?: MutationOptions<unknown, string>) =>
  useMutation({ ...options, mutationFn: (code: string) => backofficeApi.post('/me/totp/confirm', { code }) });

export const useDisableTotp = (options?: MutationOptions<unknown, string>) =>
  useMutation({ ...options, mutationFn: (code: string) => backofficeApi.post('/me/totp/disable', { code }) });
