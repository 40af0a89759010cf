/**
 * What a customer may do with a reservation besides paying it (spec sections 4, 5, 6):
 *   edit    the organisation's own customer fields, checked by the same domain rules as the order
 *           form; the default fields (names, e-mail address: it names the booking for rebooking
 *           and mails) are not editable (src/domain/order/reservation-edit.ts);
 *   cancel  through the checkout core's cancel (checkout-core.ts: the settlement's release), like any
 *           checkout given up: its places come back at once;
 *   change  another date, time or quantity: priced again by the checkout's own line check and
 *           pricing (its coupons' rules applied to the new lines), then the old places given back
 *           and the new ones taken through the core's move (checkout-core.ts `moveBooking`: THE capacity
 *           guard) in ONE transaction —
 *           when the new slot refuses, nothing moved;
 *   remove a coupon  the reservation priced again without it, the payment asking the new total,
 *           the coupon's use given back through the takings (takings.ts).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { ReservationChangeRequest, ReservationCustomerUpdate } from '#domain/contracts/reservation-actions.schema.ts';
import type { Customer } from '#domain/customer.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { orders, payments, type OrderRecord } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { shopMoment } from '../../shop-time.ts';
import type { CheckoutCatalogueReader } from '../catalogue/index.ts';
import { normaliseCode, type CouponRow } from '../coupons/index.ts';
import {
  type CapacityGuard,
  priceReservation,
  type CheckoutTaking,
  lockPaymentByHash,
  replaceOrderLines,
  changePaymentAmount,
  setOrderCustomer,
  setPaymentExpiry,
  writeOrderPrices,
  claimsOfOrders,
  moveBooking,
  type CheckoutCore,
  reservationExpiry,
  assertValidCustomer,
  assertKnownFields,
  checkLine,
  lineOfOrder,
  lockOrderByHash,
  type SettlementMail,
} from '../checkout/index.ts';
import { customerFieldsIn } from '../organisation/index.ts';
import type { OrderTotals } from '#domain/order/totals.ts';
import { lockedFieldChanges } from '#domain/order/reservation-edit.ts';
import { customerFormValues } from '#domain/customer.ts';
import type { OrderLineRequest } from '#domain/contracts/orders.ts';

export interface ReservationChangeDeps {
  db: Database;
  clock: Clock;
  /** RESERVATION_HOURS: a changed reservation lapses that long after the change, or at its slot's start. */
  reservationHours: number;
  capacity: CapacityGuard;
  /** The checkout core: a cancel gives back everything the checkout took. */
  core: Pick<CheckoutCore, 'cancel'>;
  catalogue: CheckoutCatalogueReader;
  mail: Pick<SettlementMail, 'orderConfirmation'>;
  /** What the checkout takes besides places; a repriced reservation tells them its coupon shares. */
  takings: readonly CheckoutTaking[];
  /** The coupons a reservation holds, read as they are now (their use is already the reservation's). */
  coupons: {
    byCodes(db: Executor, codes: readonly string[]): Promise<CouponRow[]>;
    discountOfOrder(db: Executor, orderId: number): Promise<number>;
  };
}

const notChangeable = (message: string) => new AppError('RESERVATION_NOT_CHANGEABLE', 409, message);

/** The reservation's payment, then the order, locked in the settlement's order (payment first): no deadlock with an expiry. */
async function lockedReservation(tx: Executor, hash: string): Promise<OrderRecord> {
  const [seen] = await tx
    .select({ paymentHash: payments.hash })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.hash, hash));
  if (seen) await lockPaymentByHash(tx, seen.paymentHash);
  const order = await lockOrderByHash(tx, hash);
  if (!order || order.status !== 'RESERVED') throw notFound('No such reservation');
  return order;
}

