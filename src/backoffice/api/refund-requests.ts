/** The refund requests customers sent: the inbox by status, accepting one (a refund) and declining one with a reply. */
import { queryOptions } from '@tanstack/react-query';
import type { RefundRequest } from '#domain/contracts/backoffice-orders.schema.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';
import type { RefundAnswer, RefundBody } from './orders.ts';

export const refundRequestKeys = {
  all: ['backoffice', 'refund-requests'] as const,
  list: (status: string) => [...refundRequestKeys.all, 'list', status] as const,
};

/** The latest 100 requests, of one status or ('') of any. */
export const refundRequestsQuery = (status: '' | RefundRequest['status']) =>
  queryOptions({
    queryKey: refundRequestKeys.list(status),
    queryFn: () => backofficeApi.get<{ requests: RefundRequest[] }>(`/refund-requests?limit=100${status ? `&status=${status}` : ''}`),
  });

/** Accepting a request refunds its order (the refund dialog's `submit`; the reason is the customer's own). */
export const acceptRefundRequest =
  (id: number) =>
  ({ reason: _reason, ...body }: RefundBody) =>
    backofficeApi.post<RefundAnswer>(`/refund-requests/${id}/accept`, body);

export const useDeclineRefundRequest = (id: number, options?: MutationOptions<unknown, string>) =>
  useInvalidatingMutation((reply: string) => backofficeApi.post(`/refund-requests/${id}/decline`, { reply }), [refundRequestKeys.all], options);
