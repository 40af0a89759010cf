/** POST /api/client/sign-up: a new account; the answer is the same for every address (the mail says the rest). */
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export interface SignUpInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

export async function signUp(input: SignUpInput): Promise<void> {
  await apiClient.post('/client/sign-up', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
