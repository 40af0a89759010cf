/**
 * The slot the payment tests buy: the behind-the-scenes tour at 09:00 on a given day, put back
 * to empty before each test so every test starts from the same capacity.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client.ts';
import { rowsOf } from '../../../server/db/raw-rows.ts';
import { holds, orders, plots, products, type OrderRecord } from '../../../server/db/schema/index.ts';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { customerWith } from './customers.ts';
import type { TestShop } from './test-app.ts';

export async function tourPlot(db: Database, tourId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, tourId), eq(plots.date, day), eq(plots.startTime, '09:00:00')));
  if (!row) throw new Error(`no 09:00 tour on ${day}`);
  return row.id;
}

export async function resetTourSlot(shop: TestShop, plot: number, now: string): Promise<void> {
  shop.clock.set(now);
  // Every hold gone, and with them every slot's held places (db/hold-rules.ts counts from `held`).
  await shop.db.delete(holds);
  await shop.db.update(plots).set({ held: 0 });
  await shop.db.update(plots).set({ sold: 0, orderCount: 0 }).where(eq(plots.id, plot));
}

/**
 * The slots whose `held` is not the sum of their counted holds: none, whatever the checkout, the
 * settlement, the expiry or the waiting list did (the places-taken reads rely on it, db/hold-rules.ts).
 */
export async function slotsMiscountingHolds(db: Database): Promise<{ id: number; held: number; counted: number }[]> {
  const result = await db.execute(sql`
    select p.id, p.held, coalesce(h.counted, 0)::int as counted from plots p
    left join (select plot_id, sum(quantity)::int as counted from holds where counted group by plot_id) h on h.plot_id = p.id
    where p.held <> coalesce(h.counted, 0)`);
  return rowsOf<{ id: number; held: number; counted: number }>(result);
}

/**
 * A tour booking placed through the order API as a shopper would (date of birth and safety rules filled in),
 * paid on the test gateway unless it is a reservation or `settle` is false; answers the order's row.
 */
export async function placeTourOrder(
  shop: TestShop,
  booking: { email: string; plot: number; quantity: number; action?: 'pay' | 'reserve'; language?: string; settle?: boolean },
): Promise<OrderRecord> {
  const base = customerWith(booking.email);
  const customer = { ...base, fields: { ...base.fields, date_of_birth: '1990-01-01', safety_rules: true } };
  const { action = 'pay', language } = booking;
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customer,
      action,
      ...(language ? { language } : {}),
      orders: [{ product: { id: await tourProduct(shop.db), plot: booking.plot, quantity: booking.quantity } }],
    },
  });
  if (response.statusCode !== 200) throw new Error(`tour order refused: ${response.body}`);
  const [line] = (response.json() as OrderResponse).response.orders;
  if (action === 'pay' && booking.settle !== false) {
    const paid = await shop.app.inject({
      method: 'POST',
      url: `/api/test-gateway/${line?.payment?.hash}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    if (paid.statusCode >= 400) throw new Error(`tour order not paid: ${paid.body}`);
  }
  const [order] = await shop.db
    .select()
    .from(orders)
    .where(eq(orders.hash, line?.order?.hash as string));
  return order!;
}

/** The behind-the-scenes tour's product id. */
export async function tourProduct(db: Database): Promise<number> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  if (!row) throw new Error('no behind-the-scenes tour');
  return row.id;
}
