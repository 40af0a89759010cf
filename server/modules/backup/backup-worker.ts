/**
 * The server's backup worker: makes the scheduled backups (BACKUP_SCHEDULE) and, on an embedded
 * database, the ones `npm run backup` asks the running shop for (backup-requests.ts). Several API
 * processes on one PostgreSQL each run it; a slot is claimed in backup_slots first, so one of them
 * backs it up. A slot missed while the shop was down is made when it starts; a failed one is logged
 * and the next slot tries again. One backup at a time per process.
 */
import { hostname } from 'node:os';
import { systemClock, type Clock } from '../../clock.ts';
import type { BackupSchedule, Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { folderDestination } from './backup-destinations.ts';
import { answerBackupRequest, requestDirOf, takeBackupRequests } from './backup-requests.ts';
import { makeBackup, type BackupResult } from './backup.service.ts';
import { claimBackupSlot, forgetBackupSlots } from './backup.repo.ts';

const DEFAULT_INTERVAL_MS = 5000;
/** Claims are kept this long: longer than any schedule's period. */
const CLAIMS_KEPT_MS = 30 * 86_400_000;

interface Logger {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/** The latest slot of `schedule` at or before `now`. */
export function dueSlot(schedule: BackupSchedule, now: Date): Date {
  const slots = Math.floor((now.getTime() - schedule.offsetMs) / schedule.everyMs);
  return new Date(slots * schedule.everyMs + schedule.offsetMs);
}

export function startBackupWorker(options: {
  database: DatabaseHandle;
  config: Pick<Config, 'backup' | 'databaseUrl' | 'dataDir' | 'mediaDir'>;
  logger: Logger;
  clock?: Clock;
  intervalMs?: number;
}): { runOnce(): Promise<void>; stop(): Promise<void> } {
  const { database, config, logger } = options;
  const clock = options.clock ?? systemClock;
  const source = { database, databaseUrl: config.databaseUrl, dataDir: config.dataDir, mediaDir: config.mediaDir };
  const requests = database.kind === 'pglite' && !config.dataDir.includes('://') ? requestDirOf(config.dataDir) : null;
  const who = `${hostname()}:${process.pid}`;
  let lastSlot: number | null = null;

  const logged = (result: BackupResult, why: string) =>
    logger.info(
      {
        backup: result.name,
        bytes: result.bytes,
        destinations: result.destinations,
        deleted: result.deleted,
        held_ms: result.heldMs,
        total_ms: result.totalMs,
      },
      `backup made (${why})`,
    );

  async function answerRequests(dir: string) {
    for (const request of await takeBackupRequests(dir)) {
      try {
        const settings = request.dir ? { ...config.backup, dir: request.dir, s3: null } : config.backup;
        const destinations = request.dir ? [folderDestination(request.dir)] : undefined;
        const result = await makeBackup({ source, settings, ...(destinations ? { destinations } : {}), clock });
        logged(result, 'asked by npm run backup');
        await answerBackupRequest(dir, request.id, { ok: true, result });
      } catch (error) {
        logger.error({ err: (error as Error).message }, 'backup failed (asked by npm run backup)');
        await answerBackupRequest(dir, request.id, { ok: false, error: (error as Error).message });
      }
    }
  }

  async function scheduled(schedule: BackupSchedule) {
    const slot = dueSlot(schedule, clock.now());
    if (slot.getTime() === lastSlot) return;
    if (!(await claimBackupSlot(database.db, slot, who))) {
      lastSlot = slot.getTime();
      return;
    }
    lastSlot = slot.getTime();
    await forgetBackupSlots(database.db, new Date(slot.getTime() - CLAIMS_KEPT_MS));
    try {
      logged(await makeBackup({ source, settings: config.backup, clock }), `scheduled ${schedule.text}, slot ${slot.toISOString()}`);
    } catch (error) {
      logger.error({ err: (error as Error).message, slot: slot.toISOString() }, 'scheduled backup failed; the next slot tries again');
    }
  }

  async function runOnce() {
    if (requests) await answerRequests(requests);
    if (config.backup.schedule) await scheduled(config.backup.schedule);
  }

  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(runOnce)
      .catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, 'backup worker failed'));
  };
  const timer = requests || config.backup.schedule ? setInterval(tick, options.intervalMs ?? DEFAULT_INTERVAL_MS) : null;
  timer?.unref();
  return {
    runOnce: () => (running = running.then(runOnce)) as Promise<void>,
    async stop() {
      if (timer) clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}
