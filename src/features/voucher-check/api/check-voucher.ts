/** GET /api/voucher/check/{code} (spec section 7): a gift card's credit and expiry; `captcha` on a retry. */
import { useMutation } from '@tanstack/react-query';
import type { VoucherCheck } from '#domain/contracts/vouchers.ts';
import { apiClient } from '../../../lib/api-client.ts';

export interface CheckVoucherInput {
  code: string;
  captcha?: string | null;
}

export async function checkVoucher({ code, captcha }: CheckVoucherInput): Promise<VoucherCheck> {
  const query = captcha ? `?captcha=${encodeURIComponent(captcha)}` : '';
  const { data } = await apiClient.get<VoucherCheck>(`/voucher/check/${encodeURIComponent(code.trim())}${query}`);
  return data;
}

export function useCheckVoucher() {
  return useMutation({ mutationKey: ['vouchers', 'check'], mutationFn: checkVoucher });
}
