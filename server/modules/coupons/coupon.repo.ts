/** Coupon and gift-card queries: look-ups by code, and the atomic use / debit / give-back statements. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { couponRedemptions, coupons, giftCardDebits, giftCards } from '../../db/schema/index.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;

/** Codes are stored upper-case; callers pass them upper-cased. */
export async function findCouponsByCodes(db: Executor, codes: readonly string[]): Promise<CouponRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(coupons).where(inArray(coupons.code, [...codes]));
}

export async function findGiftCardsByCodes(db: Executor, codes: readonly string[]): Promise<GiftCardRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(giftCards).where(inArray(giftCards.code, [...codes]));
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

/** Gives back the uses the given orders took (a failed or cancelled payment) and forgets their redemptions. */
export async function releaseCouponUses(db: Executor, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const redeemed = await db
    .selectDistinct({ couponId: couponRedemptions.couponId })
    .from(couponRedemptions)
    .where(inArray(couponRedemptions.orderId, [...orderIds]));
  for (const { couponId } of redeemed.sort((a, b) => a.couponId - b.couponId)) {
    await db
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
  await db.delete(couponRedemptions).where(inArray(couponRedemptions.orderId, [...orderIds]));
}

/** Debits credit only if the card still has it (one statement: concurrent checkouts cannot overdraw it). */
export async function debitGiftCard(db: Executor, giftCardId: number, amountCents: number): Promise<boolean> {
  const rows = await db
    .update(giftCards)
    .set({ creditCents: sql`${giftCards.creditCents} - ${amountCents}` })
    .where(and(eq(giftCards.id, giftCardId), sql`${giftCards.creditCents} >= ${amountCents}`))
    .returning({ id: giftCards.id });
  return rows.length === 1;
}

export async function recordGiftCardDebit(db: Executor, row: { giftCardId: number; paymentId: number; amountCents: number }): Promise<void> {
  await db.insert(giftCardDebits).values(row);
}

/** Credits back what a payment took from gift cards, once. */
export async function restoreGiftCardDebits(db: Executor, paymentId: number, now: Date): Promise<void> {
  const debits = await db
    .update(giftCardDebits)
    .set({ restoredAt: now })
    .where(and(eq(giftCardDebits.paymentId, paymentId), isNull(giftCardDebits.restoredAt)))
    .returning({ giftCardId: giftCardDebits.giftCardId, amountCents: giftCardDebits.amountCents });
  for (const debit of debits.sort((a, b) => a.giftCardId - b.giftCardId)) {
    await db
      .update(giftCards)
      .set({ creditCents: sql`${giftCards.creditCents} + ${debit.amountCents}` })
      .where(eq(giftCards.id, debit.giftCardId));
  }
}
