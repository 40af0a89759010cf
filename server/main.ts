/** Starts the shop: opens the database, migrates and seeds it, serves, and closes gracefully. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { DEMO_ACCOUNTS_NOTICE, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isPrepared, prepareDatabase } from './db/prepare.ts';
import { startMailWorker } from './modules/mail/index.ts';
import { startScheduleTopUp } from './modules/schedules/index.ts';
import { startExpirySweep, startRefundWorker } from './modules/checkout/index.ts';
import { startExpiryReminders } from './modules/subscriptions/index.ts';
import { startWaitlistWorker } from './modules/waitlist/index.ts';
import { firstOwnerSetupLink } from './modules/staff/index.ts';
import { startBackupWorker } from './modules/backup/index.ts';

const config = loadConfig();
const startedAt = performance.now();
const openShopDatabase = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
let database = await openShopDatabase();
// A database with migrations to apply or a demo shop to seed is prepared before serving: an embedded one by a
// child process whose memory goes with it (see prepare.ts), PostgreSQL in this process under its start-up lock.
// One already prepared serves at once and has its demo plots topped up (the horizon moves a day a day) after.
const prepared = await isPrepared(database, { seedDemo: config.seedDemo });
if (!prepared && database.kind === 'pglite') {
  await database.close();
  await prepareInChildProcess();
  database = await openShopDatabase();
} else if (!prepared) {
  await prepareDatabase(database, { seedDemo: config.seedDemo });
}

const app = await buildApp({ db: database.db, config, logger: { level: config.logLevel } });
logStartWarnings();
const mailWorker = startMailWorker({ db: database.db, config, logger: app.log, attachments: app.services.mailAttachments });
const expirySweep = startExpirySweep({ db: database.db, settlement: app.services.settlement, logger: app.log });
const expiryReminders = startExpiryReminders({
  db: database.db,
  publicUrl: config.publicUrl,
  days: config.subscriptionReminderDays,
  logger: app.log,
});
const refundWorker = startRefundWorker({ db: database.db, gatewayId: app.services.gatewayId, gateway: app.services.gateway, logger: app.log });
const waitlistWorker = startWaitlistWorker({ worker: app.services.waitlistWorker, logger: app.log, intervalMs: config.waitlistIntervalMs });
const scheduleTopUp = startScheduleTopUp({ schedules: app.services.schedules, logger: app.log });
// Scheduled backups, and on an embedded database the ones `npm run backup` asks this process for.
const backupWorker = startBackupWorker({ database, config, logger: app.log });
// A staff refund (the back office's orders desk) is carried out now rather than at the next poll.
app.services.refundsQueued.run = () => {
  refundWorker.runOnce().catch((error: unknown) => app.log.error({ err: error instanceof Error ? error.message : String(error) }, 'refund worker failed'));
};

await app.listen({ port: config.port, host: config.host });
app.log.info({ database: database.kind, ready_ms: Math.round(performance.now() - startedAt) }, `shop ready on http://localhost:${config.port}`);
await logFirstOwnerLink();
if (prepared && config.seedDemo) {
  prepareDatabase(database, { seedDemo: true }).catch((error: unknown) => app.log.error({ err: error }, 'topping up the demo plots failed'));
}

/** Says at start what a shop owner must know about this configuration (README "Running in production"). */
function logStartWarnings() {
  const mode = config.production ? 'production' : 'not production (NODE_ENV is not "production")';
  if (config.paymentGateway === 'test') {
    const message = 'PAYMENT_GATEWAY=test: orders are marked paid on the built-in test pages, no money moves';
    if (config.production) app.log.warn({ allowTestGateway: true }, `${message} (allowed in production by ALLOW_TEST_GATEWAY=true)`);
    else app.log.info(`${message} (${mode})`);
  }
  if (config.seedDemo)
    app.log[config.production ? 'warn' : 'info'](
      `SEED_DEMO: an empty database gets the demo shop, with back-office and shopper accounts whose passwords are published (${DEMO_ACCOUNTS_NOTICE}) and its demo gift card${config.production ? ': anyone can sign in as the owner (allowed in production by SEED_DEMO_WITH_PUBLISHED_PASSWORDS=true)' : ''} (${mode})`,
    );
  if (config.production && !config.secureCookies) app.log.warn('SECURE_COOKIES=false in production: the session cookie also travels over plain HTTP');
  if (config.checkinToken === null)
    app.log[config.production ? 'warn' : 'info'](`CHECKIN_TOKEN is not set: check-in (POST /api/tickets/verify) is off (${mode})`);
  if (config.backup.schedule === null)
    app.log[config.production ? 'warn' : 'info'](`BACKUP_SCHEDULE is not set: the shop makes no backups by itself (docs/operations.md#backups) (${mode})`);
  else app.log.info({ schedule: config.backup.schedule.text, keep: config.backup.keep }, 'backups scheduled (UTC)');
}

/** While no owner can sign in, a one-time set-password link for the first owner (README "The first owner"). */
async function logFirstOwnerLink() {
  try {
    const setup = await firstOwnerSetupLink({ db: database.db, staff: app.services.staff, email: config.firstOwnerEmail, publicUrl: config.publicUrl });
    if (setup)
      app.log.warn(
        { firstOwner: setup.email },
        `No owner can sign in to the back office yet. Set the first owner's password (once, within 72 hours) at ${setup.link} then sign in as ${setup.email}`,
      );
  } catch (error) {
    app.log.error({ err: error instanceof Error ? error.message : String(error) }, 'the first owner setup link could not be made');
  }
}

/**
 * Runs prepare.ts with this process's runtime flags (the tsx loader) and environment; compiled
 * (dist-server/main.js, see scripts/build-server.mjs), prepare.js beside it.
 */
function prepareInChildProcess(): Promise<void> {
  const script = new URL(import.meta.url.endsWith('.ts') ? './prepare.ts' : './prepare.js', import.meta.url);
  const child = fork(fileURLToPath(script), { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`preparing the database failed (${signal ?? `exit code ${code}`})`))));
  });
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await mailWorker.stop();
    await expirySweep.stop();
    await expiryReminders.stop();
    await refundWorker.stop();
    await waitlistWorker.stop();
    await scheduleTopUp.stop();
    await backupWorker.stop();
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
