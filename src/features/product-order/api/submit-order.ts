/** POST /api/orders (spec section 7): the cart for real, paid or reserved. */
import { useMutation } from '@tanstack/react-query';
import type { OrderCustomer, OrderLineRequest, OrderResponse, OrderResult } from '../../../domain/contracts/orders.ts';
import { apiClient } from '../../../lib/api-client.ts';

export interface SubmitOrderInput {
  action: 'pay' | 'reserve';
  language: string;
  customer: OrderCustomer;
  orders: OrderLineRequest[];
  codes: string[];
  /** The captcha token on a retry after a SECURITY_ failure (the captcha arrives with the payments issue). */
  captcha?: string | null;
}

export async function submitOrder(input: SubmitOrderInput): Promise<OrderResult[]> {
  const { data } = await apiClient.post<OrderResponse>('/orders', {
    customer: input.customer,
    coupon: input.codes,
    language: input.language,
    action: input.action,
    captcha: input.captcha ?? null,
    orders: input.orders.map((order) => ({ ...order, language: input.language })),
  });
  return data.response.orders;
}

export function useSubmitOrder() {
  return useMutation({ mutationKey: ['orders', 'submit'], mutationFn: submitOrder });
}
