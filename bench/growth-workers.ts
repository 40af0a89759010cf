/**
 * The worker rounds of `npm run bench:growth` (bench/growth.mjs), run from the sources by tsx:
 * `node node_modules/tsx/dist/cli.mjs bench/growth-workers.ts <demo database url> <grown database url> <rounds>`.
 * Each round is the real worker function, inside a transaction that is rolled back, so every round
 * finds the same work: one claim of the mail worker (10 unsent mails, oldest first), one pass of the
 * subscription expiry reminder (its due client subscriptions, each with its last order's language
 * and its passes), one pass of the expiry sweep (lapsed checkouts) and one take of the shared rate
 * limiter. Rounds alternate between the two shops. Prints one JSON line: each round's median and
 * best on each shop, in ms.
 */
import { composeServices } from '../server/composition-root.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig, type Config } from '../server/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../server/db/client.ts';
import { sweepLapsedPayments } from '../server/modules/checkout/expiry-sweep.ts';
import { claimDueMails } from '../server/modules/mail/outbox.repo.ts';
import { sendExpiryReminders } from '../server/modules/subscriptions/expiry-reminders.ts';
import { createRateLimiter } from '../server/security/rate-limiter.ts';

const [demoUrl, grownUrl, roundsArg] = process.argv.slice(2);
if (!demoUrl || !grownUrl) throw new Error('usage: growth-workers.ts <demo database url> <grown database url> [rounds]');
const rounds = Number(roundsArg ?? 15);

class RolledBack extends Error {}

interface Shop {
  handle: DatabaseHandle;
  config: Config;
  settlement: ReturnType<typeof composeServices>['settlement'];
}

async function open(databaseUrl: string): Promise<Shop> {
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
  return { handle, config, settlement: composeServices({ db: handle.db, config, clock: systemClock }).settlement };
}

/** `work` on a transaction that is rolled back afterwards: its time in ms. */
async function timed(shop: Shop, work: (tx: Database, shop: Shop) => Promise<unknown>): Promise<number> {
  let spent = 0;
  await shop.handle.db
    .transaction(async (tx) => {
      const started = performance.now();
      // The workers take the database handle; a transaction answers the same queries.
      await work(tx as unknown as Database, shop);
      spent = performance.now() - started;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return spent;
}

const workers: Record<string, (tx: Database, shop: Shop) => Promise<unknown>> = {
  'mail worker claim': (tx) => {
    const now = systemClock.now();
    return claimDueMails(tx, { now, lockUntil: new Date(now.getTime() + 300_000), batchSize: 10, maxAttempts: 10 });
  },
  'expiry reminders pass': (tx, shop) =>
    sendExpiryReminders({ db: tx, clock: systemClock, publicUrl: shop.config.publicUrl, days: shop.config.subscriptionReminderDays }),
  'expiry sweep pass': (tx, shop) => sweepLapsedPayments({ db: tx, clock: systemClock, settlement: shop.settlement }),
  'rate-limit take': (tx) =>
    createRateLimiter({ db: tx, clock: systemClock }).take({ rule: { name: 'bench:address', limit: 1_000_000, windowSeconds: 60 }, subject: '127.0.0.1' }),
};

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, best: sorted[0] ?? 0 };
};

const demo = await open(demoUrl);
const grown = await open(grownUrl);
const answer: Record<string, { demo: { median: number; best: number }; grown: { median: number; best: number } }> = {};
for (const [name, work] of Object.entries(workers)) {
  // Warm-up on both: connections, prepared plans, JIT.
  await timed(demo, work);
  await timed(grown, work);
  const times = { demo: [] as number[], grown: [] as number[] };
  // Interleaved, so a burst of other load on the machine falls on both alike.
  for (let round = 0; round < rounds; round += 1) {
    times.demo.push(await timed(demo, work));
    times.grown.push(await timed(grown, work));
  }
  answer[name] = { demo: summary(times.demo), grown: summary(times.grown) };
}
await demo.handle.close();
await grown.handle.close();
console.log(JSON.stringify(answer));
