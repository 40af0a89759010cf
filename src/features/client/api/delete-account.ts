/** DELETE /api/client: erases the signed-in client's account, the password asked again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientResponse } from '#domain/contracts/client.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function deleteAccount(password: string): Promise<void> {
  await apiClient.delete('/client', { data: { password } });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      queryClient.setQueriesData<ClientResponse>({ queryKey: ['client'] }, null);
      await queryClient.invalidateQueries({ queryKey: ['client'] });
    },
  });
}
