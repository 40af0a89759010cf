/**
 * The capacity guard's statements. Places taken on a plot = `sold` + holds whose `expires_at` is
 * after `now` (the app clock, a parameter — never the database's now()), so an expired hold stops
 * counting at once and no sweeper is needed. Plots are always locked in id order: two checkouts
 * that share plots queue on the first one instead of deadlocking.
 */
import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { holds, plots } from '../../db/schema/index.ts';

export interface PlotCapacityRow {
  id: number;
  capacity: number | null;
  sold: number;
  maxOrders: number | null;
  orderCount: number;
}

/**
 * The plots, locked in id order when `lock` is true (`lock: false` exists only for the test switch).
 * FOR NO KEY UPDATE is the lock an UPDATE of the plot takes anyway: checkouts queue on it, but unlike
 * FOR UPDATE it does not conflict with the key-share locks that inserting orders and holds (which
 * reference the plot) take, so a checkout that inserted its orders first cannot deadlock another.
 */
export async function readPlotsForCheckout(db: Executor, plotIds: readonly number[], lock: boolean): Promise<PlotCapacityRow[]> {
  if (plotIds.length === 0) return [];
  const query = db
    .select({ id: plots.id, capacity: plots.capacity, sold: plots.sold, maxOrders: plots.maxOrders, orderCount: plots.orderCount })
    .from(plots)
    .where(inArray(plots.id, [...plotIds]))
    .orderBy(asc(plots.id));
  return lock ? query.for('no key update') : query;
}

/** Places held by unexpired holds per plot, leaving out the holds of `exceptOrderIds`. */
export async function liveHeldByPlot(
  db: Executor,
  plotIds: readonly number[],
  now: Date,
  exceptOrderIds: readonly number[] = [],
): Promise<Map<number, number>> {
  if (plotIds.length === 0) return new Map();
  const conditions = [inArray(holds.plotId, [...plotIds]), gt(holds.expiresAt, now)];
  if (exceptOrderIds.length > 0) conditions.push(notInArray(holds.orderId, [...exceptOrderIds]));
  const rows = await db
    .select({ plotId: holds.plotId, held: sql<number>`coalesce(sum(${holds.quantity}), 0)::int` })
    .from(holds)
    .where(and(...conditions))
    .groupBy(holds.plotId);
  return new Map(rows.map((row) => [row.plotId, Number(row.held)]));
}

/** Adds sold places and counted orders to a plot (relative, so it composes with the row lock). */
export async function addToPlot(db: Executor, plotId: number, change: { sold: number; orders: number }): Promise<void> {
  if (change.sold === 0 && change.orders === 0) return;
  await db
    .update(plots)
    .set({ sold: sql`${plots.sold} + ${change.sold}`, orderCount: sql`greatest(${plots.orderCount} + ${change.orders}, 0)` })
    .where(eq(plots.id, plotId));
}

export async function insertHolds(db: Executor, rows: { plotId: number; orderId: number; quantity: number; expiresAt: Date }[]): Promise<void> {
  if (rows.length > 0) await db.insert(holds).values(rows);
}

export function holdsOfOrders(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select().from(holds).where(inArray(holds.orderId, [...orderIds])).orderBy(asc(holds.plotId));
}

export async function deleteHoldsOfOrders(db: Executor, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length > 0) await db.delete(holds).where(inArray(holds.orderId, [...orderIds]));
}
