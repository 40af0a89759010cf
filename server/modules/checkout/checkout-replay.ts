/**
 * A written checkout's answer, rebuilt from its rows: for a retry with an Idempotency-Key whose first
 * answer was lost after the checkout committed (server/plugins/idempotency.ts). Shared by the order,
 * voucher and subscription routes, which shape their own answers from it. Reads only; the one thing
 * it may do is what the lost attempt would have done next: start the payment of a checkout still
 * waiting for it (as GET /api/payment/{hash} would).
 */
import type { OrderPayment } from '#domain/contracts/orders.ts';
import type { OrderTotals } from '#domain/order/totals.ts';
import type { Database } from '../../db/client.ts';
import type { OrderRecord, PaymentRecord } from '../../db/schema/index.ts';
import { findPaymentByHash, ordersOfPayment } from './checkout.repo.ts';
import type { PaymentResumeService } from './payment-resume.service.ts';
import { isNoOnlinePayment } from './payment-start.ts';

export interface ReplayedCheckout {
  /** In the order they were written. */
  orders: OrderRecord[];
  payment: OrderPayment | null;
}

/** A replayed checkout of a flow that writes exactly one order: a voucher or a subscription order. */
export interface ReplayedSoleOrder {
  order: OrderRecord;
  payment: OrderPayment | null;
}

/**
 * The one order of a replayed voucher or subscription checkout. Those flows write one order per checkout,
 * so a payment without one is rows this flow never writes: a fault, not an answer.
 */
export function soleOrderOf({ orders, payment }: ReplayedCheckout, flow: string): ReplayedSoleOrder {
  const [order] = orders;
  if (!order) throw new Error(`a replayed ${flow} checkout has no order`);
  return { order, payment };
}

export interface CheckoutReplayDeps {
  db: Database;
  paymentResume: Pick<PaymentResumeService, 'resume'>;
}

/** An order row's amounts as the pricing step answered them. */
export function totalsOf(order: OrderRecord): OrderTotals {
  return {
    product: order.productCents,
    upsell: order.upsellCents,
    subtotal: order.productCents + order.upsellCents,
    discount: order.discountCents,
    additions: order.additionsCents,
    total: order.totalCents,
  };
}

export function createCheckoutReplay({ db, paymentResume }: CheckoutReplayDeps) {
  /** The payment part of the answer, as the start-payment step (payment-start.ts) gives it. */
  async function paymentOf(payment: PaymentRecord, orders: readonly OrderRecord[]): Promise<OrderPayment | null> {
    if (isNoOnlinePayment(payment.gateway)) return { type: 'REDIRECT', gateway: payment.gateway, hash: payment.hash, transaction: false };
    const stored = payment.transaction as { response?: Record<string, unknown> } | null;
    if (stored?.response) return { type: payment.type, gateway: payment.gateway, hash: payment.hash, transaction: { response: stored.response } };
    // A reservation is answered without a payment; so is a checkout no longer payable that never got one.
    if (payment.status !== 'pending' || orders.some((order) => order.status === 'RESERVED')) return null;
    // The lost attempt did not get to start its payment: started now.
    return (await paymentResume.resume(payment.hash)).response.payment;
  }

  return async function replayed(paymentHash: string): Promise<ReplayedCheckout> {
    const payment = await findPaymentByHash(db, paymentHash);
    if (!payment) throw new Error('an idempotency key is bound to a payment that does not exist');
    const orders = await ordersOfPayment(db, payment.id);
    return { orders, payment: await paymentOf(payment, orders) };
  };
}

export type CheckoutReplay = ReturnType<typeof createCheckoutReplay>;
