/**
 * One encrypted backup of the shop now (docs/operations.md#backups):
 *
 *   npm run backup                      to BACKUP_DIR and/or the BACKUP_S3_* bucket, then retention (BACKUP_KEEP)
 *   npm run backup -- --dir <folder>    to this folder instead
 *   npm run backup -- --list            the backups kept there, newest first
 *   npm run backup -- --new-key         prints a new BACKUP_KEY (keep a copy away from the shop: without it no backup opens)
 *
 * PostgreSQL (DATABASE_URL): pg_dump, while the shop runs. Embedded (DATA_DIR): only the process that has the
 * directory open can read it consistently, so a running shop is asked to make it (a request file in
 * DATA_DIR/backup-requests/, answered by its backup worker); with no shop running, this command opens the
 * directory itself. Production, compiled: `node dist-server/backup.js …`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import {
  askRunningShop,
  configuredDestinations,
  folderDestination,
  makeBackup,
  parseBackupName,
  requireKey,
  type BackupResult,
} from '../server/modules/backup/index.ts';

const USAGE = 'Usage: npm run backup [-- --dir <folder>] | npm run backup -- --list | npm run backup -- --new-key';

/** The pid in a PGlite directory's lock file when that process is alive (server/db/client.ts lockDataDir). */
function runningShop(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, 'shop.lock'), 'utf8').trim());
    if (!Number.isInteger(pid) || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? -1 : null;
  }
}

function report(result: BackupResult) {
  const held = result.heldMs === null ? '' : `, the database held ${result.heldMs} ms`;
  console.log(`${result.name} (${(result.bytes / 1024 / 1024).toFixed(1)} MiB, ${result.totalMs} ms${held})`);
  for (const destination of result.destinations) console.log(`  kept in ${destination}`);
  for (const deleted of result.deleted) console.log(`  removed (BACKUP_KEEP) ${deleted}`);
}

async function main() {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, list: { type: 'boolean' }, 'new-key': { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help) return console.log(USAGE);
  if (values['new-key']) return console.log(randomBytes(32).toString('base64url'));
  const config = loadConfig();
  const settings = values.dir ? { ...config.backup, dir: values.dir, s3: null } : config.backup;
  const destinations = values.dir ? [folderDestination(values.dir)] : configuredDestinations(settings);

  if (values.list) {
    for (const destination of destinations) {
      const names = (await destination.list()).sort((a, b) => (parseBackupName(b)?.takenAt.getTime() ?? 0) - (parseBackupName(a)?.takenAt.getTime() ?? 0));
      console.log(`${destination.label}: ${names.length} backup(s)`);
      for (const name of names) console.log(`  ${name}`);
    }
    return;
  }
  requireKey(settings);
  if (destinations.length === 0) throw new Error('Nowhere to keep a backup: set BACKUP_DIR or BACKUP_S3_BUCKET, or give --dir <folder>');

  if (!config.databaseUrl && runningShop(config.dataDir) !== null) {
    console.error(`The shop is running on ${config.dataDir}: asking it for the backup…`);
    const answer = await askRunningShop(config.dataDir, values.dir ? { dir: values.dir } : {});
    if (!answer.ok) throw new Error(answer.error);
    return report(answer.result);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    report(
      await makeBackup({ source: { database, databaseUrl: config.databaseUrl, dataDir: config.dataDir, mediaDir: config.mediaDir }, settings, destinations }),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
