/** POST /api/waitlist and GET /api/waitlist/holds/{token}, and their refusals as the waiting list's own texts. */
import type { WaitlistJoin, WaitlistOffer } from '#domain/contracts/waitlist.ts';
import { apiClient, isApiError } from '../api-client.ts';

export async function joinWaitlist(join: WaitlistJoin): Promise<{ position: number }> {
  const { data } = await apiClient.post<{ ok: true; response: { position: number } }>('/waitlist', join);
  return data.response;
}

export async function getWaitlistOffer(token: string): Promise<WaitlistOffer> {
  const { data } = await apiClient.get<{ ok: true; response: WaitlistOffer }>(`/waitlist/holds/${encodeURIComponent(token)}`);
  return data.response;
}

export function waitlistErrorKeys(error: unknown): string[] {
  const code = isApiError(error) ? error.code : null;
  return code ? [`waitlist:errors.${code.toLowerCase()}`, 'waitlist:errors.unexpected'] : ['waitlist:errors.unexpected'];
}
