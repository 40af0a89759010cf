/** The backup settings (server/config.ts): read, checked, and a start refused, naming the setting, when they cannot work. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';

const TICKET_SIGNING_KEY = randomBytes(32).toString('base64url');
const production = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'stripe', TICKET_SIGNING_KEY };
const BACKUP_KEY = randomBytes(32).toString('base64');
const s3 = { BACKUP_S3_BUCKET: 'museum-backups', BACKUP_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', BACKUP_S3_SECRET_ACCESS_KEY: randomBytes(30).toString('base64') };

describe('backup settings', () => {
  it('are off by default: no destination, no key, no schedule, keep 7 days and 4 weeks', () => {
    expect(loadConfig(production).backup).toEqual({
      dir: null,
      s3: null,
      key: null,
      schedule: null,
      keep: { kind: 'calendar', daily: 7, weekly: 4, monthly: 0 },
      pgDump: 'pg_dump',
      pgRestore: 'pg_restore',
    });
  });

  it('reads a folder, a bucket, the key (base64 or base64url), a schedule and what to keep', () => {
    const { backup } = loadConfig({
      ...production,
      BACKUP_DIR: '/var/backups/shop',
      BACKUP_KEY,
      BACKUP_SCHEDULE: 'daily 03:30',
      BACKUP_KEEP: '14d,8w,12m',
      ...s3,
    });
    expect(backup).toMatchObject({
      dir: '/var/backups/shop',
      s3: { bucket: 'museum-backups', region: 'us-east-1', endpoint: 'https://s3.us-east-1.amazonaws.com', prefix: 'shop-backups/' },
      schedule: { everyMs: 86_400_000, offsetMs: 12_600_000 },
      keep: { kind: 'calendar', daily: 14, weekly: 8, monthly: 12 },
    });
    expect(Buffer.from(backup.key as Uint8Array).toString('base64')).toBe(BACKUP_KEY);
    const urlSafe = randomBytes(32);
    expect(Buffer.from(loadConfig({ BACKUP_KEY: urlSafe.toString('base64url') }).backup.key as Uint8Array).equals(urlSafe)).toBe(true);
  });

  it('refuses a key that is not 32 bytes, or one too easy to guess', () => {
    expect(() => loadConfig({ BACKUP_KEY: 'correct horse battery staple' })).toThrow(/BACKUP_KEY must be 32 bytes in base64/);
    expect(() => loadConfig({ BACKUP_KEY: Buffer.alloc(32, 7).toString('base64') })).toThrow(/BACKUP_KEY is too easy to guess/);
    expect(() => loadConfig({ BACKUP_KEY: Buffer.from('abcdefgh'.repeat(4)).toString('base64') })).toThrow(/BACKUP_KEY is too easy to guess/);
  });

  it('refuses to start with somewhere to write or a schedule but no key: backups are never unencrypted', () => {
    expect(() => loadConfig({ ...production, BACKUP_DIR: '/var/backups/shop' })).toThrow(/set BACKUP_KEY/);
    expect(() => loadConfig({ ...production, ...s3 })).toThrow(/set BACKUP_KEY/);
  });

  it('refuses a schedule with nowhere to write, and a schedule or retention it cannot read', () => {
    expect(() => loadConfig({ ...production, BACKUP_KEY, BACKUP_SCHEDULE: 'daily 03:30' })).toThrow(/BACKUP_SCHEDULE needs somewhere to write/);
    expect(() => loadConfig({ ...production, BACKUP_KEY, BACKUP_DIR: '/b', BACKUP_SCHEDULE: 'at night' })).toThrow(/BACKUP_SCHEDULE must be/);
    expect(() => loadConfig({ ...production, BACKUP_KEY, BACKUP_DIR: '/b', BACKUP_KEEP: 'forever' })).toThrow(/BACKUP_KEEP must be/);
  });

  it('refuses half a bucket, a bad bucket name or address, and in production a placeholder secret', () => {
    expect(() => loadConfig({ BACKUP_KEY, BACKUP_S3_BUCKET: 'museum-backups' })).toThrow(/needs BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY as well/);
    expect(() => loadConfig({ BACKUP_KEY, ...s3, BACKUP_S3_BUCKET: 'Museum_Backups' })).toThrow(/BACKUP_S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ BACKUP_KEY, ...s3, BACKUP_S3_ENDPOINT: 'minio:9000' })).toThrow(/BACKUP_S3_ENDPOINT must be an http\(s\) address/);
    expect(() => loadConfig({ ...production, BACKUP_KEY, ...s3, BACKUP_S3_SECRET_ACCESS_KEY: 'changeme' })).toThrow(
      /BACKUP_S3_SECRET_ACCESS_KEY is too easy to guess/,
    );
    expect(
      loadConfig({ BACKUP_KEY, ...s3, BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000', BACKUP_S3_REGION: 'eu-west-1', BACKUP_S3_PREFIX: '' }).backup.s3,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      prefix: '',
    });
  });
});
