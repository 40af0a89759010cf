/**
 * POST /api/orders (spec section 7): the cart for real, paid or reserved, with the top-level
 * `fields` (the answers its products ask for: src/domain/order/order-fields.ts) and the visit's
 * enrichment on each order. One submit attempt has one idempotency key
 * (src/lib/submission-retry.ts): an attempt whose answer was lost is sent again with it.
 */
import { useMutation } from '@tanstack/react-query';
import type { OrderCustomer, OrderLineRequest, OrderResponse, OrderResult } from '#domain/contracts/orders.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import { splitOrderFields } from '#domain/order/order-fields.ts';
import { visitEnrichment } from '../../../lib/visit-enrichment.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { forgetWaitlistHold, waitlistHoldFor } from '../../../lib/waitlist-hold.ts';
import { IDEMPOTENCY_HEADER, lostAnswerRetryDelay, retryLostAnswer } from '../../../lib/submission-retry.ts';

export interface SubmitOrderInput {
  action: 'pay' | 'reserve';
  language: string;
  customer: OrderCustomer;
  /** The organisation's customer fields: which answers go top-level. */
  fieldDefinitions: readonly Pick<CustomerField, 'name' | 'products'>[];
  orders: OrderLineRequest[];
  codes: string[];
  /** The captcha token on a retry after a SECURITY_ failure (the captcha arrives with the payments issue). */
  captcha?: string | null;
  /** This submit attempt's key (newIdempotencyKey), the same on every retry of the attempt. */
  idempotencyKey: string;
}

export async function submitOrder(input: SubmitOrderInput): Promise<OrderResult[]> {
  const { customer, fields } = splitOrderFields(input.customer, input.fieldDefinitions);
  const enrichment = visitEnrichment();
  // Places a waiting-list link holds for this visitor go with the order of that slot.
  const waitlistHold = waitlistHoldFor(input.orders.map((order) => order.product.plot));
  const { data } = await apiClient.post<OrderResponse>(
    '/orders',
    {
      customer,
      fields,
      coupon: input.codes,
      language: input.language,
      action: input.action,
      captcha: input.captcha ?? null,
      ...(waitlistHold ? { waitlist_hold: waitlistHold } : {}),
      orders: input.orders.map((order) => ({ ...order, enrichment, language: input.language })),
    },
    { headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey } },
  );
  if (waitlistHold) forgetWaitlistHold();
  return data.response.orders;
}

export function useSubmitOrder() {
  // A retry gets the same variables, so the same key: the server answers it as the first time.
  return useMutation({ mutationKey: ['orders', 'submit'], mutationFn: submitOrder, retry: retryLostAnswer, retryDelay: lostAnswerRetryDelay });
}
