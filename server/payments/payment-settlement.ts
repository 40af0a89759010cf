/**
 * What a payment's outcome does to its orders, for every gateway: paid → orders PAID and their
 * holds become sold places; failed or cancelled → orders FAILED / CANCELLED, holds deleted (places
 * free at once), coupon uses and gift-card credit given back. Runs once per fact: the payment row
 * is locked and re-read, so a repeated or reordered notification changes nothing (and a paid
 * checkout's confirmation mail is written once, in the same transaction).
 *
 * Expiry is the same release for a checkout given up unpaid (its `expires_at`, the end of its
 * holds, has passed): `expireIfLapsed` is called lazily by whoever looks at the payment, so it
 * needs no sweeper; the lock and re-check make concurrent callers in any process expire it once.
 *
 * Money that arrives late — for a checkout whose holds lapsed, or that was already expired,
 * failed or cancelled — takes its places (and coupon uses, gift-card credit) again when they are
 * still there; otherwise the payment becomes `refunded`: its orders are flagged REFUNDED, a refund
 * is queued for the refund worker (payment_refunds) and the shopper and the organisation are mailed,
 * all in the one transaction, so nothing is lost if the process dies right after.
 */
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, Executor } from '../db/client.ts';
import { paymentEvents, paymentRefunds, payments, type OrderStatus, type PaymentStatus } from '../db/schema/index.ts';
import { releaseCouponUses, restoreGiftCardDebits, retakeCouponUses, retakeGiftCardDebits } from '../modules/coupons/coupon.repo.ts';
import { enqueueLatePaymentMails } from '../modules/mail/late-payment-refund.ts';
import { enqueueOrderConfirmation } from '../modules/mail/order-confirmation.ts';
import { addToPlot, deleteHoldsOfOrders, holdsOfOrders, liveHeldByPlot, readPlotsForCheckout } from '../modules/orders/capacity.repo.ts';
import { ordersOfPayment, setOrdersStatus, type OrderRow, type PaymentRow } from '../modules/orders/order.repo.ts';
import { placesPerPlot } from '../modules/orders/places-per-plot.ts';

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
  const perPlot = placesPerPlot(orders);
  const plotIds = [...perPlot.keys()].sort((a, b) => a - b);
  await readPlotsForCheckout(db, plotIds, true);
  for (const plotId of plotIds) await addToPlot(db, plotId, { sold: 0, orders: -(perPlot.get(plotId)?.orders ?? 0) });
  await releaseCouponUses(db, orderIds, now);
  await restoreGiftCardDebits(db, payment.id, now);
}

/**
 * A pending checkout lapses when its expiry has passed and none of its holds is still live (a
 * payment row from before `expires_at` existed lapses when it held places and all of them expired).
 */
async function lapsed(db: Executor, payment: PaymentRow, orders: OrderRow[], now: Date): Promise<boolean> {
  const held = await holdsOfOrders(db, orders.map((order) => order.id));
  const holdsOver = held.every((hold) => hold.expiresAt.getTime() <= now.getTime());
  if (payment.expiresAt) return payment.expiresAt.getTime() <= now.getTime() && holdsOver;
  return held.length > 0 && holdsOver;
}

/** Statuses of a checkout that was given up, whose places and discounts went back. */
const RELEASED: ReadonlySet<PaymentStatus> = new Set(['failed', 'cancelled', 'expired']);

class Retake extends Error {}

/**
 * Takes again what a released checkout had: its places (sold at once, since it is paid), its
 * orders' count on the plots, its coupon uses and gift-card credit. All or nothing: run inside a
 * savepoint that is rolled back when anything is no longer there.
 */
async function retake(db: Executor, payment: PaymentRow, orders: OrderRow[], now: Date): Promise<boolean> {
  const wanted = placesPerPlot(orders);
  const plotIds = [...wanted.keys()].sort((a, b) => a - b);
  const plots = await readPlotsForCheckout(db, plotIds, true);
  const held = await liveHeldByPlot(db, plotIds, now);
  for (const plot of plots) {
    const want = wanted.get(plot.id) ?? { places: 0, orders: 0 };
    if (plot.capacity !== null && plot.capacity - plot.sold - (held.get(plot.id) ?? 0) < want.places) return false;
    if (plot.maxOrders !== null && plot.orderCount + want.orders > plot.maxOrders) return false;
  }
  for (const plot of plots) await addToPlot(db, plot.id, { sold: wanted.get(plot.id)?.places ?? 0, orders: wanted.get(plot.id)?.orders ?? 0 });
  if (!(await retakeCouponUses(db, orders.map((order) => order.id)))) return false;
  return retakeGiftCardDebits(db, payment.id);
}

/** Queues the refund of a payment that cannot keep its orders, and tells the shopper and the organisation. */
async function queueRefund(db: Executor, payment: PaymentRow, orders: OrderRow[], reason: string): Promise<void> {
  await db.insert(paymentRefunds).values({ paymentId: payment.id, amountCents: payment.amountCents, reason }).onConflictDoNothing();
  await enqueueLatePaymentMails(db, payment, orders);
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
        const now = clock.now();
        const unchanged = { changed: false, status: payment.status, orders };

        let status: Exclude<PaymentStatus, 'pending'>;
        if (payment.status === 'pending') {
          status = outcome;
          if (outcome === 'paid' && !(await convertHolds(tx, orders, now))) status = 'refunded';
          if (status !== 'paid') await release(tx, payment, orders, now);
        } else if (outcome === 'paid' && RELEASED.has(payment.status)) {
          // Money for a checkout already given up: keep it if everything is still there, else give it back.
          const kept = await tx
            .transaction(async (savepoint) => {
              if (!(await retake(savepoint, payment, orders, now))) throw new Retake();
              return true;
            })
            .catch((error: unknown) => {
              if (error instanceof Retake) return false;
              throw error;
            });
          status = kept ? 'paid' : 'refunded';
        } else {
          return unchanged;
        }

        await recordTransition(tx, payment, orders, status, event, now);
        const settled = await ordersOfPayment(tx, payment.id);
        // In this transaction: the mails exist exactly when the payment became paid (or refunded), once.
        if (status === 'paid') await enqueueOrderConfirmation(tx, settled, publicUrl);
        if (status === 'refunded') await queueRefund(tx, payment, settled, `late payment after ${payment.status === 'pending' ? 'its holds lapsed' : payment.status}`);
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
      if (!(await lapsed(db, seen, await ordersOfPayment(db, seen.id), clock.now()))) return false;
      return db.transaction(async (tx) => {
        const payment = await lockPaymentByHash(tx, paymentHash);
        if (!payment || payment.status !== 'pending') return false;
        const orders = await ordersOfPayment(tx, payment.id);
        const now = clock.now();
        if (!(await lapsed(tx, payment, orders, now))) return false;
        await release(tx, payment, orders, now);
        await recordTransition(tx, payment, orders, 'expired', { key: EXPIRY_EVENT_KEY }, now);
        return true;
      });
    },
  };
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
