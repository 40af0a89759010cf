/**
 * THE order change: every change to a placed order goes through here, whoever makes it — the
 * shopper (a reservation's edit, change, coupon removal or cancel), staff (move, refund or cancel,
 * whole or per ticket, customer details, an invoice paid, a refund request answered), the system
 * (a lapsed hold, a late payment refunded: settlement.ts opens a change too) and a gateway (its
 * payment notices, a refund or chargeback made at the provider).
 *
 * A change is opened on the order's payment and orders, locked once in the settlement's order
 * (payment, then orders: no deadlock with a webhook or an expiry), in one transaction. Its steps
 * take and give back places through THE capacity guard, credit, coupon uses and pass visits through
 * the takings, exactly once; reprice through the checkout's own line check and the one totals rule;
 * write through checkout.repo.ts. Each step records what it did as an entry of the order's history
 * (src/domain/order-history.ts). `commit` writes the entries, the staff audit row of a staff change,
 * and decides once who is told: the visitor is mailed, in their language, for every entry that moves
 * money or places (`visitorIsTold`). Nothing else in the server changes a placed order
 * (tests/lint/order-change.test.ts).
 *
 *   open(tx, locked, actor)   the change object on rows the caller locked (settlement)
 *   run(target, actor, steps) opens a transaction, locks, runs the steps, commits
 *   the verbs below           each a few lines of steps: what the desk, the reservation page, the
 *                             refund-request inbox and the provider's notices call
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ReservationChangeRequest, ReservationCustomerUpdate } from '#domain/contracts/reservation-actions.schema.ts';
import type { OrderLineRequest } from '#domain/contracts/orders.ts';
import { customerFormValues, type Customer } from '#domain/customer.ts';
import { visitorIsTold, type HistorySlot, type OrderActorKind, type OrderEvent, type OrderHistoryDetail } from '#domain/order-history.ts';
import { lockedFieldChanges } from '#domain/order/reservation-edit.ts';
import type { OrderTotals } from '#domain/order/totals.ts';
import type { Clock } from '../../clock.ts';
import type { StaffAudit } from '../../staff-audit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { orderHistory, orders, payments, plots, type OrderRecord, type OrderStatus, type PaymentRecord, type PaymentStatus } from '../../db/schema/index.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { shopMoment } from '../../shop-time.ts';
import type { ProviderNotice } from '../../payments/payment-gateway.ts';
import type { CheckoutCatalogueReader } from '../catalogue/index.ts';
import { normaliseCode, type CouponRow } from '../coupons/index.ts';
import { customerFieldsIn } from '../organisation/index.ts';
import type { CapacityGuard } from './capacity-guard.ts';
import { claimsOfOrders, moveBooking, releaseBooking } from './booking-places.ts';
import { priceReservation } from './checkout-pricing.ts';
import {
  cancelMovedOrder,
  changePaymentAmount,
  insertHistory,
  lockPaymentByHash,
  markInvoicePaid,
  ordersOfPayment,
  queueRefund,
  recordProviderRefund,
  setCheckoutStatusAnswering,
  replaceOrderLines,
  setOrderCustomer,
  setOrdersStatus,
  setPaymentExpiry,
  setPaymentStatus,
  writeOrderPrices,
  type NewHistoryEntry,
} from './checkout.repo.ts';
import { assertKnownFields, assertValidCustomer } from './customer.ts';
import { checkLine } from './line-check.ts';
import { lineOfOrder, lockOrderByHash } from './order-move.ts';
import { reservationExpiry } from './reservation-expiry.ts';
import type { CheckoutTaking } from './takings.ts';

/** Who makes a change. A staff member and an API token are named in the history; a gateway by its id. */
export type OrderActor =
  { kind: 'shopper' } | { kind: 'staff'; staffId: number } | { kind: 'system' } | { kind: 'gateway'; gateway: string } | { kind: 'token'; name: string };

export const SHOPPER: OrderActor = { kind: 'shopper' };
export const SYSTEM: OrderActor = { kind: 'system' };

/** How a history entry names its actor. */
export function actorFields(actor: OrderActor): Pick<NewHistoryEntry, 'actorKind' | 'staffId' | 'actorName'> {
  const kind: OrderActorKind = actor.kind;
  return {
    actorKind: kind,
    staffId: actor.kind === 'staff' ? actor.staffId : null,
    actorName: actor.kind === 'gateway' ? actor.gateway : actor.kind === 'token' ? actor.name : null,
  };
}

export type { StaffAudit, StaffAuditEntry } from '../../staff-audit.ts';

/** Who hears of an entry, when not the order's customer (a refund request's sender, in the language they wrote in). */
export interface Recipient {
  email: string;
  language: string;
  name: string;
}

/** The mails of an order's life, written in the change's transaction (the mail module's, given by the composition root). */
export interface OrderMail {
  orderConfirmation(db: Executor, orders: OrderRecord[]): Promise<void>;
  /** The visitor told of what changed: one mail for the entries of one order, in their language (or the recipient's). */
  orderChanged(db: Executor, order: OrderRecord, entries: readonly { event: OrderEvent; detail: OrderHistoryDetail }[], to: Recipient | null): Promise<void>;
  /** Money that came too late to keep its orders, given back: the visitor and the shop told, once per payment. */
  latePaymentRefund(db: Executor, payment: PaymentRecord, orders: OrderRecord[]): Promise<void>;
}

