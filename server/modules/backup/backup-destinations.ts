/** Where backups are kept: a folder (BACKUP_DIR) and/or an S3-compatible bucket (BACKUP_S3_*). */
import { chmod, copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BackupSettings } from '../../config.ts';
import { parseBackupName } from './backup-name.ts';
import { createS3Client } from './s3-client.ts';

export interface BackupDestination {
  /** For the logs: `folder /var/backups/shop` or `s3://bucket/prefix`. */
  label: string;
  /** Keeps the finished backup `file` as `name`. */
  store(name: string, file: string): Promise<void>;
  /** The names of the backups kept here. */
  list(): Promise<string[]>;
  /** Copies the backup `name` into `file`. */
  fetch(name: string, file: string): Promise<void>;
  remove(name: string): Promise<void>;
}

export function folderDestination(dir: string): BackupDestination {
  const folder = resolve(dir);
  return {
    label: `folder ${folder}`,
    async store(name, file) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const partial = join(folder, `.${name}.partial`);
      // Renamed in place when staged here; copied first from elsewhere: a reader never sees half a backup.
      if (resolve(file) === partial) await rename(partial, join(folder, name));
      else {
        await copyFile(file, partial);
        await rename(partial, join(folder, name));
      }
      await chmod(join(folder, name), 0o600);
    },
    async list() {
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      });
      return names.filter((name) => parseBackupName(name) !== null);
    },
    async fetch(name, file) {
      await copyFile(join(folder, name), file);
    },
    async remove(name) {
      await rm(join(folder, name), { force: true });
    },
  };
}

export function s3Destination(settings: NonNullable<BackupSettings['s3']>, now?: () => Date): BackupDestination {
  const client = createS3Client(settings, now);
  return {
    label: `s3://${settings.bucket}/${settings.prefix}`,
    store: (name, file) => client.put(name, file),
    async list() {
      return (await client.list()).map((object) => object.key).filter((name) => parseBackupName(name) !== null);
    },
    fetch: (name, file) => client.get(name, file),
    remove: (name) => client.delete(name),
  };
}

/** The destinations the settings name (the folder first: it is where a backup is staged). */
export function configuredDestinations(settings: Pick<BackupSettings, 'dir' | 's3'>): BackupDestination[] {
  return [...(settings.dir ? [folderDestination(settings.dir)] : []), ...(settings.s3 ? [s3Destination(settings.s3)] : [])];
}

/** Where a backup is written before it is stored: inside the folder destination when there is one (then stored by a rename). */
export function stagingFile(settings: Pick<BackupSettings, 'dir'>, name: string, temporaryDir: string): string {
  return settings.dir ? join(resolve(settings.dir), `.${name}.partial`) : join(temporaryDir, name);
}
