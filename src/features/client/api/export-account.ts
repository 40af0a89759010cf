/** GET /api/client/export: the personal data as JSON, saved by the browser as a file. */
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export async function downloadAccountData(): Promise<void> {
  const { data } = await apiClient.get<unknown>('/client/export');
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'my-account.json';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useDownloadAccountData() {
  return useMutation({ mutationFn: downloadAccountData });
}