/** What the change does with an order's e-tickets (the tickets module's, given by the composition root). */
export interface ChangeTickets {
  /** Marks these positions' tickets (null: every one still valid) refunded; answers the positions it marked. */
  refund(tx: Executor, orderId: number, positions: readonly number[] | null, now: Date): Promise<number[]>;
  /** The positions of the order's tickets that are not refunded. */
  valid(tx: Executor, orderId: number): Promise<number[]>;
}

/** What a refund or cancel issues: a credit note naming the order's receipt or invoice, in the change's transaction. */
export interface ChangeDocuments {
  creditNote(
    tx: Executor,
    order: OrderRecord,
    request: { amountCents: number; tickets: boolean; cancelling: boolean; reason: string | null },
    now: Date,
  ): Promise<{ id: number } | null>;
}

export interface OrderChangeDeps {
  db: Database;
  clock: Clock;
  capacity: CapacityGuard;
  takings: readonly CheckoutTaking[];
  mail: OrderMail;
  catalogue: CheckoutCatalogueReader;
  coupons: {
    byCodes(db: Executor, codes: readonly string[]): Promise<CouponRow[]>;
    discountOfOrder(db: Executor, orderId: number): Promise<number>;
  };
  tickets: ChangeTickets;
  /** The credit note of a refund or cancel (the documents module's, given by the composition root). */
  documents?: ChangeDocuments;
  audit: StaffAudit;
  /** RESERVATION_HOURS: a changed reservation lapses that long after the change, or at its slot's start. */
  reservationHours: number;
  /** After a refund is committed: the refund worker runs now rather than at its next poll. */
  refundQueued?: () => void;
}

/** Rows a change works on, locked by whoever opened it. */
export interface LockedCheckout {
  payment: PaymentRecord | null;
  orders: OrderRecord[];
}

/** Where a change starts: an order (by hash or number) or a whole checkout (its payment's hash). */
export type ChangeTarget = { orderHash: string } | { orderNumber: number } | { paymentHash: string };

/** The key of a late payment's refund (its gateway call too): one per payment. */
export const refundIdempotencyKey = (paymentHash: string) => `refund-${paymentHash}`;

/** The orders' status for each payment status a transition moves to. */
const ORDER_STATUS_OF: Record<Exclude<PaymentStatus, 'pending'>, OrderStatus> = {
  paid: 'PAID',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
  expired: 'EXPIRED',
  refunded: 'REFUNDED',
};

const KEPT: ReadonlySet<OrderStatus> = new Set(['PAID', 'RESERVED']);
const GONE: ReadonlySet<OrderStatus> = new Set(['CANCELLED', 'REFUNDED', 'EXPIRED', 'FAILED']);
/** Payments whose money came through no gateway: nothing to give back online. */
const OFFLINE_GATEWAYS: ReadonlySet<string> = new Set(['none', 'invoice']);
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

const conflict = (
  code:
    'ORDER_ALREADY_CANCELLED' | 'ORDER_NOT_REFUNDABLE' | 'ORDER_NOT_MOVABLE' | 'INVOICE_ALREADY_PAID' | 'NOT_AN_INVOICE_ORDER' | 'RESERVATION_NOT_CHANGEABLE',
  message: string,
) => new AppError(code, 409, message);

/** What a staff refund of `order` may still give back, in cents. */
export function refundableCents(
  payment: Pick<PaymentRecord, 'gateway' | 'status' | 'amountCents'>,
  order: Pick<OrderRecord, 'totalCents'>,
  refunded: { payment: number; order: number },
): number {
  if (OFFLINE_GATEWAYS.has(payment.gateway) || (payment.status !== 'paid' && payment.status !== 'refunded')) return 0;
  return Math.max(0, Math.min(payment.amountCents - refunded.payment, order.totalCents - refunded.order));
}

/** What was given back already: of the payment, and of this order. */
async function refundedSoFar(tx: Executor, paymentId: number, orderId: number): Promise<{ payment: number; order: number }> {
  const result = await tx.execute(sql`
    select coalesce(sum(amount_cents), 0)::int as payment, coalesce(sum(amount_cents) filter (where order_id = ${orderId}), 0)::int as "order"
    from payment_refunds where payment_id = ${paymentId} and status <> 'failed'`);
  const [row] = rowsOf<{ payment: number; order: number }>(result);
  return { payment: Number(row?.payment ?? 0), order: Number(row?.order ?? 0) };
}

/** A slot as history keeps it: date and start time (HH:MM) in the shop's time zone. */
async function slotsOf(tx: Executor, plotIds: readonly (number | null)[]): Promise<Map<number, HistorySlot>> {
  const ids = [...new Set(plotIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: plots.id, date: plots.date, start: plots.startTime }).from(plots).where(inArray(plots.id, ids));
  return new Map(rows.map((row) => [row.id, { date: row.date, time: row.start ? row.start.slice(0, 5) : null }]));
}

/** The order's prices as they are (a staff move or a ticket refund keeps what was paid). */
const pricesOf = ({ couponCodes, productCents, upsellCents, discountCents, additionsCents, totalCents }: OrderRecord) => ({
  couponCodes,
  productCents,
  upsellCents,
  discountCents,
  additionsCents,
  totalCents,
});

export interface StaffRefund {
  amountCents: number;
  /** Ticket positions refunded (their places go back); ignored with `cancel` (all of them). */
  tickets: readonly number[];
  cancel: boolean;
  /** The click's key: a repeat of it refunds nothing more. */
  key: string;
  reason: string;
}

