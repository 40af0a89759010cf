/** POST /api/client/logout-everywhere: ends every session of the signed-in client, on every device. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientResponse } from '#domain/contracts/client.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function logoutEverywhere(): Promise<void> {
  await apiClient.post('/client/logout-everywhere');
}

export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: async () => {
      queryClient.setQueriesData<ClientResponse>({ queryKey: ['client'] }, null);
      await queryClient.invalidateQueries({ queryKey: ['client'] });
    },
  });
}
