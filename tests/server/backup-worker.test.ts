/**
 * The server's backup worker (server/modules/backup/backup-worker.ts): a scheduled slot is backed up once
 * however many processes run the worker (the claim in backup_slots), a slot missed while the shop was down
 * is made at start, the next slot makes the next backup; and `npm run backup` reaches a running embedded
 * shop through a request file in its data directory and gets the shop's answer.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { backupSchedule, loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { askRunningShop, startBackupWorker } from '../../server/modules/backup/index.ts';
import { openTestDatabase, testDatabaseUrl } from './helpers/test-app.ts';

const key = new Uint8Array(randomBytes(32));
let work: string;
const opened: DatabaseHandle[] = [];
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'backup-worker-'));
});
afterAll(async () => {
  for (const database of opened) await database.close();
  await rm(work, { recursive: true, force: true });
});

function workerConfig(dir: string, dataDir = 'memory://'): Pick<Config, 'backup' | 'databaseUrl' | 'dataDir' | 'mediaDir'> {
  return {
    backup: { ...loadConfig({}).backup, key, dir, schedule: backupSchedule('daily 03:30'), keep: { kind: 'recent', count: 10 } },
    databaseUrl: testDatabaseUrl(),
    dataDir,
    mediaDir: join(work, 'no-media'),
  };
}

// Each test makes whole backups: seconds each, far more on a loaded machine.
describe('scheduled backups', { timeout: 240_000 }, () => {
  it('backs a slot up once across processes, makes a missed slot at start and the next slot when due', async () => {
    const database = await openTestDatabase({ seedDemo: false });
    opened.push(database);
    // A second process on the same PostgreSQL has its own connections; PGlite is one process's anyway.
    const other = testDatabaseUrl() ? await openDatabase({ databaseUrl: testDatabaseUrl(), poolSize: 2 }) : database;
    if (other !== database) opened.push(other);
    const dir = join(work, 'scheduled');
    // Started at 10:00, after the 03:30 slot of a day the shop was down for.
    const clock = fixedClock('2030-06-03T10:00:00Z');
    const workers = [database, other, database].map((db) =>
      startBackupWorker({ database: db, config: workerConfig(dir), logger: quiet, clock, intervalMs: 3_600_000 }),
    );
    for (const worker of workers) await worker.runOnce();
    expect(await readdir(dir)).toEqual([`shop-${database.kind}-2030-06-03T10-00-00-000Z.backup`]);

    // Later the same day: nothing new. The next day after 03:30: one more, by one of them.
    clock.set('2030-06-03T23:00:00Z');
    for (const worker of workers) await worker.runOnce();
    clock.set('2030-06-04T03:30:05Z');
    await Promise.all(workers.map((worker) => worker.runOnce()));
    expect((await readdir(dir)).sort()).toEqual([
      `shop-${database.kind}-2030-06-03T10-00-00-000Z.backup`,
      `shop-${database.kind}-2030-06-04T03-30-05-000Z.backup`,
    ]);
    // A process that starts later does not make the slot again.
    const restarted = startBackupWorker({ database: other, config: workerConfig(dir), logger: quiet, clock, intervalMs: 3_600_000 });
    await restarted.runOnce();
    expect(await readdir(dir)).toHaveLength(2);
    for (const worker of [...workers, restarted]) await worker.stop();
  });
});

describe('npm run backup with the embedded shop running', { timeout: 180_000 }, () => {
  it('asks the running shop through its data directory and reports the backup it made', async () => {
    // The running shop: an embedded database this process has open, its data directory's request folder watched.
    const database = await openDatabase({ dataDir: 'memory://' });
    opened.push(database);
    const dataDir = join(work, 'data');
    const dir = join(work, 'asked');
    const config = { ...workerConfig(join(work, 'unused'), dataDir), backup: { ...workerConfig(dir).backup, schedule: null } };
    const shop = startBackupWorker({ database, config, logger: quiet, intervalMs: 50 });
    try {
      const answer = await askRunningShop(dataDir, { dir }, { pollMs: 50 });
      expect(answer).toMatchObject({ ok: true, result: { destinations: [`folder ${dir}`] } });
      if (!answer.ok) throw new Error(answer.error);
      expect(answer.result.heldMs).toBeGreaterThanOrEqual(0);
      expect(await readdir(dir)).toEqual([answer.result.name]);
      // Request and answer are gone: nothing is taken twice.
      expect(await readdir(join(dataDir, 'backup-requests'))).toEqual([]);

      // A failure comes back as the shop's message: here a folder that cannot be made (a file is in the way).
      await writeFile(join(work, 'a-file'), '');
      const failed = await askRunningShop(dataDir, { dir: join(work, 'a-file', 'backups') }, { pollMs: 50 });
      expect(failed).toMatchObject({ ok: false, error: expect.stringMatching(/ENOTDIR.*a-file/) });
    } finally {
      await shop.stop();
    }
  });

  it('gives up, saying why, when no shop takes the request', async () => {
    await expect(askRunningShop(join(work, 'nobody-home'), {}, { pickupMs: 300, pollMs: 50 })).rejects.toThrow(/did not take the backup request within 0 s/);
    expect(await readdir(join(work, 'nobody-home', 'backup-requests'))).toEqual([]);
  });
});