export interface RefundResult {
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

/**
 * The change object, on locked rows in one transaction. Its steps write and record; `commit` writes
 * the history, the audit row and the visitor's mail. Used once.
 */
export interface OrderChange {
  readonly tx: Executor;
  readonly now: Date;
  readonly actor: OrderActor;
  readonly payment: PaymentRecord | null;
  /** The locked orders as they are now (steps keep them current). */
  readonly orders: OrderRecord[];
  /** The one order a change of one order is about. */
  order(): OrderRecord;
  /** Records an entry of `order`'s history; `to` names another recipient than the order's customer. */
  record(order: OrderRecord, event: OrderEvent, detail?: OrderHistoryDetail, options?: { to?: Recipient | null; tell?: boolean }): void;
  /** Refunds (part of) a paid order, per ticket or all with a cancel, queued for the refund worker under the key. */
  refund(order: OrderRecord, refund: StaffRefund & { staffId: number | null; event?: OrderEvent; to?: Recipient | null }): Promise<RefundResult>;
  /** The booking at another slot, priced as the checkout prices it; nothing written. */
  planMove(order: OrderRecord, plotId: number): Promise<MovePlan>;
  /** Moves a kept booking to another slot, keeping what was paid. */
  move(order: OrderRecord, plotId: number): Promise<MovePlan>;
  /** A reservation at another slot or quantities, priced again (payment asks the difference). */
  changeReservation(order: OrderRecord, wanted: ReservationChangeRequest): Promise<OrderTotals>;
  previewReservation(order: OrderRecord, wanted: ReservationChangeRequest): Promise<OrderTotals>;
  removeCoupon(order: OrderRecord, code: string): Promise<void>;
  setCustomer(order: OrderRecord, customer: Customer): Promise<void>;
  /** Every taking and place of the checkout given back (a checkout given up, or a reservation cancelled). */
  releaseCheckout(): Promise<void>;
  /** Takes again what a released checkout had, sold at once since it is paid; false when anything is gone (the caller's savepoint undoes the rest). */
  retakeCheckout(tx: Executor): Promise<boolean>;
  /**
   * The payment and its orders moved to `status` with the payment event recorded (once per key) and, when the event is
   * new, each order's history entry `event`: one statement (the settlement's hot path). Answers the orders as they are now.
   */
  transition(status: Exclude<PaymentStatus, 'pending'>, paymentEvent: { key: string; payload?: unknown }, event: OrderEvent): Promise<OrderRecord[]>;
  /** The whole payment given back (money that came too late to keep its orders): queued once, the visitor and the shop told. */
  refundLatePayment(reason: string): Promise<void>;
  /** A rebooking of `original` became final: its places go back and it is CANCELLED, moved to `moved`. */
  finishRebooking(original: OrderRecord, moved: OrderRecord): Promise<void>;
  /** Writes the entries, the audit row (staff) and the visitor's mails; then runs what waits for the commit. */
  commit(): Promise<void>;
  /** What runs after the transaction commits (the refund worker woken). */
  readonly afterCommit: (() => void)[];
}

export function createOrderChanges(deps: OrderChangeDeps) {
  const { db, clock, capacity, takings, mail, catalogue, coupons, tickets, audit } = deps;

  /** The reservation's (or booking's) line priced as the checkout prices a cart with the coupons it keeps. */
  async function reprice(tx: Executor, order: OrderRecord, line: OrderLineRequest, codes: readonly string[], now: Date) {
    const read = await catalogue.read(tx, order.productId === null ? [] : [order.productId], line.product.plot ? [line.product.plot] : [], null);
    const checked = checkLine(line, read, shopMoment(now, read.shop.timezone));
    const kept = await coupons.byCodes(tx, codes);
    const credit = Math.max(0, order.discountCents - (await coupons.discountOfOrder(tx, order.id)));
    // The booking fee stays on the order of the submission that carries it (the others carry 0).
    const priced = priceReservation(checked, kept, read.additions, order.additionsCents > 0, credit);
    return { read, checked, ...priced };
  }

  /** Opens the change object on rows the caller locked, in the caller's transaction. */
  function open(tx: Executor, locked: LockedCheckout, actor: OrderActor, now: Date = clock.now()): OrderChange {
    const entries: (NewHistoryEntry & { to: Recipient | null; tell: boolean; written: boolean })[] = [];
    const current = locked.orders;
    const afterCommit: (() => void)[] = [];
    const replace = (changed: OrderRecord) => {
      const index = current.findIndex((order) => order.id === changed.id);
      if (index >= 0) current[index] = changed;
    };
    const reread = async (order: OrderRecord) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
      if (row) replace(row);
      return row ?? order;
    };

    /** A reservation's new prices written, the coupon shares handed to the takings, the payment asking the new total. */
    async function writeReservationPrices(order: OrderRecord, repriced: Awaited<ReturnType<typeof reprice>>, set: Partial<OrderRecord> = {}) {
      const { totals } = repriced;
      await writeOrderPrices(
        tx,
        order.id,
        {
          couponCodes: repriced.couponCodes,
          productCents: totals.product,
          upsellCents: totals.upsell,
          discountCents: totals.discount,
          additionsCents: totals.additions,
          totalCents: totals.total,
        },
        now,
        set,
      );
      const repricedOrder = {
        orderId: order.id,
        paymentId: order.paymentId as number,
        couponShares: repriced.couponShares,
        creditBackCents: repriced.creditBackCents,
        checkoutOrderIds: current.map((each) => each.id),
      };
      for (const taking of takings) await taking.repriced?.(tx, repricedOrder);
      // The checkout's payment asks for all its reservations: this one's difference.
      await changePaymentAmount(tx, order.paymentId as number, totals.total - order.totalCents, now);
    }

    async function plannedReservation(order: OrderRecord, wanted: ReservationChangeRequest) {
      if (order.status !== 'RESERVED') throw notFound('No such reservation');
      if (!order.allowChanges) throw conflict('RESERVATION_NOT_CHANGEABLE', 'This reservation cannot be changed');
      if (current.length > 1) throw conflict('RESERVATION_NOT_CHANGEABLE', 'Only a reservation of one item can be changed');
      const line = await lineOfOrder(tx, order);
      line.product.plot = wanted.plot;
      if (wanted.audiences) line.audiences = wanted.audiences;
      if (wanted.quantity !== undefined) line.product.quantity = wanted.quantity;
      // Its coupons' rules on the new lines, as the checkout would price them.
      return reprice(tx, order, line, order.couponCodes, now);
    }

    const change: OrderChange = {
      tx,
      now,
      actor,
      payment: locked.payment,
      orders: current,
      afterCommit,

      order() {
        const [only] = current;
        if (!only) throw notFound('No such order');
        return only;
      },

      record(order, event, detail = {}, options = {}) {
        entries.push({
          orderId: order.id,
          event,
          ...actorFields(actor),
          detail: { product_id: order.productId, ...detail },
          to: options.to ?? null,
          tell: options.tell ?? visitorIsTold(event),
          written: false,
        });
      },

      async refund(order, request) {
        const { payment } = locked;
        if (!KEY.test(request.key)) throw validationFailed({ key: 'invalid' }, 'The refund key must be 8 to 100 letters, digits, - or _');
        if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 0) throw validationFailed({ amount: 'invalid' });
        const idempotencyKey = `staff-${request.key}`;
        // A repeat of a click: the first one's answer, nothing more refunded.
        const earlier = rowsOf<{ order_id: number | null; amount_cents: number }>(
          await tx.execute(sql`select order_id, amount_cents from payment_refunds where idempotency_key = ${idempotencyKey}`),
        )[0];
        if (earlier) {
          if (earlier.order_id !== order.id) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409, 'This key was used for another refund');
          return { done: false, refundCents: Number(earlier.amount_cents), tickets: [], status: order.status };
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
        const cancelling = request.cancel || (asked.length > 0 && asked.length === valid.length && order.kind === 'PRODUCT');
        const before = { status: order.status, quantity: order.quantity };

        const marked = await tickets.refund(tx, order.id, asked, now);
        let status: OrderStatus = order.status;
        if (cancelling) {
          status = request.amountCents > 0 || refunded.order > 0 ? 'REFUNDED' : 'CANCELLED';
          // The places it still holds back, and (its payment's last kept order) what the checkout took.
          await releaseBooking(tx, capacity, order);
          const others = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.paymentId, payment.id), ne(orders.id, order.id), inArray(orders.status, ['PAID', 'RESERVED'])));
          if (others.length === 0) for (const taking of takings) await taking.release(tx, { paymentId: payment.id, orderIds: [order.id] }, now);
          await setOrdersStatus(tx, [order.id], status, now);
        } else if (marked.length > 0 && order.plotId !== null) {
          // Refunded tickets' places back; the order keeps the others (its count on the slot stays).
          await capacity.release(tx, [], { sold: [{ plotId: order.plotId, places: marked.length, orders: 0 }], counted: [] });
          await writeOrderPrices(tx, order.id, pricesOf(order), now, { quantity: order.quantity - marked.length });
        }
        if (request.amountCents > 0) {
          await queueRefund(tx, {
            paymentId: payment.id,
            orderId: order.id,
            amountCents: request.amountCents,
            reason: request.reason.slice(0, 500) || 'staff refund',
            idempotencyKey,
            staffId: request.staffId,
          });
          afterCommit.push(() => deps.refundQueued?.());
        }
        // Money or the whole order given back: a credit note naming its receipt or invoice, in this transaction.
        await deps.documents?.creditNote(
          tx,
          order,
          { amountCents: request.amountCents, tickets: marked.length > 0, cancelling, reason: request.reason.trim() || null },
          now,
        );
        const paymentStatus =
          cancelling && refunded.payment + request.amountCents >= payment.amountCents && payment.amountCents > 0 ? 'refunded' : payment.status;
        if (paymentStatus !== payment.status) await setPaymentStatus(tx, payment.id, paymentStatus, now);
        const slot = (await slotsOf(tx, [order.plotId])).get(order.plotId ?? -1) ?? null;
        const detail: OrderHistoryDetail = {
          amount_cents: request.amountCents,
          currency: payment.currency,
          method: payment.gateway,
          tickets: marked,
          from: slot,
          quantity: cancelling ? null : { from: before.quantity, to: before.quantity - marked.length },
          reason: request.reason.trim() || null,
        };
        const event = request.event ?? (cancelling ? 'cancelled' : 'refunded');
        change.record(order, event, detail, { to: request.to ?? null });
        // A cancel that also gave money back is both: the refund has its own entry, told in the same mail.
        if (cancelling && request.amountCents > 0 && event === 'cancelled') change.record(order, 'refunded', detail);
        replace(await reread(order));
        return { done: true, refundCents: request.amountCents, tickets: marked, status };
      },

      async planMove(order, plotId) {
        if (order.kind !== 'PRODUCT' || order.productId === null || order.plotId === null)
          throw conflict('ORDER_NOT_MOVABLE', 'Only a booking of a time slot can be moved');
        if (!KEPT.has(order.status)) throw conflict('ORDER_NOT_MOVABLE', 'Only a paid or reserved booking can be moved');
        if (plotId === order.plotId) throw validationFailed({ plot: 'same_slot' }, 'The booking is already in this time slot');
        const line = await lineOfOrder(tx, order);
        line.product.plot = plotId;
        const priced = await reprice(tx, order, line, order.couponCodes, now);
        return {
          fromPlotId: order.plotId,
          toPlotId: plotId,
          totalCents: order.totalCents,
          newTotalCents: priced.totals.total,
          differenceCents: priced.totals.total - order.totalCents,
        };
      },

      async move(order, plotId) {
        const planned = await change.planMove(order, plotId);
        // Old places back, new ones taken (sold) through THE capacity guard: a full slot (409) undoes the release too.
        await moveBooking(tx, capacity, order, claimsOfOrders([{ plotId, quantity: order.quantity }]), now);
        await writeOrderPrices(tx, order.id, pricesOf(order), now, { plotId });
        const slots = await slotsOf(tx, [order.plotId, plotId]);
        change.record(order, 'moved', {
          from: slots.get(order.plotId as number) ?? null,
          to: slots.get(plotId) ?? null,
          amount_cents: planned.differenceCents,
          currency: order.currency,
        });
        replace(await reread(order));
        return planned;
      },

      async previewReservation(order, wanted) {
        return (await plannedReservation(order, wanted)).totals;
      },

      async changeReservation(order, wanted) {
        const repriced = await plannedReservation(order, wanted);
        const { read, checked, totals } = repriced;
        // Old places back, new ones taken: a refusal (409) rolls back the release too.
        await moveBooking(tx, capacity, order, claimsOfOrders([{ plotId: wanted.plot, quantity: checked.quantity }]), now);
        await writeReservationPrices(order, repriced, { plotId: wanted.plot, quantity: checked.quantity });
        await replaceOrderLines(tx, order.id, checked.rows);
        // Changed, it lapses unpaid as a new reservation would: RESERVATION_HOURS from now or at the new slot's start.
        await setPaymentExpiry(tx, order.paymentId as number, reservationExpiry(now, deps.reservationHours, [checked], read.shop.timezone));
        const slots = await slotsOf(tx, [order.plotId, wanted.plot]);
        const changed = await reread(order);
        change.record(order, 'moved', {
          from: slots.get(order.plotId as number) ?? null,
          to: slots.get(wanted.plot) ?? null,
          quantity: { from: order.quantity, to: checked.quantity },
          total_cents: { from: order.totalCents, to: totals.total },
          amount_cents: totals.total - order.totalCents,
          currency: order.currency,
        });
        // The move's mail is the confirmation with the new date and time.
        entries[entries.length - 1]!.tell = false;
        await mail.orderConfirmation(tx, [changed]);
        return totals;
      },

      async removeCoupon(order, code) {
        if (order.status !== 'RESERVED') throw notFound('No such reservation');
        const removed = normaliseCode(code);
        if (!order.couponCodes.some((held) => normaliseCode(held) === removed)) throw notFound('This coupon is not on the reservation');
        const line = await lineOfOrder(tx, order);
        const remaining = order.couponCodes.filter((held) => normaliseCode(held) !== removed);
        const repriced = await reprice(tx, order, line, remaining, now);
        await writeReservationPrices(order, repriced);
        change.record(order, 'coupon_removed', {
          code: removed,
          total_cents: { from: order.totalCents, to: repriced.totals.total },
          currency: order.currency,
        });
        replace(await reread(order));
      },

      async setCustomer(order, customer) {
        await setOrderCustomer(tx, order.id, customer, now);
        const before = new Map(Object.entries(customerFormValues(order.customer)));
        const after = new Map(Object.entries(customerFormValues(customer)));
        const fields = [...new Set([...before.keys(), ...after.keys()])]
          .filter((name) => JSON.stringify(before.get(name)) !== JSON.stringify(after.get(name)))
          .sort();
        change.record(order, 'customer_changed', { fields });
        replace(await reread(order));
      },

      async releaseCheckout() {
        const { payment } = locked;
        if (!payment) return;
        const orderIds = current.map((order) => order.id);
        await capacity.release(tx, orderIds, {
          sold: claimsOfOrders(current.filter((order) => order.status === 'RESERVED')),
          counted: claimsOfOrders(current),
        });
        for (const taking of takings) await taking.release(tx, { paymentId: payment.id, orderIds }, now);
      },

      async retakeCheckout(savepoint) {
        const { payment } = locked;
        if (!payment) return false;
        if (!(await capacity.retake(savepoint, claimsOfOrders(current), now))) return false;
        const orderIds = current.map((order) => order.id);
        for (const taking of takings) if (!(await taking.retake(savepoint, { paymentId: payment.id, orderIds }))) return false;
        return true;
      },

      async transition(status, paymentEvent, event) {
        const { payment } = locked;
        if (!payment) throw new Error('a transition needs the payment');
        const detail: OrderHistoryDetail = { method: payment.gateway };
        const settled = await setCheckoutStatusAnswering(
          tx,
          payment,
          current.map((order) => order.id),
          { status, orderStatus: ORDER_STATUS_OF[status], event: paymentEvent, history: { event, ...actorFields(actor), detail } },
          now,
        );
        for (const order of settled) {
          replace(order);
          // Written by the statement above; kept here so commit decides who is told.
          entries.push({ orderId: order.id, event, ...actorFields(actor), detail, to: null, tell: visitorIsTold(event), written: true });
        }
        return settled;
      },

      async refundLatePayment(reason) {
        const { payment } = locked;
        if (!payment) return;
        await queueRefund(tx, {
          paymentId: payment.id,
          orderId: null,
          amountCents: payment.amountCents,
          reason,
          idempotencyKey: refundIdempotencyKey(payment.hash),
          staffId: null,
        });
        afterCommit.push(() => deps.refundQueued?.());
      },

      async finishRebooking(original, moved) {
        await releaseBooking(tx, capacity, original);
        await cancelMovedOrder(tx, original, now);
        await tx.execute(sql`update rebookings set status = 'DONE' where original_order_id = ${original.id} and new_order_id = ${moved.id}`);
        const slots = await slotsOf(tx, [original.plotId, moved.plotId]);
        // The new order's confirmation tells the visitor; the original's history says where it went.
        change.record(original, 'rebooked', {
          from: slots.get(original.plotId ?? -1) ?? null,
          to: slots.get(moved.plotId ?? -1) ?? null,
          order: moved.number,
        });
      },

      async commit() {
        await insertHistory(
          tx,
          entries.filter((entry) => !entry.written).map(({ to: _to, tell: _tell, written: _written, ...entry }) => entry),
          now,
        );
        if (actor.kind === 'staff') {
          for (const entry of entries) {
            const order = current.find((each) => each.id === entry.orderId);
            await audit(tx, {
              staffId: actor.staffId,
              action: `order.${entry.event}`,
              entity: 'order',
              entityId: String(order?.number ?? entry.orderId),
              before: null,
              after: entry.detail,
            });
          }
        }
        // Money that came too late: one mail per payment to the visitor, one to the shop.
        if (locked.payment && entries.some((entry) => entry.event === 'late_payment_refunded' && entry.tell)) {
          await mail.latePaymentRefund(tx, locked.payment, current);
          for (const entry of entries) if (entry.event === 'late_payment_refunded') entry.tell = false;
        }
        // One mail per order and recipient, for the entries that move money or places.
        for (const order of current) {
          const told = entries.filter((entry) => entry.orderId === order.id && entry.tell);
          const recipients = [...new Set(told.map((entry) => entry.to))];
          for (const to of recipients) {
            const forThem = told.filter((entry) => entry.to === to);
            if (forThem.length > 0) await mail.orderChanged(tx, order, forThem, to);
          }
        }
        entries.length = 0;
      },
    };
    return change;
  }

  /** The order's payment locked, then its orders (the settlement's locking order). */
  async function lock(tx: Executor, target: ChangeTarget, scope: 'order' | 'checkout'): Promise<LockedCheckout> {
    const where =
      'orderHash' in target
        ? eq(orders.hash, target.orderHash)
        : 'orderNumber' in target
          ? eq(orders.number, target.orderNumber)
          : eq(payments.hash, target.paymentHash);
    const [seen] = await tx
      .select({ orderHash: orders.hash, paymentHash: payments.hash, paymentId: payments.id })
      .from(orders)
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(where)
      .limit(1);
    if (!seen) throw notFound('No such order');
    const payment = await lockPaymentByHash(tx, seen.paymentHash);
    if (scope === 'checkout' || 'paymentHash' in target) {
      await tx.execute(sql`select id from orders where payment_id = ${seen.paymentId} order by id for update`);
      return { payment, orders: await ordersOfPayment(tx, seen.paymentId) };
    }
    const order = await lockOrderByHash(tx, seen.orderHash);
    if (!order) throw notFound('No such order');
    return { payment, orders: [order] };
  }

  /** Opens a transaction, locks the target, runs the steps on the change object and commits it. */
  async function run<T>(
    target: ChangeTarget,
    actor: OrderActor,
    steps: (change: OrderChange) => Promise<T>,
    scope: 'order' | 'checkout' = 'order',
  ): Promise<T> {
    let after: (() => void)[] = [];
    const result = await db.transaction(async (tx) => {
      const change = open(tx, await lock(tx, target, scope), actor);
      const answer = await steps(change);
      await change.commit();
      after = change.afterCommit;
      return answer;
    });
    for (const each of after) each();
    return result;
  }

  /** The order's customer fields in its language, checked by the checkout's own customer rules. */
  async function checkedCustomer(tx: Executor, order: OrderRecord, customer: Customer) {
    const read = await catalogue.read(tx, order.productId === null ? [] : [order.productId], [], null);
    const fields = customerFieldsIn(read.customerFields, order.language, read.shop.defaultLanguage);
    assertKnownFields(customer.fields, fields, 'customer.fields');
    for (const field of fields) if (field.type === 'EMAIL_CONFIRM') customer.fields[field.name] = customer.email;
    assertValidCustomer(customer, fields, order.productId === null ? [] : [order.productId], read.shop.allowBusiness);
    return fields;
  }

  /** A rebooking of `original` became final, in the caller's transaction (the checkout's, with nothing to pay). */
  async function finishRebooking(tx: Executor, original: OrderRecord, moved: OrderRecord, now: Date): Promise<void> {
    const change = open(tx, { payment: null, orders: [original] }, SHOPPER, now);
    await change.finishRebooking(original, moved);
    await change.commit();
  }

  return {
    open,
    run,
    finishRebooking,

    /**
     * Called by settlement when a checkout becomes paid: a rebooking that had a difference to pay is final now. The
     * original is locked; a rebooking whose original was moved meanwhile changes nothing.
     */
    async completePaidRebookings(tx: Executor, paid: readonly OrderRecord[], now: Date): Promise<void> {
      for (const order of paid) {
        if (order.rebookOfOrderId === null) continue;
        const [seen] = await tx.select({ hash: orders.hash }).from(orders).where(eq(orders.id, order.rebookOfOrderId));
        const original = seen ? await lockOrderByHash(tx, seen.hash) : null;
        if (!original || !KEPT.has(original.status)) continue;
        await finishRebooking(tx, original, order, now);
      }
    },

    /** Staff: refund part of an order (or tickets), or cancel it with a refund. */
    refund: (actor: OrderActor & { kind: 'staff' }, target: ChangeTarget, refund: StaffRefund) =>
      run(target, actor, (change) => change.refund(change.order(), { ...refund, staffId: actor.staffId })),

    /** Staff: what moving the booking would cost; nothing written. */
    previewMove: (target: ChangeTarget, plotId: number) =>
      db.transaction(async (tx) => {
        const order = 'orderHash' in target ? await lockOrderByHash(tx, target.orderHash) : (await lock(tx, target, 'order')).orders[0];
        if (!order) throw notFound('No such order');
        return open(tx, { payment: null, orders: [order] }, SYSTEM).planMove(order, plotId);
      }),

    /** Staff: the booking moved to another slot through the capacity guard, keeping what was paid. */
    move: (actor: OrderActor, target: ChangeTarget, plotId: number) => run(target, actor, (change) => change.move(change.order(), plotId)),

    /** Staff: new customer details, checked by the checkout's own customer rules (the organisation's fields). */
    changeCustomer: (actor: OrderActor, target: ChangeTarget, customer: Customer) =>
      run(target, actor, async (change) => {
        const order = change.order();
        await checkedCustomer(change.tx, order, customer);
        await change.setCustomer(order, customer);
      }),

    /** Staff: the confirmation mail (with its e-tickets) queued again, to the order's e-mail address. */
    resendConfirmation: (actor: OrderActor, target: ChangeTarget) =>
      run(target, actor, async (change) => {
        const order = change.order();
        if (!KEPT.has(order.status)) throw conflict('ORDER_NOT_REFUNDABLE', 'Only a paid or reserved order has a confirmation');
        await mail.orderConfirmation(change.tx, [order]);
        change.record(order, 'confirmation_resent');
      }),

    /** Staff: an invoice order's invoice recorded as paid (once). */
    markInvoicePaid: (actor: OrderActor, target: ChangeTarget) =>
      run(target, actor, async (change) => {
        const order = change.order();
        if (!order.invoice) throw conflict('NOT_AN_INVOICE_ORDER', 'This order is not on invoice');
        if (order.invoicePaidAt) throw conflict('INVOICE_ALREADY_PAID', 'This invoice is marked paid already');
        if (order.status !== 'PAID') throw conflict('ORDER_NOT_REFUNDABLE', 'This order is cancelled');
        await markInvoicePaid(change.tx, order.id, change.now);
        change.record(order, 'invoice_paid', { amount_cents: order.totalCents, currency: order.currency, method: 'invoice' });
      }),

    /** Staff: a refund request accepted — its order refunded, the sender told, `within` in the same transaction. */
    acceptRefundRequest: (
      actor: OrderActor & { kind: 'staff' },
      target: ChangeTarget,
      refund: StaffRefund,
      request: { to: Recipient; within: (tx: Executor) => Promise<void> },
    ) =>
      run(target, actor, async (change) => {
        const answer = await change.refund(change.order(), { ...refund, staffId: actor.staffId, event: 'refund_request_accepted', to: request.to });
        await request.within(change.tx);
        return answer;
      }),

    /** Staff: a refund request declined — on the order's history, the sender told (with the reply). */
    declineRefundRequest: (actor: OrderActor, target: ChangeTarget, request: { to: Recipient; reply: string; within: (tx: Executor) => Promise<void> }) =>
      run(target, actor, async (change) => {
        await request.within(change.tx);
        change.record(change.order(), 'refund_request_declined', { reason: request.reply || null }, { to: request.to });
      }),

    /** Shopper: a reservation's customer details (the organisation's own fields; names and e-mail are locked). */
    editReservation: (target: ChangeTarget, sent: ReservationCustomerUpdate) =>
      run(target, SHOPPER, async (change) => {
        const order = change.order();
        if (order.status !== 'RESERVED') throw notFound('No such reservation');
        const trim = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());
        const customer: Customer = {
          first_name: sent.first_name.trim(),
          last_name: sent.last_name.trim(),
          email: order.customer.email,
          company: trim(sent.company),
          vat_id: trim(sent.vat_id),
          address: sent.address === undefined ? order.customer.address : trim(sent.address),
          zipcode: sent.zipcode === undefined ? order.customer.zipcode : trim(sent.zipcode),
          city: sent.city === undefined ? order.customer.city : trim(sent.city),
          fields: { ...order.customer.fields, ...sent.fields },
        };
        const fields = await checkedCustomer(change.tx, order, customer);
        // Default fields (names, e-mail) are not editable here (spec section 5): a changed one is refused, not dropped.
        const locked = lockedFieldChanges(
          fields,
          customerFormValues(order.customer),
          customerFormValues({ ...customer, email: sent.email ?? order.customer.email }),
        );
        if (locked.length > 0) {
          throw new AppError('FIELD_NOT_EDITABLE', 400, 'These details cannot be changed on a reservation', {
            fields: Object.fromEntries(locked.map((name) => [name, 'not_editable'])),
          });
        }
        await change.setCustomer(order, customer);
      }),

    /** Shopper: what a reservation change would cost; nothing written, no places moved. */
    previewReservation: (target: ChangeTarget, wanted: ReservationChangeRequest): Promise<OrderTotals> =>
      db.transaction(async (tx) => {
        const change = open(tx, await lock(tx, target, 'checkout'), SHOPPER);
        const order = change.orders.find((each) => 'orderHash' in target && each.hash === target.orderHash) ?? change.order();
        return change.previewReservation(order, wanted);
      }),

    /** Shopper: a reservation moved to another date, time or quantity, priced again. */
    changeReservation: (target: ChangeTarget, wanted: ReservationChangeRequest) =>
      run(
        target,
        SHOPPER,
        async (change) => {
          const order = change.orders.find((each) => 'orderHash' in target && each.hash === target.orderHash) ?? change.order();
          await change.changeReservation(order, wanted);
        },
        'checkout',
      ),

    /** Shopper: the reservation's whole checkout cancelled (its payment asks for all of it): places and takings back at once. */
    cancelReservation: (target: ChangeTarget) =>
      run(
        target,
        SHOPPER,
        async (change) => {
          const { payment } = change;
          const reservation = change.orders.find((order) => 'orderHash' in target && order.hash === target.orderHash);
          if (!payment || payment.status !== 'pending' || reservation?.status !== 'RESERVED') throw notFound('No such reservation');
          await change.releaseCheckout();
          await change.transition('cancelled', { key: `reservation:cancel:${reservation.hash}` }, 'cancelled');
        },
        'checkout',
      ),

    /**
     * Gateway: money given back at the provider (its dashboard) or a dispute opened, recorded once per provider id on
     * the payment's first kept order. Once everything paid is back, every kept order is cancelled as a staff cancel
     * with a refund is: tickets no longer valid, places and takings given back. False when recorded already.
     */
    async providerNotice(paymentHash: string, notice: ProviderNotice, options: { gateway: string }): Promise<boolean> {
      // Only the gateway that took the money speaks for it.
      const [seen] = await db.select({ gateway: payments.gateway }).from(payments).where(eq(payments.hash, paymentHash));
      if (seen?.gateway !== options.gateway) return false;
      return run(
        { paymentHash },
        { kind: 'gateway', gateway: options.gateway },
        async (change) => {
          const { payment, tx, now } = change;
          const kept = change.orders.filter((order) => KEPT.has(order.status));
          const first = kept[0] ?? change.orders[0];
          if (!payment || !first) return false;
          const detail: OrderHistoryDetail = {
            amount_cents: notice.amountCents,
            currency: notice.currency.toUpperCase(),
            method: payment.gateway,
            reason: notice.reference,
          };
          if (notice.kind === 'chargeback') {
            const [seen] = await tx
              .select({ id: orderHistory.id })
              .from(orderHistory)
              .where(sql`${orderHistory.event} = 'chargeback' and ${orderHistory.detail}->>'reason' = ${notice.reference}`);
            if (seen) return false;
            change.record(first, 'chargeback', detail);
            return true;
          }
          const recorded = await recordProviderRefund(
            tx,
            {
              paymentId: payment.id,
              orderId: first.id,
              amountCents: notice.amountCents,
              reason: 'refunded at the payment provider',
              idempotencyKey: `provider-${notice.reference}`,
              providerReference: notice.reference,
            },
            now,
          );
          if (!recorded) return false;
          change.record(first, 'refunded_by_provider', detail);
          await deps.documents?.creditNote(tx, first, { amountCents: notice.amountCents, tickets: false, cancelling: false, reason: notice.reference }, now);
          const refunded = await refundedSoFar(tx, payment.id, first.id);
          if (refunded.payment >= payment.amountCents && kept.length > 0) {
            // All the money is back: nothing may still be admitted for it.
            for (const order of kept) {
              await tickets.refund(tx, order.id, null, now);
              await releaseBooking(tx, capacity, order);
            }
            for (const taking of takings) await taking.release(tx, { paymentId: payment.id, orderIds: kept.map((order) => order.id) }, now);
            await setOrdersStatus(
              tx,
              kept.map((order) => order.id),
              'REFUNDED',
              now,
            );
            await setPaymentStatus(tx, payment.id, 'refunded', now);
            for (const order of kept) change.record(order, 'cancelled', { method: payment.gateway }, { tell: false });
          }
          return true;
        },
        'checkout',
      );
    },

    /**
     * Shopper: a coupon taken off a reservation, priced again without it. A checkout's coupon applies to
     * every item it reserved, so it comes off every reserved item of that checkout that holds it.
     */
    removeCoupon: (target: ChangeTarget, code: string) =>
      run(
        target,
        SHOPPER,
        async (change) => {
          const removed = normaliseCode(code);
          const asked = change.orders.find((order) =>
            'orderHash' in target ? order.hash === target.orderHash : 'orderNumber' in target ? order.number === target.orderNumber : true,
          );
          if (!asked) throw notFound('No such reservation');
          const holding = change.orders.filter(
            (order) => order.id !== asked.id && order.status === 'RESERVED' && order.couponCodes.some((held) => normaliseCode(held) === removed),
          );
          // The asked reservation first: its own checks (reserved, holding the code) answer the request.
          for (const order of [asked, ...holding]) await change.removeCoupon(order, code);
        },
        'checkout',
      ),
  };
}

export type OrderChanges = ReturnType<typeof createOrderChanges>;
