/**
 * Coupon uses as a checkout takes them (server/modules/checkout/takings.ts): taken with conditional
 * updates in the checkout's transaction, given back when it is released, taken again for a late
 * payment, shared out again when a kept order is priced again. Every statement lives in
 * coupon.repo.ts. Gift-card credit, the other discount a code gives, is the vouchers module's
 * (gift-card-ledger.ts), the next taking in the composition root's list.
 */
import type { Executor } from '../../db/client.ts';
import { unknownCode } from './discount-codes.ts';
import { recordRedemptions, releaseCouponUses, reshareCouponUses, retakeCouponUses, takeCouponUse } from './coupon.repo.ts';

/** An order the checkout priced again (the `repriced` of checkout/takings.ts, which this ledger is given as). */
interface RepricedOrder {
  orderId: number;
  couponShares: readonly { couponId: number; cents: number }[];
  checkoutOrderIds: readonly number[];
}

export function createDiscountLedger() {
  return {
    wants(checkout: { orders: readonly { couponShares: readonly unknown[] }[] }): boolean {
      return checkout.orders.some((order) => order.couponShares.length > 0);
    },
    async take(
      db: Executor,
      checkout: {
        paymentId: number;
        orders: { orderId: number; couponShares: readonly { couponId: number; cents: number }[] }[];
      },
    ): Promise<void> {
      const redemptions = checkout.orders.flatMap((order) =>
        order.couponShares.map((share) => ({ couponId: share.couponId, orderId: order.orderId, discountCents: share.cents })),
      );
      if (redemptions.length > 0) await recordRedemptions(db, redemptions);
      // One use per coupon per checkout, taken atomically; a coupon used up meanwhile undoes everything.
      for (const couponId of [...new Set(redemptions.map((entry) => entry.couponId))].sort((a, b) => a - b)) {
        // Used up meanwhile: answered like an unknown code (discount-codes.ts).
        if (!(await takeCouponUse(db, couponId))) throw unknownCode(null);
      }
    },

    release: (db: Executor, checkout: { orderIds: readonly number[] }, now: Date) => releaseCouponUses(db, checkout.orderIds, now),

    retake: (db: Executor, checkout: { orderIds: readonly number[] }) => retakeCouponUses(db, checkout.orderIds),

    repriced: (db: Executor, order: RepricedOrder) => reshareCouponUses(db, order.orderId, order.couponShares, order.checkoutOrderIds),
  };
}

export type DiscountLedger = ReturnType<typeof createDiscountLedger>;
