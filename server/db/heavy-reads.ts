/**
 * The heavy reads (the orders export, the reports, the gate's sync, uncached listings) must never freeze
 * the shop. Each is cut into short steps (keyset pages, day slices, chunks of scans) and runs them through
 * this lane:
 *
 * - PGlite has ONE connection and runs every statement on the process's own thread, and its statements
 *   resolve as microtasks: a loop of statements never lets the event loop take a new request in between.
 *   `step()` first hands the thread back (`yieldTurn`, a macrotask), so requests that arrived meanwhile
 *   queue their statements ahead of the step's (PGlite's queue is first come, first served); steps of
 *   all heavy reads of the process run one at a time.
 * - PostgreSQL: every step runs in a read-only transaction with `SET LOCAL statement_timeout`
 *   (HEAVY_READ_TIMEOUT_MS; past it `503 REPORT_TOO_SLOW`, not a 500), and at most HEAVY_READS_AT_ONCE
 *   steps of this process run at once, so heavy reads never hold more than that many of the pool's
 *   connections: the shopper's path keeps the rest. A step that cannot start within the timeout is
 *   refused the same way. (A per-process bound protects the process itself; nothing of it needs sharing.)
 */
import { sql } from 'drizzle-orm';
import { dayNumber, dayOfNumber } from '#domain/backoffice/report-period.ts';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { engineOf, type Database, type Executor } from './client.ts';

export type HeavyReadSettings = Config['heavyReads'];

/** PostgreSQL's query_canceled: statement_timeout ran out (or the statement was cancelled). */
const QUERY_CANCELED = '57014';

function wasCanceled(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === QUERY_CANCELED) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const tooSlow = () => new AppError('REPORT_TOO_SLOW', 503, 'This read takes too long right now: narrow it (a shorter period) or try again in a moment');

/** Gives the thread back to the event loop once: requests already arrived are taken in before what follows. */
export function yieldTurn(): Promise<void> {
  return nextMacrotask();
}

/** At most `size` holders at once; the others wait in order, each at most `waitMs`. */
function createSlots(size: number) {
  let taken = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else taken -= 1;
  };
  return {
    async take(waitMs: number): Promise<() => void> {
      if (taken < size) {
        taken += 1;
        return release;
      }
      return new Promise((resolve, reject) => {
        const grant = () => {
          clearTimeout(timer);
          resolve(release);
        };
        const timer = setTimeout(() => {
          const index = waiting.indexOf(grant);
          if (index >= 0) waiting.splice(index, 1);
          reject(tooSlow());
        }, waitMs);
        waiting.push(grant);
      });
    },
  };
}

export function createHeavyReads({ db, settings }: { db: Database; settings: HeavyReadSettings }) {
  const engine = engineOf(db);
  const slots = createSlots(engine === 'pglite' ? 1 : settings.concurrency);
  const timeoutMs = settings.statementTimeoutMs;

  return {
    engine,
    settings,
    /**
     * One bounded step of a heavy read: after the event loop has had its turn, with a slot of the lane,
     * on PostgreSQL in a read-only transaction whose statements each end within the timeout.
     */
    async step<T>(work: (executor: Executor) => Promise<T>): Promise<T> {
      await yieldTurn();
      const release = await slots.take(timeoutMs);
      try {
        if (engine === 'pglite') return await work(db);
        return await db.transaction(
          async (tx) => {
            await tx.execute(sql.raw(`set local statement_timeout = ${Math.floor(timeoutMs)}`));
            return work(tx);
          },
          { accessMode: 'read only' },
        );
      } catch (error) {
        if (wasCanceled(error)) throw tooSlow();
        throw error;
      } finally {
        release();
      }
    },
  };
}

export type HeavyReads = ReturnType<typeof createHeavyReads>;

/** The days from `from` to `to` (both included, YYYY-MM-DD) cut into consecutive slices of at most `days` days. */
export function periodSlices(from: string, to: string, days: number): Array<{ from: string; to: string }> {
  const slices: Array<{ from: string; to: string }> = [];
  const end = dayNumber(to);
  for (let start = dayNumber(from); start <= end; start += days) {
    slices.push({ from: dayOfNumber(start), to: dayOfNumber(Math.min(end, start + days - 1)) });
  }
  return slices;
}
