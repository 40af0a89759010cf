/** POST /api/client: exchanges a one-time sign-in token (from a sign-in link) for a session. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenSignInRequest } from '#domain/contracts/client.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function signInWithToken(request: TokenSignInRequest): Promise<void> {
  await apiClient.post('/client', request);
}

export function useSignInWithToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['client'] }),
  });
}
