/**
 * Making a backup and restoring one. A backup is the database's snapshot (database-snapshot.ts) and
 * the catalogue's images in an archive (backup-archive.ts), gzip-compressed, encrypted with the owner's
 * key (backup-cipher.ts), staged in a file and then kept at each destination (backup-destinations.ts),
 * whose older backups retention (backup-retention.ts) then thins out. A restore verifies the whole
 * file before it writes anything, then fills an empty data directory or database.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { systemClock, type Clock } from '../../clock.ts';
import type { BackupSettings } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { DATABASE_ENTRY, readArchive, writeArchive, type ArchiveEntry, type EntrySink } from './backup-archive.ts';
import { BackupRefused, openBackup, sealBackup, type BackupMetadata } from './backup-cipher.ts';
import { configuredDestinations, stagingFile, type BackupDestination } from './backup-destinations.ts';
import { backupName } from './backup-name.ts';
import { backupsToDelete } from './backup-retention.ts';
import {
  appliedMigration,
  checkPgDumpVersion,
  newestKnownMigration,
  pgDump,
  pgliteSnapshot,
  pgRestore,
  postgresIsEmpty,
  restorePglite,
} from './database-snapshot.ts';

/** What is backed up: the open database (PostgreSQL: with its connection string, for pg_dump) and the images. */
export interface BackupSource {
  database: DatabaseHandle;
  databaseUrl?: string | undefined;
  dataDir: string;
  mediaDir: string;
}

export interface BackupResult {
  name: string;
  bytes: number;
  /** Where it is kept. */
  destinations: string[];
  /** Older backups retention removed, per destination label. */
  deleted: string[];
  /** PGlite: how long the database's one connection was taken (ms); null on PostgreSQL, which is never held. */
  heldMs: number | null;
  totalMs: number;
}

export type BackupSettingsUsed = Pick<BackupSettings, 'dir' | 's3' | 'key' | 'keep' | 'pgDump' | 'pgRestore'>;

const inside = (parent: string, child: string) => {
  const path = relative(resolve(parent), resolve(child));
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
};

/** The catalogue's images (flat files in MEDIA_DIR; never a partial one). */
async function* mediaEntries(mediaDir: string): AsyncGenerator<ArchiveEntry> {
  const names = await readdir(mediaDir, { withFileTypes: true }).catch(() => []);
  for (const entry of names) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    yield { name: `media/${entry.name}`, data: createReadStream(join(mediaDir, entry.name)) };
  }
}

export function requireKey(settings: Pick<BackupSettings, 'key'>): Uint8Array {
  if (!settings.key) throw new Error('BACKUP_KEY is not set: backups are always encrypted (npm run backup -- --new-key prints a new key)');
  return settings.key;
}

