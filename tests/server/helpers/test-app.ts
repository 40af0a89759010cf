/**
 * A real shop API on a real database for one test file: PGlite in memory, or the PostgreSQL
 * database named by SHOP_TEST_DATABASE_URL (reset first). Migrated and seeded with the demo shop.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../server/app.ts';
import { fixedClock, type Clock } from '../../../server/clock.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../../server/db/client.ts';
import { prepareDatabase } from '../../../server/db/prepare.ts';

export interface TestShop {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  close(): Promise<void>;
}

export const testDatabaseUrl = process.env.SHOP_TEST_DATABASE_URL || undefined;

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const database = await openDatabase(testDatabaseUrl ? { databaseUrl: testDatabaseUrl, poolSize: 5 } : { dataDir: 'memory://' });
  if (testDatabaseUrl) {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`create schema public`);
  }
  return database;
}

export async function createTestShop(options: { now?: string; config?: Partial<Config>; seedDemo?: boolean } = {}): Promise<TestShop> {
  const now = new Date(options.now ?? new Date().toISOString());
  const clock = fixedClock(now);
  const database = await openTestDatabase();
  await prepareDatabase(database, { seedDemo: options.seedDemo ?? true, now });
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
