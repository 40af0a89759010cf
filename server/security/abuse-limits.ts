/**
 * Every abuse limit of the shop in one place (spec: anything anonymous that takes stock, guesses
 * codes or sends mail is slowed), counted by the shared rate limiter (rate-limiter.ts, PostgreSQL
 * rows: every API process sees the same counts). The numbers that a shop may want to tune are
 * settings (Config['abuse']; README "Running in production"); the others are here.
 *
 * - Places: an order without an account holds at most `anonymousOrderPlaces`; one address takes
 *   at most `addressPlacesPerHour` places an hour (pay and reserve; simulations take none).
 * - Price simulations: `simulationsPerMinute` per address (the storefront simulates on each change).
 * - Listings worked out rather than taken from the answer cache (the calendar, a product's plots):
 *   `uncachedListingsPerMinute` per address, so moving `filterFrom` to miss the cache cannot keep the
 *   database busy; answers from the cache never count.
 * - Discount codes: one rule of their own for every way to ask about a code (code-guessing.ts).
 * - Mails to an address a shopper typed (reservation confirmations): per recipient and per sender
 *   address; a reset link: per sender address, and quietly capped per account (never refused).
 * - The refund form (POST /api/faq/mail): past a few per address a captcha is asked (when the
 *   shop has one), past more the address is refused.
 * - The gate's lookups and check-ins by hand: per staff account (tickets/gate.routes.ts).
 */
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { RateLimitedError, type RateLimiter, type RateRule } from './rate-limiter.ts';
import type { Security } from './security.service.ts';

const HOUR = 3600;

export const RULES = {
  placesPerAddress: (config: Config['abuse']): RateRule => ({ name: 'places:address', limit: config.addressPlacesPerHour, windowSeconds: HOUR }),
  simulationsPerAddress: (config: Config['abuse']): RateRule => ({ name: 'simulation:address', limit: config.simulationsPerMinute, windowSeconds: 60 }),
  uncachedListingsPerAddress: (perMinute: number): RateRule => ({ name: 'uncached-listing:address', limit: perMinute, windowSeconds: 60 }),
  mailsPerRecipient: { name: 'shopper-mail:recipient', limit: 5, windowSeconds: HOUR } satisfies RateRule,
  mailsPerAddress: { name: 'shopper-mail:address', limit: 20, windowSeconds: HOUR } satisfies RateRule,
  /** Reset links mailed to one account an hour; past it a request is answered alike and mails nothing (the links sent still work). */
  resetMailsPerAccount: { name: 'reset-mail:account', limit: 3, windowSeconds: HOUR } satisfies RateRule,
  /** Refund form: past `soft` an hour the captcha is asked; past `limit` the address is refused. */
  refundFormPerAddress: { name: 'refund-form:address', limit: 10, windowSeconds: HOUR, soft: 3 },
  refundFormPerEmail: { name: 'refund-form:email', limit: 5, windowSeconds: HOUR } satisfies RateRule,
  /** The gate's lookups and check-ins by hand, per staff account: a gate finds a ticket now and then, it does not list them. */
  gateLookupsPerAccount: { name: 'gate-lookup:staff', limit: 30, windowSeconds: 10 * 60 } satisfies RateRule,
} as const;

/** A request's client address; an unknown one is counted under one shared subject. */
const subjectOf = (address: string | null | undefined) => address || 'unknown';

export function createAbuseLimits({
  limiter,
  config,
  security,
  uncachedListingsPerMinute = 120,
}: {
  limiter: RateLimiter;
  config: Config['abuse'];
  security: Pick<Security, 'challenge'>;
  uncachedListingsPerMinute?: number;
}) {
  return {
    /** Before an order is written: its places against the per-order (anonymous) and per-address limits. */
    async orderPlaces(places: number, who: { clientId: number | null; address: string | null }): Promise<void> {
      if (who.clientId === null && places > config.anonymousOrderPlaces) {
        throw new AppError('QUANTITY_INVALID', 400, `An order without an account holds at most ${config.anonymousOrderPlaces} places`);
      }
      await limiter.take({ rule: RULES.placesPerAddress(config), subject: subjectOf(who.address), cost: Math.max(1, places) });
    },

    async simulation(address: string | null): Promise<void> {
      await limiter.take({ rule: RULES.simulationsPerAddress(config), subject: subjectOf(address) });
    },

    /** Before a listing is worked out (not answered from the answer cache). */
    async uncachedListing(address: string | null): Promise<void> {
      await limiter.take({ rule: RULES.uncachedListingsPerAddress(uncachedListingsPerMinute), subject: subjectOf(address) });
    },

    /** Before a mail goes to an address a shopper typed. */
    async shopperMail(recipient: string, address: string | null): Promise<void> {
      await limiter.take(
        { rule: RULES.mailsPerRecipient, subject: recipient.trim().toLowerCase() },
        { rule: RULES.mailsPerAddress, subject: subjectOf(address) },
      );
    },

    /**
     * "Forgot password": the requester's address is limited (429 past `mailsPerAddress`); the account is
     * not (resetMailAllowed), so a stranger asking for someone's reset never refuses the owner's own request.
     */
    async resetRequest(address: string | null): Promise<void> {
      await limiter.take({ rule: RULES.mailsPerAddress, subject: subjectOf(address) });
    },

    /** Whether a reset mail may go to the account: false past `resetMailsPerAccount` an hour (the links already mailed keep working). */
    async resetMailAllowed(accountEmail: string): Promise<boolean> {
      return limiter.take({ rule: RULES.resetMailsPerAccount, subject: accountEmail.trim().toLowerCase() }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof RateLimitedError) return false;
          throw error;
        },
      );
    },

    /** Before a refund request is stored and mailed: the hard limits, then the captcha past the soft one. */
    async refundForm(email: string, address: string | null, captcha: string | null | undefined): Promise<void> {
      const rule = RULES.refundFormPerAddress;
      await limiter.take({ rule, subject: subjectOf(address) }, { rule: RULES.refundFormPerEmail, subject: email.trim().toLowerCase() });
      // A second window count, only to learn whether the soft limit is passed (costs nothing).
      const soft: RateRule = { name: `${rule.name}:soft`, limit: rule.soft, windowSeconds: rule.windowSeconds };
      const overSoft = await limiter.take({ rule: soft, subject: subjectOf(address) }).then(
        () => false,
        (error: unknown) => {
          if (error instanceof RateLimitedError) return true;
          throw error;
        },
      );
      if (overSoft) await security.challenge({ captcha, address });
    },
  };
}

export type AbuseLimits = ReturnType<typeof createAbuseLimits>;
