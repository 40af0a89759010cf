/**
 * Prints a one-time sign-in link for a client, valid for an hour:
 *
 *   npx tsx scripts/sign-in-link.ts demo@tidewater.example
 *
 * The storefront's /client/login page posts the token to POST /api/client, which exchanges it
 * for a session once. Uses the server's database (DATABASE_URL, or the PGlite DATA_DIR, which
 * can be opened by one process at a time: stop the server first).
 */
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { findClientIdByEmail } from '../server/modules/client/client.repo.ts';
import { createClientService } from '../server/modules/client/client.service.ts';

const LINK_MINUTES = 60;

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage: npx tsx scripts/sign-in-link.ts <email>');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
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
