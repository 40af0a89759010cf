/**
 * POST /api/coupon (spec sections 5 and 7): checks a code for what is being ordered — the cart's
 * products (type PRODUCT) or one subscription (type SUBSCRIPTION) — sending the codes already
 * applied and the client. Needs a signed-in client; a refusal carries `error_info`. Shared by the
 * product and subscription flows.
 */
import { useMutation } from '@tanstack/react-query';
import type { CouponResponse } from '#domain/contracts/orders.ts';
import { apiClient } from '../api-client.ts';

/** What the code is checked against. */
export type CouponTarget = { type: 'PRODUCT'; products: number[] } | { type: 'SUBSCRIPTION'; subscription: number };

export interface RedeemCouponInput {
  coupon: string;
  target: CouponTarget;
  clientId: number | null;
  coupons: string[];
}

export async function redeemCoupon(input: RedeemCouponInput): Promise<CouponResponse> {
  const { data } = await apiClient.post<CouponResponse>('/coupon', {
    ...input.target,
    coupon: input.coupon,
    client: input.clientId,
    coupons: input.coupons,
  });
  return data;
}

export function useRedeemCoupon() {
  return useMutation({ mutationKey: ['coupon', 'redeem'], mutationFn: redeemCoupon });
}
