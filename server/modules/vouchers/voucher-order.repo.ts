/**
 * The stock of voucher values, and the value lines of voucher orders as read back. A voucher
 * checkout's payment, order and lines are written by the checkout core (checkout/checkout.repo.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { orderLines } from '../../db/schema/index.ts';

/** Takes `quantity` of a value's stock when it is there (one conditional UPDATE); true when taken. */
export async function takeVoucherStock(db: Executor, valueId: number, quantity: number): Promise<boolean> {
  const rows = await db.execute(sql`
    update voucher_values set availability = availability - ${quantity}
    where id = ${valueId} and (availability is null or availability >= ${quantity})
    returning id`);
  return rowsOf(rows).length > 0;
}

export async function giveBackVoucherStock(db: Executor, valueId: number, quantity: number): Promise<void> {
  await db.execute(sql`update voucher_values set availability = availability + ${quantity} where id = ${valueId} and availability is not null`);
}

/** The voucher-value lines of these orders, in id order. */
export function voucherLinesOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      valueId: orderLines.voucherValueId,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
    })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, [...orderIds]), eq(orderLines.kind, 'VOUCHER_VALUE')))
    .orderBy(orderLines.id);
}
