/** POST /api/subscriptions (spec section 7): the subscription order for real, with the visit's enrichment; one idempotency key per submit attempt. */
import { useMutation } from '@tanstack/react-query';
import type { SubscriptionOrderRequest, SubscriptionOrderResponse } from '#domain/contracts/subscription-order.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { visitEnrichment } from '../../../lib/visit-enrichment.ts';
import { IDEMPOTENCY_HEADER, lostAnswerRetryDelay, retryLostAnswer } from '../../../lib/submission-retry.ts';

export interface SubmitSubscriptionInput {
  request: SubscriptionOrderRequest;
  captcha?: string | null;
  idempotencyKey: string;
}

export async function submitSubscription(input: SubmitSubscriptionInput): Promise<SubscriptionOrderResponse['response']> {
  const { data } = await apiClient.post<SubscriptionOrderResponse>(
    '/subscriptions',
    { ...input.request, enrichment: visitEnrichment(), captcha: input.captcha ?? null },
    { headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey } },
  );
  return data.response;
}

export function useSubmitSubscription() {
  return useMutation({ mutationKey: ['subscriptions', 'submit'], mutationFn: submitSubscription, retry: retryLostAnswer, retryDelay: lostAnswerRetryDelay });
}
