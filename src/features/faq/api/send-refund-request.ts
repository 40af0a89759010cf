/** POST /api/faq/mail: sends a refund (cancellation) request to the shop (spec section 7). */
import { useMutation } from '@tanstack/react-query';
import type { RefundRequest } from '#domain/validation/refund-request.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** `captcha`: the token of a solved captcha, when the shop asked for one (SECURITY_CAPTCHA_REQUIRED). */
export async function sendRefundRequest(request: RefundRequest & { captcha?: string | null }): Promise<void> {
  // Stray spaces typed around a value are not part of it (the rules ignore them too).
  const body: RefundRequest & { captcha?: string } = {
    first_name: request.first_name.trim(),
    last_name: request.last_name.trim(),
    email: request.email.trim(),
    adress: request.adress.trim(),
    order_number: request.order_number.trim(),
    comment: request.comment.trim(),
    ...(request.captcha ? { captcha: request.captcha } : {}),
  };
  await apiClient.post('/faq/mail', body);
}

export function useSendRefundRequest() {
  return useMutation({ mutationKey: ['faq', 'mail'], mutationFn: sendRefundRequest });
}
