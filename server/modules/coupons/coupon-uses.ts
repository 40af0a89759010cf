/**
 * A coupon's uses for the back office (issue 21 item 3): its counters and the orders that used it,
 * newest first, each with what it took off and whether the use was given back (a checkout given up).
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { couponRedemptions, coupons, orders } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { normaliseCode } from './discount-codes.ts';

export async function couponUses(db: Executor, code: string, page: { before?: number | null; limit: number }) {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normaliseCode(code)}`)
    .limit(1);
  if (!coupon) throw notFound('No such coupon');
  const rows = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      status: orders.status,
      email: sql<string>`${orders.customer}->>'email'`,
      discountCents: couponRedemptions.discountCents,
      releasedAt: couponRedemptions.releasedAt,
      createdAt: couponRedemptions.createdAt,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(and(eq(couponRedemptions.couponId, coupon.id), page.before ? lt(orders.id, page.before) : undefined))
    .orderBy(desc(orders.id))
    .limit(page.limit + 1);
  return { coupon, uses: rows.slice(0, page.limit), more: rows.length > page.limit };
}
