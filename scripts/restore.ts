/**
 * Restores an encrypted backup onto an empty data directory or database (docs/operations.md#backups):
 *
 *   npm run restore -- <file | backup name> [--data-dir <dir> | --database-url <url>] [--media-dir <dir>] [--force]
 *   npm run restore -- --latest …       the newest backup at BACKUP_DIR / BACKUP_S3_* for the target's engine
 *   npm run restore -- --verify <file | name>   only checks that it opens with BACKUP_KEY and is whole
 *
 * The target is DATABASE_URL (PostgreSQL) or DATA_DIR (embedded) unless given. The whole backup is verified
 * with BACKUP_KEY before anything is written; a target that is not empty is refused unless --force (an
 * embedded directory is then renamed aside, never deleted; a database is cleaned by pg_restore). Start the
 * shop on the target afterwards: it applies the migrations newer than the backup. Compiled: `node dist-server/restore.js …`.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { configuredDestinations, parseBackupName, requireKey, restoreBackup, verifyBackup, type BackupDestination } from '../server/modules/backup/index.ts';

const USAGE = `Usage: npm run restore -- <file | backup name> | --latest [--data-dir <dir> | --database-url <url>] [--media-dir <dir>] [--force]
       npm run restore -- --verify <file | backup name>`;

/** A local file to read the backup from: the path given, or the named/newest backup fetched from a destination. */
async function backupFile(wanted: string | undefined, engine: 'pglite' | 'postgres', destinations: BackupDestination[], temporary: string): Promise<string> {
  if (wanted && existsSync(wanted)) return wanted;
  for (const destination of destinations) {
    const names = await destination.list();
    const name = wanted
      ? names.find((candidate) => candidate === wanted)
      : names
          .filter((candidate) => parseBackupName(candidate)?.engine === engine)
          .sort()
          .at(-1);
    if (!name) continue;
    const file = join(temporary, name);
    console.error(`fetching ${name} from ${destination.label}…`);
    await destination.fetch(name, file);
    return file;
  }
  throw new Error(
    wanted
      ? `No backup ${wanted}: neither a file nor at ${destinations.map((d) => d.label).join(', ') || 'any destination'}`
      : `No ${engine} backup at ${destinations.map((d) => d.label).join(', ') || 'any destination (set BACKUP_DIR or BACKUP_S3_*)'}`,
  );
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      latest: { type: 'boolean' },
      verify: { type: 'boolean' },
      force: { type: 'boolean' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'media-dir': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || (positionals.length !== 1 && !values.latest) || (values.latest && positionals.length > 0)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const key = requireKey(config.backup);
  const databaseUrl = values['database-url'] ?? (values['data-dir'] ? undefined : config.databaseUrl);
  const dataDir = values['data-dir'] ?? config.dataDir;
  const mediaDir = values['media-dir'] ?? (values['data-dir'] ? join(dataDir, 'media') : config.mediaDir);
  const temporary = await mkdtemp(join(tmpdir(), 'shop-restore-'));
  try {
    const file = await backupFile(positionals[0], databaseUrl ? 'postgres' : 'pglite', configuredDestinations(config.backup), temporary);
    if (values.verify) {
      const { metadata, entries } = await verifyBackup(file, key);
      console.log(
        `verified: a ${metadata.engine} backup taken ${metadata.takenAt}, ${entries.length} entries (${entries.filter((e) => e.startsWith('media/')).length} images)`,
      );
      return;
    }
    const target = databaseUrl ? { kind: 'postgres' as const, databaseUrl, mediaDir } : { kind: 'pglite' as const, dataDir, mediaDir };
    const restored = await restoreBackup({ file, key, target, settings: config.backup, force: values.force ?? false });
    if (restored.setAside) console.log(`the directory that was there is kept at ${restored.setAside}`);
    console.log(
      `restored the ${restored.metadata.engine} backup taken ${restored.metadata.takenAt} into ${databaseUrl ? 'the database' : dataDir}; start the shop on it (it applies newer migrations)`,
    );
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
