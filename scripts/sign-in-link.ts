/**
 * Prints a one-time sign-in link for a client, valid for an hour:
 *
 *   npx tsx scripts/sign-in-link.ts demo@tidewater.example
 *
 * The storefront's /client/login page posts the token to POST /api/client, which exchanges it
 * for a session once. Uses the server's database (DATABASE_URL, or the PGlite DATA_DIR, which
 * can be opened by one process at a time: stop the server first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock } from '../server/clock.ts';
import { loadConfig, type Config } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { findClientIdByEmail } from '../server/modules/client/client.repo.ts';
import { createClientService } from '../server/modules/client/client.service.ts';

const LINK_MINUTES = 60;

/** PGlite takes no lock of its own; a live postmaster.pid means a server has the directory open. */
async function openShopDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.databaseUrl && !config.dataDir.includes('://') && existsSync(join(config.dataDir, 'postmaster.pid'))) {
    throw new Error(
      `The PGlite data directory ${config.dataDir} is in use (postmaster.pid exists): a PGlite database can be ` +
        'opened by one process at a time. Stop the server and try again, or use DATABASE_URL (PostgreSQL).',
    );
  }
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
}

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage: npx tsx scripts/sign-in-link.ts <email>');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openShopDatabase(config);
  try {
    const clientId = await findClientIdByEmail(database.db, email);
    if (clientId === null) throw new Error(`No client with the e-mail address ${email}.`);
    const service = createClientService({ db: database.db, clock: systemClock, config });
    const token = await service.issueSignInToken(clientId, LINK_MINUTES);
    console.log(`${config.publicUrl}/client/login?token=${encodeURIComponent(token)}`);
    console.error(`(works once, for ${LINK_MINUTES} minutes)`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
