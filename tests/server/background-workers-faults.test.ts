/**
 * The background workers of an API process (mail worker, expiry sweep, refund worker) while the
 * database is gone: each round fails, is logged, and the next round comes anyway; nothing escapes as
 * an unhandled rejection that would end the process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { composeServices } from '../../server/composition-root.ts';
import { loadConfig } from '../../server/config.ts';
import { startExpirySweep } from '../../server/modules/checkout/expiry-sweep.ts';
import { startRefundWorker } from '../../server/modules/checkout/refund-worker.ts';
import { startMailWorker } from '../../server/modules/mail/mail-worker.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { openTestDatabase } from './helpers/test-app.ts';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

describe('background workers without a database', () => {
  it('log each failed round and keep going', async () => {
    // Opened, then gone: PGlite closed, or a PostgreSQL pool that was ended.
    const database = await openTestDatabase();
    await database.close();

    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const failures: Record<string, number> = { mail: 0, sweep: 0, refund: 0 };
    const loggerFor = (name: string) => ({ info: () => undefined, error: () => void (failures[name] = (failures[name] ?? 0) + 1) });
    const config = { ...loadConfig({}), smtpUrl: sink.url };
    const services = composeServices({ db: database.db, config, clock: systemClock });
    const workers = [
      startMailWorker({ db: database.db, config, logger: loggerFor('mail'), pollMs: 30 }),
      startExpirySweep({ db: database.db, settlement: services.settlement, logger: loggerFor('sweep'), intervalMs: 30 }),
      startRefundWorker({ db: database.db, gatewayId: services.gatewayId, gateway: services.gateway, logger: loggerFor('refund'), pollMs: 30 }),
    ];
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(failures.mail).toBeGreaterThanOrEqual(2);
      expect(failures.sweep).toBeGreaterThanOrEqual(2);
      expect(failures.refund).toBeGreaterThanOrEqual(2);
      expect(unhandled).toEqual([]);
    } finally {
      for (const worker of workers) await worker.stop();
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
