/**
 * The gate's calls. The gate page works offline first (its day list and queue live in gate-offline.ts),
 * so it calls these itself at the moments it chooses rather than through React Query.
 */
import type { GateDay, GateDayTicket, GateScan } from '#domain/contracts/gate.schema.ts';
import { isApiError } from '../../lib/api-client.ts';
import type { QueuedScan } from '../pages/gate/gate-offline.ts';
import { backofficeApi } from './client.ts';

export type LookupRow = GateDayTicket & { date: string | null };

/** A failure of the network itself (no answer at all), as opposed to a refusal. */
export const isNetworkFailure = (error: unknown) => isApiError(error) && error.status === null;

export const getGateDay = () => backofficeApi.get<GateDay>('/gate/day');
/** The queued scans sent; the answer holds each one's result, in order (not valid: found out at sync). */
export const syncScans = (where: string | null | undefined, scans: QueuedScan[]) => backofficeApi.post<{ results: GateScan[] }>('/gate/sync', { where, scans });
export const scanTicket = (code: string, where: string | null | undefined) => backofficeApi.post<GateScan>('/gate/scan', { code, where });
export const lookUpTickets = (q: string) => backofficeApi.get<{ tickets: LookupRow[] }>(`/gate/lookup?${new URLSearchParams({ q })}`);
export const checkInTicket = (ticketId: number, where: string | null | undefined) =>
  backofficeApi.post<GateScan>('/gate/check-in', { ticket_id: ticketId, where });
