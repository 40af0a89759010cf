/**
 * Delivers the outbox. Every API process may run one: workers claim due mails in the database
 * (outbox.repo.ts claimDueMails), so each mail is sent by one of them; nothing is queued in memory.
 *
 * Delivery is at least once: a process that dies between sending and marking a mail sent leaves
 * it claimed, and it is sent again once the claim (LOCK_MS) runs out.
 * Without SMTP_URL the worker does nothing and mails wait in the outbox (scripts/outbox.ts shows them).
 */
import { systemClock, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createMailer, type Mailer } from './mailer.ts';
import type { MailAttachmentRenderers } from './mail-attachments.ts';
import { claimDueMails, markFailed, markSent } from './outbox.repo.ts';

/** How long a claimed batch belongs to its worker; well beyond the mailer's timeouts × batch size. */
const LOCK_MS = 5 * 60_000;
const BATCH_SIZE = 10;
const MAX_ATTEMPTS = 10;
const DEFAULT_POLL_MS = 5_000;
const MAX_BACKOFF_MS = 60 * 60_000;

interface Logger {
  info(object: object, message?: string): void;
  info(message: string): void;
  error(object: object, message?: string): void;
}

export interface MailWorkerOptions {
  db: Database;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  logger: Logger;
  clock?: Clock;
  /** false: no timer; only runOnce() sends (tests). */
  poll?: boolean;
  pollMs?: number;
  /** Replaces the SMTP mailer (tests). */
  mailer?: Mailer;
  /** How the attachments mails refer to are rendered at send time (mail-attachments.ts; the composition root's). */
  attachments?: MailAttachmentRenderers;
}

export interface MailWorker {
  /** Claims and sends one batch of due mails; answers how many were delivered. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the batch in progress. */
  stop(): Promise<void>;
}

/** 30 s after the first failure, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, config, logger, clock = systemClock } = options;
  const smtpUrl = config.smtpUrl;
  if (!smtpUrl && !options.mailer) {
    logger.info('SMTP_URL is not set: mails are not sent and stay in the outbox (npx tsx scripts/outbox.ts lists them)');
    return { runOnce: async () => 0, stop: async () => undefined };
  }
  const mailer = options.mailer ?? createMailer({ ...config, smtpUrl: smtpUrl as string }, options.attachments);

  async function runBatch(): Promise<number> {
    const now = clock.now();
    const claimed = await claimDueMails(db, {
      now,
      lockUntil: new Date(now.getTime() + LOCK_MS),
      batchSize: BATCH_SIZE,
      maxAttempts: MAX_ATTEMPTS,
    });
    let delivered = 0;
    for (const mail of claimed) {
      try {
        await mailer.send(mail);
        await markSent(db, mail.id, clock.now());
        delivered += 1;
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const retryAt = new Date(clock.now().getTime() + retryDelayMs(mail.attempts));
        await markFailed(db, mail.id, message, retryAt);
        logger.error({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail not delivered; will retry');
      }
    }
    if (claimed.length > 0) logger.info({ claimed: claimed.length, delivered }, 'outbox batch done');
    return delivered;
  }

  // One batch at a time within this process, so that stop() has one thing to wait for.
  let chain: Promise<unknown> = Promise.resolve();
  function runOnce(): Promise<number> {
    const run = chain.then(runBatch);
    chain = run.catch(() => undefined);
    return run;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;

  async function tick() {
    try {
      // A full batch suggests more are waiting: keep going until the outbox is drained.
      while (!stopped && (await runOnce()) === BATCH_SIZE);
    } catch (error) {
      logger.error({ err: error }, 'outbox polling failed; retrying');
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), pollMs);
      timer.unref();
    }
  }

  if (options.poll ?? true) {
    timer = setTimeout(() => void tick(), pollMs);
    timer.unref();
    logger.info({ every_ms: pollMs }, 'mail worker started');
  }

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain;
      mailer.close();
    },
  };
}
