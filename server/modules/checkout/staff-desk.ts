/**
 * The checkout core's staff operations (the back office's orders desk): refund (part of an order,
 * or all of it with a cancel), move to another slot, change the customer's details, resend the
 * confirmation and mark an invoice order paid. Each runs in ONE transaction that locks the order's
 * payment and then the order (the settlement's order: no deadlock with a webhook or an expiry),
 * changes the rows through checkout.repo.ts, gives back what the checkout took through the same
 * pieces a shopper's cancel and move use (checkout-core.ts `releaseBooking`, `moveBooking`, the
 * capacity guard, the takings) and writes the staff audit row in that same transaction.
 *
 *   refund   `amountCents` (≤ what the payment took online minus what was refunded already, and ≤
 *            the order's own total minus its refunds: partial refunds sum, never more) is queued as
 *            a `payment_refunds` row that refund-worker.ts carries out through the gateway that
 *            took the money (Stripe, PayPal, the test gateway). The row's key is `staff-<key>`,
 *            the desk's per-click key, unique: a double click queues (and refunds) once.
 *            `tickets` (positions) are refunded: they no longer check in, and their places go
 *            back (the order keeps the rest). `cancel` refunds every ticket still valid: the order
 *            becomes REFUNDED (or CANCELLED with nothing to give back), its booking released and,
 *            when it was the payment's last kept order, its takings (coupon uses, gift-card
 *            credit, subscription visits, voucher stock) given back as a cancelled checkout's are.
 *   move     the booking's places given back and the new slot's taken through the capacity guard
 *            (`moveBooking`): a full slot refuses and nothing moved. The price at the new slot is
 *            worked out by the checkout's own line check and pricing and shown as a difference;
 *            the order keeps what it paid (the desk settles a difference by refund or at the till).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Customer } from '#domain/customer.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { orders, paymentEvents, paymentRefunds, payments, type OrderRecord, type OrderStatus, type PaymentRecord } from '../../db/schema/index.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { shopMoment } from '../../shop-time.ts';
import type { CheckoutCatalogueReader } from '../catalogue/index.ts';
import type { CouponRow } from '../coupons/index.ts';
import { customerFieldsIn } from '../organisation/index.ts';
import type { CapacityGuard } from './capacity-guard.ts';
import { claimsOfOrders, moveBooking, releaseBooking } from './checkout-core.ts';
import { priceReservation } from './checkout-pricing.ts';
import { lockPaymentByHash, markInvoicePaid, setOrderCustomer, setOrdersStatus, setPaymentStatus, writeOrderPrices } from './checkout.repo.ts';
import { assertKnownFields, assertValidCustomer } from './customer.ts';
import { checkLine } from './line-check.ts';
import { lineOfOrder, lockOrderByHash } from './order-move.ts';
import type { SettlementMail } from './settlement.ts';
import type { CheckoutTaking } from './takings.ts';

/** One audit row, written by the staff module in the caller's transaction. */
export interface StaffAuditEntry {
  staffId: number;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}
export type StaffAudit = (tx: Executor, entry: StaffAuditEntry) => Promise<void>;

/** What the desk does with an order's e-tickets (the tickets module's, given by the composition root). */
export interface DeskTickets {
  /** Marks these positions' tickets (null: every one still valid) refunded; answers the positions it marked. */
  refund(tx: Executor, orderId: number, positions: readonly number[] | null, now: Date): Promise<number[]>;
  /** The positions of the order's tickets that are not refunded. */
  valid(tx: Executor, orderId: number): Promise<number[]>;
}

export interface StaffDeskDeps {
  db: Database;
  clock: Clock;
  capacity: CapacityGuard;
  takings: readonly CheckoutTaking[];
  mail: Pick<SettlementMail, 'orderConfirmation'>;
  catalogue: CheckoutCatalogueReader;
  coupons: {
    byCodes(db: Executor, codes: readonly string[]): Promise<CouponRow[]>;
    discountOfOrder(db: Executor, orderId: number): Promise<number>;
  };
  tickets: DeskTickets;
  audit: StaffAudit;
  /** After a refund is committed: the refund worker runs now rather than at its next poll. */
  refundQueued?: () => void;
}

export interface StaffRefundRequest {
  staffId: number;
  orderHash: string;
  amountCents: number;
  /** Ticket positions refunded (their places go back); ignored with `cancel` (all of them). */
  tickets: readonly number[];
  cancel: boolean;
  /** The desk's key of this click: a repeat of it refunds nothing more. */
  key: string;
  reason: string;
  /** More of the same decision, in the refund's transaction (a refund request marked accepted). */
  within?: (tx: Executor) => Promise<void>;
}

