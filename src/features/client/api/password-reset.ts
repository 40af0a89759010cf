/** POST /api/client/password-reset: a mailed link's token and a new password → signed in (session cookie). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiClient.post('/client/password-reset', input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['client'] }) });
}
