/** Brings a database up to date at start-up: migrations, then the demo shop when it is empty. */
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, type DatabaseHandle } from './client.ts';
import { organisations } from './schema/index.ts';
import { extendDemoPlots, seedDemoShop } from './seed/seed-demo-shop.ts';
import { todayIn } from './seed/today.ts';

const DEMO_TIMEZONE = 'Europe/Amsterdam';

export async function prepareDatabase(database: DatabaseHandle, options: { seedDemo: boolean; now?: Date }): Promise<void> {
  // Under one lock, so that several API processes starting together migrate and seed once.
  await database.withStartupLock(async () => {
    await database.migrate();
    if (!options.seedDemo) return;
    const [organisation] = await database.db.select({ timezone: organisations.timezone }).from(organisations).limit(1);
    const today = todayIn(organisation?.timezone ?? DEMO_TIMEZONE, options.now);
    const { seeded } = await seedDemoShop(database.db, { today });
    if (!seeded) await extendDemoPlots(database.db, { today });
  });
}

/**
 * Whether start-up has nothing to do but top up the demo plots: every migration applied and, when the demo
 * is wanted, the shop seeded. main.ts then skips the child process that prepares an embedded database.
 */
export async function isPrepared(database: DatabaseHandle, options: { seedDemo: boolean }): Promise<boolean> {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
  try {
    const applied = (await database.db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { at: string | number | null }[];
    };
    if (Number(applied.rows[0]?.at ?? 0) < newest) return false;
  } catch {
    return false; // never migrated: no migrations table yet
  }
  if (!options.seedDemo) return true;
  return (await database.db.$count(organisations)) > 0;
}