export interface StaffRefundResult {
  /** false: this key was seen already; nothing more was done. */
  done: boolean;
  refundCents: number;
  tickets: number[];
  status: OrderStatus;
}

export interface MovePlan {
  fromPlotId: number;
  toPlotId: number;
  totalCents: number;
  newTotalCents: number;
  differenceCents: number;
}

const KEPT: ReadonlySet<OrderStatus> = new Set(['PAID', 'RESERVED']);
const GONE: ReadonlySet<OrderStatus> = new Set(['CANCELLED', 'REFUNDED', 'EXPIRED', 'FAILED']);
/** Payments whose money came through no gateway: nothing to give back online. */
const OFFLINE_GATEWAYS: ReadonlySet<string> = new Set(['none', 'invoice']);
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

const conflict = (
  code: 'ORDER_ALREADY_CANCELLED' | 'ORDER_NOT_REFUNDABLE' | 'ORDER_NOT_MOVABLE' | 'INVOICE_ALREADY_PAID' | 'NOT_AN_INVOICE_ORDER',
  message: string,
) => new AppError(code, 409, message);

/** The order's prices as they are (a move or a ticket refund keeps what was paid). */
const pricesOf = ({ couponCodes, productCents, upsellCents, discountCents, additionsCents, totalCents }: OrderRecord) => ({
  couponCodes,
  productCents,
  upsellCents,
  discountCents,
  additionsCents,
  totalCents,
});

/** The order's payment locked, then the order: the settlement's locking order. */
async function lockOrder(tx: Executor, hash: string): Promise<{ order: OrderRecord; payment: PaymentRecord | null }> {
  const [seen] = await tx
    .select({ paymentHash: payments.hash })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.hash, hash));
  const payment = seen ? await lockPaymentByHash(tx, seen.paymentHash) : null;
  const order = await lockOrderByHash(tx, hash);
  if (!order) throw notFound('No such order');
  return { order, payment };
}

/** What was given back already: of the payment, and of this order. */
async function refundedSoFar(tx: Executor, paymentId: number, orderId: number): Promise<{ payment: number; order: number }> {
  const result = await tx.execute(sql`
    select coalesce(sum(amount_cents), 0)::int as payment, coalesce(sum(amount_cents) filter (where order_id = ${orderId}), 0)::int as "order"
    from payment_refunds where payment_id = ${paymentId} and status <> 'failed'`);
  const [row] = rowsOf<{ payment: number; order: number }>(result);
  return { payment: Number(row?.payment ?? 0), order: Number(row?.order ?? 0) };
}

/** What a staff refund of `order` may still give back, in cents. */
export function refundableCents(
  payment: Pick<PaymentRecord, 'gateway' | 'status' | 'amountCents'>,
  order: Pick<OrderRecord, 'totalCents'>,
  refunded: { payment: number; order: number },
): number {
  if (OFFLINE_GATEWAYS.has(payment.gateway) || (payment.status !== 'paid' && payment.status !== 'refunded')) return 0;
  return Math.max(0, Math.min(payment.amountCents - refunded.payment, order.totalCents - refunded.order));
}

