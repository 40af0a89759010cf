/**
 * A kept booking's places, as the one order change (order-change.ts) and a finished rebooking
 * (order-move.ts) give them back and take them again through THE capacity guard.
 */
import { placesPerPlot } from '#domain/order/slot-rules.ts';
import type { Executor } from '../../db/client.ts';
import type { OrderRecord } from '../../db/schema/index.ts';
import type { CapacityGuard, PlotClaim } from './capacity-guard.ts';

/** A slot claim per booking: its places and one counted order. */
export function claimsOfOrders(list: readonly Pick<OrderRecord, 'plotId' | 'quantity'>[]): PlotClaim[] {
  return [...placesPerPlot(list).entries()].map(([plotId, wanted]) => ({ plotId, places: wanted.places, orders: wanted.orders }));
}

/**
 * Gives back the places a kept booking (RESERVED or PAID: sold places) took, and its order count;
 * the caller then takes the new ones (or refunds) in the same transaction.
 */
export async function releaseBooking(db: Executor, capacity: CapacityGuard, order: OrderRecord): Promise<void> {
  const claims = claimsOfOrders([order]);
  await capacity.release(db, [order.id], { sold: claims, counted: claims });
}

/**
 * A kept booking moved: its places given back and `to` taken (sold) through the capacity guard, in
 * the caller's transaction, so a refusal (409, the new slot is full) undoes the release too.
 */
export async function moveBooking(db: Executor, capacity: CapacityGuard, order: OrderRecord, to: readonly PlotClaim[], now: Date): Promise<void> {
  await releaseBooking(db, capacity, order);
  await capacity.take(db, [...to], { sell: true, now, orderIds: [] });
}
