/**
 * A tiny periodic sweep that expires lapsed checkouts nobody looked at, so their coupon uses and
 * gift-card credit come back without a visit. Only a convenience: correctness does not depend on it
 * (every read of a payment expires it lazily, see settlement.ts), and it is safe to run in
 * every process at once (each expiry locks and re-checks its payment).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { lapsed } from '../../db/hold-rules.ts';
import { payments } from '../../db/schema/index.ts';
import { checkoutLapsed } from './checkout-lapse.ts';
import type { Settlement } from './settlement.ts';

const DEFAULT_INTERVAL_MS = 60_000;
const BATCH_SIZE = 50;

interface Logger {
  error(object: object, message?: string): void;
}

/**
 * Hashes of pending payments given up at `now` (checkout-lapse.ts). The rule asks for a deadline that
 * has lapsed, or none at all (rows from before payments had one): each looked up as its own range of
 * payments_pending_expiry, so the work follows the lapsed checkouts, not the thousands of live ones a
 * rush keeps pending (one scan of every pending payment cost 4–6 ms with 14,000 of them; bench:growth).
 */
async function lapsedPaymentHashes(db: Database, now: Date, limit: number): Promise<string[]> {
  const lapsedWith = (deadline: SQL) =>
    db
      .select({ hash: payments.hash })
      .from(payments)
      .where(and(eq(payments.status, 'pending'), deadline, checkoutLapsed('payments', now)))
      .limit(limit);
  const rows = await lapsedWith(lapsed(sql`${payments.expiresAt}`, now))
    .unionAll(lapsedWith(isNull(payments.expiresAt)))
    .limit(limit);
  return rows.map((row) => row.hash);
}

/** Expires up to one batch of lapsed checkouts; answers how many this call expired. */
export async function sweepLapsedPayments(options: { db: Database; clock: Clock; settlement: Pick<Settlement, 'expireIfLapsed'> }): Promise<number> {
  const { settlement } = options;
  let expired = 0;
  for (const hash of await lapsedPaymentHashes(options.db, options.clock.now(), BATCH_SIZE)) {
    if (await settlement.expireIfLapsed(hash)) expired += 1;
  }
  return expired;
}

export function startExpirySweep(options: {
  db: Database;
  settlement: Pick<Settlement, 'expireIfLapsed'>;
  logger: Logger;
  clock?: Clock;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const clock = options.clock ?? systemClock;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => sweepLapsedPayments({ db: options.db, clock, settlement: options.settlement }))
      .catch((error: unknown) => options.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'expiry sweep failed'));
  }, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