export function createStaffDesk(deps: StaffDeskDeps) {
  const { db, clock, capacity, takings, mail, catalogue, coupons, tickets, audit } = deps;

  async function readFor(tx: Executor, order: OrderRecord, plotIds: number[]) {
    return catalogue.read(tx, order.productId === null ? [] : [order.productId], plotIds, null);
  }

  /** The booking at `plotId`, priced as the checkout prices it (its coupons kept); nothing written. */
  async function plan(tx: Executor, order: OrderRecord, plotId: number, now: Date): Promise<MovePlan> {
    if (order.kind !== 'PRODUCT' || order.productId === null || order.plotId === null)
      throw conflict('ORDER_NOT_MOVABLE', 'Only a booking of a time slot can be moved');
    if (!KEPT.has(order.status)) throw conflict('ORDER_NOT_MOVABLE', 'Only a paid or reserved booking can be moved');
    if (plotId === order.plotId) throw validationFailed({ plot: 'same_slot' }, 'The booking is already in this time slot');
    const line = await lineOfOrder(tx, order);
    line.product.plot = plotId;
    const read = await readFor(tx, order, [plotId]);
    const checked = checkLine(line, read, shopMoment(now, read.shop.timezone));
    const kept = await coupons.byCodes(tx, order.couponCodes);
    const credit = Math.max(0, order.discountCents - (await coupons.discountOfOrder(tx, order.id)));
    const priced = priceReservation(checked, kept, read.additions, order.additionsCents > 0, credit);
    return {
      fromPlotId: order.plotId,
      toPlotId: plotId,
      totalCents: order.totalCents,
      newTotalCents: priced.totals.total,
      differenceCents: priced.totals.total - order.totalCents,
    };
  }

  return {
    async refund(request: StaffRefundRequest): Promise<StaffRefundResult> {
      if (!KEY.test(request.key)) throw validationFailed({ key: 'invalid' }, 'The refund key must be 8 to 100 letters, digits, - or _');
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 0) throw validationFailed({ amount: 'invalid' });
      const idempotencyKey = `staff-${request.key}`;
      const result = await db.transaction(async (tx): Promise<StaffRefundResult> => {
        const { order, payment } = await lockOrder(tx, request.orderHash);
        // A repeat of a click: the first one's answer, nothing more refunded.
        const [earlier] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, idempotencyKey));
        if (earlier) {
          if (earlier.orderId !== order.id) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409, 'This key was used for another refund');
          return { done: false, refundCents: earlier.amountCents, tickets: [], status: order.status };
        }
        if (GONE.has(order.status) && request.cancel) throw conflict('ORDER_ALREADY_CANCELLED', 'This order is cancelled already');
        if (order.status !== 'PAID' || !payment) throw conflict('ORDER_NOT_REFUNDABLE', 'Only a paid order can be refunded');
        const refunded = await refundedSoFar(tx, payment.id, order.id);
        const left = refundableCents(payment, order, refunded);
        if (request.amountCents > left)
          throw new AppError('REFUND_EXCEEDS_PAID', 409, `At most ${left} cents can still be refunded`, { fields: { amount: `max_${left}` } });
        const valid = await tickets.valid(tx, order.id);
        const asked = request.cancel ? valid : [...new Set(request.tickets)];
        const unknown = asked.filter((position) => !valid.includes(position));
        if (unknown.length > 0) throw validationFailed({ tickets: 'not_valid' }, `Tickets ${unknown.join(', ')} are not valid tickets of this order`);
        if (request.amountCents === 0 && asked.length === 0 && !request.cancel) throw validationFailed({ amount: 'nothing_to_refund' }, 'Nothing to refund');
        const now = clock.now();
        const cancelling = request.cancel || (asked.length > 0 && asked.length === valid.length && order.kind === 'PRODUCT');
        const before = { status: order.status, quantity: order.quantity, plotId: order.plotId, refundedCents: refunded.order };

        const marked = await tickets.refund(tx, order.id, asked, now);
        let status: OrderStatus = order.status;
        if (cancelling) {
          status = request.amountCents > 0 || refunded.order > 0 ? 'REFUNDED' : 'CANCELLED';
          // The places it still holds back, and (its payment's last kept order) what the checkout took.
          await releaseBooking(tx, capacity, order);
          const others = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.paymentId, payment.id), sql`${orders.id} <> ${order.id}`, sql`${orders.status} in ('PAID','RESERVED')`));
          if (others.length === 0) for (const taking of takings) await taking.release(tx, { paymentId: payment.id, orderIds: [order.id] }, now);
          await setOrdersStatus(tx, [order.id], status, now);
        } else if (marked.length > 0 && order.plotId !== null) {
          // Refunded tickets' places back; the order keeps the others (its count on the slot stays).
          const quantity = order.quantity - marked.length;
          await capacity.release(tx, [], { sold: [{ plotId: order.plotId, places: marked.length, orders: 0 }], counted: [] });
          await writeOrderPrices(tx, order.id, pricesOf(order), now, { quantity });
        }
        if (request.amountCents > 0) {
          await tx.insert(paymentRefunds).values({
            paymentId: payment.id,
            orderId: order.id,
            amountCents: request.amountCents,
            reason: request.reason.slice(0, 500) || 'staff refund',
            idempotencyKey,
            staffId: request.staffId,
          });
        }
        const paymentStatus =
          cancelling && refunded.payment + request.amountCents >= payment.amountCents && payment.amountCents > 0 ? 'refunded' : payment.status;
        if (paymentStatus !== payment.status) await setPaymentStatus(tx, payment.id, paymentStatus, now);
        await tx
          .insert(paymentEvents)
          .values({
            paymentId: payment.id,
            eventKey: `staff-refund:${request.key}`,
            fromStatus: payment.status,
            toStatus: paymentStatus,
            payload: { order: order.hash, amount_cents: request.amountCents, tickets: marked, cancel: cancelling, staff: request.staffId },
          })
          .onConflictDoNothing();
        const after = {
          status,
          quantity: cancelling ? order.quantity : order.quantity - marked.length,
          refundedCents: refunded.order + request.amountCents,
          tickets: marked,
        };
        await request.within?.(tx);
        await audit(tx, {
          staffId: request.staffId,
          action: cancelling ? 'order.cancel' : 'order.refund',
          entity: 'order',
          entityId: String(order.number),
          before,
          after,
        });
        return { done: true, refundCents: request.amountCents, tickets: marked, status };
      });
      if (result.done && result.refundCents > 0) deps.refundQueued?.();
      return result;
    },

    /** The price difference of moving the booking to `plotId`; nothing written. */
    async previewMove(orderHash: string, plotId: number): Promise<MovePlan> {
      return db.transaction(async (tx) => {
        const order = await lockOrderByHash(tx, orderHash);
        if (!order) throw notFound('No such order');
        return plan(tx, order, plotId, clock.now());
      });
    },

    async move(staffId: number, orderHash: string, plotId: number): Promise<MovePlan> {
      return db.transaction(async (tx) => {
        const { order } = await lockOrder(tx, orderHash);
        const now = clock.now();
        const planned = await plan(tx, order, plotId, now);
        // Old places back, new ones taken (sold) through THE capacity guard: a full slot (409) undoes the release too.
        await moveBooking(tx, capacity, order, claimsOfOrders([{ plotId, quantity: order.quantity }]), now);
        await writeOrderPrices(tx, order.id, pricesOf(order), now, { plotId });
        await audit(tx, {
          staffId,
          action: 'order.move',
          entity: 'order',
          entityId: String(order.number),
          before: { plotId: order.plotId },
          after: { plotId, differenceCents: planned.differenceCents },
        });
        return planned;
      });
    },

    /** New customer details, checked by the checkout's own customer rules (the organisation's fields). */
    async changeCustomer(staffId: number, orderHash: string, customer: Customer): Promise<void> {
      await db.transaction(async (tx) => {
        const { order } = await lockOrder(tx, orderHash);
        const read = await readFor(tx, order, []);
        const fields = customerFieldsIn(read.customerFields, order.language, read.shop.defaultLanguage);
        assertKnownFields(customer.fields, fields, 'customer.fields');
        for (const field of fields) if (field.type === 'EMAIL_CONFIRM') customer.fields[field.name] = customer.email;
        assertValidCustomer(customer, fields, order.productId === null ? [] : [order.productId], read.shop.allowBusiness);
        await setOrderCustomer(tx, order.id, customer, clock.now());
        await audit(tx, { staffId, action: 'order.customer', entity: 'order', entityId: String(order.number), before: order.customer, after: customer });
      });
    },

    /** The confirmation mail (with its e-tickets) queued again, to the order's e-mail address. */
    async resendConfirmation(staffId: number, orderHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { order } = await lockOrder(tx, orderHash);
        if (!KEPT.has(order.status)) throw conflict('ORDER_NOT_REFUNDABLE', 'Only a paid or reserved order has a confirmation');
        await mail.orderConfirmation(tx, [order]);
        await audit(tx, {
          staffId,
          action: 'order.resend',
          entity: 'order',
          entityId: String(order.number),
          before: null,
          after: { to: order.customer.email },
        });
      });
    },

    /** An invoice order's invoice recorded as paid (once). */
    async markInvoicePaid(staffId: number, orderHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { order } = await lockOrder(tx, orderHash);
        if (!order.invoice) throw conflict('NOT_AN_INVOICE_ORDER', 'This order is not on invoice');
        if (order.invoicePaidAt) throw conflict('INVOICE_ALREADY_PAID', 'This invoice is marked paid already');
        if (order.status !== 'PAID') throw conflict('ORDER_NOT_REFUNDABLE', 'This order is cancelled');
        const now = clock.now();
        await markInvoicePaid(tx, order.id, now);
        await audit(tx, {
          staffId,
          action: 'order.invoice_paid',
          entity: 'order',
          entityId: String(order.number),
          before: { invoicePaidAt: null },
          after: { invoicePaidAt: now.toISOString() },
        });
      });
    },
  };
}

export type StaffDesk = ReturnType<typeof createStaffDesk>;
