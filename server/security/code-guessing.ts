/**
 * Guessing discount codes: the ONE rule for every way to ask "is this code valid". Coupons and
 * gift cards are one code space (the same field takes either), so the balance check
 * (GET /api/voucher/check/{code}), the coupon preview (POST /api/coupon) and the price simulations
 * and orders of products and subscriptions all go through `check` (voucher orders take no code):
 * none of them is a faster oracle than another.
 *
 * The limits hit whoever guesses, never the shop (issue 37: 300 unknown codes from 31 addresses
 * used to refuse every visitor's gift card for ten minutes):
 * - Per address and per network (IPv4 /24, IPv6 /64: client-network.ts): every code asked about
 *   counts, known or not, BEFORE it is looked up (a burst of simultaneous guesses counts against
 *   itself, on any API process); asking again about a code this address asked about in the same
 *   window costs nothing (a guesser learns nothing new from it, and a shopper's storefront
 *   simulates with the same code on every change).
 * - Under attack: unknown codes are counted per address, per network and for the whole shop. Once
 *   the shop's budget of misses is spent, an address (or network) that itself missed a few times is
 *   past the limit until the window turns; an address that has not guessed is answered as always.
 * - Past a limit, where the captcha is on (security.challenge), the answer is 403
 *   SECURITY_CAPTCHA_REQUIRED and a verified token lets that check through: a shopper is slowed,
 *   never locked out. Without the captcha: 429 RATE_LIMITED with Retry-After. Past `refuseAtTimes`
 *   times the address's or network's limit, 429 whatever the captcha says.
 *
 * What counts as a miss is the answer a guesser gets for a code that is of no use to them: unknown,
 * a used-up coupon, an empty gift card, and (for an anonymous visitor) a coupon that needs signing
 * in all answer COUPON_INVALID alike (coupons/discount-codes.ts), the balance check VOUCHER_NOT_FOUND.
 * Counted by the shared rate limiter (rate-limiter.ts, PostgreSQL rows), nothing in process memory.
 */
import { AppError } from '../errors.ts';
import { clientNetwork } from './client-network.ts';
import { RateLimitedError, type RateLimiter, type RateUsage } from './rate-limiter.ts';
import type { Security } from './security.service.ts';

export const CODE_GUESSING = {
  /** Codes asked about per client address. */
  perAddress: { name: 'code-check:address', limit: 10, windowSeconds: 60 },
  /** Codes asked about per client network (its addresses together). */
  perNetwork: { name: 'code-check:network', limit: 30, windowSeconds: 60 },
  /** One (address, code) pair: whether this address asked about this code already in the window. */
  askedBefore: { name: 'code-asked:address-code', limit: 1, windowSeconds: 60 },
  /** Unknown codes asked about by everyone together: past it, the shop is under attack. */
  missesPerShop: { name: 'code-miss:shop', limit: 300, windowSeconds: 10 * 60 },
  /** Under attack: the misses an address may have had before it is past the limit. */
  missesPerAddressUnderAttack: { name: 'code-miss:address', limit: 3, windowSeconds: 10 * 60 },
  /** Under attack: the misses a network may have had before it is past the limit. */
  missesPerNetworkUnderAttack: { name: 'code-miss:network', limit: 10, windowSeconds: 10 * 60 },
  /** Past this many times an address's or network's limit, even a solved captcha is refused. */
  refuseAtTimes: 3,
} as const;

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

export function createCodeGuessing({ limiter, security }: { limiter: Pick<RateLimiter, 'take' | 'usage'>; security: Pick<Security, 'challenge'> }) {
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

  /** Past a limit: the captcha where the shop has one (verified: through), else refused. */
  const past = (usage: RateUsage, limit: number) => usage.used > limit;
  const refusal = (...usages: RateUsage[]) => new RateLimitedError(Math.max(...usages.map((usage) => usage.retryAfterSeconds)));

  return {
    /** Looks up `codes` (unique, normalised) with `resolve` under the limits above. */
    async check<T>(codes: readonly string[], who: CodeAsker, resolve: () => Promise<T>): Promise<T> {
      if (codes.length === 0) return resolve();
      const address = who.address || 'unknown';
      const network = clientNetwork(who.address);
      // Cost 0 when every code was asked about before: only whether the address is past its limit.
      const fresh = await newCodes(codes, address);
      const [byAddress, byNetwork, shopMisses, addressMisses, networkMisses] = (await limiter.usage(
        { rule: CODE_GUESSING.perAddress, subject: address, cost: fresh },
        { rule: CODE_GUESSING.perNetwork, subject: network, cost: fresh },
        // The misses cost nothing here: only how many there were (counted below, once answered).
        { rule: CODE_GUESSING.missesPerShop, subject: '*', cost: 0 },
        { rule: CODE_GUESSING.missesPerAddressUnderAttack, subject: address, cost: 0 },
        { rule: CODE_GUESSING.missesPerNetworkUnderAttack, subject: network, cost: 0 },
      )) as [RateUsage, RateUsage, RateUsage, RateUsage, RateUsage];
      const times = CODE_GUESSING.refuseAtTimes;
      if (past(byAddress, CODE_GUESSING.perAddress.limit * times) || past(byNetwork, CODE_GUESSING.perNetwork.limit * times)) {
        throw refusal(byAddress, byNetwork);
      }
      const underAttack = shopMisses.used >= CODE_GUESSING.missesPerShop.limit;
      const guessedUnderAttack =
        underAttack &&
        (addressMisses.used >= CODE_GUESSING.missesPerAddressUnderAttack.limit || networkMisses.used >= CODE_GUESSING.missesPerNetworkUnderAttack.limit);
      if (past(byAddress, CODE_GUESSING.perAddress.limit) || past(byNetwork, CODE_GUESSING.perNetwork.limit) || guessedUnderAttack) {
        await pastLimit(refusal(byAddress, byNetwork, ...(guessedUnderAttack ? [addressMisses, networkMisses] : [])), who);
      }
      try {
        return await resolve();
      } catch (error) {
        if (error instanceof AppError && MISSES.has(error.code)) {
          // Counted once answered; the miss is answered as a miss all the same.
          await limiter.usage(
            { rule: CODE_GUESSING.missesPerShop, subject: '*' },
            { rule: CODE_GUESSING.missesPerAddressUnderAttack, subject: address },
            { rule: CODE_GUESSING.missesPerNetworkUnderAttack, subject: network },
          );
        }
        throw error;
      }
    },
  };
}

export type CodeGuessing = ReturnType<typeof createCodeGuessing>;
