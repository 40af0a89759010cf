/**
 * The worker rounds of `npm run bench:growth` (bench/growth.mjs), run from the sources by tsx:
 * `node node_modules/tsx/dist/cli.mjs bench/growth-workers.ts <database url> <rounds>`.
 * Each round is the real worker function, inside a transaction that is rolled back, so every round
 * finds the same work: one claim of the mail worker (10 unsent mails, oldest first), one pass of the
 * subscription expiry reminder (its due client subscriptions, each with its last order's language
 * and its passes), one pass of the expiry sweep (lapsed checkouts) and one take of the shared rate
 * limiter. Prints one JSON line: each round's median and best, in ms.
 */
import { composeServices } from '../server/composition-root.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { sweepLapsedPayments } from '../server/modules/checkout/expiry-sweep.ts';
import { claimDueMails } from '../server/modules/mail/outbox.repo.ts';
import { sendExpiryReminders } from '../server/modules/subscriptions/expiry-reminders.ts';
import { createRateLimiter } from '../server/security/rate-limiter.ts';

const [databaseUrl, roundsArg] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: growth-workers.ts <database url> [rounds]');
const rounds = Number(roundsArg ?? 15);

class RolledBack extends Error {}

const handle = await openDatabase({ databaseUrl, poolSize: 2 });
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
const services = composeServices({ db: handle.db, config, clock: systemClock });

/** `work` on a transaction that is rolled back afterwards: its time in ms. */
async function timed(work: (tx: Database) => Promise<unknown>): Promise<number> {
  let spent = 0;
  await handle.db
    .transaction(async (tx) => {
      const started = performance.now();
      // The workers take the database handle; a transaction answers the same queries.
      await work(tx as unknown as Database);
      spent = performance.now() - started;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return spent;
}

const workers: Record<string, (tx: Database) => Promise<unknown>> = {
  'mail worker claim': (tx) => {
    const now = systemClock.now();
    return claimDueMails(tx, { now, lockUntil: new Date(now.getTime() + 300_000), batchSize: 10, maxAttempts: 10 });
  },
  'expiry reminders pass': (tx) => sendExpiryReminders({ db: tx, clock: systemClock, publicUrl: config.publicUrl, days: config.subscriptionReminderDays }),
  'expiry sweep pass': (tx) => sweepLapsedPayments({ db: tx, clock: systemClock, settlement: services.settlement }),
  'rate-limit take': (tx) =>
    createRateLimiter({ db: tx, clock: systemClock }).take({ rule: { name: 'bench:address', limit: 1_000_000, windowSeconds: 60 }, subject: '127.0.0.1' }),
};

const answer: Record<string, { median: number; best: number }> = {};
for (const [name, work] of Object.entries(workers)) {
  await timed(work); // warm-up: connection, prepared plans, JIT
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) times.push(await timed(work));
  times.sort((a, b) => a - b);
  answer[name] = { median: times[Math.floor(times.length / 2)] ?? 0, best: times[0] ?? 0 };
}
await handle.close();
console.log(JSON.stringify(answer));
