/**
 * A real shop API on a real database for one test file: PGlite in memory, or a PostgreSQL database of
 * the file's own (SHOP_TEST_DATABASE_URL, see postgres-file-database.ts). Migrated and seeded with the
 * demo shop: a copy of a database prepared once per run (test-databases.ts).
 */
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { fixedClock, type Clock } from '../../../server/clock.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../../server/db/client.ts';
import { databaseName, databaseUrl, onAdminDatabase, openPgliteCopy, recreateFromTemplate, type Preparation } from './test-databases.ts';

export interface TestShop {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  close(): Promise<void>;
}

/** The test file's own PostgreSQL database (postgres-file-database.ts), or undefined on PGlite. Read per call:
 * server test files share this module in a worker (vitest.config.ts: isolate false). */
export const testDatabaseUrl = (): string | undefined => process.env.SHOP_TEST_DATABASE_URL || undefined;

/** Whether a database handed out below uses the file's own PostgreSQL database (testDatabaseUrl()). */
let fileDatabaseOpen = false;
let extraDatabases = 0;

/**
 * A migrated database (with the demo shop seeded on the day of `now` when `seedDemo`), as start-up would
 * leave it. On PostgreSQL it is the file's database, made again from the template; while that one is open
 * (a second test shop in the same file), a database of its own, dropped when closed, as each PGlite one is.
 */
export async function openTestDatabase(options: { seedDemo?: boolean; now?: Date } = {}): Promise<DatabaseHandle> {
  const preparation: Preparation = { seedDemo: options.seedDemo ?? false, now: options.now ?? new Date() };
  const fileUrl = testDatabaseUrl();
  if (!fileUrl) return openPgliteCopy(inject('pgliteDumpDir'), preparation);
  const adminUrl = process.env.SHOP_TEST_ADMIN_DATABASE_URL as string;
  const own = !fileDatabaseOpen;
  const name = own ? databaseName(fileUrl) : `${databaseName(fileUrl)}_${(extraDatabases += 1)}`;
  await recreateFromTemplate(adminUrl, inject('postgresRunPrefix'), name, preparation);
  if (own) fileDatabaseOpen = true;
  const database = await openDatabase({ databaseUrl: databaseUrl(fileUrl, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      if (own) fileDatabaseOpen = false;
      else await onAdminDatabase(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

export async function createTestShop(options: { now?: string; config?: Partial<Config>; seedDemo?: boolean } = {}): Promise<TestShop> {
  const now = new Date(options.now ?? new Date().toISOString());
  const clock = fixedClock(now);
  const database = await openTestDatabase({ seedDemo: options.seedDemo ?? true, now });
  // checkResponses: every answer a test sees matches its route's response schema. Tests read their own
  // writes at once; catalogue-answer-cache.test.ts turns the answer cache on.
  const config: Config = { ...loadConfig({}), staticDir: null, checkResponses: true, catalogueCacheMs: 0, ...options.config };
  const app = await buildApp({ db: database.db, config, clock: clock as Clock });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
