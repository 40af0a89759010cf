/** POST /api/client/logout: ends the client's session. Used by the header and the login page. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientResponse } from '#domain/contracts/client.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function logout(): Promise<void> {
  await apiClient.post('/client/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Show the visitor as signed out at once, then confirm with the server.
      queryClient.setQueriesData<ClientResponse>({ queryKey: ['client'] }, null);
      await queryClient.invalidateQueries({ queryKey: ['client'] });
    },
  });
}