/** Makes one backup now and keeps it at every destination; answers what it did. */
export async function makeBackup(options: {
  source: BackupSource;
  settings: BackupSettingsUsed;
  destinations?: BackupDestination[];
  clock?: Clock;
}): Promise<BackupResult> {
  const started = performance.now();
  const { source, settings } = options;
  const key = requireKey(settings);
  const destinations = options.destinations ?? configuredDestinations(settings);
  if (destinations.length === 0) throw new Error('Nowhere to keep a backup: set BACKUP_DIR or BACKUP_S3_BUCKET (or give --dir)');
  const engine = source.database.kind;
  const takenAt = (options.clock ?? systemClock).now();
  const name = backupName(engine, takenAt);
  const metadata: BackupMetadata = { engine, takenAt: takenAt.toISOString(), migration: await appliedMigration(source.database) };

  let heldMs: number | null = null;
  const entries: ArchiveEntry[] = [];
  if (engine === 'pglite') {
    const snapshot = await pgliteSnapshot(source.database);
    heldMs = snapshot.heldMs;
    entries.push({ name: DATABASE_ENTRY.pglite, data: Readable.fromWeb(snapshot.tarball.stream() as import('node:stream/web').ReadableStream<Uint8Array>) });
  } else {
    if (!source.databaseUrl) throw new Error('a PostgreSQL backup needs the connection string');
    await checkPgDumpVersion(settings.pgDump, source.database);
    entries.push({ name: DATABASE_ENTRY.postgres, data: pgDump(settings.pgDump, source.databaseUrl) });
  }
  // An embedded shop's images inside its data directory are in the tarball already.
  const mediaInTarball = engine === 'pglite' && !source.dataDir.includes('://') && inside(source.dataDir, source.mediaDir);
  async function* allEntries() {
    yield* entries;
    if (!mediaInTarball) yield* mediaEntries(source.mediaDir);
  }

  const temporary = await mkdtemp(join(tmpdir(), 'shop-backup-'));
  const staged = stagingFile(settings, name, temporary);
  try {
    if (settings.dir && destinations.some((destination) => destination.label.startsWith('folder ')))
      await mkdir(resolve(settings.dir), { recursive: true, mode: 0o700 });
    await pipeline(
      Readable.from(writeArchive(allEntries())),
      createGzip({ level: 6 }),
      (compressed: AsyncIterable<Buffer>) => sealBackup(compressed, key, metadata),
      createWriteStream(staged, { mode: 0o600 }),
    );
    const { size } = await stat(staged);
    // The folder first: when staged there, it is kept by a rename, and the bucket is sent the kept file.
    let file = staged;
    const stored: BackupDestination[] = [];
    const failures: string[] = [];
    for (const destination of destinations) {
      try {
        await destination.store(name, file);
        stored.push(destination);
        if (destination.label.startsWith('folder ') && settings.dir) file = join(resolve(settings.dir), name);
      } catch (error) {
        failures.push(`${destination.label}: ${(error as Error).message}`);
      }
    }
    const deleted: string[] = [];
    for (const destination of stored) {
      try {
        for (const old of backupsToDelete(await destination.list(), settings.keep)) {
          if (old === name) continue;
          await destination.remove(old);
          deleted.push(`${destination.label} ${old}`);
        }
      } catch (error) {
        failures.push(`${destination.label} (retention): ${(error as Error).message}`);
      }
    }
    if (failures.length > 0) throw new Error(`The backup ${name} could not be kept everywhere: ${failures.join('; ')}`);
    return {
      name,
      bytes: size,
      destinations: stored.map((destination) => destination.label),
      deleted,
      heldMs,
      totalMs: Math.round(performance.now() - started),
    };
  } finally {
    await rm(temporary, { recursive: true, force: true });
    if (staged !== join(temporary, name)) await rm(staged, { force: true });
  }
}

// ------------------------------------------------------------------ restore

export type RestoreTarget = { kind: 'pglite'; dataDir: string; mediaDir: string } | { kind: 'postgres'; databaseUrl: string; mediaDir: string };

/** Verifies a backup file through and through (every chunk's tag, the archive's shape); answers its metadata and entries. */
export async function verifyBackup(file: string, key: Uint8Array): Promise<{ metadata: BackupMetadata; entries: string[] }> {
  let metadata: BackupMetadata | null = null;
  let entries: string[] = [];
  const discard: EntrySink = { write: () => undefined, end: () => undefined };
  await pipeline(
    createReadStream(file),
    (encrypted: AsyncIterable<Buffer>) => openBackup(encrypted, key, (found) => (metadata = found)),
    createGunzip(),
    async (archive: AsyncIterable<Buffer>) => {
      entries = await readArchive(archive, () => discard);
    },
  ).catch((error: unknown) => {
    if (error instanceof BackupRefused) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    throw new BackupRefused(`This backup verifies but cannot be read (${(error as Error).message}).`);
  });
  return { metadata: metadata as unknown as BackupMetadata, entries };
}

