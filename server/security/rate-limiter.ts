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
import { rowsOf } from '../db/raw-rows.ts';
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

/** A key's count after a take, and the seconds until its window turns. */
export interface RateUsage {
  used: number;
  retryAfterSeconds: number;
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

/** A PostgreSQL text[] literal. */
const textArray = (values: readonly string[]) => `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** One key's count waiting for the next statement: its window, its cost, and who waits for the count. */
interface PendingCount {
  key: string;
  windowStart: Date;
  expiresAt: Date;
  cost: number;
  counted(used: number): void;
  failed(error: unknown): void;
}

export function createRateLimiter({ db, clock, enabled = true }: RateLimiterDeps) {
  let lastSweep = 0;
  // Counts asked for while a statement is under way; written together by the next one.
  let waiting: PendingCount[] = [];
  let writing = false;

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.delete(rateLimitWindows).where(lte(rateLimitWindows.expiresAt, now));
  }

  /**
   * Writes every waiting count in ONE upsert, then the counts that waited meanwhile, one statement
   * at a time (as a database groups commits): a burst of requests costs a few statements, not one
   * pooled connection and one commit each. Counts of one key are added up first (an upsert may
   * change a row once) and handed out in the order they were asked, so each sees the total up to
   * and including its own, exactly as if they had been written one by one. Keys are written in key
   * order, so two processes' statements never wait on each other's rows in a cycle.
   */
  async function write(): Promise<void> {
    if (writing) return;
    writing = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        const rows = new Map<string, { key: string; windowStart: Date; expiresAt: Date; total: number; counts: PendingCount[] }>();
        for (const one of batch) {
          const id = `${one.key} ${one.windowStart.toISOString()}`;
          const row = rows.get(id) ?? { key: one.key, windowStart: one.windowStart, expiresAt: one.expiresAt, total: 0, counts: [] };
          row.total += one.cost;
          row.counts.push(one);
          rows.set(id, row);
        }
        const ordered = [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart.getTime() - b.windowStart.getTime()));
        try {
          const result = await db.execute(sql`
            insert into rate_limit_windows (key, window_start, used, expires_at)
            select key, window_start, used, expires_at
            from unnest(${textArray(ordered.map((row) => row.key))}::text[],
              ${`{${ordered.map((row) => row.windowStart.toISOString()).join(',')}}`}::timestamptz[],
              ${`{${ordered.map((row) => row.total).join(',')}}`}::int[],
              ${`{${ordered.map((row) => row.expiresAt.toISOString()).join(',')}}`}::timestamptz[]) with ordinality
              as counted(key, window_start, used, expires_at, position)
            order by position
            on conflict (key, window_start) do update set used = rate_limit_windows.used + excluded.used
            returning key, window_start as "windowStart", used`);
          const used = new Map(
            rowsOf<{ key: string; windowStart: Date | string; used: number }>(result).map((row) => [
              `${row.key} ${new Date(row.windowStart).toISOString()}`,
              row.used,
            ]),
          );
          for (const [id, row] of rows) {
            // The row's total after this statement; each count sees it less what was asked after it.
            let after = used.get(id) ?? row.total;
            for (const one of [...row.counts].reverse()) {
              one.counted(after);
              after -= one.cost;
            }
          }
        } catch (error) {
          for (const one of batch) one.failed(error);
        }
      }
    } finally {
      writing = false;
    }
  }

  /** Counts one take; answers the key's count after it and the seconds until its window turns. */
  function count({ rule, subject, cost = 1 }: RateTake, now: Date): Promise<RateUsage> {
    const windowMs = rule.windowSeconds * 1000;
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    const expiresAt = new Date(start + windowMs);
    return new Promise<number>((counted, failed) => {
      waiting.push({ key: rateKey(rule, subject), windowStart: new Date(start), expiresAt, cost, counted, failed });
      // After the current task: a take's keys (and whatever else is asked meanwhile) go in one statement.
      if (!writing && waiting.length === 1) queueMicrotask(() => void write());
    }).then((used) => ({ used, retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)) }));
  }

  return {
    /**
     * Takes from every key like `take`, but refuses nothing: answers each key's count after this take
     * (0 when limits are off), for rules that decide more than "over or not" (code-guessing.ts).
     */
    async usage(...takes: RateTake[]): Promise<RateUsage[]> {
      if (!enabled || takes.length === 0) return takes.map(() => ({ used: 0, retryAfterSeconds: 1 }));
      const now = clock.now();
      const counts = await Promise.all(takes.map((one) => count(one, now)));
      await sweep(now);
      return counts;
    },

    /** Takes from every key, or throws RateLimitedError when any of them is over its limit. */
    async take(...takes: RateTake[]): Promise<void> {
      if (!enabled || takes.length === 0) return;
      const now = clock.now();
      // Every key of the take in the same statement.
      const counts = await Promise.all(takes.map((one) => count(one, now)));
      const wait = counts.reduce<number | null>(
        (longest, { used, retryAfterSeconds }, index) => (used > (takes[index] as RateTake).rule.limit ? Math.max(longest ?? 0, retryAfterSeconds) : longest),
        null,
      );
      await sweep(now);
      if (wait !== null) throw new RateLimitedError(wait);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
