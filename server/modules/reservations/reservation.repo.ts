/** What the reservation page reads: the order, its lines with names, its plot, the checkout's other orders. */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { audiences, orderLines, orders, plots, products, upsells } from '../../db/schema/index.ts';

export async function findReservedOrder(db: Executor, hash: string) {
  const [row] = await db
    .select({ order: orders, product: products, plot: plots })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(plots, eq(plots.id, orders.plotId))
    .where(and(eq(orders.hash, hash), eq(orders.status, 'RESERVED')))
    .limit(1);
  return row ?? null;
}

export function findLinesWithNames(db: Executor, orderId: number) {
  return db
    .select({ line: orderLines, audienceTexts: audiences.texts, upsellTexts: upsells.texts })
    .from(orderLines)
    .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
    .leftJoin(upsells, eq(upsells.id, orderLines.upsellId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

/** The other RESERVED orders of the same checkout (they share its payment). */
export function findOtherReservations(db: Executor, paymentId: number, orderId: number) {
  return db
    .select({ id: orders.id, number: orders.number, hash: orders.hash, additionsCents: orders.additionsCents })
    .from(orders)
    .where(and(eq(orders.paymentId, paymentId), ne(orders.id, orderId), eq(orders.status, 'RESERVED')))
    .orderBy(asc(orders.id));
}
