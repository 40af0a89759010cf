/**
 * The settle and release steps of an order's life, for every gateway: paid → orders PAID and their
 * holds become sold places; failed or cancelled → orders FAILED / CANCELLED and everything the
 * checkout took given back (release: its places — held, or sold for a reservation —, its orders'
 * count on the slots, and each taking: coupon uses, gift-card credit). Runs once per fact: the
 * payment row is locked and re-read, so a repeated or reordered notification changes nothing (and
 * a paid checkout's confirmation mail is written once, in the same transaction).
 *
 * Expiry is the same release for a checkout given up unpaid (its `expires_at`, the end of its
 * holds, has passed): `expireIfLapsed` is called lazily by whoever looks at the payment, so it
 * needs no sweeper; the lock and re-check make concurrent callers in any process expire it once.
 *
 * Money that arrives late — for a checkout whose holds lapsed, or that was already expired,
 * failed or cancelled — takes its places (and takings) again when they are still there; otherwise
 * the payment becomes `refunded`: its orders are flagged REFUNDED, a refund is queued for the
 * refund worker (payment_refunds) and the shopper and the organisation are mailed, all in the one
 * transaction, so nothing is lost if the process dies right after.
 */
import { sql } from 'drizzle-orm';
import type { OrderEvent } from '#domain/order-history.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { OrderRecord, PaymentRecord, PaymentStatus } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { GatewaySettlement, PaymentOutcome, ProviderNotice } from '../../payments/payment-gateway.ts';
import type { CapacityGuard } from './capacity-guard.ts';
import { checkoutLapsed } from './checkout-lapse.ts';
import { findPaymentByHash, lockPaymentByHash, lockPaymentWithOrders, ordersOfPayment } from './checkout.repo.ts';
import type { CheckoutFulfilment } from './fulfilments.ts';
import { SYSTEM, type OrderActor, type OrderChanges, type OrderMail } from './order-change.ts';

export { refundIdempotencyKey } from './order-change.ts';

/** The event key of an expiry: one per payment (payment_events is unique on payment and key). */
const EXPIRY_EVENT_KEY = 'hold-expiry';

export interface SettlementResult {
  /** false when the payment had already been settled (nothing changed). */
  changed: boolean;
  status: PaymentStatus;
  orders: OrderRecord[];
}

/** What settlement writes besides payments and orders: the mails of a checkout, in its transaction. */
export type SettlementMail = Pick<OrderMail, 'orderConfirmation' | 'latePaymentRefund'>;

export interface SettlementDeps {
  db: Database;
  clock: Clock;
  capacity: CapacityGuard;
  /** THE order change: every transition, release, retake and refund goes through its change object. */
  changes: Pick<OrderChanges, 'open' | 'providerNotice'>;
  /** What a paid checkout issues (subscription passes, gift cards, a paid rebooking's move), once, in the transaction that makes it paid. */
  fulfilments?: readonly CheckoutFulfilment[];
  mail: Pick<OrderMail, 'orderConfirmation'>;
}

/** Statuses of a checkout that was given up, whose places and discounts went back. */
const RELEASED: ReadonlySet<PaymentStatus> = new Set(['failed', 'cancelled', 'expired']);

/** Checkouts the payer or the gateway gave up: no longer payable where the payer chooses the outcome (payableOnly). */
const GIVEN_UP: ReadonlySet<PaymentStatus> = new Set(['failed', 'cancelled']);

/** The history entry of each payment outcome. */
const HISTORY_EVENT: Record<Exclude<PaymentStatus, 'pending'>, OrderEvent> = {
  paid: 'paid',
  failed: 'payment_failed',
  cancelled: 'payment_cancelled',
  expired: 'expired',
  refunded: 'late_payment_refunded',
};

/** Whether this pending checkout has lapsed at `now` (checkout-lapse.ts, the rule the expiry sweep uses too). */
async function lapsed(db: Executor, payment: PaymentRecord, now: Date): Promise<boolean> {
  const result = await db.execute(sql`select ${checkoutLapsed('payments', now)} as "lapsed" from "payments" where "payments"."id" = ${payment.id}`);
  return rowsOf<{ lapsed: boolean }>(result)[0]?.lapsed === true;
}

class Retake extends Error {}

