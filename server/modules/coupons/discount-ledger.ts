/**
 * Coupon uses and gift-card credit as a checkout takes them (server/modules/checkout/takings.ts):
 * taken with conditional updates in the checkout's transaction, given back when it is released,
 * taken again for a late payment. Every statement lives in coupon.repo.ts.
 */
import type { Executor } from '../../db/client.ts';
import { unknownCode } from './discount-codes.ts';
import {
  debitGiftCard,
  giveBackGiftCardCredit,
  recordGiftCardDebit,
  recordRedemptions,
  releaseCouponUses,
  reshareCouponUses,
  restoreGiftCardDebits,
  retakeCouponUses,
  retakeGiftCardDebits,
  takeCouponUse,
} from './coupon.repo.ts';

/** An order the checkout priced again (the `repriced` of checkout/takings.ts, which this ledger is given as). */
interface RepricedOrder {
  orderId: number;
  paymentId: number;
  couponShares: readonly { couponId: number; cents: number }[];
  creditBackCents: number;
}

export function createDiscountLedger() {
  return {
    wants(checkout: { orders: readonly { couponShares: readonly unknown[] }[]; giftCardUse: readonly unknown[] }): boolean {
      return checkout.giftCardUse.length > 0 || checkout.orders.some((order) => order.couponShares.length > 0);
    },
    async take(
      db: Executor,
      checkout: {
        paymentId: number;
        orders: { orderId: number; couponShares: readonly { couponId: number; cents: number }[] }[];
        giftCardUse: readonly { card: { id: number; code: string }; cents: number }[];
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
      for (const { card, cents } of [...checkout.giftCardUse].sort((a, b) => a.card.id - b.card.id)) {
        if (!(await debitGiftCard(db, card.id, cents))) {
          throw unknownCode(card.code);
        }
        await recordGiftCardDebit(db, { giftCardId: card.id, paymentId: checkout.paymentId, amountCents: cents });
      }
    },

    async release(db: Executor, checkout: { paymentId: number; orderIds: readonly number[] }, now: Date): Promise<void> {
      await releaseCouponUses(db, checkout.orderIds, now);
      await restoreGiftCardDebits(db, checkout.paymentId, now);
    },

    async retake(db: Executor, checkout: { paymentId: number; orderIds: readonly number[] }): Promise<boolean> {
      if (!(await retakeCouponUses(db, checkout.orderIds))) return false;
      return retakeGiftCardDebits(db, checkout.paymentId);
    },

    async repriced(db: Executor, order: RepricedOrder): Promise<void> {
      await reshareCouponUses(db, order.orderId, order.couponShares);
      if (order.creditBackCents > 0) await giveBackGiftCardCredit(db, order.paymentId, order.creditBackCents);
    },
  };
}

export type DiscountLedger = ReturnType<typeof createDiscountLedger>;
