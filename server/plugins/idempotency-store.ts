/**
 * The idempotency keys table (schema/idempotency.ts): claiming a key for an attempt, keeping its
 * answer, giving the key up, and forgetting expired keys.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type ClaimResult =
  | { kind: 'claimed'; claim: string }
  /** Another attempt answered it already: its answer. */
  | { kind: 'answered'; answer: StoredAnswer }
  /** Another attempt holds the key and has not answered yet. */
  | { kind: 'in-flight' }
  /** The key was used for a different request. */
  | { kind: 'reused' };

export interface IdempotencyStoreOptions {
  db: Database;
  clock: Clock;
  /** How long a key and its answer are kept. */
  ttlMs: number;
  /** How long an unanswered claim is its attempt's; after that a retry takes the key over. */
  leaseMs: number;
}

export function createIdempotencyStore({ db, clock, ttlMs, leaseMs }: IdempotencyStoreOptions) {
  let lastSweep = 0;

  async function tryClaim(key: string, fingerprint: string): Promise<ClaimResult | null> {
    const now = clock.now();
    const claim = randomUUID();
    // One statement: a new key is claimed; so is an expired one, or the same request's claim whose
    // attempt never answered within its lease (its process died). Anything else is left as it is.
    const [row] = await db
      .insert(idempotencyKeys)
      .values({ key, fingerprint, claim, lockedUntil: new Date(now.getTime() + leaseMs), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now })
      .onConflictDoUpdate({
        target: idempotencyKeys.key,
        set: {
          fingerprint: sql`excluded.fingerprint`,
          claim: sql`excluded.claim`,
          lockedUntil: sql`excluded.locked_until`,
          status: null,
          headers: null,
          body: null,
          expiresAt: sql`excluded.expires_at`,
          createdAt: sql`excluded.created_at`,
        },
        setWhere: or(
          lte(idempotencyKeys.expiresAt, now),
          and(isNull(idempotencyKeys.status), lte(idempotencyKeys.lockedUntil, now), eq(idempotencyKeys.fingerprint, fingerprint)),
        ),
      })
      .returning({ claim: idempotencyKeys.claim });
    if (row?.claim === claim) return { kind: 'claimed', claim };

    const [held] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    // Forgotten in between (expired and swept): claim again.
    if (!held) return null;
    if (held.fingerprint !== fingerprint) return { kind: 'reused' };
    if (held.status === null) return { kind: 'in-flight' };
    return { kind: 'answered', answer: { status: held.status, headers: held.headers ?? {}, body: held.body ?? '' } };
  }

  return {
    async claim(key: string, fingerprint: string): Promise<ClaimResult> {
      for (;;) {
        const result = await tryClaim(key, fingerprint);
        if (result) return result;
      }
    },

    /** Keeps the answer of the attempt that holds `claim`. */
    async answer(key: string, claim: string, answer: StoredAnswer): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ status: answer.status, headers: answer.headers, body: answer.body, claim: null, lockedUntil: null })
        .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.claim, claim)));
    },

    /** Gives the key up, unanswered: the next attempt with it runs again. */
    async release(key: string, claim: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.claim, claim), isNull(idempotencyKeys.status)));
    },

    /** Forgets expired keys, at most once a minute per process (no separate job needed). */
    async sweepExpired(): Promise<void> {
      const now = clock.now();
      if (now.getTime() - lastSweep < 60_000) return;
      lastSweep = now.getTime();
      await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now));
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
