/**
 * Moving a booking: a reservation changed to another date, time or quantity, and a paid order
 * rebooked. Both go through the checkout core's release and move (checkout-core.ts `releaseBooking`,
 * `moveBooking`) and THE capacity guard in ONE transaction — the old places given back and
 * the new ones taken, so a refusal (the new slot is full) undoes the release too: never both,
 * never neither. The moved order's row is locked first, so two requests never move it twice.
 */
import { eq, sql } from 'drizzle-orm';
import type { OrderLineRequest } from '#domain/contracts/orders.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { orderLines, orders, rebookings, type OrderRecord } from '../../db/schema/index.ts';
import type { CapacityGuard } from './capacity-guard.ts';
import { releaseBooking } from './booking-places.ts';
import { cancelMovedOrder, markRebookOf } from './checkout.repo.ts';

/** The order row, locked for this transaction (FOR UPDATE): whoever moves it next waits and re-reads. */
export async function lockOrderByHash(db: Executor, hash: string): Promise<OrderRecord | null> {
  const [row] = await db.select().from(orders).where(eq(orders.hash, hash)).for('update').limit(1);
  return row ?? null;
}

/** The order as a cart line again (audiences, upsells with their prices), for the checkout's line check on another slot. */
export async function lineOfOrder(db: Executor, order: OrderRecord): Promise<OrderLineRequest> {
  const rows = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const audiences: OrderLineRequest['audiences'] = {};
  const upsells: OrderLineRequest['upsells'] = {};
  for (const row of rows) {
    if (row.kind === 'AUDIENCE' && row.audienceId !== null) audiences[String(row.audienceId)] = { quantity: row.quantity };
    if (row.kind === 'UPSELL' && row.upsellId !== null) upsells[String(row.upsellId)] = { quantity: row.quantity, price: row.unitPriceCents / 100 };
  }
  return { product: { id: order.productId as number, plot: order.plotId, quantity: order.quantity }, audiences, upsells };
}

/** A rebooking of `original` became final: its places go back and it is marked CANCELLED (moved to `moved`). */
export async function finishRebooking(db: Executor, capacity: CapacityGuard, original: OrderRecord, movedOrderId: number, now: Date): Promise<void> {
  await releaseBooking(db, capacity, original);
  await cancelMovedOrder(db, original, now);
  await db.execute(sql`
    update rebookings set status = 'DONE' where original_order_id = ${original.id} and new_order_id = ${movedOrderId}`);
}

/**
 * Called by settlement when a checkout becomes paid: a rebooking that had a difference to pay is
 * final now. The original is locked; a rebooking whose original was moved meanwhile changes nothing.
 */
export async function completePaidRebookings(db: Executor, capacity: CapacityGuard, paid: readonly OrderRecord[], now: Date): Promise<void> {
  for (const order of paid) {
    if (order.rebookOfOrderId === null) continue;
    const locked = rowsOf<{ hash: string }>(await db.execute(sql`select hash from orders where id = ${order.rebookOfOrderId}`));
    const original = locked[0] ? await lockOrderByHash(db, locked[0].hash) : null;
    if (!original || (original.status !== 'PAID' && original.status !== 'RESERVED')) continue;
    await finishRebooking(db, capacity, original, order.id, now);
  }
}

export async function recordRebooking(db: Executor, originalOrderId: number, newOrderId: number, done: boolean): Promise<void> {
  await markRebookOf(db, newOrderId, originalOrderId);
  await db.insert(rebookings).values({ originalOrderId, newOrderId, status: done ? 'DONE' : 'PENDING' });
}
