/** Brings a database up to date at start-up: migrations, then the demo shop when it is empty. */
import type { DatabaseHandle } from './client.ts';
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
