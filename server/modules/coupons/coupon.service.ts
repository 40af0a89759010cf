/**
 * POST /api/coupon: previews one code against what is being ordered, without using it up. Anyone
 * may ask: a gift card works without an account, a coupon only for a signed-in client
 * (src/domain/order/discount-access.ts; an anonymous visitor's coupon is answered like an unknown code).
 */
import type { CouponRequest, CouponResponse } from '#domain/contracts/orders.ts';
import type { z } from 'zod';
import type { couponRequestSchema } from '#domain/contracts/orders.ts';
import { toAmount } from '#domain/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CodeGuessing } from '../../security/code-guessing.ts';
import { shopMoment } from '../../shop-time.ts';
import { loadShopLocale } from '../organisation/index.ts';
import { normaliseCode, resolveDiscountCodes, uniqueCodes, type DiscountTarget } from './discount-codes.ts';

type ParsedCouponRequest = z.infer<typeof couponRequestSchema>;
export type { CouponRequest };

export function createCouponService({ db, clock, codes }: { db: Database; clock: Clock; codes: Pick<CodeGuessing, 'check'> }) {
  return {
    async preview(request: ParsedCouponRequest, clientId: number | null, address: string | null): Promise<CouponResponse> {
      const code = normaliseCode(request.coupon);
      if (uniqueCodes(request.coupons).includes(code)) {
        const info = `The code ${code} is already applied.`;
        throw new AppError('COUPON_INVALID', 400, info, { errorInfo: info });
      }
      const now = clock.now();
      const { timezone } = await loadShopLocale(db);
      const target: DiscountTarget =
        request.type === 'PRODUCT' ? { kind: 'PRODUCT', products: request.products } : { kind: 'SUBSCRIPTION', subscription: request.subscription };
      const resolved = await codes.check([code], { address, captcha: request.captcha }, () =>
        resolveDiscountCodes(db, [code], { clientId, now, today: shopMoment(now, timezone).date, target }),
      );
      const [coupon] = resolved.coupons;
      if (coupon) {
        return {
          type: 'COUPON',
          data: {
            code: coupon.code,
            type: coupon.discountType,
            // Percentages travel as a percent (10 for 10 %), fixed discounts as an amount.
            value: coupon.discountType === 'PERCENTAGE' ? coupon.value / 100 : toAmount(coupon.value),
            max_ticket_amount: coupon.maxTicketAmount,
          },
        };
      }
      const [card] = resolved.giftCards;
      if (!card) throw new Error('a resolved code is a coupon or a gift card');
      return { type: 'VOUCHER', data: { barcode: card.code, credit: toAmount(card.creditCents), expiration: card.expiresOn } };
    },
  };
}
