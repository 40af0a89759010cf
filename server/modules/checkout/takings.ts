/**
 * The take step beside places: what else a checkout takes in its transaction, gives back when it
 * is released, and takes again when money arrives late: coupon uses (server/modules/coupons/discount-ledger.ts),
 * gift-card credit (server/modules/vouchers/gift-card-ledger.ts) and ONLINE subscription redemptions
 * (server/modules/subscriptions/redemption-ledger.ts), in the list the composition root gives the
 * checkout and settlement.
 */
import type { Executor } from '../../db/client.ts';

export interface TakingInput {
  paymentId: number;
  orders: { orderId: number; couponShares: readonly { couponId: number; cents: number }[]; redemption?: Redemption | null }[];
  giftCardUse: readonly { card: { id: number; code: string }; cents: number }[];
}

/** Redemptions of one client subscription that pay for an order's tickets. */
export interface Redemption {
  clientSubscriptionId: number;
  quantity: number;
}

export interface RepricedOrder {
  orderId: number;
  paymentId: number;
  couponShares: readonly { couponId: number; cents: number }[];
  creditBackCents: number;
  /** Every order of its checkout (itself included) the change holds: they share one use of each coupon. */
  checkoutOrderIds: readonly number[];
}

export interface TakenCheckout {
  paymentId: number;
  orderIds: readonly number[];
}

export interface CheckoutTaking {
  /** Whether this checkout has anything for it to take: a checkout nothing wants is written without a transaction. */
  wants(checkout: {
    orders: readonly { couponShares: TakingInput['orders'][number]['couponShares']; redemption?: Redemption | null }[];
    giftCardUse: TakingInput['giftCardUse'];
  }): boolean;
  /** In the checkout's transaction, after its rows are written; throws a 409 AppError when it is no longer there. */
  take(db: Executor, checkout: TakingInput): Promise<void>;
  release(db: Executor, checkout: TakenCheckout, now: Date): Promise<void>;
  /** False when it is no longer there (the caller's savepoint undoes the rest). */
  retake(db: Executor, checkout: TakenCheckout): Promise<boolean>;
  /**
   * A kept order priced again (a reservation changed, or its coupon removed), in that transaction:
   * what each coupon takes off it now, and the gift-card credit its payment no longer uses
   * (`creditBackCents`); what it no longer uses is given back.
   */
  repriced?(db: Executor, order: RepricedOrder): Promise<void>;
}
