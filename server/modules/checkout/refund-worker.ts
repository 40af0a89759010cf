/**
 * Carries out the refunds that settlement queued (payment_refunds, written in the transaction that
 * decided them). Every API process may run one: a worker claims due rows with FOR UPDATE SKIP
 * LOCKED and a lease (`locked_until`), so each refund is worked on by one process at a time, and
 * the gateway call carries the row's stable idempotency key (`refund-<payment hash>` for a late
 * payment, `staff-<key>` for a staff refund), so a retry after a crash between the provider's answer
 * and our update never refunds twice. Each row gives back its own amount (partial staff refunds sum).
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../../clock.ts';
import type { PaymentGatewayId } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { paymentRefunds, payments } from '../../db/schema/index.ts';
import type { PaymentGateway } from '../../payments/payment-gateway.ts';
import { retryDelayMs } from '../mail/index.ts';

const LOCK_MS = 5 * 60_000;
const BATCH_SIZE = 10;
/** After this many failed tries a refund is marked failed and left for a person (it stays in the table). */
export const MAX_REFUND_ATTEMPTS = 10;
const DEFAULT_POLL_MS = 15_000;

interface Logger {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

async function claimDueRefunds(db: Database, now: Date) {
  const due = db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'due'), or(isNull(paymentRefunds.lockedUntil), lt(paymentRefunds.lockedUntil, now))))
    .orderBy(asc(paymentRefunds.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(paymentRefunds)
    .set({ lockedUntil: new Date(now.getTime() + LOCK_MS), attempts: sql`${paymentRefunds.attempts} + 1` })
    .where(inArray(paymentRefunds.id, due))
    .returning({
      id: paymentRefunds.id,
      paymentId: paymentRefunds.paymentId,
      attempts: paymentRefunds.attempts,
      amountCents: paymentRefunds.amountCents,
      idempotencyKey: paymentRefunds.idempotencyKey,
    });
  if (claimed.length === 0) return [];
  const rows = await db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.id,
        claimed.map((row) => row.paymentId),
      ),
    );
  return claimed.map((refund) => ({ ...refund, payment: rows.find((row) => row.id === refund.paymentId) }));
}

export interface RefundWorkerOptions {
  db: Database;
  /** The configured gateway's id, and its adapter (built when a refund needs it). */
  gatewayId: PaymentGatewayId;
  gateway: () => PaymentGateway;
  logger: Logger;
  clock?: Clock;
  /** false: no timer; only runOnce() works (tests). */
  poll?: boolean;
  pollMs?: number;
}

export function startRefundWorker(options: RefundWorkerOptions) {
  const { db, logger, clock = systemClock } = options;

  function gatewayFor(gatewayId: string): PaymentGateway {
    // Only the configured gateway can give money back; a payment of another one waits (and is logged).
    if (gatewayId !== options.gatewayId) throw new Error(`the payment's gateway "${gatewayId}" is not the configured one`);
    return options.gateway();
  }

  async function runBatch(): Promise<number> {
    let done = 0;
    for (const refund of await claimDueRefunds(db, clock.now())) {
      const payment = refund.payment;
      if (!payment) continue;
      try {
        // The row's own amount (a staff refund may give back part of it) under the row's own key.
        const { reference } = await gatewayFor(payment.gateway).refund(
          { hash: payment.hash, providerReference: payment.providerReference, amountCents: payment.amountCents, currency: payment.currency },
          refund.idempotencyKey,
          refund.amountCents,
        );
        await db
          .update(paymentRefunds)
          .set({ status: 'done', providerReference: reference, doneAt: clock.now(), lockedUntil: null, lastError: null })
          .where(eq(paymentRefunds.id, refund.id));
        done += 1;
        logger.info({ payment: payment.hash, reference }, 'payment refunded');
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const givenUp = refund.attempts >= MAX_REFUND_ATTEMPTS;
        await db
          .update(paymentRefunds)
          .set({
            lastError: message,
            status: givenUp ? 'failed' : 'due',
            lockedUntil: givenUp ? null : new Date(clock.now().getTime() + retryDelayMs(refund.attempts)),
          })
          .where(eq(paymentRefunds.id, refund.id));
        logger.error(
          { payment: payment.hash, attempts: refund.attempts, err: message },
          givenUp ? 'refund failed; needs a person' : 'refund failed; will retry',
        );
      }
    }
    return done;
  }

  let chain: Promise<unknown> = Promise.resolve();
  function runOnce(): Promise<number> {
    const run = chain.then(runBatch);
    chain = run.catch(() => undefined);
    return run;
  }

  let timer: NodeJS.Timeout | undefined;
  if (options.poll ?? true) {
    timer = setInterval(() => {
      runOnce().catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, 'refund worker failed'));
    }, options.pollMs ?? DEFAULT_POLL_MS);
    timer.unref();
  }

  return {
    runOnce,
    async stop() {
      if (timer) clearInterval(timer);
      await chain;
    },
  };
}
