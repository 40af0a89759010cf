/**
 * POST /api/orders with `rebook` and `rebook_secret` (spec section 4, Rebook): the booking on its
 * new slot, with the same tickets and extras; the server moves the places and asks for any
 * difference through the normal payment.
 */
import { useMutation } from '@tanstack/react-query';
import type { OrderResponse, OrderResult } from '../../../domain/contracts/orders.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/submission-retry.ts';
import type { RebookValidation } from './validate-rebook.ts';

export function rebookLine(validation: RebookValidation, plot: number, secret: string) {
  const { product, upsell } = validation.quantity;
  const audiences = typeof product === 'number' ? {} : Object.fromEntries(Object.entries(product).map(([id, quantity]) => [id, { quantity }]));
  const quantity = typeof product === 'number' ? product : Object.values(product).reduce((sum, count) => sum + count, 0);
  return {
    product: { id: validation.product, plot, quantity },
    audiences,
    upsells: Object.fromEntries(Object.entries(upsell).map(([id, count]) => [id, { quantity: count }])),
    rebook: validation.hash,
    rebook_secret: secret,
  };
}

export async function submitRebook(input: { validation: RebookValidation; plot: number; secret: string; language: string }): Promise<OrderResult[]> {
  const { data } = await apiClient.post<OrderResponse>(
    '/orders',
    {
      customer: input.validation.customer,
      language: input.language,
      action: 'pay',
      coupon: [],
      orders: [rebookLine(input.validation, input.plot, input.secret)],
    },
    { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
  );
  return data.response.orders;
}

export function useSubmitRebook() {
  return useMutation({ mutationFn: submitRebook });
}