export function createSettlement({ db, clock, capacity, changes, fulfilments = [], mail }: SettlementDeps) {
  const settlement = {
    findPayment: (paymentHash: string) => findPaymentByHash(db, paymentHash),

    async firstOrderHash(paymentId: number): Promise<string | null> {
      const [first] = await ordersOfPayment(db, paymentId);
      return first?.hash ?? null;
    },

    async settle(
      paymentHash: string,
      outcome: PaymentOutcome,
      event: { key: string; payload?: unknown },
      options: { gateway?: string; actor?: OrderActor; payableOnly?: boolean } = {},
    ): Promise<SettlementResult | null> {
      return db.transaction(async (tx) => {
        const locked = await lockPaymentWithOrders(tx, paymentHash);
        if (!locked || (options.gateway !== undefined && locked.payment.gateway !== options.gateway)) return null;
        const { payment, orders } = locked;
        const now = clock.now();
        const unchanged = { changed: false, status: payment.status, orders };
        const change = changes.open(tx, locked, options.actor ?? { kind: 'gateway', gateway: payment.gateway }, now);

        let status: Exclude<PaymentStatus, 'pending'>;
        // The paid holds' move to sold places on their slots: the last statement before the commit (capacity-guard.ts convertHolds).
        let converted: { finish(db: Executor): Promise<void> } | null = null;
        if (payment.status === 'pending') {
          status = outcome;
          if (outcome === 'paid') {
            converted = await capacity.convertHolds(
              tx,
              orders.map((order) => order.id),
              now,
            );
            if (!converted) status = 'refunded';
          }
          if (status !== 'paid') await change.releaseCheckout();
        } else if (outcome === 'paid' && options.payableOnly && GIVEN_UP.has(payment.status)) {
          throw new AppError('ORDER_NOT_PAYABLE', 409, 'This order can no longer be paid');
        } else if (outcome === 'paid' && RELEASED.has(payment.status)) {
          // Money for a checkout already given up: keep it if everything is still there, else give it back.
          const kept = await tx
            .transaction(async (savepoint) => {
              if (!(await change.retakeCheckout(savepoint))) throw new Retake();
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

        const settled = await change.transition(status, event, HISTORY_EVENT[status]);
        // In this transaction: what it issues and the mails exist exactly when the payment became paid (or refunded), once.
        if (status === 'paid') for (const fulfilment of fulfilments) await fulfilment.fulfil(tx, settled, now);
        if (status === 'paid') await mail.orderConfirmation(tx, settled);
        if (status === 'refunded') await change.refundLatePayment(`late payment after ${payment.status === 'pending' ? 'its holds lapsed' : payment.status}`);
        await change.commit();
        // Last: it commits the transaction with its statements where it can (db/commit-with.ts).
        await converted?.finish(tx);
        return { changed: true, status, orders: settled };
      });
    },

    providerNotice: (paymentHash: string, notice: ProviderNotice, options: { gateway: string }) => changes.providerNotice(paymentHash, notice, options),

    /**
     * pending → expired when every hold of the checkout lapsed: orders EXPIRED and everything the
     * checkout took given back. True when this call expired it; false when it was not (or no longer)
     * a lapsed pending payment. A cheap unlocked look first, so the common case takes no lock.
     */
    async expireIfLapsed(paymentHash: string, options: { gateway?: string } = {}): Promise<boolean> {
      const seen = await findPaymentByHash(db, paymentHash);
      if (!seen || seen.status !== 'pending' || (options.gateway !== undefined && seen.gateway !== options.gateway)) return false;
      if (!(await lapsed(db, seen, clock.now()))) return false;
      return db.transaction(async (tx) => {
        const payment = await lockPaymentByHash(tx, paymentHash);
        if (!payment || payment.status !== 'pending') return false;
        const now = clock.now();
        if (!(await lapsed(tx, payment, now))) return false;
        const change = changes.open(tx, { payment, orders: await ordersOfPayment(tx, payment.id) }, SYSTEM, now);
        await change.releaseCheckout();
        await change.transition('expired', { key: EXPIRY_EVENT_KEY }, 'expired');
        await change.commit();
        return true;
      });
    },
  };
  return settlement satisfies GatewaySettlement;
}

export type Settlement = ReturnType<typeof createSettlement>;
