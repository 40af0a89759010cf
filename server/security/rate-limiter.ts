/**
 * Rate limits shared by every API process: fixed windows counted in the `rate_limit_windows`
 * table with one atomic upsert per key, so two processes (or a burst of simultaneous requests on
 * one) never both see room that only one of them has. Nothing of it lives in process memory.
 *
 * A rule names what is limited ('voucher-check', 'order-places', ...), how much per window, and
 * how long the window is. A request takes from one or more keys at once (per address, per code,
 * overall); every key is counted, refused or not, so a guesser who keeps trying stays refused
 * until the window turns. Subjects are hashed: a key stays short and holds no personal data
 * (addresses, e-mails) in clear, whatever a client sent (NUL bytes included).
 *
 * RATE_LIMITS=off turns every limit off (load tests); production never needs to.
 */
import { createHash } from 'node:crypto';
import { lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/client.ts';
import { rateLimitWindows } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

export interface RateRule {
  /** Stable name, part of the key: 'voucher-check:address'. */
  name: string;
  /** Units allowed per window (requests, places, mails, ...). */
  limit: number;
  windowSeconds: number;
}

export interface RateTake {
  rule: RateRule;
  /** Who or what is counted: an address, a normalised code, an e-mail; '*' for everyone. */
  subject: string;
  /** Units this request takes (places of an order, say); default 1. */
  cost?: number;
}

/** 429 RATE_LIMITED, with the seconds until the fullest window turns (sent as Retry-After). */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, 'Too many requests; please wait a moment and try again');
  }
}

export interface RateLimiterDeps {
  db: Executor;
  clock: Clock;
  /** false: every take is allowed and nothing is written (RATE_LIMITS=off). */
  enabled?: boolean;
}

const SWEEP_EVERY_MS = 60_000;

export function rateKey(rule: RateRule, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 22)}`;
}

export function createRateLimiter({ db, clock, enabled = true }: RateLimiterDeps) {
  let lastSweep = 0;

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.delete(rateLimitWindows).where(lte(rateLimitWindows.expiresAt, now));
  }

  /** Counts one take; answers the seconds to wait when the key is over its limit, else null. */
  async function count({ rule, subject, cost = 1 }: RateTake, now: Date): Promise<number | null> {
    const windowMs = rule.windowSeconds * 1000;
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    const expiresAt = new Date(start + windowMs);
    const rows = await db
      .insert(rateLimitWindows)
      .values({ key: rateKey(rule, subject), windowStart: new Date(start), used: cost, expiresAt })
      .onConflictDoUpdate({
        target: [rateLimitWindows.key, rateLimitWindows.windowStart],
        set: { used: sql`${rateLimitWindows.used} + ${cost}` },
      })
      .returning({ used: rateLimitWindows.used });
    const used = rows[0]?.used ?? cost;
    return used > rule.limit ? Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)) : null;
  }

  return {
    /** Takes from every key, or throws RateLimitedError when any of them is over its limit. */
    async take(...takes: RateTake[]): Promise<void> {
      if (!enabled || takes.length === 0) return;
      const now = clock.now();
      let wait: number | null = null;
      for (const one of takes) {
        const seconds = await count(one, now);
        if (seconds !== null) wait = Math.max(wait ?? 0, seconds);
      }
      await sweep(now);
      if (wait !== null) throw new RateLimitedError(wait);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
