/**
 * What a payment's outcome does to its orders, for every gateway: paid → orders PAID and their
 * holds become sold places; failed or cancelled → orders FAILED / CANCELLED, holds deleted (places
 * free at once), coupon uses and gift-card credit given back. Runs once per payment: the payment
 * row is locked and only a `pending` payment changes, so a repeated notification changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, Executor } from '../db/client.ts';
import { paymentEvents, payments, type OrderStatus, type PaymentStatus } from '../db/schema/index.ts';
import { releaseCouponUses, restoreGiftCardDebits } from '../modules/coupons/coupon.repo.ts';
import { addToPlot, deleteHoldsOfOrders, holdsOfOrders, liveHeldByPlot, readPlotsForCheckout } from '../modules/orders/capacity.repo.ts';
import { ordersOfPayment, setOrdersStatus, type OrderRow, type PaymentRow } from '../modules/orders/order.repo.ts';

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

export interface SettlementResult {
  /** false when the payment had already been settled (nothing changed). */
  changed: boolean;
  status: PaymentStatus;
  orders: OrderRow[];
}

async function lockPaymentByHash(db: Executor, hash: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.hash, hash)).for('update').limit(1);
  return row ?? null;
}

const ORDER_STATUS: Record<Exclude<PaymentStatus, 'pending'>, OrderStatus> = {
  paid: 'PAID',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
  expired: 'EXPIRED',
  refunded: 'REFUNDED',
};

/**
 * Turns the holds of the orders into sold places. A hold that expired meanwhile no longer counts,
 * so its places are taken again only when they are still free; false when any is not.
 */
async function convertHolds(db: Executor, orders: OrderRow[], now: Date): Promise<boolean> {
  const orderIds = orders.map((order) => order.id);
  const held = await holdsOfOrders(db, orderIds);
  const perPlot = new Map<number, number>();
  for (const hold of held) perPlot.set(hold.plotId, (perPlot.get(hold.plotId) ?? 0) + hold.quantity);
  const plotIds = [...perPlot.keys()].sort((a, b) => a - b);
  const plots = await readPlotsForCheckout(db, plotIds, true);
  // Other checkouts' live holds; this payment's own holds are what is being converted.
  const others = await liveHeldByPlot(db, plotIds, now, orderIds);
  for (const plot of plots) {
    const wanted = perPlot.get(plot.id) ?? 0;
    if (plot.capacity !== null && plot.capacity - plot.sold - (others.get(plot.id) ?? 0) < wanted) return false;
  }
  for (const plot of plots) await addToPlot(db, plot.id, { sold: perPlot.get(plot.id) ?? 0, orders: 0 });
  await deleteHoldsOfOrders(db, orderIds);
  return true;
}

/** Frees what a failed or cancelled checkout took: holds, its orders' count on the plots, coupon uses, credit. */
async function release(db: Executor, payment: PaymentRow, orders: OrderRow[], now: Date): Promise<void> {
  const orderIds = orders.map((order) => order.id);
  await deleteHoldsOfOrders(db, orderIds);
  const perPlot = new Map<number, number>();
  for (const order of orders) if (order.plotId !== null) perPlot.set(order.plotId, (perPlot.get(order.plotId) ?? 0) + 1);
  const plotIds = [...perPlot.keys()].sort((a, b) => a - b);
  await readPlotsForCheckout(db, plotIds, true);
  for (const plotId of plotIds) await addToPlot(db, plotId, { sold: 0, orders: -(perPlot.get(plotId) ?? 0) });
  await releaseCouponUses(db, orderIds);
  await restoreGiftCardDebits(db, payment.id, now);
}

export function createPaymentSettlement({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async settle(paymentHash: string, outcome: PaymentOutcome, event: { key: string; payload?: unknown }): Promise<SettlementResult | null> {
      return db.transaction(async (tx) => {
        const payment = await lockPaymentByHash(tx, paymentHash);
        if (!payment) return null;
        const orders = await ordersOfPayment(tx, payment.id);
        if (payment.status !== 'pending') return { changed: false, status: payment.status, orders };
        const now = clock.now();

        let status: PaymentStatus = outcome;
        if (outcome === 'paid' && !(await convertHolds(tx, orders, now))) status = 'failed';
        if (status !== 'paid') await release(tx, payment, orders, now);

        await tx.update(payments).set({ status, updatedAt: now }).where(eq(payments.id, payment.id));
        await setOrdersStatus(tx, orders.map((order) => order.id), ORDER_STATUS[status], now);
        await tx
          .insert(paymentEvents)
          .values({ paymentId: payment.id, eventKey: event.key, fromStatus: payment.status, toStatus: status, payload: event.payload ?? null })
          .onConflictDoNothing();
        return { changed: true, status, orders: await ordersOfPayment(tx, payment.id) };
      });
    },

    async findPayment(paymentHash: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.hash, paymentHash)).limit(1);
      return row ?? null;
    },
  };
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
