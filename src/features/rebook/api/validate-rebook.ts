/** POST /api/rebook/validate: the order by number and e-mail; the answer is what the rebooking preloads. */
import { useMutation } from '@tanstack/react-query';
import type { RebookValidation } from '#domain/contracts/rebook.ts';
import { apiClient } from '../../../lib/api-client.ts';

export type { RebookValidation };

export async function validateRebook(input: { secret: string; order: string; email: string }): Promise<RebookValidation> {
  const { data } = await apiClient.post<{ ok: true; response: RebookValidation }>('/rebook/validate', {
    secret: input.secret,
    order: { id: Number(input.order), email: input.email },
  });
  return data.response;
}

export function useValidateRebook() {
  return useMutation({ mutationFn: validateRebook });
}