export function createReservationChanges({ db, clock, reservationHours, capacity, core, catalogue, mail, takings, coupons }: ReservationChangeDeps) {
  /**
   * The reservation's line priced as the checkout prices a cart (checkout-pricing.ts) with the
   * coupons it keeps; gift-card credit it was paid with stays applied up to the new total, and what
   * the new total leaves of it (`creditBackCents`) goes back to the card.
   */
  async function reprice(tx: Executor, order: OrderRecord, line: OrderLineRequest, codes: readonly string[], now: Date) {
    const read = await catalogue.read(tx, [order.productId as number], line.product.plot ? [line.product.plot] : [], null);
    const checked = checkLine(line, read, shopMoment(now, read.shop.timezone));
    const kept = await coupons.byCodes(tx, codes);
    const credit = Math.max(0, order.discountCents - (await coupons.discountOfOrder(tx, order.id)));
    // The booking fee stays on the order of the submission that carries it (the others carry 0).
    const priced = priceReservation(checked, kept, read.additions, order.additionsCents > 0, credit);
    return { read, checked, ...priced };
  }

  /** The order's new prices written, the coupon shares handed to the takings, the payment asking the new total. */
  async function writePrices(tx: Executor, order: OrderRecord, repriced: Awaited<ReturnType<typeof reprice>>, now: Date, set: Partial<OrderRecord> = {}) {
    const { totals } = repriced;
    const prices = {
      couponCodes: repriced.couponCodes,
      productCents: totals.product,
      upsellCents: totals.upsell,
      discountCents: totals.discount,
      additionsCents: totals.additions,
      totalCents: totals.total,
    };
    await writeOrderPrices(tx, order.id, prices, now, set);
    const repricedOrder = {
      orderId: order.id,
      paymentId: order.paymentId as number,
      couponShares: repriced.couponShares,
      creditBackCents: repriced.creditBackCents,
    };
    for (const taking of takings) await taking.repriced?.(tx, repricedOrder);
    // The checkout's payment asks for all its reservations: this one's difference.
    await changePaymentAmount(tx, order.paymentId as number, totals.total - order.totalCents, now);
  }

  /** The reservation locked, checked as changeable, and its line with the wanted slot and quantities priced again. */
  async function plannedChange(tx: Executor, hash: string, wanted: ReservationChangeRequest, now: Date) {
    const order = await lockedReservation(tx, hash);
    if (!order.allowChanges) throw notChangeable('This reservation cannot be changed');
    const others = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.paymentId, order.paymentId as number), ne(orders.id, order.id)));
    if (others.length > 0) throw notChangeable('Only a reservation of one item can be changed');
    const line = await lineOfOrder(tx, order);
    line.product.plot = wanted.plot;
    if (wanted.audiences) line.audiences = wanted.audiences;
    if (wanted.quantity !== undefined) line.product.quantity = wanted.quantity;
    // Its coupons' rules on the new lines, as the checkout would price them.
    return { order, repriced: await reprice(tx, order, line, order.couponCodes, now) };
  }

  return {
    /** Removes a coupon from the reservation: priced again without it (spec section 2, a coupon line with a remove action). */
    async removeCoupon(hash: string, code: string): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockedReservation(tx, hash);
        const removed = normaliseCode(code);
        if (!order.couponCodes.some((held) => normaliseCode(held) === removed)) throw notFound('This coupon is not on the reservation');
        const now = clock.now();
        const line = await lineOfOrder(tx, order);
        const remaining = order.couponCodes.filter((held) => normaliseCode(held) !== removed);
        await writePrices(tx, order, await reprice(tx, order, line, remaining, now), now);
      });
    },

    async edit(hash: string, sent: ReservationCustomerUpdate): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockedReservation(tx, hash);
        const read = await catalogue.read(tx, [order.productId as number], [], null);
        const fields = customerFieldsIn(read.customerFields, order.language, read.shop.defaultLanguage);
        assertKnownFields(sent.fields, fields, 'customer.fields');
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
        for (const field of fields) if (field.type === 'EMAIL_CONFIRM') customer.fields[field.name] = order.customer.email;
        assertValidCustomer(customer, fields, [order.productId as number], read.shop.allowBusiness);
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
        await setOrderCustomer(tx, order.id, customer, clock.now());
      });
    },

    /** Cancels the whole checkout of the reservation (its payment asks for all of it): places back at once. */
    async cancel(hash: string): Promise<void> {
      const [row] = await db
        .select({ paymentHash: payments.hash })
        .from(orders)
        .innerJoin(payments, eq(payments.id, orders.paymentId))
        .where(and(eq(orders.hash, hash), eq(orders.status, 'RESERVED')))
        .limit(1);
      if (!row) throw notFound('No such reservation');
      await core.cancel(row.paymentHash, `reservation:cancel:${hash}`);
    },

    /**
     * What the change would cost (the product flow shows it before the visitor confirms): the same
     * checks and pricing as `change`, nothing written, no places moved.
     */
    async preview(hash: string, wanted: ReservationChangeRequest): Promise<OrderTotals> {
      return db.transaction(async (tx) => (await plannedChange(tx, hash, wanted, clock.now())).repriced.totals);
    },

    async change(hash: string, wanted: ReservationChangeRequest): Promise<void> {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const { order, repriced } = await plannedChange(tx, hash, wanted, now);
        const { read, checked } = repriced;
        // Old places back, new ones taken: a refusal (409) rolls back the release too.
        await moveBooking(tx, capacity, order, claimsOfOrders([{ plotId: wanted.plot, quantity: checked.quantity }]), now);
        await writePrices(tx, order, repriced, now, { plotId: wanted.plot, quantity: checked.quantity });
        await replaceOrderLines(tx, order.id, checked.rows);
        // Changed, it lapses unpaid as a new reservation would: RESERVATION_HOURS from now or at the new slot's start.
        await setPaymentExpiry(tx, order.paymentId as number, reservationExpiry(now, reservationHours, [checked], read.shop.timezone));
        const [changed] = await tx.select().from(orders).where(eq(orders.id, order.id));
        // A confirmation with the new date and time.
        if (changed) await mail.orderConfirmation(tx, [changed]);
      });
    },
  };
}

export type ReservationChanges = ReturnType<typeof createReservationChanges>;
