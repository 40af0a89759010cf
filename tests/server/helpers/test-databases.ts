/**
 * Migrated (and seeded) databases for the server tests, made once per run and copied per test shop:
 * migrating and seeding the demo shop costs seconds, a copy a fraction of one.
 *
 * The seed depends on the day (plots and coupons count from it), so a copy is kept per kind:
 * "migrated" (no demo shop), or "demo-<day>" (the demo shop seeded on that day).
 * - PGlite: the data directory of a prepared in-memory database, dumped to a tarball in the run's cache
 *   directory (see global-setup.ts); each test shop starts an in-memory PGlite from it.
 * - PostgreSQL: a template database per kind on the test server; each test file has a database of its own
 *   (postgres-file-database.ts) that each test shop recreates from the template (CREATE DATABASE … TEMPLATE).
 * The first test file that needs a kind prepares it; the others wait for it (a lock file, an advisory lock).
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client.ts';
import { prepareDatabase } from '../../../server/db/prepare.ts';
import { todayIn } from '../../../server/db/seed/today.ts';

export interface Preparation {
  seedDemo: boolean;
  now: Date;
}

/** The demo organisation's timezone: the seed's `today` is counted in it (server/db/prepare.ts). */
const DEMO_TIMEZONE = 'Europe/Amsterdam';

/**
 * What a prepared database depends on: the seed's day, and CAPTCHA_SITE_KEY, which the seed writes into the
 * organisation when set (server/db/seed/organisation.ts). A short digest keeps the name within PostgreSQL's 63 bytes.
 */
export function preparationKind({ seedDemo, now }: Preparation): string {
  if (!seedDemo) return 'migrated';
  const siteKey = process.env.CAPTCHA_SITE_KEY?.trim();
  const captcha = siteKey ? `_c${createHash('sha256').update(siteKey).digest('hex').slice(0, 8)}` : '';
  return `demo_${todayIn(DEMO_TIMEZONE, now).replaceAll('-', '')}${captcha}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- PGlite

/** An in-memory PGlite database prepared as asked, from the run's dump of that kind (made here when missing). */
export async function openPgliteCopy(cacheDir: string, preparation: Preparation): Promise<DatabaseHandle> {
  const dump = join(cacheDir, `${preparationKind(preparation)}.tar.gz`);
  if (!existsSync(dump)) await makePgliteDump(dump, preparation);
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(dump)]) });
}

async function makePgliteDump(dump: string, preparation: Preparation): Promise<void> {
  const lock = `${dump}.lock`;
  let owner = false;
  try {
    closeSync(openSync(lock, 'wx'));
    owner = true;
  } catch {
    // Another test file is making it: wait for it (and make it here if that file died meanwhile).
    for (let waited = 0; waited < 120_000 && !existsSync(dump); waited += 100) await sleep(100);
    if (existsSync(dump)) return;
  }
  try {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await prepareDatabase(database, preparation);
      const tarball = await database.dumpDataDir!();
      const partial = `${dump}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
      renameSync(partial, dump);
    } finally {
      await database.close();
    }
  } finally {
    if (owner) rmSync(lock, { force: true });
  }
}

// ---------------------------------------------------------------- PostgreSQL

/** The URL of another database on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** Runs statements on the run's administration database (the one DATABASE_URL names). */
export async function onAdminDatabase<T>(adminUrl: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Drops the database `target` and creates it again as a copy of the template for `preparation`
 * (making the template first when this run has none yet).
 */
export async function recreateFromTemplate(adminUrl: string, prefix: string, target: string, preparation: Preparation): Promise<void> {
  const template = `${prefix}_t_${preparationKind(preparation)}`;
  await onAdminDatabase(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await admin.query<{ ready: boolean }>('select datistemplate as ready from pg_database where datname = $1', [template]);
      if (!found.rows[0]?.ready) {
        // Absent, or left half-made by a test process that died: (re)made here.
        await admin.query(`drop database if exists ${quote(template)} with (force)`);
        await admin.query(`create database ${quote(template)}`);
        const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, template), poolSize: 2 });
        try {
          await prepareDatabase(database, preparation);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${quote(template)} is_template true`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
    await admin.query(`drop database if exists ${quote(target)} with (force)`);
    // A template must have no sessions; the one that prepared it may take a moment to end.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`create database ${quote(target)} template ${quote(template)}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await sleep(100);
      }
    }
  });
}

/** Drops every database of this run (templates and the test files' own): its names start with `prefix`. */
export async function dropRunDatabases(adminUrl: string, prefix: string): Promise<void> {
  await onAdminDatabase(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where starts_with(datname, $1)', [`${prefix}_`]);
    for (const { name } of rows) {
      await admin.query(`alter database ${quote(name)} is_template false`);
      await admin.query(`drop database if exists ${quote(name)} with (force)`);
    }
  });
}
