/** POST /api/vouchers (spec section 7): the voucher order; one submit attempt, one idempotency key. */
import { useMutation } from '@tanstack/react-query';
import type { OrderCustomer } from '../../../domain/contracts/orders.ts';
import type { VoucherOrderResponse } from '../../../domain/contracts/vouchers.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, lostAnswerRetryDelay, retryLostAnswer } from '../../../lib/submission-retry.ts';
import { voucherValuesPayload, type VoucherQuantities } from '../voucher-request.ts';

export interface SubmitVoucherInput {
  voucherId: number;
  quantities: VoucherQuantities;
  customer: OrderCustomer;
  language: string;
  captcha?: string | null;
  idempotencyKey: string;
}

export async function submitVoucher(input: SubmitVoucherInput): Promise<VoucherOrderResponse['response']> {
  const { data } = await apiClient.post<VoucherOrderResponse>(
    '/vouchers',
    {
      customer: input.customer,
      voucher: { id: input.voucherId },
      values: voucherValuesPayload(input.quantities),
      language: input.language,
      captcha: input.captcha ?? null,
    },
    { headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey } },
  );
  return data.response;
}

export function useSubmitVoucher() {
  return useMutation({ mutationKey: ['vouchers', 'submit'], mutationFn: submitVoucher, retry: retryLostAnswer, retryDelay: lostAnswerRetryDelay });
}
