/**
 * Gift card codes are bearer credit: whoever guesses one spends it. Every anonymous way to learn
 * whether a code is a gift card (the balance check GET /api/voucher/check/{code}, a price
 * simulation or order with the code, the coupon preview) takes from the SAME shared limits (per
 * address and overall, counted in PostgreSQL across processes, server/security/rate-limiter.ts)
 * before it looks: none of them is a faster oracle than another. Codes that are coupons are not
 * counted (coupons need a signed-in client and are not credit).
 */
import type { Executor } from '../../db/client.ts';
import type { RateLimiter, RateRule } from '../../security/rate-limiter.ts';
import { findCouponsByCodes } from './coupon.repo.ts';

export const GIFT_CARD_LOOKUP_LIMITS = {
  /** Lookups per client address. */
  perAddress: { name: 'gift-card-lookup:address', limit: 10, windowSeconds: 60 },
  /** Lookups by everyone together: guessing from many addresses is slowed too. */
  overall: { name: 'gift-card-lookup:all', limit: 600, windowSeconds: 60 },
} as const satisfies Record<string, RateRule>;

export interface GiftCardLookupGuardDeps {
  db: Executor;
  rateLimiter: Pick<RateLimiter, 'take'>;
}

export function createGiftCardLookupGuard({ db, rateLimiter }: GiftCardLookupGuardDeps) {
  /** Counts `lookups` gift-card lookups for this address; throws 429 RATE_LIMITED when over a limit. */
  async function take(address: string | null, lookups: number): Promise<void> {
    if (lookups <= 0) return;
    await rateLimiter.take(
      { rule: GIFT_CARD_LOOKUP_LIMITS.perAddress, subject: address || 'unknown', cost: lookups },
      { rule: GIFT_CARD_LOOKUP_LIMITS.overall, subject: '*', cost: lookups },
    );
  }
  return {
    take,
    /** Before discount codes (unique, normalised) are resolved: those that are not coupons count as gift-card lookups. */
    async codes(address: string | null, codes: readonly string[]): Promise<void> {
      if (codes.length === 0) return;
      const coupons = new Set((await findCouponsByCodes(db, codes)).map((coupon) => coupon.code));
      await take(address, codes.filter((code) => !coupons.has(code)).length);
    },
  };
}

export type GiftCardLookupGuard = ReturnType<typeof createGiftCardLookupGuard>;
