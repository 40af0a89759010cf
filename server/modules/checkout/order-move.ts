/**
 * What moving a booking reads and records: the order locked (FOR UPDATE, so two requests never move
 * it twice), its lines as a cart line again (priced on another slot by the checkout's own rules),
 * and a rebooking's link between the original and the new order. The moves themselves are the one
 * order change's (order-change.ts): a reservation changed, a staff move, a rebooking finished.
 */
import { eq } from 'drizzle-orm';
import type { OrderLineRequest } from '#domain/contracts/orders.ts';
import type { Executor } from '../../db/client.ts';
import { orderLines, orders, rebookings, type OrderRecord } from '../../db/schema/index.ts';
import { markRebookOf } from './checkout.repo.ts';

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

export async function recordRebooking(db: Executor, originalOrderId: number, newOrderId: number, done: boolean): Promise<void> {
  await markRebookOf(db, newOrderId, originalOrderId);
  await db.insert(rebookings).values({ originalOrderId, newOrderId, status: done ? 'DONE' : 'PENDING' });
}
