/**
 * GET /api/payment/{hash} (spec section 7): the payment of a pending reservation or order, to pay it
 * now. Asked when the visitor chooses to pay (so a mutation: it starts something), never prefetched.
 */
import { useMutation } from '@tanstack/react-query';
import type { OrderPayment, PaymentResumeResponse } from '#domain/contracts/orders.ts';
import { apiClient } from '../../lib/api-client.ts';

export async function getPayment(hash: string): Promise<OrderPayment> {
  const { data } = await apiClient.get<PaymentResumeResponse>(`/payment/${encodeURIComponent(hash)}`);
  return data.response.payment;
}

export function useResumePayment() {
  return useMutation({ mutationFn: getPayment });
}
