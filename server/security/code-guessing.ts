/**
 * Guessing discount codes: the ONE rule for every way to ask "is this code valid". Coupons and
 * gift cards are one code space (the same field takes either), so the balance check
 * (GET /api/voucher/check/{code}), the coupon preview (POST /api/coupon) and the price simulations
 * and orders of products and subscriptions all go through `check` (voucher orders take no code):
 * none of them is a faster oracle than another.
 *
 * - Per address: every code asked about counts, known or not, BEFORE it is looked up (a burst of
 *   simultaneous guesses counts against itself, on any API process); asking again about a code this
 *   address asked about in the same window costs nothing (a guesser learns nothing new from it, and
 *   a shopper's storefront simulates with the same code on every change).
 * - The shop's budget of misses: an unknown code counts against the whole shop, so guessers spread
 *   over many addresses are slowed too. Known codes never spend it; once it is spent, every code
 *   check is past the limit until the window turns (checked before the lookup, so a known code and
 *   an unknown one still answer alike).
 * - Past either limit, where the captcha is on (security.challenge), the answer is 403
 *   SECURITY_CAPTCHA_REQUIRED and a verified token lets that check through: a shopper is slowed,
 *   never locked out. Without the captcha: 429 RATE_LIMITED with Retry-After.
 *
 * What counts as a miss is the answer a guesser gets for a code that is of no use to them: unknown,
 * a used-up coupon, an empty gift card, and (for an anonymous visitor) a coupon that needs signing
 * in all answer COUPON_INVALID alike (coupons/discount-codes.ts), the balance check VOUCHER_NOT_FOUND.
 * Counted by the shared rate limiter (rate-limiter.ts, PostgreSQL rows), nothing in process memory.
 */
import { AppError } from '../errors.ts';
import { RateLimitedError, type RateLimiter, type RateRule } from './rate-limiter.ts';
import type { Security } from './security.service.ts';

export const CODE_GUESSING = {
  /** Codes asked about per client address. */
  perAddress: { name: 'code-check:address', limit: 10, windowSeconds: 60 },
  /** One (address, code) pair: whether this address asked about this code already in the window. */
  askedBefore: { name: 'code-asked:address-code', limit: 1, windowSeconds: 60 },
  /** Unknown codes asked about by everyone together. */
  missesPerShop: { name: 'code-miss:shop', limit: 300, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateRule>;

/** The answers of a code that is of no use to whoever asked. */
const MISSES: ReadonlySet<string> = new Set(['COUPON_INVALID', 'VOUCHER_NOT_FOUND']);

export interface CodeAsker {
  /** The client address (request.ip). */
  address: string | null;
  /** A captcha token the request carries, if any. */
  captcha?: string | null | undefined;
  /** The request's token was verified already (an order's own captcha check): not verified twice. */
  captchaVerified?: boolean;
}

export function createCodeGuessing({ limiter, security }: { limiter: Pick<RateLimiter, 'take'>; security: Pick<Security, 'challenge'> }) {
  async function pastLimit(error: unknown, who: CodeAsker): Promise<void> {
    if (!(error instanceof RateLimitedError)) throw error;
    if (who.captchaVerified) return;
    if (!(await security.challenge({ address: who.address, captcha: who.captcha }))) throw error;
  }

  /** How many of `codes` this address did not ask about yet in the window. */
  async function newCodes(codes: readonly string[], subject: string): Promise<number> {
    const asked = await Promise.all(
      codes.map((code) =>
        limiter.take({ rule: CODE_GUESSING.askedBefore, subject: `${subject}\u0000${code}` }).then(
          () => 0,
          (error: unknown) => {
            if (error instanceof RateLimitedError) return 1;
            throw error;
          },
        ),
      ),
    );
    return codes.length - asked.reduce((sum: number, one) => sum + one, 0);
  }

  return {
    /** Looks up `codes` (unique, normalised) with `resolve` under the limits above. */
    async check<T>(codes: readonly string[], who: CodeAsker, resolve: () => Promise<T>): Promise<T> {
      if (codes.length === 0) return resolve();
      const subject = who.address || 'unknown';
      await limiter
        .take(
          // Cost 0 when every code was asked about before: only whether the address is past its limit.
          { rule: CODE_GUESSING.perAddress, subject, cost: await newCodes(codes, subject) },
          // Costs nothing: only whether the budget has room for one more miss (same key, one less).
          { rule: { ...CODE_GUESSING.missesPerShop, limit: CODE_GUESSING.missesPerShop.limit - 1 }, subject: '*', cost: 0 },
        )
        .catch((error: unknown) => pastLimit(error, who));
      try {
        return await resolve();
      } catch (error) {
        if (error instanceof AppError && MISSES.has(error.code)) {
          // This miss may be the one that spends the budget; it is answered as a miss all the same.
          await limiter.take({ rule: CODE_GUESSING.missesPerShop, subject: '*' }).catch((counted: unknown) => {
            if (!(counted instanceof RateLimitedError)) throw counted;
          });
        }
        throw error;
      }
    },
  };
}

export type CodeGuessing = ReturnType<typeof createCodeGuessing>;
