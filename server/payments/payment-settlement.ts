/**
 * What a payment's outcome does to its orders, for every gateway: paid → orders PAID and their
 * holds become sold places; failed or cancelled → orders FAILED / CANCELLED, holds deleted (places
 * free at once), coupon uses and gift-card credit given back. Runs once per payment: the payment
 * row is locked and only a `pending` payment changes, so a repeated notification changes nothing
 * (and a paid checkout's confirmation mail is written once, in the same transaction).
 *
 * Expiry is the same release for a checkout whose holds all lapsed (app clock) without an outcome:
 * `expireIfLapsed` is called lazily by whoever looks at the payment (order status, test gateway),
 * so it needs no sweeper; the lock and re-check make concurrent callers in any process expire it once.
 */
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, Executor } from '../db/client.ts';
import { paymentEvents, payments, type OrderStatus, type PaymentStatus } from '../db/schema/index.ts';
import { releaseCouponUses, restoreGiftCardDebits } from '../modules/coupons/coupon.repo.ts';
import { enqueueOrderConfirmation } from '../modules/mail/order-confirmation.ts';
import { addToPlot, deleteHoldsOfOrders, holdsOfOrders, liveHeldByPlot, readPlotsForCheckout } from '../modules/orders/capacity.repo.ts';
import { ordersOfPayment, setOrdersStatus, type OrderRow, type PaymentRow } from '../modules/orders/order.repo.ts';

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

/** The event key of an expiry: one per payment (payment_events is unique on payment and key). */
const EXPIRY_EVENT_KEY = 'hold-expiry';

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

/** A pending checkout lapses when it held places and every one of those holds has expired. */
async function holdsLapsed(db: Executor, orders: OrderRow[], now: Date): Promise<boolean> {
  const held = await holdsOfOrders(db, orders.map((order) => order.id));
  return held.length > 0 && held.every((hold) => hold.expiresAt.getTime() <= now.getTime());
}

async function recordTransition(
  db: Executor,
  payment: PaymentRow,
  orders: OrderRow[],
  status: Exclude<PaymentStatus, 'pending'>,
  event: { key: string; payload?: unknown },
  now: Date,
): Promise<void> {
  await db.update(payments).set({ status, updatedAt: now }).where(eq(payments.id, payment.id));
  await setOrdersStatus(db, orders.map((order) => order.id), ORDER_STATUS[status], now);
  await db
    .insert(paymentEvents)
    .values({ paymentId: payment.id, eventKey: event.key, fromStatus: payment.status, toStatus: status, payload: event.payload ?? null })
    .onConflictDoNothing();
}

export interface PaymentSettlementDeps {
  db: Database;
  clock: Clock;
  /** config.publicUrl, for the links in the confirmation mail of a paid checkout. */
  publicUrl: string;
}

export function createPaymentSettlement({ db, clock, publicUrl }: PaymentSettlementDeps) {
  async function findPayment(paymentHash: string): Promise<PaymentRow | null> {
    const [row] = await db.select().from(payments).where(eq(payments.hash, paymentHash)).limit(1);
    return row ?? null;
  }

  return {
    findPayment,

    async settle(paymentHash: string, outcome: PaymentOutcome, event: { key: string; payload?: unknown }): Promise<SettlementResult | null> {
      return db.transaction(async (tx) => {
        const payment = await lockPaymentByHash(tx, paymentHash);
        if (!payment) return null;
        const orders = await ordersOfPayment(tx, payment.id);
        if (payment.status !== 'pending') return { changed: false, status: payment.status, orders };
        const now = clock.now();

        let status: PaymentOutcome = outcome;
        if (outcome === 'paid' && !(await convertHolds(tx, orders, now))) status = 'failed';
        if (status !== 'paid') await release(tx, payment, orders, now);
        await recordTransition(tx, payment, orders, status, event, now);
        const settled = await ordersOfPayment(tx, payment.id);
        // In this transaction: the mail exists exactly when the payment became paid, once.
        if (status === 'paid') await enqueueOrderConfirmation(tx, settled, publicUrl);
        return { changed: true, status, orders: settled };
      });
    },

    /**
     * pending → expired when every hold of the checkout lapsed: orders EXPIRED and everything the
     * checkout took given back. True when this call expired it; false when it was not (or no longer)
     * a lapsed pending payment. A cheap unlocked look first, so the common case takes no lock.
     */
    async expireIfLapsed(paymentHash: string): Promise<boolean> {
      const seen = await findPayment(paymentHash);
      if (!seen || seen.status !== 'pending') return false;
      if (!(await holdsLapsed(db, await ordersOfPayment(db, seen.id), clock.now()))) return false;
      return db.transaction(async (tx) => {
        const payment = await lockPaymentByHash(tx, paymentHash);
        if (!payment || payment.status !== 'pending') return false;
        const orders = await ordersOfPayment(tx, payment.id);
        const now = clock.now();
        if (!(await holdsLapsed(tx, orders, now))) return false;
        await release(tx, payment, orders, now);
        await recordTransition(tx, payment, orders, 'expired', { key: EXPIRY_EVENT_KEY }, now);
        return true;
      });
    },
  };
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
