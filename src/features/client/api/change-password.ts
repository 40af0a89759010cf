/** POST /api/client/password: a new password, given the current one; other sessions end, this one is renewed. */
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export async function changePassword(input: { current_password: string; password: string }): Promise<void> {
  await apiClient.post('/client/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
