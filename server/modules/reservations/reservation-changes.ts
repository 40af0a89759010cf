/**
 * What a customer may do with a reservation besides paying it (spec sections 4, 5, 6):
 *   edit    the customer details, checked by the same domain rules as the order form (the e-mail
 *           address stays: it names the booking for rebooking and mails);
 *   cancel  through the settlement, like any checkout given up: its places come back at once;
 *   change  another date, time or quantity: priced again by the checkout's own line check and
 *           pricing, then the old places given back and the new ones taken through THE capacity
 *           guard in ONE transaction (order-move.ts) — when the new slot refuses, nothing moved.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ReservationChangeRequest, ReservationCustomerUpdate } from '../../../src/domain/contracts/reservation-actions.schema.ts';
import type { Customer } from '../../../src/domain/customer.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { orderLines, orders, payments, type OrderRecord } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { shopMoment } from '../../shop-time.ts';
import type { CheckoutCatalogue } from '../catalogue/checkout-catalogue.ts';
import type { CapacityGuard } from '../checkout/capacity-guard.ts';
import { priceCart } from '../checkout/checkout-pricing.ts';
import { lockPaymentByHash } from '../checkout/checkout.repo.ts';
import { reservationExpiry } from '../checkout/reservation-expiry.ts';
import { assertValidCustomer } from '../checkout/customer.ts';
import { checkLine } from '../checkout/line-check.ts';
import { claimsOfOrders, lineOfOrder, lockOrderByHash, releaseBooking } from '../checkout/order-move.ts';
import type { Settlement, SettlementMail } from '../checkout/settlement.ts';
import { customerFieldsIn } from '../organisation/organisation.mapper.ts';

export interface ReservationChangeDeps {
  db: Database;
  clock: Clock;
  /** RESERVATION_HOURS: a changed reservation lapses that long after the change, or at its slot's start. */
  reservationHours: number;
  capacity: CapacityGuard;
  settlement: Pick<Settlement, 'settle' | 'expireIfLapsed'>;
  catalogue: { read(db: Executor, productIds: readonly number[], plotIds: readonly number[], liveAt: Date | null): Promise<CheckoutCatalogue> };
  mail: Pick<SettlementMail, 'orderConfirmation'>;
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

export function createReservationChanges({ db, clock, reservationHours, capacity, settlement, catalogue, mail }: ReservationChangeDeps) {
  return {
    async edit(hash: string, sent: ReservationCustomerUpdate): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockedReservation(tx, hash);
        const read = await catalogue.read(tx, [order.productId as number], [], null);
        const fields = customerFieldsIn(read.customerFields, order.language, read.shop.defaultLanguage);
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
        await tx.update(orders).set({ customer, updatedAt: clock.now() }).where(eq(orders.id, order.id));
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
      await settlement.settle(row.paymentHash, 'cancelled', { key: `reservation:cancel:${hash}` });
    },

    async change(hash: string, wanted: ReservationChangeRequest): Promise<void> {
      await db.transaction(async (tx) => {
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
        const now = clock.now();
        const read = await catalogue.read(tx, [order.productId as number], [wanted.plot], null);
        const checked = checkLine(line, read, shopMoment(now, read.shop.timezone));
        const [priced] = priceCart([checked], { coupons: [], giftCards: [] }, read.additions).lines;
        if (!priced) throw new Error('change not priced');
        // The discount it had stays, as far as the new price allows.
        const discount = Math.min(order.discountCents, priced.totals.product);
        const total = priced.totals.total - discount;
        // Old places back, new ones taken: a refusal (409) rolls back the release too.
        await releaseBooking(tx, capacity, order);
        await capacity.take(tx, claimsOfOrders([{ plotId: wanted.plot, quantity: checked.quantity }]), { sell: true, now, orderIds: [] });
        await tx
          .update(orders)
          .set({
            plotId: wanted.plot,
            quantity: checked.quantity,
            productCents: priced.totals.product,
            upsellCents: priced.totals.upsell,
            discountCents: discount,
            additionsCents: priced.totals.additions,
            totalCents: total,
            updatedAt: now,
          })
          .where(eq(orders.id, order.id));
        await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
        const rows = checked.rows.filter((row) => row.quantity > 0).map((row) => ({ ...row, orderId: order.id }));
        if (rows.length > 0) await tx.insert(orderLines).values(rows);
        // Changed, it lapses unpaid as a new reservation would: RESERVATION_HOURS from now or at the new slot's start.
        const lapses = reservationExpiry(now, reservationHours, [checked], read.shop.timezone).toISOString();
        await tx.execute(sql`
          update payments set amount_cents = ${total}, expires_at = ${lapses}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          where id = ${order.paymentId}`);
        const [changed] = await tx.select().from(orders).where(eq(orders.id, order.id));
        // A confirmation with the new date and time.
        if (changed) await mail.orderConfirmation(tx, [changed]);
      });
    },
  };
}

export type ReservationChanges = ReturnType<typeof createReservationChanges>;
