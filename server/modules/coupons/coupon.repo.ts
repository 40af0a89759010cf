/**
 * Coupon queries: look-ups by code (gift cards' too: a typed code is either), and the atomic use and
 * give-back statements of coupon uses. Gift-card credit is the vouchers module's (gift-card-ledger.ts).
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clientGroups, couponRedemptions, coupons, giftCards } from '../../db/schema/index.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;

/** Codes are stored upper-case; callers pass them upper-cased. */
export async function findCouponsByCodes(db: Executor, codes: readonly string[]): Promise<CouponRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(coupons)
    .where(inArray(coupons.code, [...codes]));
}

/** The ids of the customer groups a client is a member of. */
export async function findClientGroupIds(db: Executor, clientId: number): Promise<number[]> {
  const rows = await db.select({ groupId: clientGroups.groupId }).from(clientGroups).where(eq(clientGroups.clientId, clientId));
  return rows.map((row) => row.groupId);
}

export async function findGiftCardsByCodes(db: Executor, codes: readonly string[]): Promise<GiftCardRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(giftCards)
    .where(inArray(giftCards.code, [...codes]));
}

/**
 * Takes one use of a coupon, or nothing when its limit is reached: the condition and the increment
 * are one statement, so concurrent checkouts can never use it more often than its limit.
 */
export async function takeCouponUse(db: Executor, couponId: number): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, couponId), sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`))
    .returning({ id: coupons.id });
  return rows.length === 1;
}

export async function recordRedemptions(db: Executor, rows: { couponId: number; orderId: number; discountCents: number }[]): Promise<void> {
  if (rows.length > 0) await db.insert(couponRedemptions).values(rows);
}

/** Gives back the uses the given orders took (a failed, cancelled or expired checkout); the redemptions stay, marked released. */
export async function releaseCouponUses(db: Executor, orderIds: readonly number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await db
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(and(inArray(couponRedemptions.orderId, [...orderIds]), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const couponId of [...new Set(released.map((row) => row.couponId))].sort((a, b) => a - b)) {
    await db
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
}

/**
 * Takes again the uses released from these orders (a payment that arrived after its checkout was
 * given up). False, with nothing taken, when a coupon has been used up meanwhile: the caller's
 * savepoint then undoes the rest.
 */
export async function retakeCouponUses(db: Executor, orderIds: readonly number[]): Promise<boolean> {
  if (orderIds.length === 0) return true;
  const released = await db
    .update(couponRedemptions)
    .set({ releasedAt: null })
    .where(and(inArray(couponRedemptions.orderId, [...orderIds]), isNotNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const couponId of [...new Set(released.map((row) => row.couponId))].sort((a, b) => a - b)) {
    if (!(await takeCouponUse(db, couponId))) return false;
  }
  return true;
}

/** What the coupons still took off an order (its kept uses). */
export async function couponDiscountOfOrder(db: Executor, orderId: number): Promise<number> {
  const rows = await db
    .select({ cents: couponRedemptions.discountCents })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)));
  return rows.reduce((sum, row) => sum + row.cents, 0);
}

/**
 * An order priced again (a changed reservation, or one whose coupon was removed): each kept use
 * records its new share; a coupon no longer among the shares is forgotten for the order and its
 * use given back (deleted, not marked released: a late payment must not take it again).
 */
export async function reshareCouponUses(
  db: Executor,
  orderId: number,
  shares: readonly { couponId: number; cents: number }[],
  checkoutOrderIds: readonly number[],
): Promise<void> {
  const kept = await db
    .select({ couponId: couponRedemptions.couponId })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)));
  for (const { couponId } of [...kept].sort((a, b) => a.couponId - b.couponId)) {
    const share = shares.find((each) => each.couponId === couponId);
    const where = and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.couponId, couponId));
    if (share && share.cents > 0) {
      await db.update(couponRedemptions).set({ discountCents: share.cents }).where(where);
      continue;
    }
    await db.delete(couponRedemptions).where(where);
    // A checkout takes one use of a coupon for all its orders: it goes back with the checkout's last share of it.
    const [stillShared] = await db
      .select({ orderId: couponRedemptions.orderId })
      .from(couponRedemptions)
      .where(and(inArray(couponRedemptions.orderId, [...checkoutOrderIds]), eq(couponRedemptions.couponId, couponId), isNull(couponRedemptions.releasedAt)))
      .limit(1);
    if (stillShared) continue;
    await db
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
}
