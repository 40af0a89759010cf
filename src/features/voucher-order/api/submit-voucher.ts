/** POST /api/vouchers (spec section 7): the voucher order with its count and the visit's enrichment; one submit attempt, one idempotency key. */
import { useMutation } from '@tanstack/react-query';
import type { OrderCustomer } from '#domain/contracts/orders.ts';
import type { VoucherOrderResponse } from '#domain/contracts/vouchers.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { visitEnrichment } from '../../../lib/visit-enrichment.ts';
import { IDEMPOTENCY_HEADER, lostAnswerRetryDelay, retryLostAnswer } from '../../../lib/submission-retry.ts';
import { totalQuantity, voucherValuesPayload, type VoucherQuantities } from '../voucher-request.ts';

export interface SubmitVoucherInput {
  voucherId: number;
  quantities: VoucherQuantities;
  customer: OrderCustomer;
  /** On invoice (src/domain/invoice.ts). */
  invoice?: boolean;
  language: string;
  captcha?: string | null;
  idempotencyKey: string;
}

export async function submitVoucher(input: SubmitVoucherInput): Promise<VoucherOrderResponse['response']> {
  const { data } = await apiClient.post<VoucherOrderResponse>(
    '/vouchers',
    {
      customer: input.customer,
      voucher: { id: input.voucherId, quantity: totalQuantity(input.quantities) },
      values: voucherValuesPayload(input.quantities),
      language: input.language,
      enrichment: visitEnrichment(),
      ...(input.invoice ? { invoice: true } : {}),
      captcha: input.captcha ?? null,
    },
    { headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey } },
  );
  return data.response;
}

export function useSubmitVoucher() {
  return useMutation({ mutationKey: ['vouchers', 'submit'], mutationFn: submitVoucher, retry: retryLostAnswer, retryDelay: lostAnswerRetryDelay });
}
