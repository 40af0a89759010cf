/**
 * The idempotency keys table (schema/idempotency.ts): claiming a key for an attempt, binding it to
 * the checkout the attempt writes (in that checkout's transaction), keeping its answer, giving the
 * key up, and forgetting expired keys.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { executeText } from '../../db/named-statement.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** The key an attempt holds while it runs: given to the route, which binds it to what it writes. */
export interface IdempotencyClaim {
  key: string;
  /** The attempt's own token: a binding only holds while the key is still this attempt's. */
  claim: string;
}

const keyLost = () => new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 409, 'Another attempt with this Idempotency-Key is running; try again shortly');

/**
 * For a checkout's one-statement write: true while the key is still this attempt's and bound to
 * nothing, and the key row locked until the commit (a takeover waits, then finds it bound). The
 * capacity guard takes it as a condition, so a lost key writes nothing.
 */
export function keyStillHeld({ key, claim }: IdempotencyClaim): SQL {
  return sql`exists (select 1 from idempotency_keys where key = ${key}::text and claim = ${claim}::text and status is null and payment_hash is null for update)`;
}

/** The same statement's binding of the key to `paymentHash`, when its CTE `written` wrote a row. */
export function bindKeyWhenWritten({ key, claim }: IdempotencyClaim, paymentHash: string, written: SQL): SQL {
  return sql`update idempotency_keys set payment_hash = ${paymentHash}::text where key = ${key}::text and claim = ${claim}::text and exists (select 1 from ${written})`;
}

/**
 * Binds the key to the checkout `paymentHash` inside that checkout's transaction: committed with its
 * rows or not at all. Throws 409 IDEMPOTENCY_KEY_IN_PROGRESS, so the transaction writes nothing, when
 * the key is no longer this attempt's (its lease lapsed and a retry took it over).
 */
export async function bindKey(tx: Executor, { key, claim }: IdempotencyClaim, paymentHash: string): Promise<void> {
  const bound = await tx.execute(sql`
    update idempotency_keys set payment_hash = ${paymentHash}
    where key = ${key} and claim = ${claim} and status is null and payment_hash is null returning key`);
  if (rowsOf(bound).length !== 1) throw keyLost();
}

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
  | { kind: 'reused' }
  /**
   * Its attempt wrote a checkout (bound in the checkout's transaction) but its answer was not kept
   * (the process died, or keeping it failed) and its lease is over: the answer is rebuilt from it.
   */
  | { kind: 'bound'; paymentHash: string };

export interface IdempotencyStoreOptions {
  db: Database;
  clock: Clock;
  /** How long a key and its answer are kept. */
  ttlMs: number;
  /** How long an unanswered claim is its attempt's; after that a retry takes the key over. */
  leaseMs: number;
}

// The two statements every keyed submission runs, written once (db/named-statement.ts executeText).
// $1 key, $2 fingerprint, $3 claim, $4 locked until, $5 expires at, $6 now.
const CLAIM = `
  insert into idempotency_keys as k (key, fingerprint, claim, locked_until, expires_at, created_at)
  values ($1::text, $2::text, $3::text, $4::timestamptz, $5::timestamptz, $6::timestamptz)
  on conflict (key) do update set fingerprint = excluded.fingerprint, claim = excluded.claim, locked_until = excluded.locked_until,
    status = null, headers = null, body = null, payment_hash = null, expires_at = excluded.expires_at, created_at = excluded.created_at
  where k.expires_at <= $6::timestamptz
    or (k.status is null and k.locked_until <= $6::timestamptz and k.fingerprint = $2::text and k.payment_hash is null)
  returning claim`;
// $1 key, $2 claim, $3 status, $4 headers (JSON), $5 body.
const ANSWER = `
  update idempotency_keys set status = $3::int, headers = $4::jsonb, body = $5::text, claim = null, locked_until = null
  where key = $1::text and claim = $2::text`;

export function createIdempotencyStore({ db, clock, ttlMs, leaseMs }: IdempotencyStoreOptions) {
  let lastSweep = 0;

  async function tryClaim(key: string, fingerprint: string): Promise<ClaimResult | null> {
    const now = clock.now();
    const claim = randomUUID();
    // One statement: a new key is claimed; so is an expired one, or the same request's claim whose
    // attempt never answered within its lease (its process died) and wrote nothing. Anything else is
    // left as it is: a key bound to a checkout is never run again within its TTL.
    const result = await executeText(db, CLAIM, [
      key,
      fingerprint,
      claim,
      new Date(now.getTime() + leaseMs).toISOString(),
      new Date(now.getTime() + ttlMs).toISOString(),
      now.toISOString(),
    ]);
    const [row] = rowsOf<{ claim: string | null }>(result);
    if (row?.claim === claim) return { kind: 'claimed', claim };

    const [held] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    // Forgotten in between (expired and swept): claim again.
    if (!held) return null;
    if (held.fingerprint !== fingerprint) return { kind: 'reused' };
    if (held.status === null) {
      const leaseOver = held.lockedUntil === null || held.lockedUntil.getTime() <= now.getTime();
      return held.paymentHash !== null && leaseOver ? { kind: 'bound', paymentHash: held.paymentHash } : { kind: 'in-flight' };
    }
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
      await executeText(db, ANSWER, [key, claim, answer.status, JSON.stringify(answer.headers), answer.body]);
    },

    /** Keeps the answer rebuilt for a bound key whose first answer was lost (the first one kept wins). */
    async answerBound(key: string, paymentHash: string, answer: StoredAnswer): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ status: answer.status, headers: answer.headers, body: answer.body, claim: null, lockedUntil: null })
        .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.paymentHash, paymentHash), isNull(idempotencyKeys.status)));
    },

    /**
     * Gives the key up, unanswered: the next attempt with it runs again — unless the attempt bound it
     * to a checkout it wrote; then the lease ends now and the next attempt gets that checkout's answer.
     */
    async release(key: string, claim: string): Promise<void> {
      const held = and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.claim, claim), isNull(idempotencyKeys.status));
      await db.delete(idempotencyKeys).where(and(held, isNull(idempotencyKeys.paymentHash)));
      await db
        .update(idempotencyKeys)
        .set({ claim: null, lockedUntil: clock.now() })
        .where(and(held, isNotNull(idempotencyKeys.paymentHash)));
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
