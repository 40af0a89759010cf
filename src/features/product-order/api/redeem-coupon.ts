/**
 * POST /api/coupon (spec sections 5 and 7): checks a code for the cart's products, sending the
 * codes already applied. Needs a signed-in client; a refusal carries `error_info`.
 */
import { useMutation } from '@tanstack/react-query';
import type { CouponResponse } from '../../../domain/contracts/orders.ts';
import { apiClient } from '../../../lib/api-client.ts';

export interface RedeemCouponInput {
  coupon: string;
  products: number[];
  clientId: number | null;
  coupons: string[];
}

export async function redeemCoupon(input: RedeemCouponInput): Promise<CouponResponse> {
  const { data } = await apiClient.post<CouponResponse>('/coupon', {
    type: 'PRODUCT',
    products: input.products,
    coupon: input.coupon,
    client: input.clientId,
    coupons: input.coupons,
  });
  return data;
}

export function useRedeemCoupon() {
  return useMutation({ mutationKey: ['coupon', 'redeem'], mutationFn: redeemCoupon });
}