/** Refuses a target that is not empty (unless `force`), naming what is there. */
async function checkTarget(target: RestoreTarget, force: boolean): Promise<void> {
  if (target.kind === 'postgres') {
    if (!force && !(await postgresIsEmpty(target.databaseUrl)))
      throw new BackupRefused('The target database is not empty: restore into a new, empty database, or add --force to replace what it holds.');
    return;
  }
  const present = await readdir(target.dataDir).catch(() => [] as string[]);
  if (present.length === 0) return;
  if (!force)
    throw new BackupRefused(
      `The data directory ${target.dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): restore into a new directory, or add --force to set this one aside first.`,
    );
}

/**
 * Restores the backup `file` onto an empty target (`force`: a PGlite directory is renamed aside first, a
 * PostgreSQL database cleaned by pg_restore). Nothing is written before the whole file verified.
 */
export async function restoreBackup(options: {
  file: string;
  key: Uint8Array;
  target: RestoreTarget;
  settings: Pick<BackupSettings, 'pgRestore'>;
  force?: boolean;
  clock?: Clock;
}): Promise<{ metadata: BackupMetadata; entries: string[]; setAside: string | null }> {
  const { target, file, key } = options;
  const force = options.force ?? false;
  await checkTarget(target, force);
  const { metadata, entries } = await verifyBackup(file, key);
  if (metadata.engine !== target.kind)
    throw new BackupRefused(
      metadata.engine === 'pglite'
        ? 'This is a backup of an embedded (PGlite) shop: restore it into a data directory (DATA_DIR or --data-dir), not PostgreSQL.'
        : 'This is a backup of a PostgreSQL shop: restore it into a PostgreSQL database (DATABASE_URL or --database-url), not a data directory.',
    );
  if (metadata.migration !== null && Number(metadata.migration) > newestKnownMigration())
    throw new BackupRefused('This backup was made by a newer version of the shop than this one: restore it with that version (or newer).');

  let setAside: string | null = null;
  if (target.kind === 'pglite' && (await readdir(target.dataDir).catch(() => [] as string[])).length > 0) {
    // --force: the old directory is kept beside, never deleted. Refused while a process has it open.
    const { openDatabase } = await import('../../db/client.ts');
    const probe = await openDatabase({ dataDir: target.dataDir }).catch((error: unknown) => {
      throw new BackupRefused((error as Error).message);
    });
    await probe.close();
    setAside = `${resolve(target.dataDir)}.before-restore-${(options.clock ?? systemClock).now().toISOString().replace(/[:.]/g, '-')}`;
    await rename(target.dataDir, setAside);
  }

  const tarball: Buffer[] = [];
  let database: EntrySink | null = null;
  await pipeline(
    createReadStream(file),
    (encrypted: AsyncIterable<Buffer>) => openBackup(encrypted, key),
    createGunzip(),
    async (archive: AsyncIterable<Buffer>) => {
      await readArchive(archive, async (name) => {
        if (name === DATABASE_ENTRY.pglite) return { write: (piece) => void tarball.push(piece), end: () => undefined };
        if (name === DATABASE_ENTRY.postgres && target.kind === 'postgres') {
          database = await pgRestore(options.settings.pgRestore, target.databaseUrl, force);
          return database;
        }
        return mediaFile(target.mediaDir, name.slice('media/'.length));
      });
    },
  );
  if (target.kind === 'pglite') {
    await restorePglite(target.dataDir, new Blob(tarball as Uint8Array<ArrayBuffer>[]));
    // What the running shop had in its directory and a restored one must not inherit: its requests to itself.
    await rm(join(target.dataDir, 'backup-requests'), { recursive: true, force: true });
  }
  return { metadata, entries, setAside };
}

/** An image restored into MEDIA_DIR (written aside and renamed, like the shop writes them). */
function mediaFile(mediaDir: string, name: string): EntrySink {
  const pieces: Buffer[] = [];
  return {
    write: (piece) => void pieces.push(piece),
    async end() {
      await mkdir(mediaDir, { recursive: true });
      const partial = join(mediaDir, `.${name}.restore`);
      await writeFile(partial, Buffer.concat(pieces));
      await rename(partial, join(mediaDir, name));
    },
  };
}
