/** POST /api/client/sign-in-link ("forgot password"): a one-time link mailed to the address if it has an account. */
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export async function requestSignInLink(email: string): Promise<void> {
  await apiClient.post('/client/sign-in-link', { email });
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}
