/**
 * Which discount a typed code is (spec sections 3, 5, 6, 8): a coupon (needs a signed-in client, a
 * validity window, uses left, and an item it applies to) or a gift card (not expired, credit left;
 * no account needed). Who may use which: src/domain/order/discount-access.ts.
 * The rules live here once; POST /api/coupon previews with them and POST /api/orders applies them.
 */
import { couponOpenToClient } from '#domain/customer-groups.ts';
import { mayUseDiscountCode } from '#domain/order/discount-access.ts';
import { normaliseGiftCardCode } from '#domain/gift-card-code.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findClientGroupIds, findCouponsByCodes, findGiftCardsByCodes, type CouponRow, type GiftCardRow } from './coupon.repo.ts';

/** What the codes are applied to: the cart's products, or one subscription. */
export type DiscountTarget = { kind: 'PRODUCT'; products: readonly number[] } | { kind: 'SUBSCRIPTION'; subscription: number };

export interface ResolvedCodes {
  coupons: CouponRow[];
  giftCards: GiftCardRow[];
}

/** Upper-cased and trimmed; a gift card code typed without its dashes is regrouped (src/domain/gift-card-code.ts). */
export function normaliseCode(code: string): string {
  return normaliseGiftCardCode(code) ?? '';
}

/** Codes upper-cased, duplicates (ignoring case) left out, first occurrence kept. */
export function uniqueCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map(normaliseCode).filter((code) => code !== ''))];
}

const refuse = (code: ConstructorParameters<typeof AppError>[0], status: number, info: string) => new AppError(code, status, info, { errorInfo: info });

/**
 * The answer for a code of no use to whoever asked: unknown, a used-up coupon, an empty gift card,
 * and for an anonymous visitor a coupon (which needs signing in). Telling these apart would help a
 * guesser, so they are one answer, to the letter (security/code-guessing.ts counts it as a miss).
 * A signed-in client still hears why a coupon does not apply (expired, not for these products).
 */
export const unknownCode = (code: string | null) => refuse('COUPON_INVALID', 400, `${code ?? 'This'} is not a valid coupon or gift card code.`);

export function couponApplies(coupon: CouponRow, target: DiscountTarget): boolean {
  if (target.kind === 'PRODUCT') return coupon.products.length === 0 || target.products.some((id) => coupon.products.includes(id));
  return coupon.subscriptions.length === 0 || coupon.subscriptions.includes(target.subscription);
}

/** `groups`: the client's customer groups (needed only for a coupon kept for a group; none given: none). */
export function checkCoupon(coupon: CouponRow, context: { clientId: number | null; now: Date; target: DiscountTarget; groups?: readonly number[] }): void {
  if (!mayUseDiscountCode('COUPON', context.clientId !== null)) throw unknownCode(coupon.code);
  if (!couponOpenToClient(coupon.customerGroupId, context.groups ?? [])) {
    throw refuse('COUPON_GROUP_ONLY', 400, `The coupon ${coupon.code} is only for members of a customer group.`);
  }
  const time = context.now.getTime();
  if ((coupon.validFrom && time < coupon.validFrom.getTime()) || (coupon.validUntil && time >= coupon.validUntil.getTime())) {
    throw refuse('COUPON_EXPIRED', 400, `The coupon ${coupon.code} is not valid at this time.`);
  }
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
    throw unknownCode(coupon.code);
  }
  if (!couponApplies(coupon, context.target)) {
    throw refuse('COUPON_NOT_APPLICABLE', 400, `The coupon ${coupon.code} does not apply to this order.`);
  }
}

/** `today` is YYYY-MM-DD in the organisation's timezone; a card is valid through its expiry day. */
export function checkGiftCard(card: GiftCardRow, today: string): void {
  if (card.expiresOn !== null && card.expiresOn < today) throw refuse('GIFT_CARD_EXPIRED', 400, `The gift card ${card.code} has expired.`);
  if (card.creditCents <= 0) throw unknownCode(card.code);
}

/** Resolves a checkout's codes (resolveDiscountCodes), as the checkouts are given it. */
export interface DiscountResolver {
  resolve(
    db: Executor,
    codes: readonly string[],
    context: { clientId: number | null; now: Date; today: string; target: DiscountTarget },
  ): Promise<ResolvedCodes>;
}

/** Resolves every code (already unique and upper-cased) or refuses with the first problem. */
export async function resolveDiscountCodes(
  db: Executor,
  codes: readonly string[],
  context: { clientId: number | null; now: Date; today: string; target: DiscountTarget },
): Promise<ResolvedCodes> {
  const [couponRows, cardRows] = await Promise.all([findCouponsByCodes(db, codes), findGiftCardsByCodes(db, codes)]);
  // A client's groups are read only when a coupon kept for a group is among the codes.
  const groups = context.clientId !== null && couponRows.some((row) => row.customerGroupId !== null) ? await findClientGroupIds(db, context.clientId) : [];
  const resolved: ResolvedCodes = { coupons: [], giftCards: [] };
  for (const code of codes) {
    const coupon = couponRows.find((row) => row.code === code);
    if (coupon) {
      checkCoupon(coupon, { ...context, groups });
      resolved.coupons.push(coupon);
      continue;
    }
    const card = cardRows.find((row) => row.code === code);
    if (card) {
      checkGiftCard(card, context.today);
      resolved.giftCards.push(card);
      continue;
    }
    throw unknownCode(code);
  }
  return resolved;
}
