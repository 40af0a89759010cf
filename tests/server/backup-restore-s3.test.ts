/**
 * Backups kept in an S3-compatible bucket (server/modules/backup/s3-client.ts against the local fake S3
 * of tests/fakes/s3-api.ts, which checks every signature as S3 does): uploaded, listed page by page,
 * thinned out by BACKUP_KEEP, fetched and restored; and every restore that must not happen refused
 * before anything is written: another key, a changed object, a target that is not empty.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type BackupSettings } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/raw-rows.ts';
import { backupSlots } from '../../server/db/schema/index.ts';
import { makeBackup, restoreBackup, s3Destination, type BackupSource, type RestoreTarget } from '../../server/modules/backup/index.ts';
import { startFakeS3, type FakeS3 } from '../fakes/s3-api.ts';
import { openTestDatabase, testDatabaseUrl } from './helpers/test-app.ts';
import { databaseName, databaseUrl, onAdminDatabase } from './helpers/test-databases.ts';

const credentials = { accessKeyId: 'AKIDSHOPBACKUPS', secretAccessKey: randomBytes(30).toString('base64'), region: 'eu-west-1' };
let s3: FakeS3;
let database: DatabaseHandle;
let work: string;
let settings: BackupSettings;
let source: BackupSource;
const targets: (() => Promise<void>)[] = [];

const key = new Uint8Array(randomBytes(32));
const at = (iso: string) => ({ now: () => new Date(iso) });

/** A new empty target on the suite's engine. */
async function emptyTarget(label: string): Promise<{ target: RestoreTarget; open(): Promise<DatabaseHandle> }> {
  const mediaDir = join(work, `${label}-media`);
  const fileUrl = testDatabaseUrl();
  if (!fileUrl) {
    const dataDir = join(work, label);
    return { target: { kind: 'pglite', dataDir, mediaDir }, open: () => openDatabase({ dataDir }) };
  }
  const adminUrl = process.env.SHOP_TEST_ADMIN_DATABASE_URL as string;
  const name = `${databaseName(fileUrl)}_${label}`;
  await onAdminDatabase(adminUrl, (admin) => admin.query(`create database "${name}"`));
  targets.push(() => onAdminDatabase(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(() => undefined));
  return {
    target: { kind: 'postgres', databaseUrl: databaseUrl(fileUrl, name), mediaDir },
    open: () => openDatabase({ databaseUrl: databaseUrl(fileUrl, name), poolSize: 2 }),
  };
}

beforeAll(async () => {
  s3 = await startFakeS3({ buckets: ['museum-backups'], ...credentials, pageSize: 2 });
  work = await mkdtemp(join(tmpdir(), 'backup-s3-'));
  database = await openTestDatabase({ seedDemo: false });
  // What the restores look for: a row only this database has.
  await database.db.insert(backupSlots).values({ slot: new Date('2001-02-03T04:05:06Z'), claimedBy: 'the marker' });
  settings = {
    ...loadConfig({}).backup,
    key,
    keep: { kind: 'recent', count: 2 },
    s3: { endpoint: s3.endpoint, bucket: 'museum-backups', prefix: 'tidewater/', ...credentials },
  };
  source = { database, databaseUrl: testDatabaseUrl(), dataDir: 'memory://', mediaDir: join(work, 'no-media') };
}, 180_000);

afterAll(async () => {
  await database?.close();
  for (const drop of targets) await drop();
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

// Each test makes or restores whole backups: seconds each, far more on a loaded machine.
describe('backups in an S3-compatible bucket', { timeout: 180_000 }, () => {
  it('uploads each backup signed, lists the bucket page by page and keeps the newest BACKUP_KEEP', async () => {
    for (const time of ['2030-06-01T03:30:00.000Z', '2030-06-02T03:30:00.000Z', '2030-06-03T03:30:00.000Z']) {
      const result = await makeBackup({ source, settings, clock: at(time) });
      expect(result.destinations).toEqual(['s3://museum-backups/tidewater/']);
    }
    const kind = database.kind;
    expect([...s3.objects.keys()].sort()).toEqual([
      `museum-backups/tidewater/shop-${kind}-2030-06-02T03-30-00-000Z.backup`,
      `museum-backups/tidewater/shop-${kind}-2030-06-03T03-30-00-000Z.backup`,
    ]);
    expect(s3.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(s3.requests.every((request) => request.status < 300)).toBe(true);
  });

  it('fetches the newest backup and restores it onto an empty target', async () => {
    const destination = s3Destination(settings.s3!);
    const names = (await destination.list()).sort();
    expect(names).toHaveLength(2);
    const file = join(work, 'fetched.backup');
    await destination.fetch(names.at(-1) as string, file);
    const { target, open } = await emptyTarget('from_s3');
    const restored = await restoreBackup({ file, key, target, settings });
    expect(restored.metadata).toMatchObject({ engine: database.kind, takenAt: '2030-06-03T03:30:00.000Z' });
    const opened = await open();
    try {
      expect(rowsOf<{ by: string }>(await opened.db.execute(sql`select claimed_by as by from backup_slots`))).toEqual([{ by: 'the marker' }]);
    } finally {
      await opened.close();
    }
  });

  it('is refused by the bucket with a wrong secret, and says so', async () => {
    const wrong = { ...settings, s3: { ...settings.s3!, secretAccessKey: randomBytes(30).toString('base64') } };
    await expect(makeBackup({ source, settings: wrong, clock: at('2030-06-04T03:30:00.000Z') })).rejects.toThrow(/403 SignatureDoesNotMatch/);
    expect(s3.objects.size).toBe(2);
  });

  it('refuses another key, a changed object and a target that is not empty, writing nothing', async () => {
    const destination = s3Destination(settings.s3!);
    const name = (await destination.list()).sort().at(-1) as string;
    const file = join(work, 'again.backup');
    await destination.fetch(name, file);
    const { target, open } = await emptyTarget('refused');
    await expect(restoreBackup({ file, key: new Uint8Array(randomBytes(32)), target, settings })).rejects.toThrow(/made with another key/);

    const object = s3.objects.get(`museum-backups/tidewater/${name}`) as Buffer;
    object[object.length - 40] = (object[object.length - 40] as number) ^ 0xff;
    const changed = join(work, 'changed.backup');
    await destination.fetch(name, changed);
    await expect(restoreBackup({ file: changed, key, target, settings })).rejects.toThrow(/damaged or was changed/);

    // Nothing was written by either: the target is still empty, so a good restore goes through…
    await restoreBackup({ file, key, target, settings });
    // …and a second one onto it is refused.
    await expect(restoreBackup({ file, key, target, settings })).rejects.toThrow(/not empty/);
    const opened = await open();
    await opened.close();
  });
});
