/** POST /api/client/login: signs a client in with e-mail and password (session cookie). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '#domain/contracts/client.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function login(credentials: LoginRequest): Promise<void> {
  await apiClient.post('/client/login', credentials);
}

/** Resolves once the signed-in client has been reloaded, so callers can navigate straight away. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['client'] }),
  });
}
