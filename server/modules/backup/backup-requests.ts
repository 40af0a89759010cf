/**
 * `npm run backup` asking the running embedded shop for a backup. Only the process that has a PGlite
 * data directory open can read it consistently, so the command leaves a request file in
 * DATA_DIR/backup-requests/ (only who may write the data directory may ask) and the shop's backup
 * worker (backup-worker.ts) takes it, makes the backup and leaves the result beside it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupResult } from './backup.service.ts';

export interface BackupRequest {
  id: string;
  /** A folder to write to instead of the shop's BACKUP_DIR / BACKUP_S3_* (npm run backup -- --dir). */
  dir?: string;
}

export type BackupAnswer = { ok: true; result: BackupResult } | { ok: false; error: string };

export const requestDirOf = (dataDir: string) => join(dataDir, 'backup-requests');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `content` under `name` all at once (written aside, renamed). */
async function writeWhole(dir: string, name: string, content: string) {
  const partial = join(dir, `.${name}.partial`);
  await writeFile(partial, content, { mode: 0o600 });
  await rename(partial, join(dir, name));
}

/** The shop's side: the waiting requests, each taken (its file removed) so that it is answered once. */
export async function takeBackupRequests(dir: string): Promise<BackupRequest[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const taken: BackupRequest[] = [];
  for (const name of names.filter((entry) => entry.endsWith('.request'))) {
    const file = join(dir, name);
    try {
      const request = JSON.parse(await readFile(file, 'utf8')) as BackupRequest;
      await rm(file);
      if (typeof request.id === 'string' && /^[0-9a-f-]{36}$/.test(request.id)) taken.push(request);
    } catch {
      await rm(file, { force: true });
    }
  }
  return taken;
}

export async function answerBackupRequest(dir: string, id: string, answer: BackupAnswer): Promise<void> {
  await writeWhole(dir, `${id}.result`, JSON.stringify(answer));
}

/**
 * The command's side: asks the running shop and waits for its answer. Refused when the shop does not
 * take the request within `pickupMs` (a shop of a version without backups, or one that is stuck).
 */
export async function askRunningShop(
  dataDir: string,
  request: Omit<BackupRequest, 'id'>,
  options: { pickupMs?: number; pollMs?: number } = {},
): Promise<BackupAnswer> {
  const dir = requestDirOf(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  await writeWhole(dir, `${id}.request`, JSON.stringify({ ...request, id }));
  const pickupMs = options.pickupMs ?? 60_000;
  const pollMs = options.pollMs ?? 200;
  const started = Date.now();
  for (;;) {
    await sleep(pollMs);
    const result = join(dir, `${id}.result`);
    try {
      const answer = JSON.parse(await readFile(result, 'utf8')) as BackupAnswer;
      await rm(result, { force: true });
      return answer;
    } catch {
      // not answered yet
    }
    const waiting = await stat(join(dir, `${id}.request`)).then(
      () => true,
      () => false,
    );
    if (waiting && Date.now() - started > pickupMs) {
      await rm(join(dir, `${id}.request`), { force: true });
      throw new Error(
        `The running shop did not take the backup request within ${Math.round(pickupMs / 1000)} s (is it a version without backups?). Stop it and run npm run backup again.`,
      );
    }
  }
}
