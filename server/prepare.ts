/**
 * Migrates the database and seeds the demo shop, then exits. main.ts runs this in a child process for
 * the embedded database: migrating and seeding grow PGlite's WebAssembly memory (to ≈900 MiB for the
 * demo shop) and that memory never shrinks, so the serving process must not be the one that did it
 * (measured with `npm run bench:memory`). On PostgreSQL the start-up lock holds one connection while
 * the migrations take another: two.
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
try {
  await prepareDatabase(database, { seedDemo: config.seedDemo });
} finally {
  await database.close();
}
